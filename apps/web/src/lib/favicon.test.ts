import { describe, expect, it } from 'vitest';
import { FAVICON_ACTIVE, FAVICON_INACTIVE, setFaviconActive } from '@/lib/favicon';

describe('favicon', () => {
  it('switches to the inactive icon and back', () => {
    document.head.innerHTML = `<link rel="icon" href="${FAVICON_ACTIVE}" />`;
    setFaviconActive(false);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(FAVICON_INACTIVE);
    setFaviconActive(true);
    expect(document.querySelector('link[rel="icon"]')?.getAttribute('href')).toBe(FAVICON_ACTIVE);
  });
});
