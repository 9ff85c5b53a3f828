import { beforeAll, describe, expect, it } from 'vitest';
import { bearer, createCompany, signedInOwner, signInSeededAdmin } from './factories.ts';
import { useTestApp } from './use-test-app.ts';

/**
 * The specs write several enumerations in more than one letter case (spec 3 §3 "Frequency daily,
 * weekly…" beside "Alert repetition values DAILY, WEEKLY…", trial units day… beside time units
 * DAY…): a client written from either spelling is understood, and a value outside the enumeration
 * is refused with a translated message that names the values read.
 */
const t = useTestApp();
const post = t.post;
let admin: string;

beforeAll(async () => {
  admin = await signInSeededAdmin(t.app, t.database.db, 'root@spec-enums.test');
});

/** The one refused field of a 400, as the API answers it. */
async function refusedField(answer: Promise<{ statusCode: number; json: () => unknown }>) {
  const response = await answer;
  expect(response.statusCode).toBe(400);
  const body = response.json() as { details: { issues: unknown[] } };
  expect(body.details.issues).toHaveLength(1);
  return body.details.issues[0];
}

const oneOf = (field: string, values: string) => ({
  field,
  message: `Use one of: ${values}`,
  key: 'refusals.oneOf',
  params: { values },
});

describe('admin companies: status filter and export format (spec 3 §4 company status)', () => {
  it('lists by a status written in lower case, exports as CSV, and names the values for another', async () => {
    const word = `casing${Date.now()}`;
    await createCompany(t.database.db, { name: `${word} Active`, status: 'ACTIVE' });
    await createCompany(t.database.db, { name: `${word} Suspended`, status: 'SUSPENDED' });
    const listed = await post('/api/company/adminCompanyListing', { search: word, status: 'active' }, admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().detail.items.map((row: { companyName: string }) => row.companyName)).toEqual([
      `${word} Active`,
    ]);
    expect(await refusedField(post('/api/company/adminCompanyListing', { status: 'open' }, admin))).toEqual(
      oneOf('status', 'DEFAULT, CANCELED, SUSPENDED, TERMINATED, ACTIVE'),
    );

    const exported = await post('/api/company/exportCompanyListing', { search: word, format: 'CSV' }, admin);
    expect(exported.statusCode, exported.body).toBe(200);
    expect(exported.headers['content-type']).toMatch(/^text\/csv/);
    expect(exported.body).toContain(`${word} Active`);
    expect(await refusedField(post('/api/company/exportCompanyListing', { format: 'PDF' }, admin))).toEqual(
      oneOf('format', 'csv, xlsx'),
    );
  });
});

describe('system settings: alert repetition and expiration timeframe (spec 3 §3)', () => {
  it('saves weekly and 30 day as WEEKLY and DAY, and names the values for another', async () => {
    const repetition = await post(
      '/api/system/updateSystemSetting',
      { key: 'alert_repetition_interval', value: 'monthly' },
      admin,
    );
    expect(repetition.statusCode, repetition.body).toBe(200);
    expect(repetition.json().detail.alert_repetition_interval).toBe('MONTHLY');
    const weekly = await post(
      '/api/system/updateSystemSetting',
      { key: 'alert_repetition_interval', value: 'weekly' },
      admin,
    );
    expect(weekly.json().detail.alert_repetition_interval).toBe('WEEKLY');
    const timeframe = await post(
      '/api/system/updateSystemSetting',
      { key: 'expiration_timeframe', value: { amount: 45, unit: 'day' } },
      admin,
    );
    expect(timeframe.statusCode, timeframe.body).toBe(200);
    expect(timeframe.json().detail.expiration_timeframe).toEqual({ amount: 45, unit: 'DAY' });
    expect(
      await refusedField(
        post('/api/system/updateSystemSetting', { key: 'alert_repetition_interval', value: 'hourly' }, admin),
      ),
    ).toEqual(oneOf('value', 'DAILY, WEEKLY, MONTHLY, YEARLY'));
  });
});

describe('a company location: country (spec 3 §3 country US)', () => {
  it('reads the country code in any case, and refuses FR naming the countries a company may be in', async () => {
    const owner = await signedInOwner(t.app, t.database.db);
    const location = (country: string) =>
      post(
        '/api/company/upsertLocation',
        {
          plCompanyId: owner.companyId,
          locationName: 'Warehouse',
          siteType: 'RETAIL',
          address: '1 Main St',
          city: 'Toronto',
          state: 'ON',
          zip: 'M5V 2T6',
          country,
        },
        owner.token,
      );
    const saved = await location('ca');
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().detail.country).toBe('CA');
    expect(await refusedField(location('FR'))).toEqual(oneOf('country', 'US, CA'));
  });
});

describe('site templates: status (spec 3 §4 template status)', () => {
  it('adds a template with status draft as DRAFT, and names the statuses for another', async () => {
    const added = await post(
      '/api/siteTemplate/template',
      { name: `Partner ${Date.now()}`, status: 'draft' },
      admin,
    );
    expect(added.statusCode, added.body).toBe(201);
    expect(added.json().detail.status).toBe('DRAFT');
    expect(
      await refusedField(post('/api/siteTemplate/template', { name: 'Other', status: 'published' }, admin)),
    ).toEqual(oneOf('status', 'INACTIVE, DRAFT, UNIVERSAL'));
  });
});

describe('the QR code: embedLogoType (spec 3 §7 companyQrCode)', () => {
  it('names the logo types it reads when another is asked for', async () => {
    const owner = await signedInOwner(t.app, t.database.db);
    const qr = (embedLogoType: string) =>
      t.app.inject({
        method: 'GET',
        url: `/api/company/companyQrCode?plCompanyId=${owner.companyId}&embedLogoType=${embedLogoType}`,
        headers: bearer(owner.token),
      });
    // Read, then refused only because the profile is not published yet.
    expect((await qr('company_logo')).statusCode).toBe(409);
    expect(await refusedField(qr('BIG'))).toEqual(oneOf('embedLogoType', 'NONE, COMPANY_LOGO'));
  });
});

describe("a plan feature's delayed restriction (spec 3 §9 delay units day, week, month)", () => {
  it('saves a delay in day as DAY and a hidden state as HIDDEN, and names the units for another', async () => {
    const planId = (await post('/api/plan/getPlans', { region: 'US' }, admin)).json().detail.items[0]
      .plPlanId;
    const plan = (await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planId }, admin)).json()
      .detail;
    const withDelay = (delayUnit: string) => ({
      plCompanyId: 0,
      plans: [
        {
          ...plan,
          features: plan.features.map((feature: object, index: number) =>
            index === 0
              ? { ...feature, restriction: { sourceIds: [], delayDuration: 2, delayUnit, state: 'hidden' } }
              : feature,
          ),
        },
      ],
    });
    const saved = await post('/api/plan/updatePlan', withDelay('day'), admin);
    expect(saved.statusCode, saved.body).toBe(200);
    const read = (await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planId }, admin)).json()
      .detail;
    expect(read.features[0].restriction).toMatchObject({
      delayDuration: 2,
      delayUnit: 'DAY',
      state: 'HIDDEN',
    });
    const refused = await refusedField(post('/api/plan/updatePlan', withDelay('fortnight'), admin));
    expect(refused).toMatchObject({ message: 'Use one of: DAY, WEEK, MONTH', key: 'refusals.oneOf' });
  });
});

describe('rejection reasons: reasonType (spec 3 §3 reasonType REJECT)', () => {
  it('saves and lists with reasonType written reject, and names the type for another', async () => {
    const name = `Lower case type ${Date.now()}`;
    const saved = await post(
      '/api/document/upsertReason',
      {
        plReasons: [
          { reasonName: name, notification: 'Please send it again', reasonType: 'reject', action: 'INSERT' },
        ],
      },
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    const listed = await post('/api/document/reasonListing', { reasonType: 'Reject' }, admin);
    expect(listed.statusCode, listed.body).toBe(200);
    expect(listed.json().detail.reasons).toContainEqual(
      expect.objectContaining({ reasonName: name, reasonType: 'REJECT' }),
    );
    expect(await refusedField(post('/api/document/reasonListing', { reasonType: 'ACCEPT' }, admin))).toEqual(
      oneOf('reasonType', 'REJECT'),
    );
  });
});
