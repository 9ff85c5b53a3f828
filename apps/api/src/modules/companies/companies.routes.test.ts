import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../db/seed.ts';
import { bearer, createMember, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

describe('company scope', () => {
  it('lets a member read their own company', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await post('/api/company/getCompanyDetail', { plCompanyId: companyId }, accessToken);
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toMatchObject({
      plCompanyId: companyId,
      members: [{ email: user.email }],
    });
  });

  it("refuses a user of company A company B's data, as if it did not exist", async () => {
    const a = await createMember(t.database.db);
    const b = await createMember(t.database.db);
    const { accessToken } = await login(t.app, a.user.email);
    const response = await post('/api/company/getCompanyDetail', { plCompanyId: b.companyId }, accessToken);
    expect(response.statusCode).toBe(404);
    expect(response.json()).toMatchObject({ code: 'NOT_FOUND', messages: ['Company not found'] });
    expect(response.body).not.toContain(b.user.email);
  });

  it('lets the super admin read any company', async () => {
    const b = await createMember(t.database.db);
    const admin = await seedAdmin(t.database.db, {
      email: 'root@example.test',
      password: 'Root-password-123!',
    });
    const { accessToken } = await login(t.app, admin.email, 'Root-password-123!');
    const response = await post('/api/company/getCompanyDetail', { plCompanyId: b.companyId }, accessToken);
    expect(response.statusCode).toBe(200);
  });
});
