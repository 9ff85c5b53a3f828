import type { FastifyPluginAsync } from 'fastify';

/**
 * The demo website (DESIGN "Local stand-ins"): a few static pages of a made-up hemp shop with planted
 * claims, served at /demo-site/ on the app's own port, which SCANNER_ALLOWED_HOSTS lets the scanner
 * reach by default, so a new company's first scan finds something. Links are relative, so the same
 * pages work under any prefix (tests serve them from a fixture server).
 */
export const DEMO_SITE_PATH = '/demo-site/';

/** A 1×1 PNG: the claims of the demo images are in their alt text. */
const PIXEL_PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mP8z8BQDwAEhQGAhKmMIQAAAABJRU5ErkJggg==',
  'base64',
);

const DISCLAIMER =
  'These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.';

function page(title: string, body: string, extraHead = ''): string {
  return `<!doctype html>
<html lang="en">
<head>
<meta charset="utf-8">
<title>${title} | Sunny Meadow Hemp (demo)</title>
<meta name="description" content="Sunny Meadow Hemp is a demo shop for the Trustleaf Webcrawler.">
${extraHead}
</head>
<body>
<header><nav>
<a href="index.html">Home</a> <a href="calm-drops.html">Calm Drops</a> <a href="night-balm.html">Night Balm</a>
<a href="about.html">About us</a> <a href="disclaimer.html">Disclaimer</a>
</nav></header>
<main>
${body}
</main>
<footer><p>Sunny Meadow Hemp is a demonstration website. Nothing here is for sale.</p></footer>
</body>
</html>
`;
}

function productLd(name: string, description: string): string {
  const data = { '@context': 'https://schema.org', '@type': 'Product', name, description };
  return `<script type="application/ld+json">${JSON.stringify(data)}</script>`;
}

const PAGES: Record<string, string> = {
  'index.html': page(
    'Home',
    `<h1>Sunny Meadow Hemp</h1>
<p>Welcome to our family farm. Our full-spectrum CBD oil cures anxiety and relieves chronic pain in days.</p>
<p>Every bottle is clinically proven to work.</p>
<img src="images/calm-drops.png" alt="Calm Drops cure insomnia" width="1" height="1">
<p>See <a href="calm-drops.html">Calm Drops</a>, <a href="night-balm.html">Night Balm</a> and
<a href="sunrise-gummies.html">Sunrise Gummies</a>.</p>`,
  ),
  'calm-drops.html': page(
    'Calm Drops',
    `<h1>Calm Drops</h1>
<p>Calm Drops is our best-selling tincture, made from organic hemp.</p>
<p>Customers say it is a miracle for sleep.</p>
<img src="images/calm-drops.png" alt="A bottle of Calm Drops" width="1" height="1">`,
    productLd('Calm Drops', 'Full-spectrum hemp tincture, 30 ml'),
  ),
  'night-balm.html': page(
    'Night Balm',
    `<h1>Night Balm</h1>
<p>A soothing balm with lavender and hemp extract.</p>
<p>${DISCLAIMER}</p>`,
    productLd('Night Balm', 'Hemp and lavender balm'),
  ),
  'sunrise-gummies.html': page(
    'Sunrise Gummies',
    `<h1>Sunrise Gummies</h1>
<p>Fruit gummies with hemp extract. FDA approved for daily use.</p>
<p>${DISCLAIMER}</p>`,
    productLd('Sunrise Gummies', 'Hemp gummies, 30 count'),
  ),
  'about.html': page(
    'About us',
    `<h1>About us</h1>
<p>We have grown hemp in the valley since 2015 and test every batch in an independent laboratory.</p>`,
  ),
  'disclaimer.html': page(
    'Disclaimer',
    `<h1>Disclaimer</h1>
<p>${DISCLAIMER}</p>
<p>You must be 21 or older to buy from this shop.</p>`,
  ),
};

/** Path below the site root → content type and body. */
export function demoSiteFile(relative: string): { type: string; body: string | Buffer } | null {
  const name = relative === '' ? 'index.html' : relative;
  if (name === 'images/calm-drops.png') return { type: 'image/png', body: PIXEL_PNG };
  const html = PAGES[name];
  return html === undefined ? null : { type: 'text/html; charset=utf-8', body: html };
}

export const demoSiteRoutes: FastifyPluginAsync = async (app) => {
  // A static website, not an API operation: kept out of the OpenAPI document.
  const options = { schema: { hide: true } };
  app.get('/demo-site', options, async (_request, reply) => reply.redirect(DEMO_SITE_PATH, 301));
  app.get<{ Params: { '*': string } }>('/demo-site/*', options, async (request, reply) => {
    const file = demoSiteFile(request.params['*']);
    if (!file)
      return reply.code(404).type('text/html; charset=utf-8').send(page('Not found', '<h1>Not found</h1>'));
    return reply.header('cache-control', 'public, max-age=300').type(file.type).send(file.body);
  });
};
