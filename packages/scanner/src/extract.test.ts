import { describe, expect, it } from 'vitest';
import { extractPage } from './extract.ts';

describe('extractPage', () => {
  it('decodes character references in text, the title and the attributes it reads', () => {
    const page = extractPage(
      `<html><head><title>Tom &amp; Jerry&#39;s &lt;Shop&gt;</title>
       <meta name="description" content="Oils &amp; balms &quot;for everyone&quot;"></head><body>
       <p>Caf&eacute; &amp co &#x27;quoted&#39;&nbsp;here &notanentity; &#128512;</p>
       <a href="/list?a=1&amp;b=2">list</a><a href="/x?y=1&copy=2">x</a>
       <img src="/i.png?w=1&amp;h=2" alt="Balm &amp; cream" title="T&eacute;">
       <div itemscope itemtype="https://schema.org/Product"><span itemprop="name">Drops &amp; More</span></div>
       </body></html>`,
      'https://shop.example/',
    );
    expect(page.title).toBe("Tom & Jerry's <Shop>");
    expect(page.metaDescription).toBe('Oils & balms "for everyone"');
    expect(page.blocks).toContain("Café & co 'quoted' here ¬anentity; 😀");
    // In attributes a reference without ";" before "=" stays as written (HTML's attribute rule).
    expect(page.links).toEqual(['https://shop.example/list?a=1&b=2', 'https://shop.example/x?y=1&copy=2']);
    expect(page.images).toEqual([
      { url: 'https://shop.example/i.png?w=1&h=2', alt: 'Balm & cream', title: 'Té' },
    ]);
    expect(page.products).toEqual(['Drops & More']);
  });

  it('leaves script, style and textarea content as written', () => {
    const page = extractPage(
      `<script type="application/ld+json">{"@type":"Product","name":"Gummies &amp; Co"}</script>
       <script>var a = "&amp;";</script><style>.x{content:"&amp;"}</style>
       <textarea>raw &amp; text</textarea><p>after</p>`,
      'https://shop.example/',
    );
    expect(page.products).toEqual(['Gummies &amp; Co']);
    expect(page.blocks).toEqual(['raw &amp; text', 'after']);
  });

  it('joins inline text, skips hidden parts and drops whitespace between blocks', () => {
    const page = extractPage(
      `<div>
         <p>Hemp gummies <b>cure</b>   <i>insomnia</i>.</p>
         <p hidden>Hidden claim<p>Shown again</p>
         <p aria-hidden="true">Also hidden</p>
       </div>`,
      'https://shop.example/',
    );
    expect(page.blocks).toEqual(['Hemp gummies cure insomnia.', 'Shown again']);
  });

  it('resolves the same href against each page it is on', () => {
    const html = '<a href="/about">a</a><a href="next">n</a><a href="//cdn.example/x">c</a>';
    expect(extractPage(html, 'https://shop.example/a/page').links).toEqual([
      'https://shop.example/about',
      'https://shop.example/a/next',
      'https://cdn.example/x',
    ]);
    expect(extractPage(html, 'https://shop.example/b/page').links).toEqual([
      'https://shop.example/about',
      'https://shop.example/b/next',
      'https://cdn.example/x',
    ]);
    expect(extractPage(html, 'http://www.shop.example:8080/').links).toEqual([
      'http://www.shop.example:8080/about',
      'http://www.shop.example:8080/next',
      'http://cdn.example/x',
    ]);
    expect(
      extractPage(`<base href="https://other.example/docs/">${html}`, 'https://shop.example/').links,
    ).toEqual(['https://other.example/about', 'https://other.example/docs/next', 'https://cdn.example/x']);
  });
});
