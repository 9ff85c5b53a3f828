import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createMember,
  createUser,
  lastMailTo,
  login,
  TEST_PASSWORD,
} from '../../../test/factories.ts';
import { users } from '../../db/schema.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let admin: { id: number; token: string };
beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t.database.db, { isSuperAdmin: true, firstName: 'Ada', lastName: 'Root' });
  admin = { id: user.id, token: (await login(t.app, user.email)).accessToken };
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
const signIn = (email: string) =>
  t.app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password: TEST_PASSWORD } });

describe('userListing', () => {
  it('finds users by name or email with their company, role, sessions and status', async () => {
    const { user, companyId } = await createMember(t.database.db, 'Company Admin');
    await t.database.db
      .update(users)
      .set({ firstName: 'Quentin', lastName: 'Quasar' })
      .where(eq(users.id, user.id));
    await login(t.app, user.email);
    for (const search of ['quentin QUASAR', user.email.slice(0, 12)]) {
      const response = await post('/api/user/userListing', { search }, admin.token);
      expect(response.statusCode).toBe(200);
      expect(response.json().detail).toMatchObject({
        total: 1,
        items: [
          {
            plUserId: user.id,
            email: user.email,
            plCompanyId: companyId,
            role: 'Company Admin',
            status: 'ACTIVE',
            activeSessions: 1,
            pendingEmail: null,
          },
        ],
      });
    }
  });

  it('refuses anyone but a super admin', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await post('/api/user/userListing', {}, accessToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('setUserDisabled', () => {
  it('ends the sessions of a disabled user, refuses their sign-in, and lets them back once enabled', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const disabled = await post(
      '/api/user/setUserDisabled',
      { plUserId: user.id, disabled: true },
      admin.token,
    );
    expect(disabled.json().detail).toEqual({ plUserId: user.id, status: 'DISABLED', signedOut: 1 });
    expect((await post('/api/user/getMyProfile', {}, accessToken)).statusCode).toBe(401);
    const refused = await signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      messages: ['This account has been disabled. Please contact support.'],
      details: { reason: 'user_disabled', issues: [{ key: 'errors.accountDisabled' }] },
    });
    const listed = await post(
      '/api/user/userListing',
      { search: user.email, status: 'DISABLED' },
      admin.token,
    );
    expect(listed.json().detail.total).toBe(1);

    await post('/api/user/setUserDisabled', { plUserId: user.id, disabled: false }, admin.token);
    expect((await signIn(user.email)).statusCode).toBe(200);
    const log = await post('/api/user/activity', { scope: 'mine' }, admin.token);
    expect(
      log
        .json()
        .detail.items.slice(0, 2)
        .map((e: { action: string }) => e.action),
    ).toEqual(['USER_ENABLED', 'USER_DISABLED']);
  });

  it('a wrong password of a disabled account still reads as a wrong password', async () => {
    const user = await createUser(t.database.db, { disabledAt: new Date() });
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email: user.email, password: 'Wrong-password-42!' },
    });
    expect(response.statusCode).toBe(401);
  });

  it('refuses to disable oneself (409), an unknown user (404) and a non-super-admin (403)', async () => {
    expect(
      (await post('/api/user/setUserDisabled', { plUserId: admin.id, disabled: true }, admin.token))
        .statusCode,
    ).toBe(409);
    expect(
      (await post('/api/user/setUserDisabled', { plUserId: 2_000_000_000, disabled: true }, admin.token))
        .statusCode,
    ).toBe(404);
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    expect(
      (await post('/api/user/setUserDisabled', { plUserId: user.id, disabled: true }, accessToken))
        .statusCode,
    ).toBe(403);
  });
});

describe('endUserSessions', () => {
  it('ends every sign-in of the user; they may sign in again', async () => {
    const { user } = await createMember(t.database.db);
    const first = await login(t.app, user.email);
    await login(t.app, user.email);
    const response = await post('/api/user/endUserSessions', { plUserId: user.id }, admin.token);
    expect(response.json().detail).toEqual({ plUserId: user.id, status: 'ACTIVE', signedOut: 2 });
    expect((await post('/api/user/getMyProfile', {}, first.accessToken)).statusCode).toBe(401);
    expect((await signIn(user.email)).statusCode).toBe(200);
  });

  it("refuses ending the admin's own sessions (409), and leaves them signed in", async () => {
    const response = await post('/api/user/endUserSessions', { plUserId: admin.id }, admin.token);
    expect(response.statusCode).toBe(409);
    expect(response.json().messages).toEqual(['You cannot end your own sessions here.']);
    expect((await post('/api/user/getMyProfile', {}, admin.token)).statusCode).toBe(200);
  });

  it('refuses a non-super-admin', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    expect((await post('/api/user/endUserSessions', { plUserId: user.id }, accessToken)).statusCode).toBe(
      403,
    );
  });
});

describe('resendVerification', () => {
  it('sends a new code for a pending email change; the old code stops working', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const newEmail = `moved-${user.id}@example.test`;
    await post('/api/user/requestEmailChange', { newEmail, password: TEST_PASSWORD }, accessToken);
    const codeOf = async () => /\b(\d{6})\b/.exec((await lastMailTo(t.database.db, newEmail)).text)![1]!;
    const oldCode = await codeOf();

    const response = await post('/api/user/resendVerification', { plUserId: user.id }, admin.token);
    expect(response.statusCode).toBe(200);
    const listed = await post('/api/user/userListing', { search: user.email }, admin.token);
    expect(listed.json().detail.items[0].pendingEmail).toBe(newEmail);
    const newCode = await codeOf();
    if (newCode !== oldCode) {
      const stale = await post('/api/user/confirmEmailChange', { code: oldCode }, accessToken);
      expect(stale.statusCode).toBe(400);
    }
    const confirmed = await post('/api/user/confirmEmailChange', { code: newCode }, accessToken);
    expect(confirmed.statusCode).toBe(200);
  });

  it('answers 409 when no address waits for verification, 403 to a non-super-admin', async () => {
    const { user } = await createMember(t.database.db);
    expect((await post('/api/user/resendVerification', { plUserId: user.id }, admin.token)).statusCode).toBe(
      409,
    );
    const { accessToken } = await login(t.app, user.email);
    expect((await post('/api/user/resendVerification', { plUserId: user.id }, accessToken)).statusCode).toBe(
      403,
    );
  });
});
