import { getEventListeners } from 'node:events';
import http from 'node:http';
import type { AddressInfo } from 'node:net';
import { Agent } from 'undici';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { decodeBody, fetchResource } from '../src/http.ts';

describe('fetchResource', () => {
  let server: http.Server;
  let origin: string;
  const agent = new Agent();
  beforeAll(async () => {
    server = http.createServer((req, res) => {
      if (req.url === '/big') {
        // Four chunks of 1,000 bytes, so the cut falls inside the third.
        res.writeHead(200, { 'content-type': 'text/html' });
        let sent = 0;
        const next = () => {
          if (sent === 4) return res.end();
          res.write(String(sent++).repeat(1000));
          setTimeout(next, 5);
        };
        next();
        return;
      }
      if (req.url === '/drip') {
        // A byte every 50 ms: no gap reaches the idle timeouts, but the whole body takes 5 s.
        res.writeHead(200, { 'content-type': 'text/html' });
        const timer = setInterval(() => res.write('x'), 50);
        res.on('close', () => clearInterval(timer));
        setTimeout(() => res.end(), 5_000);
        return;
      }
      res.writeHead(200, { 'content-type': 'text/html' });
      res.end('<p>ok</p>');
    });
    await new Promise<void>((resolve) => server.listen(0, '127.0.0.1', resolve));
    origin = `http://127.0.0.1:${(server.address() as AddressInfo).port}`;
  });
  afterAll(async () => {
    await agent.close();
    server.closeAllConnections();
    await new Promise((resolve) => server.close(resolve));
  });

  it('cuts a body at maxBytes and says so', async () => {
    const res = await fetchResource(`${origin}/big`, {
      dispatcher: agent,
      timeoutMs: 5_000,
      maxBytes: 2_500,
    });
    expect(res.truncated).toBe(true);
    expect(res.body.length).toBe(2_500);
    expect(res.body.toString()).toBe(`${'0'.repeat(1000)}${'1'.repeat(1000)}${'2'.repeat(500)}`);
    const whole = await fetchResource(`${origin}/big`, {
      dispatcher: agent,
      timeoutMs: 5_000,
      maxBytes: 4_000,
    });
    expect(whole).toMatchObject({ truncated: false, status: 200 });
    expect(whole.body.length).toBe(4_000);
  });

  it('limits the whole request, not only the gaps between chunks', async () => {
    // undici's idle timeouts never fire on this body (a byte every 50 ms); its own timeout would be a
    // BodyTimeoutError. A TimeoutError can only come from the request's overall timer.
    await expect(
      fetchResource(`${origin}/drip`, { dispatcher: agent, timeoutMs: 400, maxBytes: 10_000 }),
    ).rejects.toMatchObject({ name: 'TimeoutError' });
  });

  it("stops when the caller's signal aborts, and leaves no listener on it", async () => {
    const controller = new AbortController();
    const pending = fetchResource(`${origin}/drip`, {
      dispatcher: agent,
      timeoutMs: 10_000,
      maxBytes: 10_000,
      signal: controller.signal,
    });
    setTimeout(() => controller.abort(), 100);
    await expect(pending).rejects.toMatchObject({ name: 'AbortError' });
    const done = await fetchResource(`${origin}/`, {
      dispatcher: agent,
      timeoutMs: 5_000,
      maxBytes: 10_000,
      signal: controller.signal.aborted ? new AbortController().signal : controller.signal,
    });
    expect(done.body.toString()).toBe('<p>ok</p>');
    expect(getEventListeners(controller.signal, 'abort')).toHaveLength(0);
  });

  it('refuses to start with a signal that is already aborted', async () => {
    await expect(
      fetchResource(`${origin}/`, {
        dispatcher: agent,
        timeoutMs: 5_000,
        maxBytes: 10_000,
        signal: AbortSignal.abort(),
      }),
    ).rejects.toMatchObject({ name: 'AbortError' });
  });
});

describe('decodeBody', () => {
  it('decodes UTF-8 as TextDecoder does: BOM dropped, invalid bytes replaced', () => {
    const bytes = Buffer.from([0xef, 0xbb, 0xbf, 0x43, 0x61, 0x66, 0xc3, 0xa9, 0x20, 0xff, 0xc3, 0x21]);
    const expected = new TextDecoder('utf-8').decode(bytes);
    expect(decodeBody(bytes, 'text/html; charset=UTF-8')).toBe(expected);
    expect(decodeBody(bytes, 'text/html')).toBe(expected);
    expect(expected).toBe('Café \ufffd\ufffd!');
  });

  it('decodes other declared charsets, and unknown labels as UTF-8', () => {
    const latin = Buffer.from([0x43, 0x61, 0x66, 0xe9, 0x20, 0x80]);
    expect(decodeBody(latin, 'text/html; charset=windows-1252')).toBe('Café €');
    expect(decodeBody(latin, 'text/html; charset="iso-8859-1"')).toBe('Café €');
    expect(decodeBody(Buffer.from('Café'), 'text/html; charset=x-unknown-label')).toBe('Café');
  });
});
