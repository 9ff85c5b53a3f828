import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../db/seed.ts';
import { companyMembers, passwordResets } from '../../db/schema.ts';
import { bearer, createMember, createUser, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://app.trustleaf.test' } });
});
afterAll(() => t.close());

const post = (url: string, payload: object = {}, headers: Record<string, string> = {}) =>
  t.app.inject({ method: 'POST', url, payload, headers });

let mailboxReader: Promise<string> | null = null;
/** The dev mailbox is read by a super admin. */
async function mailbox(to: string) {
  mailboxReader ??= seedAdmin(t.database.db, {
    email: 'mailbox-reader@example.test',
    password: 'Mailbox-reader-123!',
  }).then(async (admin) => (await login(t.app, admin.email, 'Mailbox-reader-123!')).accessToken);
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/dev/mailbox?to=${encodeURIComponent(to)}`,
    headers: bearer(await mailboxReader),
  });
  expect(response.statusCode).toBe(200);
  return response.json<{ detail: { to: string; subject: string; text: string; html: string }[] }>().detail;
}

describe('getMyProfile', () => {
  it('marks the owned company with isOwner', async () => {
    const { user, companyId } = await createMember(t.database.db, 'Company Owner');
    const { accessToken } = await login(t.app, user.email);
    const { detail } = (await post('/api/user/getMyProfile', {}, bearer(accessToken))).json();
    expect(detail.currentUser).toMatchObject({
      email: user.email,
      roles: [{ name: 'Company Owner' }],
      memberOfCompany: { plCompanyId: companyId, roles: ['Company Owner'] },
    });
    expect(detail.currentCompany).toMatchObject({
      plCompanyId: companyId,
      isOwner: true,
      kind: 'REGISTERED',
    });
  });

  it('gives a plain member their company with isOwner false', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const { user } = await createMember(t.database.db, 'User', owner.companyId);
    const { accessToken } = await login(t.app, user.email);
    const { detail } = (await post('/api/user/getMyProfile', {}, bearer(accessToken))).json();
    expect(detail.currentCompany).toMatchObject({ plCompanyId: owner.companyId, isOwner: false });
    expect(detail.currentUser.roles).toEqual([{ name: 'User' }]);
  });

  it('gives the super admin the built-in company', async () => {
    const admin = await seedAdmin(t.database.db, {
      email: 'root@example.test',
      password: 'Root-password-123!',
    });
    const { accessToken } = await login(t.app, admin.email, 'Root-password-123!');
    const { detail } = (await post('/api/user/getMyProfile', {}, bearer(accessToken))).json();
    expect(detail.currentUser.roles).toEqual([{ name: 'Super Admin' }]);
    expect(detail.currentCompany).toMatchObject({ companyName: 'Trustleaf', isOwner: true });
  });

  it('gives a user without a company no current company, and skips a company that banned them', async () => {
    const user = await createUser(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const alone = (await post('/api/user/getMyProfile', {}, bearer(accessToken))).json();
    expect(alone.detail.currentCompany).toBeNull();
    expect(alone.detail.currentUser).toMatchObject({ roles: [], memberOfCompany: null });

    const banned = await createMember(t.database.db, 'Company Owner');
    const current = await createMember(t.database.db, 'Company Owner');
    await t.database.db.insert(companyMembers).values([
      { companyId: banned.companyId, userId: user.id, role: 'Company Admin', bannedAt: new Date() },
      { companyId: current.companyId, userId: user.id, role: 'User' },
    ]);
    const member = (await post('/api/user/getMyProfile', {}, bearer(accessToken))).json();
    expect(member.detail.currentCompany).toMatchObject({ plCompanyId: current.companyId, isOwner: false });
    expect(member.detail.currentUser.memberOfCompany).toEqual({
      plCompanyId: current.companyId,
      roles: ['User'],
    });
  });

  it('is refused without a session', async () => {
    const response = await post('/api/user/getMyProfile');
    expect(response.statusCode).toBe(401);
    expect(response.json().code).toBe('UNAUTHENTICATED');
    expect(response.json().details.issues).toEqual([
      { field: '', message: 'Your session has expired. Please sign in again.', key: 'errors.sessionExpired' },
    ]);
  });
});

describe('password reset', () => {
  it('emails a single-use link that sets the new password and ends old sessions', async () => {
    const { user } = await createMember(t.database.db);
    const old = await login(t.app, user.email);
    expect((await post('/api/user/requestResetPassword', { email: user.email })).statusCode).toBe(200);
    const [mail] = await mailbox(user.email);
    expect(mail?.subject).toBe('Reset your Trustleaf password');
    const link = /https:\/\/app\.trustleaf\.test\/auth\/reset-password\?token=([\w%-]+)/.exec(mail!.text);
    expect(link).not.toBeNull();
    const token = decodeURIComponent(link![1]!);

    const weak = await post('/api/user/resetPassword', { token, password: 'short' });
    expect(weak.statusCode).toBe(400);
    expect(weak.json().messages[0]).toContain(
      'Include 12 characters, upper and lowercase letters, numbers, and special symbols',
    );

    expect((await post('/api/user/resetPassword', { token, password: 'Brand-new-pass-99' })).statusCode).toBe(
      200,
    );
    expect((await post('/api/user/getMyProfile', {}, bearer(old.accessToken))).statusCode).toBe(401);
    await login(t.app, user.email, 'Brand-new-pass-99');

    const again = await post('/api/user/resetPassword', { token, password: 'Another-pass-123' });
    expect(again.statusCode).toBe(400);
    expect(again.json().messages).toEqual(['This reset link is invalid or has expired']);
    expect(again.json().details.issues).toEqual([
      { field: '', message: 'This reset link is invalid or has expired', key: 'errors.resetLinkInvalid' },
    ]);
  });

  it('expires the link after one hour', async () => {
    const { user } = await createMember(t.database.db);
    await post('/api/user/requestResetPassword', { email: user.email });
    const token = decodeURIComponent(/token=([\w%-]+)/.exec((await mailbox(user.email))[0]!.text)![1]!);
    t.clock.advance(61 * 60 * 1000);
    const response = await post('/api/user/resetPassword', { token, password: 'Brand-new-pass-99' });
    expect(response.statusCode).toBe(400);
    t.clock.set(new Date());
  });

  it('answers the same for unknown emails and sends nothing', async () => {
    const response = await post('/api/user/requestResetPassword', { email: 'ghost@example.test' });
    expect(response.statusCode).toBe(200);
    expect(await mailbox('ghost@example.test')).toEqual([]);
  });

  it('sends at most three reset emails an hour', async () => {
    const { user } = await createMember(t.database.db);
    for (let i = 0; i < 5; i++) await post('/api/user/requestResetPassword', { email: user.email });
    expect(await mailbox(user.email)).toHaveLength(3);
    const rows = await t.database.db.select().from(passwordResets).where(eq(passwordResets.userId, user.id));
    expect(rows.every((row) => !row.tokenHash.includes('token'))).toBe(true);
  });

  it('sends at most three reset emails for 10 parallel requests', async () => {
    const { user } = await createMember(t.database.db);
    await Promise.all(
      Array.from({ length: 10 }, () => post('/api/user/requestResetPassword', { email: user.email })),
    );
    expect(await mailbox(user.email)).toHaveLength(3);
  });
});
