import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, login, TEST_PASSWORD } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const AGENT = 'Mozilla/5.0 (activity test)';
const post = (url: string, payload: object, token?: string) =>
  t.app.inject({
    method: 'POST',
    url,
    payload,
    headers: { 'user-agent': AGENT, ...(token ? bearer(token) : {}) },
  });
const activity = async (token: string, body: object = {}) => {
  const response = await post('/api/user/activity', body, token);
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail as { items: { action: string; [key: string]: unknown }[]; total: number };
};

describe('activity log', () => {
  it('records sign-ins, failures and team changes with who, when and from where', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const member = await createMember(t.database.db, 'User', owner.companyId);
    await post('/api/auth/login', { email: member.user.email, password: 'Wrong-Horse-42!' });
    const ownerToken = (await login(t.app, owner.user.email)).accessToken;
    const memberToken = (await login(t.app, member.user.email)).accessToken;
    await post(
      '/api/company/changeMemberRole',
      { plCompanyId: owner.companyId, plUserId: member.user.id, role: 'Weak User' },
      ownerToken,
    );

    const mine = await activity(memberToken);
    expect(mine.items.map((item) => item.action)).toEqual([
      'MEMBER_ROLE_CHANGED',
      'SIGN_IN',
      'SIGN_IN_FAILED',
    ]);
    expect(mine.items[1]).toMatchObject({
      actorName: 'Test User',
      actorEmail: member.user.email,
      plCompanyId: owner.companyId,
      ip: '127.0.0.1',
    });
    const companyLog = await activity(ownerToken, { scope: 'company', plCompanyId: owner.companyId });
    expect(companyLog.items.map((item) => item.action)).toEqual([
      'MEMBER_ROLE_CHANGED',
      'SIGN_IN',
      'SIGN_IN',
      'SIGN_IN_FAILED',
    ]);
    expect(companyLog.items[0]).toMatchObject({ detail: { from: 'User', to: 'Weak User' } });
  });

  it("keeps the company's log for its owner: members, admins and other companies are refused", async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const admin = await createMember(t.database.db, 'Company Admin', owner.companyId);
    const other = await createMember(t.database.db, 'Company Owner');
    const company = { scope: 'company', plCompanyId: owner.companyId };
    const adminToken = (await login(t.app, admin.user.email)).accessToken;
    expect((await post('/api/user/activity', company, adminToken)).statusCode).toBe(403);
    const otherToken = (await login(t.app, other.user.email)).accessToken;
    expect((await post('/api/user/activity', company, otherToken)).statusCode).toBe(404);
    const mineThere = { scope: 'mine', plCompanyId: owner.companyId };
    expect((await post('/api/user/activity', mineThere, otherToken)).statusCode).toBe(404);
    expect((await post('/api/user/activity', { scope: 'company' }, otherToken)).statusCode).toBe(400);
  });

  it('filters by period and pages', async () => {
    const { user } = await createMember(t.database.db, 'Company Owner');
    await login(t.app, user.email);
    t.clock.advance(40 * 24 * 3600 * 1000);
    const token = (await login(t.app, user.email, TEST_PASSWORD)).accessToken;
    expect((await activity(token, { period: 'LAST_WEEK' })).total).toBe(1);
    expect((await activity(token, { period: 'LAST_3_MONTHS' })).total).toBe(2);
    // Spec 3 §3 labels the periods Last Week, Last 3 Months…: a client sending the label is read too.
    expect((await activity(token, { period: 'Last Week' })).total).toBe(1);
    expect((await activity(token, { period: 'Last 3 Months' })).total).toBe(2);
    expect((await activity(token, { period: 'All Time' })).total).toBe(2);
    const page = await activity(token, { itemsPerPage: 1, currentPage: 2 });
    expect(page).toMatchObject({ total: 2, items: [{ action: 'SIGN_IN' }] });
  });

  it('is append-only in the database', async () => {
    const { user } = await createMember(t.database.db);
    await login(t.app, user.email);
    for (const statement of [
      'UPDATE activity_log SET action = $1',
      'DELETE FROM activity_log WHERE action <> $1',
      'TRUNCATE activity_log',
    ]) {
      const params = statement.includes('$1') ? ['X'] : [];
      await expect(t.database.pool.query(statement, params)).rejects.toThrow(/append-only/);
    }
  });
});
