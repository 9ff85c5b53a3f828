// A generated site for the scanner benchmark, served from its own process so that the server's CPU
// time is not charged to the crawler being measured. Usage: site-server.ts <pages> [mesh|chain|script];
// prints the port. mesh: every page links 15 others; chain: pagination, page n links only to n + 1 (and
// back to the start), so the last page is 399 hops deep; script: the mesh's pages, built in the browser by
// a script from data in the page (as shop front ends do), so only a rendering scanner reads them. An optional third argument serves the same site on that
// many ports (printed on one line, space-separated): one website each for scans that must not share one.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const pages = Number(process.argv[2] ?? 400);
const chain = process.argv[3] === 'chain';
const scripted = process.argv[3] === 'script';
const listeners = Number(process.argv[4] ?? 1);

// Sentences carry the page and paragraph numbers so that, as on a real site, body text differs from
// page to page and only navigation and footer repeat.
const SENTENCES = [
  'Our hemp is grown outdoors in Oregon and harvested by hand every autumn, field #.',
  'Each batch is tested by an independent laboratory for potency and contaminants, batch #.',
  'The slow-cured flower rests in glass jars for two weeks before packaging lot #.',
  'We invested in water treatment and preventive maintenance across barn #.',
  'Shipping is free on orders over fifty dollars within the continental United States, zone #.',
  'Our team answers questions by email within one business day, ticket #.',
  'Store the tincture in a cool, dry place away from direct sunlight, shelf #.',
  'Full spectrum extracts keep the natural terpenes of the plant, cultivar #.',
];
const CLAIMS = [
  'Our tincture cures insomnia in a week.',
  'These gummies relieve chronic pain and reduce anxiety.',
  'A clinically proven formula for everyday balance.',
];
const DISCLAIMER =
  'These statements have not been evaluated by the Food and Drug Administration. This product is not intended to diagnose, treat, cure, or prevent any disease.';

function render(i: number): string {
  const links: string[] = [];
  if (chain) {
    links.push('/', '/page/1');
    if (i > 1) links.push(`/page/${i - 1}`);
    if (i + 1 < pages) links.push(`/page/${i + 1}`);
  } else {
    for (let k = 1; k <= 5; k++) links.push(`/page/${(i + k) % pages}`);
    for (let k = 0; k < 10; k++) links.push(`/page/${(i * 7919 + k * 104729) % pages}`);
  }
  const paragraphs: string[] = [];
  for (let p = 0; p < 30; p++) {
    const a = SENTENCES[(i + p) % SENTENCES.length]!.replace('#', `${i}-${p}`);
    const b = SENTENCES[(i + p + 3) % SENTENCES.length]!.replace('#', `${p}-${i}`);
    paragraphs.push(`<p>${a} <b>${b}</b></p>`);
    if (p === 10 && i % 10 === 0) paragraphs.push(`<p>${CLAIMS[(i / 10) % CLAIMS.length]}</p>`);
  }
  const body = `<nav class="nav">${links.map((l) => `<a href="${l}">Link ${l}</a>`).join('')}</nav>
<main><h1>Page ${i}</h1>${paragraphs.join('\n')}
<img src="/img/${i}.png" alt="Hemp field photo ${i}"></main>
<footer><p>${DISCLAIMER}</p><a href="/">Home</a></footer>`;
  const head = `<!doctype html><html><head><title>Page ${i}</title><meta name="description" content="Hemp page ${i}">
<style>body{font-family:sans-serif}.nav a{margin:4px}</style><script>window.dataLayer=[];</script></head><body>`;
  if (!scripted) return `${head}\n${body}</body></html>`;
  // The served HTML holds no text: the script writes the same markup into the page once it runs.
  const data = JSON.stringify(body).replaceAll('<', '\\u003c');
  return `${head}<div id="app"></div>
<script>document.getElementById('app').innerHTML = ${data};</script></body></html>`;
}

function answer(req: http.IncomingMessage, res: http.ServerResponse) {
  const url = req.url ?? '/';
  const match = /^\/page\/(\d+)$/.exec(url);
  if (url === '/' || (match && Number(match[1]) < pages)) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(render(url === '/' ? 0 : Number(match![1])));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
}

const servers = Array.from({ length: listeners }, () => http.createServer(answer));
const ports = await Promise.all(
  servers.map(
    (server) =>
      new Promise<number>((resolve) =>
        server.listen(0, '127.0.0.1', () => resolve((server.address() as AddressInfo).port)),
      ),
  ),
);
process.stdout.write(`${ports.join(' ')}\n`);
process.on('SIGTERM', () => process.exit(0));
