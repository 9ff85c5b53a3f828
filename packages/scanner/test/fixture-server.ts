import http from 'node:http';
import type { AddressInfo } from 'node:net';

export interface Route {
  body?: string | Buffer;
  type?: string;
  status?: number;
  headers?: Record<string, string>;
}

export interface FixtureServer {
  origin: string;
  host: string;
  port: number;
  /** Paths requested, in order, so tests can prove what the scanner did not fetch. */
  requests: string[];
  /** When each request arrived (performance.now(), ms), in the same order as requests. */
  requestTimes: number[];
  close(): Promise<void>;
}

/** Serves a fixed set of routes on 127.0.0.1; anything else is a 404. */
export async function serveSite(
  routes: Record<string, Route | ((origin: string) => Route)>,
): Promise<FixtureServer> {
  const requests: string[] = [];
  const requestTimes: number[] = [];
  let origin = '';
  const server = http.createServer((req, res) => {
    const path = req.url ?? '/';
    requests.push(path);
    requestTimes.push(performance.now());
    const entry = routes[path];
    const route = typeof entry === 'function' ? entry(origin) : entry;
    if (!route) {
      res.writeHead(404, { 'content-type': 'text/html' });
      res.end('<h1>Not found</h1>');
      return;
    }
    res.writeHead(route.status ?? 200, {
      'content-type': route.type ?? 'text/html; charset=utf-8',
      ...route.headers,
    });
    res.end(route.body ?? '');
  });
  await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
  const { port } = server.address() as AddressInfo;
  origin = `http://127.0.0.1:${port}`;
  return {
    origin,
    host: `127.0.0.1:${port}`,
    port,
    requests,
    requestTimes,
    close: () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  };
}

export function page(title: string, body: string, head = ''): Route {
  return {
    body: `<!doctype html><html><head><title>${title}</title>${head}</head><body>${body}</body></html>`,
  };
}

export const DISCLAIMER =
  '<footer><p>*These statements have not been evaluated by the Food and Drug Administration. ' +
  'This product is not intended to diagnose, treat, cure, or prevent any disease.</p></footer>';
