import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, login, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (
  url: string,
  payload?: object,
  headers: Record<string, string> = {},
  remoteAddress = '10.1.1.1',
) => t.app.inject({ method: 'POST', url, payload: payload ?? {}, headers, remoteAddress });

/** Thirty failed sign-ins from one client address, each for another account. */
async function failSignIns(
  ip: string,
  prefix: string,
  headers: (i: number) => Record<string, string> = () => ({}),
) {
  for (let i = 0; i < 30; i++) {
    await post(
      '/api/auth/login',
      { email: `${prefix}-${i}@example.test`, password: 'Wrong-password-1' },
      headers(i),
      ip,
    );
  }
}

describe('login', () => {
  it('returns an access token, a refresh token and sets the refresh cookie', async () => {
    const { user } = await createMember(t.database.db);
    const response = await post('/api/auth/login', {
      email: user.email.toUpperCase(),
      password: TEST_PASSWORD,
    });
    expect(response.statusCode).toBe(200);
    const { detail } = response.json<{
      detail: { accessToken: string; refreshToken: string; expiresIn: number };
    }>();
    expect(detail.expiresIn).toBe(900);
    expect(detail.refreshToken.length).toBeGreaterThan(30);
    const cookie = response.cookies.find((c) => c.name === 'tl_refresh');
    expect(cookie).toMatchObject({
      value: detail.refreshToken,
      httpOnly: true,
      path: '/api/auth',
      sameSite: 'Strict',
    });
    const profile = await post('/api/user/getMyProfile', {}, bearer(detail.accessToken));
    expect(profile.statusCode).toBe(200);
  });

  it('refuses a wrong password and an unknown email with the same message', async () => {
    const { user } = await createMember(t.database.db);
    const wrong = await post(
      '/api/auth/login',
      { email: user.email, password: 'Not-the-password-1' },
      {},
      '10.2.0.1',
    );
    const unknown = await post(
      '/api/auth/login',
      { email: 'nobody@example.test', password: TEST_PASSWORD },
      {},
      '10.2.0.1',
    );
    for (const response of [wrong, unknown]) {
      expect(response.statusCode).toBe(401);
      expect(response.json()).toMatchObject({
        code: 'UNAUTHENTICATED',
        messages: ['Email or password incorrect'],
      });
    }
  });

  it('locks an account after 5 failures for 15 minutes, even with the right password', async () => {
    const { user } = await createMember(t.database.db);
    for (let i = 0; i < 5; i++) {
      expect(
        (
          await post(
            '/api/auth/login',
            { email: user.email, password: `Wrong-${i}-password` },
            {},
            `10.3.0.${i}`,
          )
        ).statusCode,
      ).toBe(401);
    }
    const locked = await post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      {},
      '10.3.1.1',
    );
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: ['Too many sign-in attempts. Please wait 15 minutes and try again.'],
    });
    t.clock.advance(15 * 60 * 1000 + 1000);
    expect(
      (await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, {}, '10.3.1.1'))
        .statusCode,
    ).toBe(200);
  });

  it('limits failures per IP address across accounts', async () => {
    const ip = '10.4.4.4';
    await failSignIns(ip, 'probe');
    const { user } = await createMember(t.database.db);
    const blocked = await post('/api/auth/login', { email: user.email, password: TEST_PASSWORD }, {}, ip);
    expect(blocked.statusCode).toBe(429);
    const elsewhere = await post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      {},
      '10.4.4.5',
    );
    expect(elsewhere.statusCode).toBe(200);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For from a client when no proxy is trusted (the default)', async () => {
    const ip = '10.6.6.6';
    await failSignIns(ip, 'spoof', (i) => ({ 'x-forwarded-for': `203.0.113.${i}` }));
    const { user } = await createMember(t.database.db);
    const blocked = await post(
      '/api/auth/login',
      { email: user.email, password: TEST_PASSWORD },
      { 'x-forwarded-for': '203.0.113.200' },
      ip,
    );
    expect(blocked.statusCode).toBe(429);
  });
});

describe('refresh tokens', () => {
  it('rotates the refresh token on every use', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    const response = await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken });
    expect(response.statusCode).toBe(200);
    const second = response.json<{ detail: { accessToken: string; refreshToken: string } }>().detail;
    expect(second.refreshToken).not.toBe(first.refreshToken);
    expect((await post('/api/user/getMyProfile', {}, bearer(second.accessToken))).statusCode).toBe(200);
  });

  it('accepts the refresh token from the httpOnly cookie', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/refreshAccessToken',
      cookies: { tl_refresh: first.refreshToken },
    });
    expect(response.body).toContain('accessToken');
    expect(response.statusCode).toBe(200);
  });

  it('revokes the whole session family when a used refresh token comes back', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    const rotated = (await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken })).json<{
      detail: { accessToken: string; refreshToken: string };
    }>().detail;
    const replay = await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(
      (await post('/api/auth/refreshAccessToken', { refreshToken: rotated.refreshToken })).statusCode,
    ).toBe(401);
    expect((await post('/api/user/getMyProfile', {}, bearer(rotated.accessToken))).statusCode).toBe(401);
  });

  it('refuses an expired refresh token', async () => {
    const { user } = await createMember(t.database.db);
    const session = await login(t.app, user.email);
    t.clock.advance(31 * 24 * 3600 * 1000);
    expect(
      (await post('/api/auth/refreshAccessToken', { refreshToken: session.refreshToken })).statusCode,
    ).toBe(401);
    t.clock.set(new Date());
  });
});

describe('logout', () => {
  it('revokes the access and refresh tokens of that sign-in only', async () => {
    const { user } = await createMember(t.database.db);
    const a = await login(t.app, user.email);
    const b = await login(t.app, user.email);
    expect((await post('/api/auth/logout', {}, bearer(a.accessToken))).statusCode).toBe(200);
    const after = await post('/api/user/getMyProfile', {}, bearer(a.accessToken));
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ code: 'UNAUTHENTICATED' });
    expect((await post('/api/auth/refreshAccessToken', { refreshToken: a.refreshToken })).statusCode).toBe(
      401,
    );
    expect((await post('/api/user/getMyProfile', {}, bearer(b.accessToken))).statusCode).toBe(200);
  });

  it('needs a valid bearer token', async () => {
    expect((await post('/api/auth/logout', {}, bearer('not-a-token'))).statusCode).toBe(401);
    expect((await post('/api/auth/logout')).statusCode).toBe(401);
  });
});

describe('session', () => {
  it('issues a fresh access token on request', async () => {
    const { user } = await createMember(t.database.db);
    const session = await login(t.app, user.email);
    const plain = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session',
      headers: bearer(session.accessToken),
    });
    expect(plain.json()).toEqual({ detail: { email: user.email } });
    const updated = await t.app.inject({
      method: 'GET',
      url: '/api/auth/session?updateAccessToken=true',
      headers: bearer(session.accessToken),
    });
    const { detail } = updated.json<{ detail: { accessToken: string; expiresIn: number } }>();
    expect(detail.expiresIn).toBe(900);
    expect((await post('/api/user/getMyProfile', {}, bearer(detail.accessToken))).statusCode).toBe(200);
  });
});
