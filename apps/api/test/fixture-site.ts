import http from 'node:http';
import type { AddressInfo, Socket } from 'node:net';
import { demoSiteFile } from '../src/modules/webcrawler/demo-site.ts';

/**
 * The demo site's pages on 127.0.0.1 for scan tests (SCANNER_ALLOWED_HOSTS lets the scanner in), with
 * a few extras: `/missing/` answers 404, `/slow/` never answers (a scan to cancel), `/big.png` is over
 * the url-to-base64 cap, and `extraClaim` adds a claim to the home page (a re-scan finding something new).
 */
export interface FixtureSite {
  origin: string;
  host: string;
  /** Milliseconds each page waits before answering (a scan that takes a while). */
  pageDelayMs: number;
  extraClaim: string | null;
  /** Extra pages /page-N.html linked from the home page. */
  extraPages: number;
  requests: number;
  close(): Promise<void>;
}

export async function startFixtureSite(): Promise<FixtureSite> {
  const sockets = new Set<Socket>();
  const site: FixtureSite = {
    origin: '',
    host: '',
    pageDelayMs: 0,
    extraClaim: null,
    extraPages: 0,
    requests: 0,
    close: async () => {
      for (const socket of sockets) socket.destroy();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
  const server = http.createServer((req, res) => {
    site.requests++;
    const path = (req.url ?? '/').split('?')[0]!;
    if (path.startsWith('/slow/')) return; // never answers; the scan is cancelled or times out
    const answer = () => {
      if (path.startsWith('/missing/')) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      if (path === '/big.png') {
        const png = demoSiteFile('images/calm-drops.png')!.body as Buffer;
        res.writeHead(200, { 'content-type': 'image/png' });
        res.end(Buffer.concat([png, Buffer.alloc(6 * 1024 * 1024)]));
        return;
      }
      const pageMatch = /^\/page-(\d+)\.html$/.exec(path);
      if (pageMatch && Number(pageMatch[1]) < site.extraPages) {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(`<!doctype html><html><body><p>Page ${pageMatch[1]} of the catalogue.</p></body></html>`);
        return;
      }
      const file = demoSiteFile(path.replace(/^\//, ''));
      if (!file) {
        res.writeHead(404, { 'content-type': 'text/html' }).end('<h1>Not found</h1>');
        return;
      }
      let body = file.body;
      if (typeof body === 'string' && path === '/' && (site.extraClaim || site.extraPages > 0)) {
        const links = Array.from({ length: site.extraPages }, (_, i) => `<a href="page-${i}.html">${i}</a>`);
        body = body.replace('</main>', `<p>${site.extraClaim ?? ''}</p>${links.join(' ')}</main>`);
      }
      res.writeHead(200, { 'content-type': file.type }).end(body);
    };
    if (site.pageDelayMs > 0 && file(path)) setTimeout(answer, site.pageDelayMs);
    else answer();
  });
  const file = (path: string) => path.endsWith('.html') || path === '/';
  server.on('connection', (socket) => {
    sockets.add(socket);
    socket.on('close', () => sockets.delete(socket));
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', () => resolve()));
  const port = (server.address() as AddressInfo).port;
  site.origin = `http://127.0.0.1:${port}`;
  site.host = `127.0.0.1:${port}`;
  return site;
}
