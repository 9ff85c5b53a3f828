import { describe, expect, it } from 'vitest';
import {
  crawlerIframeHref,
  MAX_CRAWLER_ADDRESS_LENGTH,
  parseCrawlerIframeParams,
  parseWebcrawlerParams,
  webcrawlerScanHref,
  websiteUrl,
} from './crawler-link.ts';

describe('crawler iframe link (spec 1 §2)', () => {
  it('carries isVideo as 1 or 0 and the address encoded in data', () => {
    expect(crawlerIframeHref({ address: 'https://example.com/a b?x=1&y=2', isVideo: true })).toBe(
      '/webcrawler/iframe?isVideo=1&data=https%3A%2F%2Fexample.com%2Fa%20b%3Fx%3D1%26y%3D2',
    );
    expect(crawlerIframeHref({ address: ' shop.example ', isVideo: false })).toBe(
      '/webcrawler/iframe?isVideo=0&data=shop.example',
    );
  });

  it('reads back what the link wrote', () => {
    for (const params of [
      { address: 'https://example.com/a b?x=1&y=2', isVideo: true },
      { address: 'shop.example', isVideo: false },
      { address: '', isVideo: false },
    ]) {
      const href = crawlerIframeHref(params);
      expect(parseCrawlerIframeParams(new URL(href, 'http://app.test').searchParams)).toEqual(params);
    }
  });

  it('treats anything but isVideo=1 as no video and drops an over-long address', () => {
    expect(parseCrawlerIframeParams(new URLSearchParams('isVideo=true&data=x.com'))).toEqual({
      address: 'x.com',
      isVideo: false,
    });
    const long = 'a'.repeat(MAX_CRAWLER_ADDRESS_LENGTH + 1);
    expect(parseCrawlerIframeParams(new URLSearchParams({ isVideo: '1', data: long })).address).toBe('');
  });

  it('accepts http(s) websites and bare hosts, nothing else', () => {
    expect(websiteUrl('example.com')).toBe('https://example.com/');
    expect(websiteUrl('http://shop.example/products')).toBe('http://shop.example/products');
    for (const bad of ['', 'javascript:alert(1)', 'ftp://example.com', 'not a site', 'intranet'])
      expect(websiteUrl(bad), bad).toBeNull();
  });

  it('prefills the scanner page with what the iframe page sends after sign-in', () => {
    const href = webcrawlerScanHref('https://shop.example/a b?x=1', true);
    expect(parseWebcrawlerParams(new URL(href, 'http://app.test').searchParams)).toEqual({
      url: 'https://shop.example/a b?x=1',
      isVideo: true,
    });
    expect(parseWebcrawlerParams(new URLSearchParams('url=x&isVideo=yes'))).toEqual({
      url: 'x',
      isVideo: false,
    });
    expect(parseWebcrawlerParams(new URLSearchParams(`url=${'a'.repeat(3000)}`)).url).toBe('');
  });
});
