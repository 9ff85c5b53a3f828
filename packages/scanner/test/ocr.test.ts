import { readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { scanSite } from '../src/index.ts';
import { page, serveSite } from './fixture-server.ts';

const fixture = (name: string) => readFileSync(new URL(`./fixtures/${name}`, import.meta.url));

describe('text inside images (OCR)', () => {
  it('finds a claim that exists only as pixels, and not the look-alike banner', async () => {
    const site = await serveSite({
      '/': page(
        'Home',
        '<p>Welcome to our farm.</p><img src="/img/claim.png" alt="Summer banner"><img src="/img/clean.png" alt="">',
      ),
      '/img/claim.png': { type: 'image/png', body: fixture('claim-banner.png') },
      '/img/clean.png': { type: 'image/png', body: fixture('clean-banner.png') },
    });
    try {
      const result = await scanSite(site.origin, { allowHosts: [site.host] });
      expect(result.violations).toHaveLength(1);
      expect(result.violations[0]).toMatchObject({
        term: 'cure anxiety',
        url: `${site.origin}/`,
        imageUrl: `${site.origin}/img/claim.png`,
        isInVideo: false,
      });
      expect(result.violations[0]!.evidence).toMatch(/gummies cure anxiety/i);
      expect(site.requests).toContain('/img/clean.png');
    } finally {
      await site.close();
    }
  }, 90_000);

  it('skips images when analyzeImages is false', async () => {
    const site = await serveSite({
      '/': page('Home', '<img src="/img/claim.png" alt="">'),
      '/img/claim.png': { type: 'image/png', body: fixture('claim-banner.png') },
    });
    try {
      const result = await scanSite(site.origin, { allowHosts: [site.host], analyzeImages: false });
      expect(result.violations).toEqual([]);
      expect(site.requests).not.toContain('/img/claim.png');
    } finally {
      await site.close();
    }
  });
});
