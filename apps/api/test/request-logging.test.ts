import { Writable } from 'node:stream';
import { pino } from 'pino';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../src/app.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';

function logSink() {
  const lines: Record<string, unknown>[] = [];
  const stream = new Writable({
    write(chunk: Buffer, _encoding, callback) {
      for (const line of chunk.toString('utf8').split('\n').filter(Boolean)) {
        lines.push(JSON.parse(line) as Record<string, unknown>);
      }
      callback();
    },
  });
  return { lines, stream };
}

describe('request logging through the app', () => {
  const sink = logSink();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({ loggerInstance: pino({ level: 'info' }, sink.stream) });
  });
  afterAll(() => t.close());

  it('logs the start and end of a request under one request id', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.statusCode).toBe(200);
    const requestLines = sink.lines.filter((line) => typeof line.reqId === 'string');
    expect(requestLines.map((line) => line.msg)).toEqual(['incoming request', 'request completed']);
    expect(requestLines[0]?.reqId).toMatch(/^[\w-]{8}-[0-9a-z]+$/);
    expect(requestLines[1]?.reqId).toBe(requestLines[0]?.reqId);
  });
});

describe('logging above info (production at warn)', () => {
  const sink = logSink();
  let t: TestApp;
  beforeAll(async () => {
    t = await buildTestApp({
      loggerInstance: pino(
        { level: 'warn', redact: { paths: REDACT_PATHS, censor: '[redacted]' } },
        sink.stream,
      ),
    });
  });
  afterAll(() => t.close());

  it('writes no request lines, yet logs an unexpected failure under its request id', async () => {
    expect((await t.app.inject({ method: 'GET', url: '/api/health' })).statusCode).toBe(200);
    expect(sink.lines).toEqual([]);

    // The sign-in's table is gone: the database fails the query, which nothing expects.
    await t.database.pool.query('ALTER TABLE users RENAME TO users_away');
    try {
      const response = await t.app.inject({
        method: 'POST',
        url: '/api/auth/login',
        payload: { email: 'someone@example.test', password: 'Secret-password-1!' },
      });
      expect(response.statusCode).toBe(500);
      const body = response.json<{ code: string; requestId: string }>();
      expect(body.code).toBe('INTERNAL');
      expect(sink.lines).toHaveLength(1);
      expect(sink.lines[0]).toMatchObject({ level: 50, msg: 'request failed', reqId: body.requestId });
      expect(JSON.stringify(sink.lines[0])).toContain('users');
    } finally {
      await t.database.pool.query('ALTER TABLE users_away RENAME TO users');
    }
  });
});
