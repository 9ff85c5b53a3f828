import { DISCLAIMER, page, serveSite } from './fixture-server.ts';
import type { FixtureServer, Route } from './fixture-server.ts';

/** A site with one planted claim per way the scanner must read a page. */
export function claimsSiteRoutes(
  externalOrigin: string,
): Record<string, Route | ((origin: string) => Route)> {
  return {
    '/': page(
      'Green Leaf CBD',
      `<nav><a href="/about">About</a> <a href="/blog/split">Blog</a> <a href="/products/calm-drops">Calm Drops</a>
       <a href="/products/sleep-gummies">Sleep Gummies</a> <a href="/video">Video</a> <a href="/old-page">Old</a>
       <a href="/private/secret">Staff</a> <a href="/brochure.pdf">Brochure</a> <a href="mailto:hi@example.com">Mail</a>
       <a href="${externalOrigin}/elsewhere">Partner site</a></nav>
       <h1>Welcome</h1><p>We grow hemp in Oregon.</p>
       <img src="/img/balm.png" alt="Our balm heals arthritis in days">`,
      '<meta name="description" content="Clinically proven hemp extracts for everyday wellness">',
    ),
    '/robots.txt': { type: 'text/plain', body: 'User-agent: *\nDisallow: /private/\n' },
    '/sitemap.xml': (origin) => ({
      type: 'application/xml',
      body: `<?xml version="1.0" encoding="UTF-8"?><urlset xmlns="http://www.sitemaps.org/schemas/sitemap/0.9">
        <url><loc>${origin}/</loc></url><url><loc>${origin}/hidden-offer</loc></url></urlset>`,
    }),
    '/about': page('About us', '<p>Our full spectrum CBD oil cures cancer. Family owned since 2015.</p>'),
    '/old-page': { status: 301, headers: { location: '/about' } },
    '/blog/split': page('Blog', '<article><p>Hemp gummies <b>cure</b> <i>insomnia</i> fast.</p></article>'),
    '/hidden-offer': page('Offer', '<p>Our tincture prevents seizures in children.</p>'),
    '/private/secret': page('Staff', '<p>This miracle oil reverses diabetes.</p>'),
    '/brochure.pdf': { type: 'application/pdf', body: '%PDF-1.4 not really' },
    '/img/balm.png': { type: 'image/png', body: Buffer.from('not a real png') },
    '/products/calm-drops': page(
      'Calm Drops 30ml',
      '<h1>Calm Drops 30ml</h1><p>Full spectrum hemp extract in MCT oil.</p>',
      `<script type="application/ld+json">{"@context":"https://schema.org","@type":"Product","name":"Calm Drops 30ml"}</script>`,
    ),
    '/products/sleep-gummies': page(
      'Sleep Gummies',
      `<div itemscope itemtype="https://schema.org/Product"><h1 itemprop="name">Sleep Gummies</h1>
       <p>Melatonin and CBN gummies.*</p></div>${DISCLAIMER}`,
    ),
    '/video': page(
      'Video',
      `<video src="/media/promo.mp4" controls><track kind="captions" src="/media/promo.vtt" srclang="en"></video>
       <video controls><source src="/media/story.mp4"><track kind="subtitles" src="/media/story.srt"></video>`,
    ),
    '/media/promo.vtt': {
      type: 'text/vtt',
      body: 'WEBVTT\n\n00:00:01.000 --> 00:00:04.000\nWelcome to our farm.\n\n00:00:12.500 --> 00:00:15.000\n<v Host>This oil treats anxiety.</v>\n',
    },
    '/media/story.srt': {
      type: 'application/x-subrip',
      body: '1\n00:00:02,000 --> 00:00:05,000\nOur story began in 2015.\n\n2\n00:01:05,250 --> 00:01:08,000\nIt reduces chronic pain\nfor our customers.\n',
    },
  };
}

/** Pages full of words that look like claims and are not, plus the disclaimer everywhere. */
export const cleanSiteRoutes: Record<string, Route> = {
  '/': page(
    'Clean Hemp Co',
    `<a href="/process">Process</a> <a href="/products/tincture">Tincture</a> <a href="/faq">FAQ</a>
     <p>Our slow-cured flower goes through a careful curing process in our curing room.</p>
     <p>We invested in water treatment and preventive maintenance for the whole facility.</p>
     <p>Secure procurement of healthy plants is how our curator built the treaty with local farms.</p>
     <p>Treat yourself to our pre-rolls. Dog treats are coming soon.</p>${DISCLAIMER}`,
    '<meta name="description" content="Hand-cured hemp flower, lower prices and quality control you can trust">',
  ),
  '/process': page(
    'Our process',
    `<p>Quality control and pest control keep the grow room clean. Mold prevention starts with humidity control.</p>
     <p>Cure time is two weeks; properly cured buds smell better. We reduce waste and lower costs every season.</p>
     <p>Our barn dates from the Great Depression era. Cancer season sale starts in July.</p>
     <img src="/img/team.png" alt="Our team tending disease-resistant plants">${DISCLAIMER}`,
  ),
  '/faq': page(
    'FAQ',
    `<p>We do not claim that CBD cures anxiety or any other condition.</p>
     <p>Our products are not FDA approved and are never a treatment for any disease.</p>
     <p>Painstaking lab testing, and our staff can help with orders.</p>${DISCLAIMER}`,
  ),
  '/products/tincture': page(
    'Hemp Tincture',
    `<h1>Hemp Tincture 1000mg</h1><p>Cold-pressed hemp seed oil, lab tested.</p>${DISCLAIMER}`,
    `<meta property="og:type" content="product"><meta property="og:title" content="Hemp Tincture 1000mg">`,
  ),
};

export async function startClaimsSite(): Promise<{ site: FixtureServer; external: FixtureServer }> {
  const external = await serveSite({ '/elsewhere': page('Elsewhere', '<p>This cream cures psoriasis.</p>') });
  const site = await serveSite(claimsSiteRoutes(external.origin));
  return { site, external };
}
