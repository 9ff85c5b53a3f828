// A generated site for the scanner benchmark, served from its own process so that the server's CPU
// time is not charged to the crawler being measured. Usage: site-server.ts <pages>; prints the port.
import http from 'node:http';
import type { AddressInfo } from 'node:net';

const pages = Number(process.argv[2] ?? 400);

const SENTENCES = [
  'Our hemp is grown outdoors in Oregon and harvested by hand every autumn.',
  'Each batch is tested by an independent laboratory for potency and contaminants.',
  'The slow-cured flower rests in glass jars for two weeks before packaging.',
  'We invested in water treatment and preventive maintenance across the farm.',
  'Shipping is free on orders over fifty dollars within the continental United States.',
  'Our team answers questions by email within one business day.',
  'Store the tincture in a cool, dry place away from direct sunlight.',
  'Full spectrum extracts keep the natural terpenes of the plant.',
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
  for (let k = 1; k <= 5; k++) links.push(`/page/${(i + k) % pages}`);
  for (let k = 0; k < 10; k++) links.push(`/page/${(i * 7919 + k * 104729) % pages}`);
  const paragraphs: string[] = [];
  for (let p = 0; p < 30; p++) {
    paragraphs.push(`<p>${SENTENCES[(i + p) % SENTENCES.length]} <b>${SENTENCES[(i + p + 3) % SENTENCES.length]}</b></p>`);
    if (p === 10 && i % 10 === 0) paragraphs.push(`<p>${CLAIMS[(i / 10) % CLAIMS.length]}</p>`);
  }
  return `<!doctype html><html><head><title>Page ${i}</title><meta name="description" content="Hemp page ${i}">
<style>body{font-family:sans-serif}.nav a{margin:4px}</style><script>window.dataLayer=[];</script></head><body>
<nav class="nav">${links.map((l) => `<a href="${l}">Link ${l}</a>`).join('')}</nav>
<main><h1>Page ${i}</h1>${paragraphs.join('\n')}
<img src="/img/${i}.png" alt="Hemp field photo ${i}"></main>
<footer><p>${DISCLAIMER}</p><a href="/">Home</a></footer></body></html>`;
}

const server = http.createServer((req, res) => {
  const url = req.url ?? '/';
  const match = /^\/page\/(\d+)$/.exec(url);
  if (url === '/' || (match && Number(match[1]) < pages)) {
    res.writeHead(200, { 'content-type': 'text/html; charset=utf-8' });
    res.end(render(url === '/' ? 0 : Number(match![1])));
    return;
  }
  res.writeHead(404, { 'content-type': 'text/plain' });
  res.end('not found');
});
server.listen(0, '127.0.0.1', () => {
  process.stdout.write(`${(server.address() as AddressInfo).port}\n`);
});
process.on('SIGTERM', () => server.close(() => process.exit(0)));
