import { afterAll, beforeAll, describe, expect, inject, it, vi } from 'vitest';
import { seedAdmin } from '../src/db/seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { createMember, login } from './factories.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { BODY_LIMIT_BYTES: '2048', TRUST_PROXY: 'loopback' } });
});
afterAll(() => t.close());

describe('bad input never becomes a 500', () => {
  it('answers malformed JSON with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload: '{"email": "a@b.c", ',
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
    expect(response.json().messages[0]).toMatch(/JSON/);
  });

  it('answers a body over the limit with 413', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 'a@example.test', password: 'x'.repeat(5000) },
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      messages: ['Request body is too large'],
    });
  });

  it('answers an unknown route with a JSON 404', async () => {
    const response = await t.app.inject({ method: 'POST', url: '/api/nothing/here' });
    expect(response.statusCode).toBe(404);
    expect(response.headers['content-type']).toContain('application/json');
    expect(response.json()).toMatchObject({
      code: 'NOT_FOUND',
      messages: ['Route POST /api/nothing/here not found'],
      details: {
        issues: [{ field: '', key: 'refusals.routeNotFound', params: { route: 'POST /api/nothing/here' } }],
      },
    });
  });

  it('names the field when a type is wrong', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: 42, password: true },
    });
    expect(response.statusCode).toBe(400);
    const body = response.json<{ messages: string[]; details: { issues: { field: string }[] } }>();
    expect(body.messages[0]).toMatch(/^email: /);
    expect(body.details.issues.map((issue) => issue.field)).toEqual(['email', 'password']);
  });

  it('answers an unsupported content type with 415', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/x-custom' },
      payload: 'x',
    });
    expect(response.statusCode).toBe(415);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('infrastructure routes', () => {
  it('reports health with the database reachable', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/health' });
    expect(response.json()).toEqual({ detail: { status: 'ok', database: 'up' } });
  });

  it('runs one database check for health requests that arrive together', async () => {
    const fresh = await buildTestApp();
    try {
      const query = vi.spyOn(fresh.database.pool, 'query');
      const responses = await Promise.all(
        Array.from({ length: 20 }, () => fresh.app.inject({ method: 'GET', url: '/api/health' })),
      );
      expect(responses.map((r) => r.statusCode)).toEqual(Array.from({ length: 20 }, () => 200));
      expect(query.mock.calls.filter(([sql]) => sql === 'SELECT 1')).toHaveLength(1);
    } finally {
      await fresh.close();
    }
  });

  it.skipIf(inject('dbTarget') !== 'embedded')(
    'reaches the embedded PostgreSQL over its Unix socket',
    async () => {
      // inet_server_addr() is NULL on a Unix-socket connection, the server's address over TCP.
      const { rows } = await t.database.pool.query<{ addr: string | null }>(
        'SELECT inet_server_addr() AS addr',
      );
      expect(rows[0]?.addr).toBeNull();
    },
  );

  it('serves OpenAPI generated from the zod schemas', async () => {
    const response = await t.app.inject({ method: 'GET', url: '/api/docs/json' });
    expect(response.statusCode).toBe(200);
    const spec = response.json<{
      openapi: string;
      paths: Record<string, Record<string, { requestBody?: unknown }>>;
    }>();
    expect(spec.openapi).toMatch(/^3\./);
    expect(Object.keys(spec.paths)).toEqual(
      expect.arrayContaining(['/api/auth/login', '/api/user/getMyProfile', '/api/general/generalInfo']),
    );
    expect(JSON.stringify(spec.paths['/api/auth/login']?.post?.requestBody)).toContain('email');
    expect((await t.app.inject({ method: 'GET', url: '/api/docs' })).statusCode).toBeLessThan(400);
  });

  it('sends the API security headers on JSON, answers and errors alike', async () => {
    for (const response of [
      await t.app.inject({ method: 'GET', url: '/api/health' }),
      await t.app.inject({ method: 'POST', url: '/api/user/getMyProfile' }),
      await t.app.inject({ method: 'GET', url: '/api/no-such-route' }),
    ]) {
      expect(response.headers['content-type']).toMatch(/^application\/json/);
      expect(response.headers).toMatchObject({
        'cache-control': 'no-store',
        'content-security-policy': "default-src 'none'; frame-ancestors 'none'",
        'x-content-type-options': 'nosniff',
        'x-frame-options': 'DENY',
      });
      expect(response.headers['cross-origin-opener-policy']).toBeUndefined();
      // Plain HTTP: RFC 6797 §7.2 forbids HSTS here.
      expect(response.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('sends HSTS only when the request came over HTTPS (directly or through a TLS proxy)', async () => {
    const headers = { 'x-forwarded-proto': 'https' };
    for (const url of ['/api/health', '/api/docs', '/api/no-such-route']) {
      const secure = await t.app.inject({ method: 'GET', url, headers });
      expect(secure.headers['strict-transport-security']).toMatch(/^max-age=\d+/);
      const plain = await t.app.inject({ method: 'GET', url });
      expect(plain.headers['strict-transport-security']).toBeUndefined();
    }
  });

  it('believes X-Forwarded-Proto only from a trusted proxy', async () => {
    const direct = await buildTestApp();
    try {
      const response = await direct.app.inject({
        method: 'GET',
        url: '/api/health',
        headers: { 'x-forwarded-proto': 'https' },
      });
      expect(response.statusCode).toBe(200);
      expect(response.headers['strict-transport-security']).toBeUndefined();
    } finally {
      await direct.close();
    }
  });

  it("sends helmet's document headers on pages", async () => {
    const page = await t.app.inject({ method: 'GET', url: '/api/docs' });
    expect(page.statusCode).toBe(200);
    expect(page.headers['content-type']).toMatch(/^text\/html/);
    expect(page.headers['content-security-policy']).toContain("default-src 'self'");
    expect(page.headers['content-security-policy']).toContain("frame-ancestors 'none'");
    expect(page.headers).toMatchObject({
      'x-content-type-options': 'nosniff',
      'x-frame-options': 'SAMEORIGIN',
      'cross-origin-opener-policy': 'same-origin',
      'cross-origin-resource-policy': 'same-origin',
      'referrer-policy': 'no-referrer',
    });
    expect(page.headers['cache-control']).not.toBe('no-store');
  });
});

describe('dev mailbox', () => {
  it('is read only by a signed-in super admin', async () => {
    const read = (token?: string) =>
      t.app.inject({
        method: 'GET',
        url: '/api/dev/mailbox',
        headers: token ? { authorization: `Bearer ${token}` } : {},
      });
    expect((await read()).statusCode).toBe(401);
    expect((await read('forged.token.value')).statusCode).toBe(401);
    const owner = await createMember(t.database.db, 'Company Owner');
    const ownerToken = (await login(t.app, owner.user.email)).accessToken;
    const refused = await read(ownerToken);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      messages: ['The development mailbox is for super admins'],
    });
    await seedAdmin(t.database.db, { email: 'mailbox-admin@example.test', password: 'Mailbox-admin-123!' });
    const adminToken = (await login(t.app, 'mailbox-admin@example.test', 'Mailbox-admin-123!')).accessToken;
    const allowed = await read(adminToken);
    expect(allowed.statusCode).toBe(200);
    expect(Array.isArray(allowed.json().detail)).toBe(true);
  });

  it('is absent when SMTP is configured or in production', async () => {
    const smtp = await buildTestApp({ env: { SMTP_URL: 'smtp://127.0.0.1:1' } });
    const production = await buildTestApp({ env: { NODE_ENV: 'production' } });
    try {
      for (const other of [smtp, production]) {
        expect((await other.app.inject({ method: 'GET', url: '/api/dev/mailbox' })).statusCode).toBe(404);
      }
    } finally {
      await smtp.close();
      await production.close();
    }
  });
});
