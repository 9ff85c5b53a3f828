import { desc, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, mailOutbox, promoRedemptions, promos, users } from '../../db/schema.ts';
import { seedAdmin, seedDemo } from '../../db/seed.ts';
import { makePdf } from '../../../test/pdf-fixture.ts';
import { bearer, createMember, createUser, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { createAttemptLimiter } from '../../lib/attempt-limiter.ts';
import { createCompanyAccess } from '../../lib/authz.ts';
import { createPlansRepository } from '../billing/plans.repository.ts';
import { createPlansService } from '../billing/plans.service.ts';
import { createPromosRepository } from '../billing/promos.repository.ts';
import { createPromosService } from '../billing/promos.service.ts';
import { createAccountsRepository } from './accounts.repository.ts';
import { createAccountsService } from './accounts.service.ts';
import { PROMO_CHECK_RATE_LIMIT_MESSAGE, PROMO_CHECKS_PER_MINUTE } from './accounts.routes.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

const PASSWORD = 'Correct-Horse-42!';
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const PDF = makePdf(['Not a logo']);
let counter = 0;
const newEmail = () => `signup-${Date.now().toString(36)}-${counter++}@example.test`;

const post = (url: string, payload: object, token?: string) =>
  t.app.inject({ method: 'POST', url, payload, ...(token ? { headers: bearer(token) } : {}) });

const requestCode = (email: string) =>
  t.app.inject({
    method: 'GET',
    url: `/api/auth/signUpCode?email=${encodeURIComponent(email)}&firstName=Ada&lastName=Lovelace`,
  });

async function lastMail(to: string) {
  const [row] = await t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  return row!;
}

async function codeFor(email: string) {
  expect((await requestCode(email)).statusCode).toBe(200);
  return /\b(\d{6})\b/.exec((await lastMail(email)).text)![1]!;
}

async function verify(email: string) {
  const code = await codeFor(email);
  const response = await post('/api/auth/verifySignUpCode', { email, signUpCode: code });
  expect(response.statusCode).toBe(200);
}

const companyPayload = (name: string, extra: object = {}) => ({
  name,
  companyType: 'PROCESSOR',
  manufactureForOther: 1,
  requiredMOQ: 0,
  officeAddress: { address: '1 Main St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
  saleNumber: '123456',
  ...extra,
});

const registration = (email: string, extra: object = {}) => ({
  email,
  password: PASSWORD,
  firstName: ' Ada ',
  lastName: 'Lovelace',
  phone: '(303) 555-0100',
  acceptedEula: true,
  plSegmentIds: [2],
  ...extra,
});

describe('sign-up codes', () => {
  it('emails a 6-digit code and stores only its hash', async () => {
    const email = newEmail();
    const code = await codeFor(email);
    expect(code).toMatch(/^\d{6}$/);
    const stored = await t.database.pool.query('select code_hash from sign_up_codes where email = $1', [
      email,
    ]);
    expect(stored.rows[0].code_hash).not.toContain(code);
  });

  it('reads an email sent with its local part encoded (spec 1 §7 resendSignUpCode)', async () => {
    const local = `ada+${Date.now().toString(36)}`;
    const email = `${local}@example.test`;
    const encoded = `${encodeURIComponent(local)}@example.test`;
    expect(encoded).toContain('%2B');
    const sent = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signUpCode',
      query: { email: encoded, firstName: 'Ada', lastName: 'Lovelace' },
    });
    expect(sent.statusCode).toBe(200);
    const code = /\b(\d{6})\b/.exec((await lastMail(email)).text)![1]!;
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: code })).statusCode).toBe(200);
    // A local part that does not decode is still refused as an address.
    const broken = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signUpCode',
      query: { email: 'ada%E0%A4%A@example.test' },
    });
    expect(broken.statusCode).toBe(400);
    expect(broken.json().details.issues[0]).toMatchObject({
      field: 'email',
      key: 'validation.emailInvalid',
    });
  });

  it('writes the code in the language of the page it was asked on, English for an unknown one', async () => {
    const email = newEmail();
    const sent = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signUpCode',
      query: { email, firstName: 'Piet', lastName: 'Polder', language: 'nl' },
    });
    expect(sent.statusCode).toBe(200);
    const mail = await lastMail(email);
    expect(mail.subject).toBe('Uw Trustleaf-aanmeldcode');
    expect(mail.text).toMatch(
      /^Hallo Piet,\n\nUw Trustleaf-aanmeldcode is \d{6}\. Deze verloopt over 15 minuten\./,
    );
    const other = newEmail();
    const unknown = await t.app.inject({
      method: 'GET',
      url: '/api/auth/signUpCode',
      query: { email: other, language: 'xx' },
    });
    expect(unknown.statusCode).toBe(200);
    expect((await lastMail(other)).subject).toBe('Your Trustleaf sign-up code');
    expect((await lastMail(other)).text).toMatch(/^Hello there,/);
  });

  it('rate-limits resend: once a minute, five an hour', async () => {
    const email = newEmail();
    expect((await requestCode(email)).statusCode).toBe(200);
    const tooSoon = await requestCode(email);
    expect(tooSoon.statusCode).toBe(429);
    expect(tooSoon.json().messages[0]).toBe('Please wait a minute before requesting another code');
    for (let i = 0; i < 4; i++) {
      t.clock.advance(61_000);
      expect((await requestCode(email)).statusCode).toBe(200);
    }
    t.clock.advance(61_000);
    expect((await requestCode(email)).json().messages[0]).toBe(
      'Too many codes requested. Please try again in an hour.',
    );
  });

  it('expires after 15 minutes', async () => {
    const email = newEmail();
    const code = await codeFor(email);
    t.clock.advance(15 * 60 * 1000 + 1);
    const response = await post('/api/auth/verifySignUpCode', { email, signUpCode: code });
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toMatch(/expired/);
  });

  it('allows at most 5 wrong tries, then even the right code needs a new one', async () => {
    const email = newEmail();
    const code = await codeFor(email);
    const wrong = code === '000000' ? '111111' : '000000';
    for (let i = 1; i <= 4; i++) {
      const response = await post('/api/auth/verifySignUpCode', { email, signUpCode: wrong });
      expect(response.statusCode).toBe(400);
      expect(response.json().details.triesLeft).toBe(5 - i);
    }
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: wrong })).statusCode).toBe(429);
    const locked = await post('/api/auth/verifySignUpCode', { email, signUpCode: code });
    expect(locked.statusCode).toBe(429);
    expect(locked.json().messages[0]).toBe('Too many wrong codes. Please request a new code.');
    t.clock.advance(61_000);
    const fresh = await codeFor(email);
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: fresh })).statusCode).toBe(200);
  });

  it('is single-use: a verified code neither verifies nor registers twice', async () => {
    const email = newEmail();
    const code = await codeFor(email);
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: code })).statusCode).toBe(200);
    expect((await post('/api/auth/verifySignUpCode', { email, signUpCode: code })).statusCode).toBe(400);
    expect((await post('/api/user/register', registration(email))).statusCode).toBe(200);
    const again = await post('/api/user/register', registration(email));
    expect(again.statusCode).toBe(409);
  });

  it('refuses registration without a verified code', async () => {
    const response = await post('/api/user/register', registration(newEmail()));
    expect(response.statusCode).toBe(400);
    expect(response.json().messages[0]).toBe('Please verify your email before registering');
  });
});

describe('registration', () => {
  it('creates the user and the company; sign-in then shows the company in the profile', async () => {
    const email = newEmail();
    await verify(email);
    const response = await post(
      '/api/user/register',
      registration(email, { company: companyPayload('Registered Processor One') }),
    );
    expect(response.statusCode).toBe(200);
    const { plCompanyId } = response.json().detail;
    const session = await login(t.app, email, PASSWORD);
    const profile = (await post('/api/user/getMyProfile', {}, session.accessToken)).json().detail;
    expect(profile.currentUser.firstName).toBe('Ada');
    expect(profile.currentCompany).toMatchObject({
      plCompanyId,
      companyName: 'Registered Processor One',
      isOwner: true,
    });
    const onboarding = await t.database.pool.query(
      'select manufacture_for_other, required_moq, sale_number, segment_ids from company_onboarding where company_id = $1',
      [plCompanyId],
    );
    expect(onboarding.rows[0]).toEqual({
      manufacture_for_other: true,
      required_moq: false,
      sale_number: '123456',
      segment_ids: [2],
    });
  });

  it('refuses person and company names with control characters or line breaks, creating nothing', async () => {
    const email = newEmail();
    await verify(email);
    const companyName = `Bell\u0007 Hemp ${Date.now().toString(36)}`;
    const response = await post(
      '/api/user/register',
      registration(email, {
        firstName: 'Ada\u001b[31m',
        lastName: 'Love\nlace',
        company: companyPayload(companyName),
      }),
    );
    expect(response.statusCode).toBe(400);
    const message = 'A name cannot contain line breaks or control characters';
    expect(response.json().details.issues).toEqual([
      { field: 'firstName', key: 'signUp.nameControlCharacters', message },
      { field: 'lastName', key: 'signUp.nameControlCharacters', message },
      { field: 'company.name', key: 'signUp.nameControlCharacters', message },
    ]);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toEqual([]);
    expect(await t.database.db.select().from(companies).where(eq(companies.name, companyName))).toEqual([]);
  });

  it("accepts spec 1 §3's literal payload: plCompanyId and saleNumber empty, the type in words", async () => {
    const email = newEmail();
    await verify(email);
    const response = await post(
      '/api/user/register',
      registration(email, {
        inviteMemberCode: '',
        company: {
          name: 'Literal Payload Hemp Seeds',
          companyType: 'hemp seed',
          officeAddress: { address: '1 Main St', city: 'Denver', state: 'CO', zip: '80202', country: 'US' },
          plCompanyId: '',
          saleNumber: '',
          claimCode: '',
          promoCode: '',
        },
      }),
    );
    expect(response.statusCode, response.body).toBe(200);
    const { plCompanyId } = response.json().detail;
    expect(plCompanyId).toBeGreaterThan(0);
    // Spec 2 §7 sends the prospect search's and the duplicate check's type as one word.
    const listing = await post('/api/company/companyFilterListing', {
      companyName: 'literal payload hemp seeds',
      officeAddress: { state: 'CO' },
      companyType: 'registered',
      companyNameValidation: true,
    });
    expect(listing.statusCode, listing.body).toBe(200);
    expect(listing.json().detail.items[0]).toMatchObject({
      plCompanyId,
      companyName: 'Literal Payload Hemp Seeds',
    });
    const search = await post('/api/company/companyListing', { companyType: 'prospect', companyName: 'x' });
    expect(search.statusCode, search.body).toBe(200);
  });

  it('still refuses a plCompanyId that is not a number or an empty value', async () => {
    const email = newEmail();
    await verify(email);
    const response = await post(
      '/api/user/register',
      registration(email, { company: companyPayload('Not A Claim', { plCompanyId: 'abc' }) }),
    );
    expect(response.statusCode).toBe(400);
  });

  it('answers "Duplicate" for the same name in the same state, ignoring case and spaces', async () => {
    const first = newEmail();
    await verify(first);
    await post('/api/user/register', registration(first, { company: companyPayload('Green Leaf Labs') }));
    const listing = await post('/api/company/companyFilterListing', {
      companyName: 'green leaf  labs',
      officeAddress: { state: 'CO' },
      companyType: ['registered'],
      companyNameValidation: true,
      paginationOption: { itemsPerPage: 1, currentPage: 1 },
    });
    expect(listing.json().detail.items[0].companyName).toBe('Green Leaf Labs');
    const second = newEmail();
    await verify(second);
    const duplicate = await post(
      '/api/user/register',
      registration(second, { company: companyPayload(' GREENLEAF labs ') }),
    );
    expect(duplicate.statusCode).toBe(409);
    expect(duplicate.json().messages).toEqual(['Duplicate']);
    // The whole registration rolled back: no user was left behind.
    expect(await t.database.db.select().from(users).where(eq(users.email, second))).toHaveLength(0);
    const otherState = await post(
      '/api/user/register',
      registration(second, {
        company: companyPayload('Green Leaf Labs', {
          officeAddress: { address: '', city: 'Portland', state: 'OR', zip: '', country: 'US' },
        }),
      }),
    );
    expect(otherState.statusCode).toBe(200);
  });

  it('makes one account of two concurrent registrations with the same email', async () => {
    const email = newEmail();
    await verify(email);
    const [a, b] = await Promise.all([
      post('/api/user/register', registration(email, { company: companyPayload('Race Co A') })),
      post('/api/user/register', registration(email, { company: companyPayload('Race Co B') })),
    ]);
    expect([a.statusCode, b.statusCode].sort()).toEqual([200, 409]);
    const loser = a.statusCode === 409 ? a : b;
    expect(loser.json()).toMatchObject({
      code: 'CONFLICT',
      messages: ['An account with this email already exists'],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(1);
  });

  it('validates the payload with the spec messages', async () => {
    const response = await post('/api/user/register', {
      ...registration(newEmail()),
      password: 'weak',
      phone: '(123) 456-7890',
      company: { ...companyPayload('x'.repeat(41)), companyType: '' },
    });
    expect(response.statusCode).toBe(400);
    expect(response.body).toContain('Include 12 characters');
    expect(response.body).toContain('Phone number is invalid');
    expect(response.body).toContain('Character limit');
    expect(response.body).toContain('Type Of Company is required');
  });
});

describe('sign-up promo code (spec 1 §3, §8)', () => {
  let promoCounter = 0;
  async function createPromo(over: Partial<typeof promos.$inferInsert> = {}) {
    const code = `SIGNUP${Date.now().toString(36).toUpperCase()}${promoCounter++}`;
    const [row] = await t.database.db
      .insert(promos)
      .values({ code, status: 'ACTIVE', ...over })
      .returning();
    return row!;
  }
  const usageOf = async (id: number) =>
    (await t.database.db.select().from(promos).where(eq(promos.id, id)))[0]!.totalUsage;
  const redemptionsOf = (id: number) =>
    t.database.db.select().from(promoRedemptions).where(eq(promoRedemptions.promoId, id));
  const withPromo = (name: string, promoCode: string) =>
    companyPayload(name, {
      officeAddress: { address: '', city: '', state: 'NM', zip: '', country: 'US' },
      promoCode,
    });

  it('redeems a valid code for the new company through billing, held for its first subscription', async () => {
    const promo = await createPromo({ limitUsage: true, maxUsage: 3 });
    const email = newEmail();
    await verify(email);
    const response = await post(
      '/api/user/register',
      registration(email, { company: withPromo('Promo Valid Co', ` ${promo.code.toLowerCase()} `) }),
    );
    expect(response.statusCode).toBe(200);
    const { plCompanyId } = response.json().detail;
    expect(await usageOf(promo.id)).toBe(1);
    expect(await redemptionsOf(promo.id)).toEqual([
      expect.objectContaining({ companyId: plCompanyId, subscriptionId: null }),
    ]);
    const session = await login(t.app, email, PASSWORD);
    const listing = await post(
      '/api/subscription/companySubscriptionListing',
      { plCompanyId },
      session.accessToken,
    );
    expect(listing.json().detail.appliedPromoCode).toBe(promo.code);
  });

  it('checks a code for the sign-up form without a session and without its details', async () => {
    const good = await createPromo({ limitUsage: true, maxUsage: 3 });
    const used = await createPromo({ limitUsage: true, maxUsage: 1, totalUsage: 1 });
    const ok = await post('/api/user/checkPromoCode', { promoCode: good.code.toLowerCase() });
    expect(ok.statusCode).toBe(200);
    expect(ok.json().detail).toEqual({ promoCode: good.code });
    expect((await post('/api/user/checkPromoCode', { promoCode: 'NO-SUCH-CODE' })).json()).toMatchObject({
      code: 'INVALID_PROMO_CODE',
      messages: ['Invalid Promo Code.'],
    });
    const maxed = await post('/api/user/checkPromoCode', { promoCode: used.code });
    expect(maxed.statusCode).toBe(400);
    expect(maxed.json().code).toBe('MAX_USAGE_PROMO_CODE');
    expect((await post('/api/user/checkPromoCode', { promoCode: ' ' })).statusCode).toBe(400);
    expect(await usageOf(good.id)).toBe(0);
  });

  it('limits promo checks per client address so codes cannot be guessed', async () => {
    const check = (remoteAddress: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/checkPromoCode',
        remoteAddress,
        payload: { promoCode: 'GUESS-1' },
      });
    for (let i = 0; i < PROMO_CHECKS_PER_MINUTE; i++) {
      expect((await check('203.0.113.9')).json().code).toBe('INVALID_PROMO_CODE');
    }
    const refused = await check('203.0.113.9');
    expect(refused.statusCode).toBe(429);
    expect(refused.json()).toMatchObject({
      code: 'RATE_LIMITED',
      messages: [PROMO_CHECK_RATE_LIMIT_MESSAGE],
    });
    expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
    expect((await check('198.51.100.9')).json().code).toBe('INVALID_PROMO_CODE');
  });

  it('refuses an unknown or inactive code with INVALID_PROMO_CODE and creates nothing', async () => {
    const inactive = await createPromo({ status: 'INACTIVE' });
    for (const code of ['NO-SUCH-CODE', inactive.code]) {
      const email = newEmail();
      await verify(email);
      const response = await post(
        '/api/user/register',
        registration(email, { company: withPromo(`Promo Bad ${code}`, code) }),
      );
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'INVALID_PROMO_CODE',
        messages: ['Invalid Promo Code.'],
      });
      expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
      // The verification was not used up either: the same person registers without the code.
      const retry = await post(
        '/api/user/register',
        registration(email, { company: withPromo(`Promo Bad ${code}`, '') }),
      );
      expect(retry.statusCode).toBe(200);
    }
    expect(await usageOf(inactive.id)).toBe(0);
  });

  it('refuses a used-up code with MAX_USAGE_PROMO_CODE and leaves its count alone', async () => {
    const promo = await createPromo({ limitUsage: true, maxUsage: 2, totalUsage: 2 });
    const email = newEmail();
    await verify(email);
    const response = await post(
      '/api/user/register',
      registration(email, { company: withPromo('Promo Max Co', promo.code) }),
    );
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'MAX_USAGE_PROMO_CODE',
      messages: ['This promo code has reached its maximum usage.'],
    });
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
    expect(await usageOf(promo.id)).toBe(2);
  });

  it('gives the last use of a code to one of two concurrent registrations; the other rolls back whole', async () => {
    const promo = await createPromo({ limitUsage: true, maxUsage: 1 });
    const emails = [newEmail(), newEmail()];
    for (const email of emails) await verify(email);
    const responses = await Promise.all(
      emails.map((email, i) =>
        post(
          '/api/user/register',
          registration(email, { company: withPromo(`Promo Race ${i}`, promo.code) }),
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, 400]);
    const loser = responses.findIndex((r) => r.statusCode === 400);
    expect(responses[loser]!.json().code).toBe('MAX_USAGE_PROMO_CODE');
    expect(await t.database.db.select().from(users).where(eq(users.email, emails[loser]!))).toHaveLength(0);
    expect(
      await t.database.db
        .select()
        .from(companies)
        .where(eq(companies.name, `Promo Race ${loser}`)),
    ).toHaveLength(0);
    expect(await usageOf(promo.id)).toBe(1);
    expect(await redemptionsOf(promo.id)).toHaveLength(1);
  });

  it('does not count the use when the registration fails after the code was applied', async () => {
    const promo = await createPromo({ limitUsage: true, maxUsage: 1 });
    const db = t.database.db;
    // Applying a promo neither charges nor mails: the promos service alone.
    const companyAccess = createCompanyAccess(db);
    const promos = createPromosService({
      companyAccess,
      repo: createPromosRepository(db),
      plans: createPlansService({ companyAccess, repo: createPlansRepository(db) }),
      clock: t.clock,
    });
    const accounts = createAccountsService({
      record: async () => undefined,
      repo: createAccountsRepository(t.database.db),
      limiter: createAttemptLimiter(t.database.db),
      mailer: { send: async () => 0 },
      clock: t.clock,
      appUrl: '',
      addresses: { suggest: async () => [] },
      resolveLogo: async () => null,
      enqueueImport: async () => undefined,
      findPromoCode: (code) => promos.promoDetail(code),
      applyPromoCode: async (tx, companyId, code) => {
        await promos.applyPromoCodeInTransaction(tx, companyId, code);
        expect(await createPromosRepository(tx).pendingRedemption(companyId)).not.toBeNull();
        throw new Error('the registration fails after the promo was applied');
      },
    });
    const email = newEmail();
    await verify(email);
    await expect(
      accounts.register(
        {
          ...registration(email),
          firstName: 'Ada',
          company: { ...withPromo('Promo Rollback Co', promo.code), manufactureForOther: 1, requiredMOQ: 0 },
        } as Parameters<typeof accounts.register>[0],
        '10.9.9.9',
      ),
    ).rejects.toThrow('the registration fails after the promo was applied');
    expect(await usageOf(promo.id)).toBe(0);
    expect(await redemptionsOf(promo.id)).toHaveLength(0);
    expect(await t.database.db.select().from(users).where(eq(users.email, email))).toHaveLength(0);
  });
});

describe('prospects', () => {
  const PROSPECT_CSV_HEADER =
    'Company Name,Company Type,Address,City,State,Zip,Country,Segments,Contact First Name,Contact Last Name,Contact Email,Contact Phone';
  /** The super admin who imports prospects, seeded once for these tests. */
  let importerToken: Promise<string> | null = null;
  const importer = () =>
    (importerToken ??= seedAdmin(t.database.db, {
      email: 'root-accounts@example.test',
      password: 'Root-password-123!',
    }).then(async (admin) => (await login(t.app, admin.email, 'Root-password-123!')).accessToken));

  it('imports a CSV as a job, reports bad rows by line, and a claim converts the prospect', async () => {
    const accessToken = await importer();
    const contact = newEmail();
    const csv = [
      PROSPECT_CSV_HEADER,
      `Prospect Farms,Cultivator,9 Farm Rd,Boulder,CO,80301,US,Cannabis;Hemp,Pat,Prospect,${contact},(303) 555-0101`,
      ',Retailer,,,,,,,,,nobody@example.test,',
      'Bad Email Co,Retailer,,,,,US,,,,not-an-email,',
      'Unknown Segment Co,Retailer,,,,,US,Mushrooms,,,x@example.test,',
    ].join('\n');
    const started = await post('/api/company/importProspects', { csv }, accessToken);
    expect(started.statusCode).toBe(200);
    const job = (
      await post('/api/company/getProspectImportJob', { jobId: started.json().detail.jobId }, accessToken)
    ).json().detail;
    expect(job).toMatchObject({ status: 'DONE', totalRows: 4, importedRows: 1 });
    expect(job.errors.map((error: { line: number }) => error.line)).toEqual([3, 4, 5]);
    expect(job.errors[0].messages.join()).toContain('Company Name is required');

    const search = await post('/api/company/companyListing', {
      searchFor: 'sign-up',
      companyType: ['prospect'],
      companyName: 'prospect farm',
      paginationOption: { itemsPerPage: 5, currentPage: 1 },
    });
    expect(search.json().detail.items[0]).toMatchObject({
      companyName: 'Prospect Farms',
      locations: [{ city: 'Boulder', state: 'CO' }],
    });

    const claimCode = /claim code is ([A-Z0-9]+)/.exec((await lastMail(contact)).text)![1]!;
    const detail = (await post('/api/company/getProspectDetail', { claimCode })).json().detail;
    expect(detail).toMatchObject({
      companyName: 'Prospect Farms',
      companyType: 'CULTIVATOR',
      plSegmentIds: [1, 2],
      prospectContact: { firstName: 'Pat', email: contact },
    });

    await verify(contact);
    const claimed = await post(
      '/api/user/register',
      registration(contact, {
        company: {
          ...companyPayload('Prospect Farms', { companyType: 'CULTIVATOR' }),
          plCompanyId: detail.plCompanyId,
          claimCode,
        },
      }),
    );
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().detail.plCompanyId).toBe(detail.plCompanyId);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, detail.plCompanyId));
    expect(row!.kind).toBe('REGISTERED');
    expect((await post('/api/company/getProspectDetail', { claimCode })).statusCode).toBe(404);
  });

  it('claims a prospect by its plCompanyId alone (spec 1 §3) for the contact it lists, and asks anyone else for the code', async () => {
    const accessToken = await importer();
    const contact = newEmail();
    const csv = [
      PROSPECT_CSV_HEADER,
      `Claimable Acres,Cultivator,4 Farm Rd,Boulder,CO,80301,US,Hemp,Pat,Prospect,${contact.toUpperCase()},`,
    ].join('\n');
    await post('/api/company/importProspects', { csv }, accessToken);
    const search = await post('/api/company/companyListing', {
      searchFor: 'sign-up',
      companyType: ['prospect'],
      companyName: 'claimable acres',
      paginationOption: { itemsPerPage: 5, currentPage: 1 },
    });
    const { plCompanyId } = search.json().detail.items[0];
    // From an address of its own: the registrations per address and hour are shared by this file.
    const claim = (email: string, id: number) =>
      t.app.inject({
        method: 'POST',
        url: '/api/user/register',
        remoteAddress: '203.0.113.31',
        payload: registration(email, {
          company: { ...companyPayload('Claimable Acres', { companyType: 'CULTIVATOR' }), plCompanyId: id },
        }),
      });

    const stranger = newEmail();
    await verify(stranger);
    const refused = await claim(stranger, plCompanyId);
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ["Enter the claim code sent to this company's contact to claim it"],
    });
    expect(refused.json().details.issues[0].key).toBe('signUp.server.claimNeedsCode');
    const unclaimed = await t.database.pool.query('select claimed_at from prospects where company_id = $1', [
      plCompanyId,
    ]);
    expect(unclaimed.rows[0].claimed_at).toBeNull();
    expect((await t.database.pool.query('select 1 from users where email = $1', [stranger])).rowCount).toBe(
      0,
    );

    await verify(contact);
    const claimed = await claim(contact, plCompanyId);
    expect(claimed.statusCode).toBe(200);
    expect(claimed.json().detail.plCompanyId).toBe(plCompanyId);
    const [row] = await t.database.db.select().from(companies).where(eq(companies.id, plCompanyId));
    expect(row!.kind).toBe('REGISTERED');

    const again = await claim(stranger, plCompanyId);
    expect(again.json().messages).toEqual(['This company profile cannot be claimed']);
    expect((await claim(stranger, 999_999)).json().messages).toEqual([
      'This company profile cannot be claimed',
    ]);
  });

  it('seeds demo prospects that the sign-up search finds and their demo codes open', async () => {
    await seedDemo(t.database.db);
    const search = await post('/api/company/companyListing', { searchFor: 'sign-up', companyName: 'rocky' });
    expect(search.json().detail.items.map((item: { companyName: string }) => item.companyName)).toEqual([
      'Rocky Mountain Extracts',
    ]);
    const detail = await post('/api/company/getProspectDetail', { claimCode: 'democlaim1' });
    expect(detail.json().detail).toMatchObject({
      companyName: 'Rocky Mountain Extracts',
      companyType: 'PROCESSOR',
    });
  });

  it('lets only a super admin import', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await post('/api/company/importProspects', { csv: 'a,b\n1,2' }, accessToken);
    expect(response.statusCode).toBe(403);
  });
});

describe('invites', () => {
  it('an invited person signs up into the inviting company with the invited role, and can leave', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const ownerSession = await login(t.app, owner.user.email);
    const email = newEmail();
    const invited = await post(
      '/api/company/inviteMember',
      { plCompanyId: owner.companyId, email, role: 'Company Admin' },
      ownerSession.accessToken,
    );
    expect(invited.statusCode).toBe(200);
    const token = /inviteMemberCode=([\w-]+)/.exec((await lastMail(email)).text)![1]!;
    const detail = (await post('/api/company/getInviteMemberCodeDetail', { inviteMemberCode: token })).json()
      .detail;
    expect(detail).toMatchObject({ email, role: 'Company Admin', plCompanyId: owner.companyId });

    await verify(email);
    const response = await post('/api/user/register', registration(email, { inviteMemberCode: token }));
    expect(response.json().detail.plCompanyId).toBe(owner.companyId);
    const session = await login(t.app, email, PASSWORD);
    const profile = (await post('/api/user/getMyProfile', {}, session.accessToken)).json().detail;
    expect(profile.currentUser.memberOfCompany).toEqual({
      plCompanyId: owner.companyId,
      roles: ['Company Admin'],
    });
    expect(
      (await post('/api/company/getInviteMemberCodeDetail', { inviteMemberCode: token })).statusCode,
    ).toBe(404);

    expect(
      (await post('/api/user/leaveCompany', { plCompanyId: owner.companyId }, session.accessToken))
        .statusCode,
    ).toBe(200);
    expect(
      (await post('/api/user/leaveCompany', { plCompanyId: owner.companyId }, ownerSession.accessToken))
        .statusCode,
    ).toBe(403);
  });

  it('a signed-in user without a company joins with the token; plain users cannot invite', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const plain = await createMember(t.database.db, 'User', owner.companyId);
    const plainSession = await login(t.app, plain.user.email);
    expect(
      (
        await post(
          '/api/company/inviteMember',
          { plCompanyId: owner.companyId, email: newEmail() },
          plainSession.accessToken,
        )
      ).statusCode,
    ).toBe(403);
    const email = newEmail();
    await verify(email);
    await post('/api/user/register', registration(email));
    const ownerSession = await login(t.app, owner.user.email);
    await post(
      '/api/company/inviteMember',
      { plCompanyId: owner.companyId, email },
      ownerSession.accessToken,
    );
    const token = /inviteMemberCode=([\w-]+)/.exec((await lastMail(email)).text)![1]!;
    const session = await login(t.app, email, PASSWORD);
    const joined = await post('/api/user/joinCompany', { inviteToken: token }, session.accessToken);
    expect(joined.json().detail.plCompanyId).toBe(owner.companyId);
  });
});

describe('create company', () => {
  it('refuses an unknown type of company and an unaccepted licence agreement by their own keys', async () => {
    const email = newEmail();
    await verify(email);
    // Its own address: the file's other sign-ups share the per-address limit of registrations.
    const register = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: '203.0.113.33', payload });
    const refusedType = await register(
      registration(email, { company: companyPayload('No Type Co', { companyType: 'BAKERY' }) }),
    );
    expect(refusedType.statusCode).toBe(400);
    expect(refusedType.json().details.issues).toEqual([
      { field: 'company.companyType', key: 'signUp.typeRequired', message: 'Type Of Company is required' },
    ]);
    for (const acceptedEula of [false, undefined, 'yes']) {
      const refused = await register(registration(email, { acceptedEula }));
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.issues).toEqual([
        {
          field: 'acceptedEula',
          key: 'signUp.eulaRequired',
          message: 'You must accept the licence agreement',
        },
      ]);
    }
    // Any spelling of a type the spec names still registers.
    const accepted = await register(
      registration(email, { company: companyPayload('Spelled Type Co', { companyType: 'hemp seed' }) }),
    );
    expect(accepted.statusCode).toBe(200);
  });
  it('refuses a business segment that does not exist, at sign-up and in the Create Company dialog', async () => {
    const email = newEmail();
    await verify(email);
    const unknown = { field: 'plSegmentIds.0', key: 'signUp.unknownSegment' };
    // From an address of its own: the registrations per address and hour are shared by this file.
    const register = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: '203.0.113.32', payload });
    const refused = await register(
      registration(email, { plSegmentIds: [99999], company: companyPayload('Nowhere Segment Co') }),
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages[0]).toContain('Choose a business segment from the list');
    expect(refused.json().details.issues[0]).toMatchObject(unknown);
    const companies = await t.database.pool.query('select 1 from companies where name = $1', [
      'Nowhere Segment Co',
    ]);
    expect(companies.rowCount).toBe(0);

    await register(registration(email));
    const session = await login(t.app, email, PASSWORD);
    const dialog = await post(
      '/api/company/createCompany',
      { company: companyPayload('Nowhere Segment Co', { companyType: 'RETAILER' }), plSegmentIds: [1, 4] },
      session.accessToken,
    );
    expect(dialog.statusCode).toBe(400);
    expect(dialog.json().details.issues[0]).toMatchObject({ ...unknown, field: 'plSegmentIds.1' });
  });

  it('refuses a type of company outside the chosen segments (a cannabis processor), at sign-up and in the Create Company dialog', async () => {
    const email = newEmail();
    await verify(email);
    const register = (payload: object) =>
      t.app.inject({ method: 'POST', url: '/api/user/register', remoteAddress: '203.0.113.33', payload });
    const processor = await register(
      registration(email, { plSegmentIds: [1], company: companyPayload('Cannabis Processor Co') }),
    );
    expect(processor.statusCode).toBe(400);
    expect(processor.json()).toMatchObject({
      messages: ['A cannabis company cannot be a processor'],
      details: { issues: [{ field: 'company.companyType', key: 'company.errors.cannabisProcessor' }] },
    });
    const companies = await t.database.pool.query('select 1 from companies where name = $1', [
      'Cannabis Processor Co',
    ]);
    expect(companies.rowCount).toBe(0);

    // The code is still unused: the refusal came first.
    expect((await register(registration(email))).statusCode).toBe(200);
    const session = await login(t.app, email, PASSWORD);
    const dialog = await post(
      '/api/company/createCompany',
      { company: companyPayload('Hemp Manufacturer Co', { companyType: 'MANUFACTURER' }), plSegmentIds: [2] },
      session.accessToken,
    );
    expect(dialog.statusCode).toBe(400);
    expect(dialog.json().messages).toEqual(['A hemp company cannot be a manufacturer']);
    const both = await post(
      '/api/company/createCompany',
      { company: companyPayload('Two Segment Processor Co'), plSegmentIds: [1, 2] },
      session.accessToken,
    );
    expect(both.statusCode, both.body).toBe(200);
  });
  it('creates a company for a signed-in user without one, and only once', async () => {
    const email = newEmail();
    await verify(email);
    await post('/api/user/register', registration(email));
    const session = await login(t.app, email, PASSWORD);
    const form = new FormData();
    form.append('files', new Blob([PNG]), 'logo.png');
    const request = new Request('http://x', { method: 'POST', body: form });
    const uploaded = await t.app.inject({
      method: 'POST',
      url: '/api/storage/preupload?mode=image',
      headers: { ...bearer(session.accessToken), 'content-type': request.headers.get('content-type')! },
      payload: Buffer.from(await request.arrayBuffer()),
    });
    const payload = {
      company: companyPayload('Dialog Created Co', { companyType: 'RETAILER' }),
      plSegmentIds: [1],
      logoUploadKey: uploaded.json().detail[0].key,
    };
    const created = await post('/api/company/createCompany', payload, session.accessToken);
    expect(created.statusCode).toBe(200);
    const profile = (await post('/api/user/getMyProfile', {}, session.accessToken)).json().detail;
    expect(profile.currentCompany.resourcePhoto.url).toMatch(/^\/api\/storage\/file\?/);
    const logo = await t.app.inject({ method: 'GET', url: profile.currentCompany.resourcePhoto.url });
    expect(logo.statusCode).toBe(200);
    const again = await post('/api/company/createCompany', payload, session.accessToken);
    expect(again.statusCode).toBe(409);
    expect((await post('/api/company/createCompany', payload)).statusCode).toBe(401);
  });

  it('takes a logo preuploaded as spec 2 §7 calls it, a file alone (no mode), and refuses a PDF sent so', async () => {
    // A user made in the database: this file's registrations from one address have used up its limit.
    const user = await createUser(t.database.db);
    const session = await login(t.app, user.email);
    const store = async (name: string, content: Buffer) => {
      const form = new FormData();
      form.append('files', new Blob([new Uint8Array(content)]), name);
      const request = new Request('http://x', { method: 'POST', body: form });
      const stored = await t.app.inject({
        method: 'POST',
        url: '/api/storage/preupload',
        headers: { ...bearer(session.accessToken), 'content-type': request.headers.get('content-type')! },
        payload: Buffer.from(await request.arrayBuffer()),
      });
      expect(stored.statusCode, stored.body).toBe(200);
      return stored.json().detail[0].key as string;
    };
    const company = companyPayload('Plain Upload Logo Co', { companyType: 'RETAILER' });
    const pdf = await post(
      '/api/company/createCompany',
      { company, plSegmentIds: [1], logoUploadKey: await store('logo.pdf', PDF) },
      session.accessToken,
    );
    expect(pdf.statusCode).toBe(400);
    const created = await post(
      '/api/company/createCompany',
      { company, plSegmentIds: [1], logoUploadKey: await store('logo.png', PNG) },
      session.accessToken,
    );
    expect(created.statusCode, created.body).toBe(200);
    const profile = (await post('/api/user/getMyProfile', {}, session.accessToken)).json().detail;
    expect(profile.currentCompany.resourcePhoto.url).toMatch(/^\/api\/storage\/file\?/);
  });
});

describe('one company per user under concurrent requests', () => {
  it('of ten concurrent Create Company requests by one user, one creates a company', async () => {
    const user = await createUser(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const responses = await Promise.all(
      Array.from({ length: 10 }, (_, i) =>
        post(
          '/api/company/createCompany',
          { company: companyPayload(`Concurrent Create ${user.id} ${i}`), plSegmentIds: [2] },
          accessToken,
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    const owned = await t.database.pool.query('select 1 from company_members where user_id = $1', [user.id]);
    expect(owned.rowCount).toBe(1);
  });

  it('a user invited by two companies who joins both at once joins one', async () => {
    const user = await createUser(t.database.db);
    const tokens: string[] = [];
    for (const _ of [1, 2]) {
      const owner = await createMember(t.database.db, 'Company Owner');
      const ownerSession = await login(t.app, owner.user.email);
      await post(
        '/api/company/inviteMember',
        { plCompanyId: owner.companyId, email: user.email },
        ownerSession.accessToken,
      );
      tokens.push(/inviteMemberCode=([\w-]+)/.exec((await lastMail(user.email)).text)![1]!);
    }
    const { accessToken } = await login(t.app, user.email);
    const responses = await Promise.all(
      [...tokens, ...tokens].map((inviteToken) =>
        post('/api/user/joinCompany', { inviteToken }, accessToken),
      ),
    );
    expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
    const joined = await t.database.pool.query('select 1 from company_members where user_id = $1', [user.id]);
    expect(joined.rowCount).toBe(1);
  });
});

describe('address suggestions', () => {
  it('fills city and state from a ZIP code offline', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/address/suggestions?query=1%20Main%20St%2C%2080202',
    });
    expect(response.json().detail[0]).toMatchObject({
      corporateOfficeAddress: '1 Main St',
      city: 'Denver',
      state: 'CO',
      zip: '80202',
      country: 'US',
    });
  });
});
