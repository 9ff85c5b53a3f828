import {
  CANNABIS_PROCESSOR_MESSAGE,
  EMPLOYEES_MESSAGE,
  HEMP_MANUFACTURER_MESSAGE,
  STATE_MESSAGE,
  TAX_ID_MESSAGE,
  URL_MESSAGE,
} from '@trustleaf/domain/rules/company-fields';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import type { CompanyRole } from '../../lib/authz.ts';
import { eq } from 'drizzle-orm';
import { companies } from '../../db/schema.ts';
import { seedDemo } from '../../db/seed.ts';
import { bearer, createCompany, createMember, createUser, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let admin: { token: string; name: string };
beforeAll(async () => {
  t = await buildTestApp();
  const user = await createUser(t.database.db, { isSuperAdmin: true, firstName: 'Ada', lastName: 'Root' });
  admin = { token: (await login(t.app, user.email)).accessToken, name: 'Ada Root' };
});
afterAll(() => t.close());

const post = (url: string, payload: object, token: string) =>
  t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });

/** The company's activity log, as its owner reads it. */
const companyActivity = (owner: { companyId: number; token: string }) =>
  post('/api/user/activity', { scope: 'company', plCompanyId: owner.companyId }, owner.token);

/** A new company's owner calls `url` with the payload made for their company. */
async function asNewOwner(url: string, payload: (plCompanyId: number) => object) {
  const owner = await member();
  return post(url, payload(owner.companyId), owner.token);
}

const unique = () => Math.random().toString(36).slice(2, 8);

async function member(role: CompanyRole = 'Company Owner', companyId?: number) {
  const made = await createMember(t.database.db, role, companyId);
  return { ...made, token: (await login(t.app, made.user.email)).accessToken };
}

/** A complete, valid edit of the company (a distributor in cannabis and hemp, Colorado). */
const details = (plCompanyId: number, overrides: object = {}) => ({
  plCompanyId,
  companyName: `Green Leaf ${unique()}`,
  businessType: 'DISTRIBUTOR',
  plSegmentIds: [1, 2],
  corporateOfficeAddress: '1 Main Street',
  city: 'Denver',
  state: 'co',
  zip: '80202',
  country: 'US',
  phone: '(303) 555-0100',
  email: 'Office@Example.com',
  website: 'https://greenleaf.example.com',
  employees: 12,
  incorporationType: 'LLC',
  taxId: '123456789',
  ...overrides,
});

const location = (plCompanyId: number, overrides: object = {}) => ({
  plCompanyId,
  locationName: 'Warehouse',
  siteType: 'DISTRIBUTION_WAREHOUSE',
  address: '2 Dock Road',
  city: 'Aurora',
  state: 'co',
  zip: '80010',
  country: 'US',
  ...overrides,
});

describe('updateCompanyDetail', () => {
  it("saves the owner's edit: state upper-cased, tax id masked, recorded in the company's log", async () => {
    const owner = await member();
    const input = details(owner.companyId);
    const response = await post('/api/company/updateCompanyDetail', input, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toMatchObject({
      companyName: input.companyName,
      businessType: 'Distributor',
      businessTypeCode: 'DISTRIBUTOR',
      plSegmentIds: [1, 2],
      state: 'CO',
      email: 'office@example.com',
      taxId: '12-3456789',
      employees: 12,
      incorporationType: 'LLC',
      website: 'https://greenleaf.example.com',
    });
    const read = await post('/api/company/getCompanyDetail', { plCompanyId: owner.companyId }, owner.token);
    expect(read.json().detail).toMatchObject({ companyName: input.companyName, taxId: '12-3456789' });
    const log = await companyActivity(owner);
    expect(log.json().detail.items[0]).toMatchObject({
      action: 'COMPANY_UPDATED',
      actorEmail: owner.user.email,
    });
  });

  it.each([
    ['companyName', { companyName: 'x'.repeat(61) }, 'Character limit'],
    ['companyName', { companyName: '  ' }, 'Company Name is required'],
    ['state', { state: 'Colorado' }, STATE_MESSAGE],
    ['employees', { employees: 0 }, EMPLOYEES_MESSAGE],
    ['taxId', { taxId: '12-345' }, TAX_ID_MESSAGE],
    ['website', { website: 'ftp://greenleaf.com' }, URL_MESSAGE],
    ['website', { website: 'https://ab.com' }, URL_MESSAGE],
    ['email', { email: 'not-an-email' }, 'Must be a valid email'],
    ['businessType', { businessType: 'PROCESSOR', plSegmentIds: [1] }, CANNABIS_PROCESSOR_MESSAGE],
    ['businessType', { businessType: 'MANUFACTURER', plSegmentIds: [2] }, HEMP_MANUFACTURER_MESSAGE],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const response = await asNewOwner('/api/company/updateCompanyDetail', (id) => details(id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: [`${field}: ${message}`],
      details: { issues: [{ field, message }] },
    });
  });

  it("lets the seeded demo company's owner save the detail page unchanged", async () => {
    const [owner] = await seedDemo(t.database.db);
    const { accessToken } = await login(t.app, owner!.email, owner!.password);
    const [company] = await t.database.db
      .select({ id: companies.id })
      .from(companies)
      .where(eq(companies.name, owner!.company));
    const plCompanyId = company!.id;
    const read = await post('/api/company/getCompanyDetail', { plCompanyId }, accessToken);
    const detail = read.json().detail;
    // The edit form's values: the detail as read, the type by its code, empty text for null.
    const unchanged = {
      plCompanyId,
      companyName: detail.companyName,
      businessType: detail.businessTypeCode,
      plSegmentIds: detail.plSegmentIds,
      corporateOfficeAddress: detail.corporateOfficeAddress,
      city: detail.city,
      state: detail.state,
      zip: detail.zip,
      country: detail.country,
      phone: detail.phone,
      email: detail.email,
      website: detail.website,
      employees: detail.employees,
      incorporationType: detail.incorporationType,
      taxId: detail.taxId,
    };
    const saved = await post('/api/company/updateCompanyDetail', unchanged, accessToken);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().detail).toEqual(detail);
  });

  it('checks the tax id pattern for the US only, and lets a hemp company be a processor', async () => {
    const owner = await member();
    const canadian = details(owner.companyId, { country: 'CA', state: 'on', taxId: '1234' });
    expect((await post('/api/company/updateCompanyDetail', canadian, owner.token)).statusCode).toBe(200);
    const hemp = details(owner.companyId, { businessType: 'processor', plSegmentIds: [2] });
    const response = await post('/api/company/updateCompanyDetail', hemp, owner.token);
    expect(response.statusCode).toBe(200);
    expect(response.json().detail).toMatchObject({ businessTypeCode: 'PROCESSOR', plSegmentIds: [2] });
  });

  it('takes back the nulls getCompanyDetail answers for empty texts (tax id, incorporation type, website…) and clears them', async () => {
    const owner = await member();
    const nulls = {
      corporateOfficeAddress: null,
      city: null,
      zip: null,
      phone: null,
      email: null,
      website: null,
      incorporationType: null,
      taxId: null,
    };
    const cleared = await post(
      '/api/company/updateCompanyDetail',
      details(owner.companyId, nulls),
      owner.token,
    );
    expect(cleared.statusCode, cleared.body).toBe(200);
    expect(cleared.json().detail).toMatchObject(nulls);
    const read = (
      await post('/api/company/getCompanyDetail', { plCompanyId: owner.companyId }, owner.token)
    ).json().detail;
    const { businessTypeCode, plSegmentIds, corporateOfficeAddress, city, state, zip, country } = read;
    const { phone, email, website, employees, incorporationType, taxId, companyName } = read;
    const again = await post(
      '/api/company/updateCompanyDetail',
      {
        plCompanyId: owner.companyId,
        companyName,
        businessType: businessTypeCode,
        plSegmentIds,
        corporateOfficeAddress,
        city,
        state,
        zip,
        country,
        phone,
        email,
        website,
        employees,
        incorporationType,
        taxId,
      },
      owner.token,
    );
    expect(again.statusCode, again.body).toBe(200);
    const missing = await post(
      '/api/company/updateCompanyDetail',
      { ...details(owner.companyId), website: undefined },
      owner.token,
    );
    expect(missing.statusCode).toBe(400);
  });

  it("refuses a phone of letters rather than clearing the company's phone; an untouched mask still clears it", async () => {
    const owner = await member();
    expect(
      (await post('/api/company/updateCompanyDetail', details(owner.companyId), owner.token)).statusCode,
    ).toBe(200);
    for (const phone of ['abc', 'call us', 'x'.repeat(30)]) {
      const refused = await post(
        '/api/company/updateCompanyDetail',
        details(owner.companyId, { phone }),
        owner.token,
      );
      expect(refused.statusCode, phone).toBe(400);
      expect(refused.json().details.issues).toMatchObject([
        { field: 'phone', message: 'Phone number is invalid' },
      ]);
    }
    const [stored] = await t.database.db
      .select({ phone: companies.phone })
      .from(companies)
      .where(eq(companies.id, owner.companyId));
    expect(stored).toEqual({ phone: '(303) 555-0100' });
    const masked = await post(
      '/api/company/updateCompanyDetail',
      details(owner.companyId, { phone: '(___) ___-____' }),
      owner.token,
    );
    expect(masked.statusCode, masked.body).toBe(200);
    expect(masked.json().detail.phone).toBeNull();
  });

  it('refuses the name of another registered company in the state, ignoring case, spaces and suffixes', async () => {
    const name = `Blue Ridge ${unique()}`;
    await createCompany(t.database.db, { name: `${name} Inc.`, state: 'CO' });
    const owner = await member();
    const taken = details(owner.companyId, { companyName: `  ${name.toUpperCase()},  LLC` });
    const response = await post('/api/company/updateCompanyDetail', taken, owner.token);
    expect(response.statusCode).toBe(409);
    expect(response.json()).toMatchObject({ code: 'CONFLICT', messages: ['Duplicate'] });
    const elsewhere = details(owner.companyId, { companyName: `${name} LLC`, state: 'WA' });
    expect((await post('/api/company/updateCompanyDetail', elsewhere, owner.token)).statusCode).toBe(200);
    // Its own name again is no duplicate.
    expect((await post('/api/company/updateCompanyDetail', elsewhere, owner.token)).statusCode).toBe(200);
  });

  it('lets an admin edit; refuses a User and a Weak User (403) and another company (404)', async () => {
    const owner = await member();
    const companyAdmin = await member('Company Admin', owner.companyId);
    const user = await member('User', owner.companyId);
    const weak = await member('Weak User', owner.companyId);
    const before = await post('/api/company/getCompanyDetail', { plCompanyId: owner.companyId }, owner.token);
    const input = details(owner.companyId);
    expect((await post('/api/company/updateCompanyDetail', input, companyAdmin.token)).statusCode).toBe(200);
    for (const refused of [user, weak]) {
      const response = await post(
        '/api/company/updateCompanyDetail',
        details(owner.companyId),
        refused.token,
      );
      expect(response.statusCode).toBe(403);
      expect(response.json().code).toBe('FORBIDDEN');
    }
    const stranger = await member();
    const response = await post('/api/company/updateCompanyDetail', details(owner.companyId), stranger.token);
    expect(response.statusCode).toBe(404);
    const after = await post('/api/company/getCompanyDetail', { plCompanyId: owner.companyId }, owner.token);
    expect(after.json().detail.companyName).toBe(input.companyName);
    expect(after.json().detail.companyName).not.toBe(before.json().detail.companyName);
  });

  it("lets a super admin edit a selected company, in that company's log under the admin's name", async () => {
    const owner = await member();
    const input = details(owner.companyId);
    const response = await post('/api/company/updateCompanyDetail', input, admin.token);
    expect(response.statusCode).toBe(200);
    const log = await companyActivity(owner);
    expect(log.json().detail.items[0]).toMatchObject({
      action: 'COMPANY_UPDATED',
      actorName: admin.name,
      plCompanyId: owner.companyId,
      detail: { to: input.companyName },
    });
  });
});

describe('locations', () => {
  it('reads a site type written as spec 3 §3 names it ("distribution/warehouse", "corporate office")', async () => {
    const owner = await member();
    for (const [siteType, declared] of [
      ['distribution/warehouse', 'DISTRIBUTION_WAREHOUSE'],
      ['corporate office', 'CORPORATE_OFFICE'],
      ['Retail', 'RETAIL'],
    ]) {
      const added = await post(
        '/api/company/upsertLocation',
        location(owner.companyId, { siteType }),
        owner.token,
      );
      expect(added.statusCode, added.body).toBe(200);
      expect(added.json().detail.siteType).toBe(declared);
    }
    const unknown = await post(
      '/api/company/upsertLocation',
      location(owner.companyId, { siteType: 'warehouse' }),
      owner.token,
    );
    expect(unknown.json().messages).toEqual(['siteType: Function of location is required']);
  });

  it('adds, lists and edits locations of the company, each recorded', async () => {
    const owner = await member();
    const added = await post('/api/company/upsertLocation', location(owner.companyId), owner.token);
    expect(added.statusCode).toBe(200);
    const { plLocationId } = added.json().detail;
    expect(added.json().detail).toMatchObject({ locationName: 'Warehouse', state: 'CO', country: 'US' });
    const edit = location(owner.companyId, {
      plLocationId,
      locationName: 'Retail store',
      siteType: 'RETAIL',
    });
    const edited = await post('/api/company/upsertLocation', edit, owner.token);
    expect(edited.json().detail).toMatchObject({
      plLocationId,
      locationName: 'Retail store',
      siteType: 'RETAIL',
    });
    await post(
      '/api/company/upsertLocation',
      location(owner.companyId, { locationName: 'Head office', siteType: 'CORPORATE_OFFICE' }),
      owner.token,
    );

    const user = await member('User', owner.companyId);
    const listing = await post('/api/company/locationListing', { plCompanyId: owner.companyId }, user.token);
    expect(listing.statusCode).toBe(200);
    expect(listing.json().detail.locations.map((l: { locationName: string }) => l.locationName)).toEqual([
      'Head office',
      'Retail store',
    ]);
    const log = await companyActivity(owner);
    const actions = log.json().detail.items.map((e: { action: string }) => e.action);
    expect(actions.filter((action: string) => action.startsWith('LOCATION'))).toEqual([
      'LOCATION_ADDED',
      'LOCATION_UPDATED',
      'LOCATION_ADDED',
    ]);
  });

  it.each([
    ['siteType', { siteType: 'CASTLE' }, 'Function of location is required'],
    ['locationName', { locationName: '' }, 'Location is required'],
    ['address', { address: ' ' }, 'Company address is required'],
    ['state', { state: 'C' }, STATE_MESSAGE],
  ])('refuses a bad %s with its message', async (field, overrides, message) => {
    const response = await asNewOwner('/api/company/upsertLocation', (id) => location(id, overrides));
    expect(response.statusCode).toBe(400);
    expect(response.json().details.issues[0]).toEqual({ field, message, key: expect.any(String) });
  });

  it('refuses a User and a Weak User (403), and another company or its location (404)', async () => {
    const owner = await member();
    for (const role of ['User', 'Weak User'] as const) {
      const refused = await member(role, owner.companyId);
      const response = await post('/api/company/upsertLocation', location(owner.companyId), refused.token);
      expect(response.statusCode).toBe(403);
    }
    const other = await member();
    const theirs = await post('/api/company/upsertLocation', location(other.companyId), other.token);
    const plLocationId = theirs.json().detail.plLocationId;
    // Another company's listing, another company's location through one's own company, and writing to theirs.
    expect(
      (await post('/api/company/locationListing', { plCompanyId: other.companyId }, owner.token)).statusCode,
    ).toBe(404);
    const hijack = location(owner.companyId, { plLocationId, locationName: 'Taken' });
    const response = await post('/api/company/upsertLocation', hijack, owner.token);
    expect(response.statusCode).toBe(404);
    expect(response.json().messages).toEqual(['Location not found']);
    expect(
      (await post('/api/company/upsertLocation', location(other.companyId), owner.token)).statusCode,
    ).toBe(404);
    const listing = await post('/api/company/locationListing', { plCompanyId: other.companyId }, other.token);
    expect(listing.json().detail.locations).toMatchObject([{ locationName: 'Warehouse' }]);
  });

  it("lets a super admin add a location for a selected company, under the admin's name", async () => {
    const owner = await member();
    expect(
      (await post('/api/company/upsertLocation', location(owner.companyId), admin.token)).statusCode,
    ).toBe(200);
    const log = await companyActivity(owner);
    expect(log.json().detail.items[0]).toMatchObject({ action: 'LOCATION_ADDED', actorName: admin.name });
  });
});

describe('submitRtq (spec 3 §7 company wrappers)', () => {
  const submit = (plCompanyId: number, token: string) =>
    post('/api/company/submitRtq', { plCompanyId }, token);

  it("records the owner's submission once with its time, answers a repeat with it, and logs it once", async () => {
    const owner = await member();
    const first = await submit(owner.companyId, owner.token);
    expect(first.statusCode, first.body).toBe(200);
    const detail = first.json().detail;
    expect(detail).toEqual({
      plCompanyId: owner.companyId,
      submittedAt: expect.any(String),
      submittedBy: owner.user.id,
    });
    expect(Math.abs(Date.parse(detail.submittedAt) - Date.now())).toBeLessThan(60_000);
    const companyAdmin = await member('Company Admin', owner.companyId);
    const repeats = await Promise.all([
      submit(owner.companyId, companyAdmin.token),
      submit(owner.companyId, owner.token),
    ]);
    for (const again of repeats) {
      expect(again.statusCode, again.body).toBe(200);
      expect(again.json().detail).toEqual(detail);
    }
    const log = (await companyActivity(owner)).json().detail.items;
    expect(log.filter((entry: { action: string }) => entry.action === 'RTQ_SUBMITTED')).toEqual([
      expect.objectContaining({ plCompanyId: owner.companyId }),
    ]);
  });

  it('lets an admin and a super admin submit; refuses a User and a Weak User (403) and another company (404)', async () => {
    const owner = await member();
    const companyAdmin = await member('Company Admin', owner.companyId);
    for (const role of ['User', 'Weak User'] as const) {
      const refused = await submit(owner.companyId, (await member(role, owner.companyId)).token);
      expect(refused.statusCode).toBe(403);
      expect(refused.json().code).toBe('FORBIDDEN');
    }
    const stranger = await member();
    expect((await submit(owner.companyId, stranger.token)).statusCode).toBe(404);
    const byAdmin = await submit(owner.companyId, companyAdmin.token);
    expect(byAdmin.json().detail).toMatchObject({ submittedBy: companyAdmin.user.id });
    const other = await member();
    const byRoot = await submit(other.companyId, admin.token);
    expect(byRoot.statusCode, byRoot.body).toBe(200);
    expect(byRoot.json().detail).toMatchObject({ plCompanyId: other.companyId });
    expect((await submit(2_000_000_000, admin.token)).statusCode).toBe(404);
  });
});
