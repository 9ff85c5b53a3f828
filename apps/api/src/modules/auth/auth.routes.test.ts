import { randomBytes, scryptSync } from 'node:crypto';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, createUser, login, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { users } from '../../db/schema.ts';
import { createAttemptLimiter } from '../../lib/attempt-limiter.ts';
import {
  LOGIN_WINDOW_MS,
  MAX_FAILURES_PER_ACCOUNT_AND_IP,
  MAX_FAILURES_PER_IP,
  REFRESH_GRACE_MS,
} from './auth.service.ts';

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

type Session = { accessToken: string; refreshToken: string; expiresIn: number };

const signIn = (email: string, password: string, ip: string, headers: Record<string, string> = {}) =>
  post('/api/auth/login', { email, password }, headers, ip);

const statuses = (responses: { statusCode: number }[]) =>
  responses.map((r) => r.statusCode).sort((a, b) => a - b);

/**
 * Brings a client address to two failures short of its limit without checking 28 passwords: the same
 * counter the sign-in takes its slots from, filled directly, so the test costs two password checks
 * however slow the machine is.
 */
async function nearIpLimit(ip: string) {
  const limiter = createAttemptLimiter(t.database.db);
  for (let i = 0; i < MAX_FAILURES_PER_IP - 2; i++) {
    await limiter.take(
      `login:ip:${ip}`,
      { limit: MAX_FAILURES_PER_IP, windowMs: LOGIN_WINDOW_MS },
      t.clock.now(),
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
        details: { issues: [{ field: '', key: 'errors.invalidCredentials' }] },
      });
    }
  });

  it("refuses an empty email as missing ('Email address is required'), an invalid one as invalid", async () => {
    for (const [url, payload] of [
      ['/api/auth/login', { email: '  ', password: TEST_PASSWORD }],
      ['/api/user/requestResetPassword', { email: '' }],
    ] as const) {
      const response = await post(url, payload, {}, '10.2.0.2');
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        messages: ['email: Email address is required'],
        details: { issues: [{ field: 'email', key: 'validation.emailRequired' }] },
      });
    }
    const invalid = await post('/api/auth/login', { email: 'nope', password: TEST_PASSWORD }, {}, '10.2.0.2');
    expect(invalid.json().messages).toEqual(['email: Must be a valid email']);
  });

  it('delays one address after 5 failures on an account, 2 minutes then growing, not other addresses', async () => {
    const { user } = await createMember(t.database.db);
    const attacker = '10.3.0.1';
    const fail = async (ip: string) => (await signIn(user.email, 'Wrong-password-1', ip)).statusCode;
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) expect(await fail(attacker)).toBe(401);
    const locked = await signIn(user.email, TEST_PASSWORD, attacker);
    expect(locked.statusCode).toBe(429);
    expect(locked.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: ['Too many sign-in attempts. Please wait 2 minutes and try again.'],
      details: { issues: [{ key: 'errors.rateLimited', params: { count: 2 } }] },
    });
    // The owner, elsewhere, is not locked out.
    expect((await signIn(user.email, TEST_PASSWORD, '10.3.1.1')).statusCode).toBe(200);
    t.clock.advance(2 * 60 * 1000 + 1000);
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) expect(await fail(attacker)).toBe(401);
    // The second delay is twice as long, and the refusal counts what is left of it.
    t.clock.advance(2 * 60 * 1000 + 1000);
    const second = await signIn(user.email, 'Wrong-password-1', attacker);
    expect(second.statusCode).toBe(429);
    expect(second.json().messages).toEqual([
      'Too many sign-in attempts. Please wait 2 minutes and try again.',
    ]);
    t.clock.advance(60 * 1000);
    expect((await signIn(user.email, 'Wrong-password-1', attacker)).json().messages).toEqual([
      'Too many sign-in attempts. Please wait 1 minute and try again.',
    ]);
    t.clock.advance(60 * 1000);
    expect((await signIn(user.email, TEST_PASSWORD, attacker)).statusCode).toBe(200);
    t.clock.set(new Date());
  });

  it('limits failures per IP address across accounts', async () => {
    const ip = '10.4.4.4';
    await nearIpLimit(ip);
    for (const prefix of ['probe-a', 'probe-b']) {
      expect((await signIn(`${prefix}@example.test`, 'Wrong-password-1', ip)).statusCode).toBe(401);
    }
    const { user } = await createMember(t.database.db);
    const blocked = await signIn(user.email, TEST_PASSWORD, ip);
    expect(blocked.statusCode).toBe(429);
    expect((await signIn(user.email, TEST_PASSWORD, '10.4.4.5')).statusCode).toBe(200);
  });
});

describe('concurrent sign-in attempts', () => {
  it('checks at most the limit of 40 parallel wrong passwords on one account', async () => {
    const { user } = await createMember(t.database.db);
    const responses = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(user.email, `Wrong-password-${i}`, '10.7.0.1')),
    );
    // 401 means the password was checked; 429 means it was refused before.
    expect(statuses(responses)).toEqual([
      ...Array<number>(MAX_FAILURES_PER_ACCOUNT_AND_IP).fill(401),
      ...Array<number>(40 - MAX_FAILURES_PER_ACCOUNT_AND_IP).fill(429),
    ]);
  });

  it('does not let the right password in within a burst of 20 after the limit', async () => {
    const { user } = await createMember(t.database.db);
    const ip = '10.7.0.2';
    for (let i = 0; i < MAX_FAILURES_PER_ACCOUNT_AND_IP; i++) {
      expect((await signIn(user.email, `Wrong-password-${i}`, ip)).statusCode).toBe(401);
    }
    const burst = await Promise.all(
      Array.from({ length: 20 }, (_, i) =>
        signIn(user.email, i === 10 ? TEST_PASSWORD : `Wrong-password-${i}`, ip),
      ),
    );
    expect(statuses(burst)).toEqual(Array<number>(20).fill(429));
  });

  it('does not let an attacker at one address lock the owner out at another', async () => {
    const { user } = await createMember(t.database.db);
    const attacker = '10.7.0.3';
    const attempts = await Promise.all(
      Array.from({ length: 40 }, (_, i) => signIn(user.email, `Wrong-password-${i}`, attacker)),
    );
    expect(attempts.every((r) => r.statusCode === 401 || r.statusCode === 429)).toBe(true);
    for (let i = 0; i < 40; i++) await signIn(user.email, 'Wrong-password-x', attacker);
    expect((await signIn(user.email, TEST_PASSWORD, '10.7.9.9')).statusCode).toBe(200);
    expect((await signIn(user.email, TEST_PASSWORD, attacker)).statusCode).toBe(429);
  });
});

describe('password hashes', () => {
  it('stores argon2id with OWASP parameters, verifies an older scrypt hash and replaces it at sign-in', async () => {
    const salt = randomBytes(16);
    const key = scryptSync('Legacy-password-1', salt, 32, { N: 2 ** 14, r: 8, p: 1 });
    const scryptHash = `scrypt$${2 ** 14}$8$1$${salt.toString('base64url')}$${key.toString('base64url')}`;
    const user = await createUser(t.database.db, { passwordHash: scryptHash });
    expect((await signIn(user.email, 'Legacy-password-2', '10.8.0.1')).statusCode).toBe(401);
    const hashOf = async () =>
      (await t.database.db.select().from(users).where(eq(users.id, user.id)))[0]!.passwordHash;
    expect(await hashOf()).toBe(scryptHash);
    expect((await signIn(user.email, 'Legacy-password-1', '10.8.0.1')).statusCode).toBe(200);
    const rehashed = await hashOf();
    expect(rehashed).toMatch(/^\$argon2id\$v=19\$m=19456,t=2,p=1\$/);
    expect((await signIn(user.email, 'Legacy-password-1', '10.8.0.1')).statusCode).toBe(200);
    expect(await hashOf()).toBe(rehashed);
  });
});

describe('client addresses', () => {
  it('ignores X-Forwarded-For from a client when no proxy is trusted (the default)', async () => {
    const ip = '10.6.6.6';
    await nearIpLimit(ip);
    for (const i of [1, 2]) {
      const response = await signIn(`spoof-${i}@example.test`, 'Wrong-password-1', ip, {
        'x-forwarded-for': `203.0.113.${i}`,
      });
      expect(response.statusCode).toBe(401);
    }
    const { user } = await createMember(t.database.db);
    const blocked = await signIn(user.email, TEST_PASSWORD, ip, { 'x-forwarded-for': '203.0.113.200' });
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

  it('gives two simultaneous refreshes with one token (two tabs) the same new pair', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    const both = await Promise.all(
      [0, 1].map(() => post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken })),
    );
    expect(statuses(both)).toEqual([200, 200]);
    const [a, b] = both.map((r) => r.json<{ detail: Session }>().detail);
    expect(a).toEqual(b);
    expect(a!.refreshToken).not.toBe(first.refreshToken);
    // A tab a few seconds late still gets that pair, and the sign-in goes on.
    t.clock.advance(REFRESH_GRACE_MS - 1000);
    const late = await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken });
    expect(late.json<{ detail: Session }>().detail).toEqual(a);
    const next = await post('/api/auth/refreshAccessToken', { refreshToken: a!.refreshToken });
    expect(next.statusCode).toBe(200);
    expect((await post('/api/user/getMyProfile', {}, bearer(a!.accessToken))).statusCode).toBe(200);
    t.clock.set(new Date());
  });

  it('revokes the whole session family when a used refresh token comes back after the grace', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    const rotated = (await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken })).json<{
      detail: { accessToken: string; refreshToken: string };
    }>().detail;
    t.clock.advance(REFRESH_GRACE_MS + 1000);
    const replay = await post('/api/auth/refreshAccessToken', { refreshToken: first.refreshToken });
    expect(replay.statusCode).toBe(401);
    expect(replay.json()).toMatchObject({ details: { reason: 'revoked' } });
    const after = await post('/api/auth/refreshAccessToken', { refreshToken: rotated.refreshToken });
    expect(after.statusCode).toBe(401);
    expect(after.json()).toMatchObject({ details: { reason: 'revoked' } });
    expect((await post('/api/user/getMyProfile', {}, bearer(rotated.accessToken))).statusCode).toBe(401);
    t.clock.set(new Date());
  });

  it('refuses an expired refresh token', async () => {
    const { user } = await createMember(t.database.db);
    const session = await login(t.app, user.email);
    t.clock.advance(31 * 24 * 3600 * 1000);
    const expired = await post('/api/auth/refreshAccessToken', { refreshToken: session.refreshToken });
    expect(expired.statusCode).toBe(401);
    expect(expired.json()).toMatchObject({
      code: 'UNAUTHENTICATED',
      details: { reason: 'expired', issues: [{ key: 'errors.sessionExpired' }] },
    });
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
    const refused = await post('/api/auth/refreshAccessToken', { refreshToken: a.refreshToken });
    expect(refused.statusCode).toBe(401);
    // The sign-in page tells the user the session was ended elsewhere.
    expect(refused.json()).toMatchObject({ code: 'UNAUTHENTICATED', details: { reason: 'revoked' } });
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
