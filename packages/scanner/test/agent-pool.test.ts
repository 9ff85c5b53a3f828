import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { scanSite } from '../src/index.ts';
import { leaseGuardedAgent } from '../src/agent-pool.ts';

describe('guarded agents shared between scans', () => {
  let server: http.Server;
  let origin: string;
  let host: string;
  /** The connection each request came on, in order. */
  const served: number[] = [];
  const connectionIds = new WeakMap<object, number>();
  let connections = 0;
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      served.push(connectionIds.get(req.socket)!);
      res.writeHead(req.url === '/' ? 200 : 404, { 'content-type': 'text/html' });
      res.end(req.url === '/' ? '<p>Hemp grown in Oregon.</p>' : 'not found');
    });
    server.on('connection', (socket) => connectionIds.set(socket, ++connections));
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    const { port } = server.address() as AddressInfo;
    origin = `http://127.0.0.1:${port}`;
    host = `127.0.0.1:${port}`;
  });
  afterAll(
    () =>
      new Promise<void>((resolve) => {
        server.closeAllConnections();
        server.close(() => resolve());
      }),
  );

  it('lets a later scan of the same site reuse the open connections', async () => {
    const options = { allowHosts: [host], analyzeImages: false, concurrency: 1 };
    await scanSite(origin, options);
    const firstScan = new Set(served);
    const from = served.length;
    await scanSite(origin, options);
    const secondScan = served.slice(from);
    expect(secondScan.length).toBeGreaterThanOrEqual(3);
    // The second scan's first request goes out on a connection the first scan opened.
    expect(firstScan.has(secondScan[0]!)).toBe(true);
  });

  it('never shares an agent between different allow lists', async () => {
    const a = leaseGuardedAgent({ allowHosts: [host] });
    const b = leaseGuardedAgent({ allowHosts: [host, '127.0.0.1:1'] });
    const c = leaseGuardedAgent({ allowHosts: [host], rejectUnauthorized: false });
    const d = leaseGuardedAgent({ allowHosts: [host] });
    expect(b.agent).not.toBe(a.agent);
    expect(c.agent).not.toBe(a.agent);
    expect(d.agent).toBe(a.agent);
    await Promise.all([a.release(), b.release(), c.release(), d.release()]);
  });

  it('refuses a forbidden address even while another scan keeps a connection to it open', async () => {
    await scanSite(origin, { allowHosts: [host], analyzeImages: false, concurrency: 1 });
    // The connection above is idle in the allow-listed agent; a scan without the allow list must not use it.
    await expect(scanSite(origin, { analyzeImages: false })).rejects.toMatchObject({ code: 'SSRF_BLOCKED' });
  });
});
