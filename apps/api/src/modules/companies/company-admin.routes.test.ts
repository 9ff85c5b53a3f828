import { Readable } from 'node:stream';
import { parse } from 'csv-parse/sync';
import ExcelJS from 'exceljs';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  bearer,
  createCompany,
  createMember,
  createUser,
  login,
  subscribeCompany,
} from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let admin: { token: string; name: string };
let owner: string;
beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t.database.db, { isSuperAdmin: true, firstName: 'Ada', lastName: 'Root' });
  admin = { token: (await login(t.app, user.email)).accessToken, name: 'Ada Root' };
  const member = await createMember(t.database.db);
  owner = (await login(t.app, member.user.email)).accessToken;
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

/** Companies with a name unique to the test, so other tests' rows do not count. */
async function tagged(tag: string, rows: Parameters<typeof createCompany>[1][]) {
  const made = [];
  for (const [index, row] of rows.entries())
    made.push(await createCompany(t.database.db, { name: `${tag} ${index}`, ...row }));
  return made;
}

describe('adminCompanyListing', () => {
  it('searches by name, type, state, status and plan, newest first, paged', async () => {
    const [a, b, c] = await tagged('Listing Zeta', [
      { state: 'CO', businessTypeId: 1 },
      { state: 'OR', businessTypeId: 2, status: 'SUSPENDED' },
      { state: 'OR', businessTypeId: 2 },
    ]);
    await subscribeCompany(t.database.db, c!.id, 'Basic');
    const list = async (filter: object) => {
      const response = await post(
        '/api/company/adminCompanyListing',
        { search: 'listing zeta', ...filter },
        admin.token,
      );
      expect(response.statusCode).toBe(200);
      return response.json().detail as {
        total: number;
        items: { plCompanyId: number; plPlanId: number | null; plan: string | null }[];
      };
    };
    expect((await list({})).items.map((row) => row.plCompanyId)).toEqual([c!.id, b!.id, a!.id]);
    expect((await list({ state: 'or' })).items.map((row) => row.plCompanyId)).toEqual([c!.id, b!.id]);
    expect((await list({ businessTypeId: 1 })).items.map((row) => row.plCompanyId)).toEqual([a!.id]);
    expect((await list({ status: 'SUSPENDED' })).items.map((row) => row.plCompanyId)).toEqual([b!.id]);
    const basicPlanId = (await list({})).items[0]!.plPlanId;
    const basic = await list({ plPlanId: basicPlanId });
    expect(basic.items).toHaveLength(1);
    expect(basic.items[0]).toMatchObject({ plCompanyId: c!.id, plan: 'Basic' });
    expect((await list({ plPlanId: 0 })).items.map((row) => row.plCompanyId)).toEqual([b!.id, a!.id]);
    const page = await list({ currentPage: 2, itemsPerPage: 2 });
    expect(page).toMatchObject({ total: 3, items: [{ plCompanyId: a!.id }] });
  });

  it('treats % and _ in the search as plain characters', async () => {
    await tagged('Literal', [{ name: 'Literal 100% Hemp' }, { name: 'Literal 1000 Hemp' }]);
    const response = await post('/api/company/adminCompanyListing', { search: '100%' }, admin.token);
    expect(response.json().detail.items.map((row: { companyName: string }) => row.companyName)).toEqual([
      'Literal 100% Hemp',
    ]);
  });

  it('refuses anyone but a super admin', async () => {
    const response = await post('/api/company/adminCompanyListing', {}, owner);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('exportCompanyListing', () => {
  it('exports the filtered companies as CSV and as XLSX that a spreadsheet library reads', async () => {
    const rows = await tagged('Export Kappa', [
      { state: 'CO' },
      { state: 'CO', name: '=HYPERLINK("x") Kappa' },
      { state: 'WA' },
    ]);
    const filter = { search: 'kappa', state: 'CO' };

    const csv = await post('/api/company/exportCompanyListing', { ...filter, format: 'csv' }, admin.token);
    expect(csv.statusCode).toBe(200);
    expect(csv.headers['content-type']).toContain('text/csv');
    expect(csv.headers['x-total-count']).toBe('2');
    const workbook = new ExcelJS.Workbook();
    const sheetFromCsv = await workbook.csv.read(Readable.from([csv.body.replace(/^\uFEFF/, '')]));
    const csvRows = (sheetFromCsv.getSheetValues() as unknown[][]).filter(Boolean).map((row) => row.slice(1));
    expect(csvRows[0]).toEqual(expect.arrayContaining(['plCompanyId', 'companyName', 'state', 'plan']));
    expect(csvRows.slice(1).map((row) => row[0])).toEqual([rows[1]!.id, rows[0]!.id]);
    // A formula-looking name is neutralised, not run.
    expect(parse<{ companyName: string }>(csv.body, { bom: true, columns: true })[0]!.companyName).toBe(
      `'=HYPERLINK("x") Kappa`,
    );

    const xlsx = await post('/api/company/exportCompanyListing', { ...filter, format: 'xlsx' }, admin.token);
    expect(xlsx.statusCode).toBe(200);
    await workbook.xlsx.load(xlsx.rawPayload as unknown as ArrayBuffer);
    const sheet = workbook.getWorksheet('Companies')!;
    expect(sheet.rowCount).toBe(3);
    expect(sheet.getRow(1).values).toEqual(expect.arrayContaining(['plCompanyId', 'companyName']));
    expect([sheet.getRow(2).getCell(1).value, sheet.getRow(3).getCell(1).value]).toEqual([
      rows[1]!.id,
      rows[0]!.id,
    ]);
    expect(sheet.getRow(2).getCell(2).value).toBe('=HYPERLINK("x") Kappa');
    expect(sheet.getRow(3).getCell(4).value).toBe('CO');
  });

  it('refuses anyone but a super admin, before any file starts', async () => {
    const response = await post('/api/company/exportCompanyListing', { format: 'xlsx' }, owner);
    expect(response.statusCode).toBe(403);
    expect(response.json()).toMatchObject({ code: 'FORBIDDEN' });
  });
});

describe('pages and exports of spec 3 §9 size (at most 10000)', () => {
  it('pages 10000 companies and 10000 users at once, refuses 10001, and refuses an export past 10000 rows', async () => {
    const tag = `Bulk Omicron ${Date.now()}`;
    await t.database.pool.query(
      `INSERT INTO companies (name, state, country, business_type_id)
       SELECT $1 || ' ' || n, 'CO', 'US', 1 FROM generate_series(1, 10001) AS n`,
      [tag],
    );
    const page = await post(
      '/api/company/adminCompanyListing',
      { search: tag, paginationOption: { itemsPerPage: 10000, currentPage: 1 } },
      admin.token,
    );
    expect(page.statusCode, page.body.slice(0, 300)).toBe(200);
    expect(page.json().detail.items).toHaveLength(10000);
    expect(page.json().detail.total).toBe(10001);
    const users = await post('/api/user/userListing', { itemsPerPage: 10000 }, admin.token);
    expect(users.statusCode, users.body.slice(0, 300)).toBe(200);
    for (const url of ['/api/company/adminCompanyListing', '/api/user/userListing']) {
      const tooMany = await post(url, { itemsPerPage: 10001 }, admin.token);
      expect(tooMany.statusCode).toBe(400);
    }

    const refused = await post(
      '/api/company/exportCompanyListing',
      { search: tag, format: 'csv' },
      admin.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['An export holds at most 10000 rows and 10001 match: narrow the filters'],
    });
    await t.database.pool.query(`DELETE FROM companies WHERE name = $1`, [`${tag} 10001`]);
    const exported = await post(
      '/api/company/exportCompanyListing',
      { search: tag, format: 'csv' },
      admin.token,
    );
    expect(exported.statusCode).toBe(200);
    expect(exported.headers['x-total-count']).toBe('10000');
    expect(parse(exported.body, { bom: true, columns: true })).toHaveLength(10000);
  });
});

describe('updateCompanyStatus', () => {
  const signIn = (email: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      payload: { email, password: 'Correct-Horse-42!' },
    });
  const profile = (token: string) => post('/api/user/getMyProfile', {}, token);

  it('SUSPENDED ends the members’ sessions and refuses sign-in; ACTIVE lets them back; it is logged', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);

    const suspended = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: companyId, status: 'SUSPENDED' },
      admin.token,
    );
    expect(suspended.statusCode).toBe(200);
    expect(suspended.json().detail).toEqual({ plCompanyId: companyId, status: 'SUSPENDED', signedOut: 1 });
    expect((await profile(accessToken)).statusCode).toBe(401);
    const refused = await signIn(user.email);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({
      code: 'FORBIDDEN',
      messages: ["Your company's account is suspended. Please contact support."],
      details: { reason: 'company_suspended' },
    });

    await post('/api/company/updateCompanyStatus', { plCompanyId: companyId, status: 'ACTIVE' }, admin.token);
    expect((await signIn(user.email)).statusCode).toBe(200);

    const log = await post('/api/user/activity', { scope: 'company', plCompanyId: companyId }, admin.token);
    const changes = log
      .json()
      .detail.items.filter((e: { action: string }) => e.action === 'COMPANY_STATUS_CHANGED');
    expect(changes.map((e: { detail: object; actorName: string }) => [e.actorName, e.detail])).toEqual([
      [admin.name, { from: 'SUSPENDED', to: 'ACTIVE', signedOut: 0 }],
      [admin.name, { from: 'ACTIVE', to: 'SUSPENDED', signedOut: 1 }],
    ]);
  });

  it('CANCELED keeps sign-in; TERMINATED refuses it for good', async () => {
    const { user, companyId } = await createMember(t.database.db, 'User');
    const { accessToken } = await login(t.app, user.email);
    await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: companyId, status: 'CANCELED' },
      admin.token,
    );
    expect((await profile(accessToken)).statusCode).toBe(200);
    expect((await signIn(user.email)).statusCode).toBe(200);

    const terminated = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: companyId, status: 'TERMINATED' },
      admin.token,
    );
    expect(terminated.json().detail.signedOut).toBe(2);
    expect((await profile(accessToken)).statusCode).toBe(401);
    expect((await signIn(user.email)).json()).toMatchObject({
      code: 'FORBIDDEN',
      messages: ["Your company's account has been terminated."],
    });
    const back = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: companyId, status: 'ACTIVE' },
      admin.token,
    );
    expect(back.statusCode).toBe(409);
    expect(back.json().messages).toEqual(['A terminated company cannot change status.']);
  });

  it('answers 409 for the current status, 404 for an unknown company, 400 for DEFAULT', async () => {
    const company = await createCompany(t.database.db);
    const same = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: company.id, status: 'ACTIVE' },
      admin.token,
    );
    expect(same.statusCode).toBe(409);
    const unknown = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: 2_000_000_000, status: 'ACTIVE' },
      admin.token,
    );
    expect(unknown.statusCode).toBe(404);
    const initial = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: company.id, status: 'DEFAULT' },
      admin.token,
    );
    expect(initial.statusCode).toBe(400);
  });

  it('refuses a company owner, even for their own company', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await post(
      '/api/company/updateCompanyStatus',
      { plCompanyId: companyId, status: 'SUSPENDED' },
      accessToken,
    );
    expect(response.statusCode).toBe(403);
  });
});

describe('changeBusinessType', () => {
  it('changes the type and logs it in the company’s log with the admin’s name', async () => {
    const company = await createCompany(t.database.db, { businessTypeId: 1 });
    const response = await post(
      '/api/company/changeBusinessType',
      { plCompanyId: company.id, businessTypeId: 3 },
      admin.token,
    );
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toMatchObject({ plCompanyId: company.id, businessTypeId: 3 });
    const detail = await post('/api/company/getCompanyDetail', { plCompanyId: company.id }, admin.token);
    expect(detail.json().detail.businessType).toBe(response.json().detail.businessType);
    const log = await post('/api/user/activity', { scope: 'company', plCompanyId: company.id }, admin.token);
    expect(log.json().detail.items[0]).toMatchObject({
      action: 'BUSINESS_TYPE_CHANGED',
      actorName: admin.name,
    });
  });

  it('refuses an unknown type (400), the same type (409) and a non-super-admin (403)', async () => {
    const company = await createCompany(t.database.db, { businessTypeId: 1 });
    const call = (businessTypeId: number, token = admin.token) =>
      post('/api/company/changeBusinessType', { plCompanyId: company.id, businessTypeId }, token);
    expect((await call(999_999)).statusCode).toBe(400);
    expect((await call(1)).statusCode).toBe(409);
    expect((await call(2, owner)).statusCode).toBe(403);
  });
});
