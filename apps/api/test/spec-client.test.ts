import { beforeAll, describe, expect, it } from 'vitest';
import { prospects } from '../src/db/schema.ts';
import { claimHash } from '../src/modules/accounts/claim-code.ts';
import {
  createCompany,
  createTransaction,
  lastMailTo,
  login,
  planIdsByName,
  saveTestCard,
  signedInOwner,
  signInSeededAdmin,
} from './factories.ts';
import { useTestApp } from './use-test-app.ts';

/**
 * A client written from the specs alone, sending their calls as they word them: what such a client
 * sends must do what the spec says, and bad input must be refused with a message, never lost.
 */
const t = useTestApp({ env: { SANDBOX_TOKENS_PER_MINUTE: '10000' } });
const post = t.post;
let planIds: Record<string, number>;
let admin: string;

beforeAll(async () => {
  planIds = await planIdsByName(t.database.db);
  admin = await signInSeededAdmin(t.app, t.database.db, 'root@spec-client.test');
});

async function subscribedOwner() {
  const who = await signedInOwner(t.app, t.database.db);
  const saved = await saveTestCard(t.app, who, { ccnumber: '4111 1111 1111 1111', cvv: '123' });
  expect(saved.statusCode, saved.body).toBe(200);
  const started = await post(
    '/api/subscription/startSubscription',
    { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'monthly' },
    who.token,
  );
  expect(started.statusCode, started.body).toBe(200);
  return who;
}

describe('updateCompanySubscription sets auto-renew (spec 2 §3 autoRenew, §4 "auto-renew off")', () => {
  it('turns auto-renew off and on again, alone or with the current plan and frequency', async () => {
    const who = await subscribedOwner();
    const listing = async () =>
      (
        await post('/api/subscription/companySubscriptionListing', { plCompanyId: who.companyId }, who.token)
      ).json().detail.companySubscriptions[0];

    const off = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, autoRenew: false },
      who.token,
    );
    expect(off.statusCode, off.body).toBe(200);
    expect(off.json().detail).toMatchObject({ autoRenew: false, status: 'AVAILABLE' });
    expect(await listing()).toMatchObject({ autoRenew: false });

    const on = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'monthly', autoRenew: true },
      who.token,
    );
    expect(on.statusCode, on.body).toBe(200);
    expect(await listing()).toMatchObject({ autoRenew: true, subscription: { plPlanId: planIds.Pro } });
  });

  it('switches and then keeps auto-renew off when both are asked', async () => {
    const who = await subscribedOwner();
    const switched = await post(
      '/api/subscription/updateCompanySubscription',
      {
        plCompanyId: who.companyId,
        plPlanId: planIds.Enterprise,
        paymentFrequency: 'monthly',
        autoRenew: false,
      },
      who.token,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().detail).toMatchObject({
      autoRenew: false,
      subscription: { plPlanId: planIds.Enterprise },
    });
  });

  it('still refuses a switch that names neither a new plan nor auto-renew', async () => {
    const who = await subscribedOwner();
    const same = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      who.token,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().messages[0]).toBe('Please select plan to switch');
    const empty = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(empty.statusCode).toBe(400);
    expect(empty.json().details.issues).toEqual([
      expect.objectContaining({ field: 'plPlanId', message: 'This field is required' }),
      expect.objectContaining({ field: 'paymentFrequency', message: 'This field is required' }),
    ]);
  });
});

describe('upsertDocumentType keeps names unique (spec 2 document-type editor)', () => {
  const row = (name: string) => ({
    action: 'insert',
    name,
    licenseCheck: false,
    certificationCheck: false,
    expirationCheck: false,
    plBusinessTypeIds: [1],
  });
  const upsert = (plDocumentTypes: object[]) =>
    post('/api/document/upsertDocumentType', { plDocumentTypes }, admin);
  const named = async (name: string) =>
    (await post('/api/document/documentTypeListing', {}, admin))
      .json()
      .detail.plDocumentTypes.filter(
        (type: { name: string }) => type.name.toLowerCase() === name.toLowerCase(),
      );

  it('refuses a name already used, in any case, and one batch that adds a name twice', async () => {
    expect((await upsert([row('Hemp Permit')])).statusCode).toBe(200);
    const again = await upsert([row('hemp permit')]);
    expect(again.statusCode).toBe(409);
    expect(again.json()).toMatchObject({
      code: 'CONFLICT',
      messages: ['A document type named hemp permit already exists'],
    });
    const twice = await upsert([row('Seed Permit'), row('Seed Permit')]);
    expect(twice.statusCode).toBe(409);
    expect(await named('Seed Permit')).toHaveLength(0);
    expect(await named('Hemp Permit')).toHaveLength(1);
  });

  it('adds a name once when the same insert is sent ten times at once', async () => {
    const answers = await Promise.all(Array.from({ length: 10 }, () => upsert([row('Parallel Permit')])));
    expect(answers.map((a) => a.statusCode).sort()).toEqual([200, ...Array(9).fill(409)]);
    expect(await named('Parallel Permit')).toHaveLength(1);
  });

  it('lets a type keep its name, and a deleted type free its name, in the same batch', async () => {
    expect((await upsert([row('Kept Permit')])).statusCode).toBe(200);
    const [kept] = await named('Kept Permit');
    const renamed = await upsert([
      { ...row('Kept Permit'), action: 'update', plDocumentTypeId: kept.plDocumentTypeId },
    ]);
    expect(renamed.statusCode, renamed.body).toBe(200);
    const replaced = await upsert([
      { action: 'delete', plDocumentTypeId: kept.plDocumentTypeId },
      row('Kept Permit'),
    ]);
    expect(replaced.statusCode, replaced.body).toBe(200);
    expect(await named('Kept Permit')).toHaveLength(1);
  });
});

describe('registration reads null as "none" in its optional fields (spec 1 §3)', () => {
  async function verified(email: string) {
    const sent = await t.app.inject({
      method: 'GET',
      url: `/api/auth/signUpCode?email=${encodeURIComponent(email)}&firstName=Nia&lastName=Null`,
    });
    expect(sent.statusCode, sent.body).toBe(200);
    const code = /\b(\d{6})\b/.exec((await lastMailTo(t.database.db, email)).text)![1];
    const checked = await post('/api/auth/verifySignUpCode', { email, signUpCode: code });
    expect(checked.statusCode, checked.body).toBe(200);
  }

  it('registers a company whose phone, invite, claim, sign-up code, promo and address parts are null', async () => {
    await verified('nia.null@spec-client.test');
    const registered = await post('/api/user/register', {
      email: 'nia.null@spec-client.test',
      password: 'Str0ng!Passw0rd',
      firstName: 'Nia',
      lastName: 'Null',
      phone: null,
      inviteMemberCode: null,
      acceptedEula: true,
      plSegmentIds: null,
      company: {
        name: 'Null Fields Hemp',
        companyType: 'retailer',
        manufactureForOther: null,
        requiredMOQ: null,
        officeAddress: { address: null, city: 'Denver', state: 'CO', zip: null, country: 'US' },
        plCompanyId: null,
        claimCode: null,
        saleNumber: null,
        promoCode: null,
      },
    });
    expect(registered.statusCode, registered.body).toBe(200);
    expect(registered.json().detail.plCompanyId).toEqual(expect.any(Number));
  });

  it('still refuses a null where a value is required', async () => {
    const refused = await post('/api/user/register', {
      email: 'nia.none@spec-client.test',
      password: null,
      firstName: 'Nia',
      lastName: 'Null',
      acceptedEula: true,
    });
    expect(refused.statusCode).toBe(400);
    expect(refused.json().details.issues).toEqual([expect.objectContaining({ field: 'password' })]);
  });
});

describe('upsertPromo reads its dates as calendar days too (spec 3 §9 yyyy-MM-dd)', () => {
  const promo = (promoCode: string, startDate: unknown, endDate: unknown) => ({
    promoCode,
    status: 'active',
    startDate,
    endDate,
    limitUsage: false,
    maxUsage: null,
    promoPlans: [
      { plPlanId: planIds.Pro, paymentFrequency: 'monthly', discountType: 'percent', discountAmount: 10 },
    ],
  });

  it('stores a day as its whole day in Eastern time: from its start, to its end', async () => {
    const saved = await post(
      '/api/subscription/upsertPromo',
      promo('DAYS2030', '2030-01-15', '2030-01-31'),
      admin,
    );
    expect(saved.statusCode, saved.body).toBe(200);
    expect(saved.json().detail).toMatchObject({
      startDate: '2030-01-15T05:00:00.000Z',
      endDate: '2030-02-01T04:59:59.999Z',
    });
  });

  it('refuses a day that does not exist and another format with a message', async () => {
    for (const [start, end] of [
      ['2030-02-30', null],
      ['01/15/2030', null],
    ]) {
      const refused = await post('/api/subscription/upsertPromo', promo('BADDAY', start, end), admin);
      expect(refused.statusCode).toBe(400);
      expect(refused.json().details.issues[0]).toMatchObject({
        field: 'startDate',
        message: 'Invalid ISO datetime',
      });
    }
  });
});

describe("a company buys its own region's plans (spec 3 §9 regions)", () => {
  it('refuses a US company a Canadian plan: start and preview', async () => {
    const who = await signedInOwner(t.app, t.database.db);
    const saved = await saveTestCard(t.app, who, { ccnumber: '4111 1111 1111 1111', cvv: '123' });
    expect(saved.statusCode, saved.body).toBe(200);
    for (const url of ['/api/subscription/previewSubscription', '/api/subscription/startSubscription']) {
      const refused = await post(
        url,
        { plCompanyId: who.companyId, plPlanId: planIds.Platinum, paymentFrequency: 'monthly' },
        who.token,
      );
      expect(refused.statusCode, refused.body).toBe(403);
      expect(refused.json().messages).toEqual(['This plan is not available to your company']);
    }
    const listing = await post(
      '/api/subscription/companySubscriptionListing',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(listing.json().detail.companySubscriptions).toEqual([]);
  });
});

describe('listings read their paging in either shape the specs write it', () => {
  const names = (answer: { json: () => { detail: { items: { name: string }[] } } }) =>
    answer.json().detail.items.map((plan) => plan.name);

  it('getPlans reads a nested paginationOption as well as flat currentPage and itemsPerPage', async () => {
    const all = await post('/api/plan/getPlans', { status: 'active', region: 'US' }, admin);
    expect(all.statusCode, all.body).toBe(200);
    expect(names(all).length).toBeGreaterThan(2);
    const flat = await post('/api/plan/getPlans', { region: 'US', currentPage: 2, itemsPerPage: 1 }, admin);
    const nested = await post(
      '/api/plan/getPlans',
      { region: 'US', paginationOption: { currentPage: 2, itemsPerPage: 1 } },
      admin,
    );
    expect(nested.statusCode, nested.body).toBe(200);
    expect(names(nested)).toEqual([names(all)[1]]);
    expect(names(nested)).toEqual(names(flat));
    const tooMany = await post('/api/plan/getPlans', { paginationOption: { itemsPerPage: 10001 } }, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().details.issues[0]).toMatchObject({
      field: 'itemsPerPage',
      message: 'Must be at most 10000',
    });
  });

  it('the activity and transaction listings read a nested paginationOption as well as flat paging', async () => {
    const who = await signedInOwner(t.app, t.database.db);
    for (const amountCents of [1000, 2000, 3000]) {
      await createTransaction(t.database.db, { companyId: who.companyId, amountCents });
    }
    // Signing in twice more leaves three entries in the owner's activity log.
    await login(t.app, who.user.email);
    await login(t.app, who.user.email);
    const cases = [
      ['/api/user/activity', { scope: 'mine' }, who.token, 'plActivityId'],
      ['/api/transaction/transactionListing', { plCompanyId: who.companyId }, admin, 'plTransactionId'],
    ] as const;
    for (const [url, filter, token, id] of cases) {
      const ids = async (body: object) => {
        const answer = await post(url, { ...filter, ...body }, token);
        expect(answer.statusCode, answer.body).toBe(200);
        return answer.json().detail.items.map((item: Record<string, number>) => item[id]);
      };
      const all = await ids({});
      expect(all.length, url).toBeGreaterThanOrEqual(3);
      expect(await ids({ paginationOption: { currentPage: 2, itemsPerPage: 1 } }), url).toEqual([all[1]]);
      expect(await ids({ currentPage: 2, itemsPerPage: 1 }), url).toEqual([all[1]]);
      const tooMany = await post(url, { ...filter, paginationOption: { itemsPerPage: 10001 } }, token);
      expect(tooMany.statusCode, url).toBe(400);
    }
  });

  it('companyListing reads flat currentPage and itemsPerPage as well as its paginationOption', async () => {
    const word = `pagedprospect${Date.now()}`;
    for (const letter of ['A', 'B', 'C']) {
      const company = await createCompany(t.database.db, { name: `${word} ${letter}`, kind: 'PROSPECT' });
      await t.database.db.insert(prospects).values({
        companyId: company.id,
        claimCodeHash: claimHash(`${word}${letter}`),
        contactFirstName: 'Pat',
        contactLastName: 'Prospect',
        contactEmail: `${word}${letter}@example.test`,
        segmentIds: [],
      });
    }
    const listed = async (body: object) => {
      const answer = await post('/api/company/companyListing', {
        companyType: 'prospect',
        companyName: word,
        ...body,
      });
      expect(answer.statusCode, answer.body).toBe(200);
      return answer.json().detail.items.map((item: { companyName: string }) => item.companyName.slice(-1));
    };
    expect(await listed({})).toEqual(['A', 'B', 'C']);
    expect(await listed({ paginationOption: { itemsPerPage: 1, currentPage: 2 } })).toEqual(['B']);
    expect(await listed({ itemsPerPage: 1, currentPage: 2 })).toEqual(['B']);
    expect(await listed({ itemsPerPage: 2, currentPage: 2 })).toEqual(['C']);
    const tooMany = await post('/api/company/companyListing', { companyName: word, itemsPerPage: 6 });
    expect(tooMany.statusCode).toBe(400);
  });
});

describe('money with fractions of a cent is refused, never rounded (spec 3 §9 USD)', () => {
  it('refuses a refund of 10.005 with a message, refunds nothing, and takes 10.01', async () => {
    const who = await subscribedOwner();
    const listing = async () =>
      (await post('/api/transaction/transactionListing', { plCompanyId: who.companyId }, admin)).json().detail
        .items[0];
    const payment = { id: (await listing()).plTransactionId as number };
    const refused = await post(
      '/api/transaction/refund',
      { plTransactionId: payment.id, amount: 10.005 },
      admin,
    );
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details.issues).toEqual([
      { field: 'amount', message: 'Use at most two decimals (whole cents)', key: 'validation.cents' },
    ]);
    expect(await listing()).toMatchObject({ refundedAmount: 0 });
    const taken = await post(
      '/api/transaction/refund',
      { plTransactionId: payment.id, amount: 10.01 },
      admin,
    );
    expect(taken.statusCode, taken.body).toBe(200);
    expect(taken.json().detail).toMatchObject({ refundedAmount: 10.01 });
  });

  it("refuses a plan fee or a promo's discount in fractions of a cent", async () => {
    const plan = (
      await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planIds.Basic }, admin)
    ).json().detail;
    const fee = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 0, plans: [{ ...plan, monthlyFee: 49.999 }] },
      admin,
    );
    expect(fee.statusCode, fee.body).toBe(400);
    expect(fee.json().details.issues).toContainEqual(
      expect.objectContaining({ field: 'plans.0.monthlyFee', key: 'validation.cents' }),
    );
    const promo = await post(
      '/api/subscription/upsertPromo',
      {
        promoCode: `CENTS${Date.now()}`,
        status: 'ACTIVE',
        startDate: null,
        endDate: null,
        limitUsage: false,
        maxUsage: null,
        promoPlans: [
          {
            plPlanId: planIds.Basic,
            paymentFrequency: 'MONTHLY',
            discountType: 'AMOUNT',
            discountAmount: 5.555,
          },
        ],
      },
      admin,
    );
    expect(promo.statusCode, promo.body).toBe(400);
    expect(promo.json().details.issues).toContainEqual(
      expect.objectContaining({ field: 'promoPlans.0.discountAmount', key: 'validation.cents' }),
    );
  });
});

describe('plans by GET, as spec 3 §7 writes them (GET /api/plan?filters, GET /api/plan/{id})', () => {
  const get = (url: string, token: string) =>
    t.app.inject({ method: 'GET', url, headers: { authorization: `Bearer ${token}` } });

  it('lists the plans with the filters and paging of getPlans in the query string', async () => {
    const who = await signedInOwner(t.app, t.database.db);
    const body = await post('/api/plan/getPlans', { status: 'ACTIVE', region: 'US' }, who.token);
    const query = await get('/api/plan?status=ACTIVE&region=US', who.token);
    expect(query.statusCode, query.body).toBe(200);
    expect(query.json().detail).toEqual(body.json().detail);
    const page = await get('/api/plan?region=us&currentPage=2&itemsPerPage=1&sortOrder=desc', who.token);
    expect(page.statusCode, page.body).toBe(200);
    const descending = (
      await post('/api/plan/getPlans', { region: 'US', sortOrder: 'DESC' }, who.token)
    ).json().detail.items;
    expect(page.json().detail.items.map((p: { name: string }) => p.name)).toEqual([descending[1].name]);
    // Withdrawn plans stay the super admin's, as in getPlans.
    expect((await get('/api/plan?status=INACTIVE', who.token)).statusCode).toBe(403);
    expect((await get('/api/plan?status=INACTIVE', admin)).statusCode).toBe(200);
    const bad = await get('/api/plan?itemsPerPage=0', who.token);
    expect(bad.statusCode).toBe(400);
    expect(bad.json().details.issues[0]).toMatchObject({ field: 'itemsPerPage' });
  });

  it('answers one plan by id as getPlanDetail does, and a clear 4xx for an unknown or malformed id', async () => {
    const who = await signedInOwner(t.app, t.database.db);
    const byId = await get(`/api/plan/${planIds.Pro}`, who.token);
    expect(byId.statusCode, byId.body).toBe(200);
    const detail = await post(
      '/api/plan/getPlanDetail',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro },
      who.token,
    );
    expect(byId.json().detail).toEqual(detail.json().detail);
    expect(byId.json().detail).toMatchObject({ plPlanId: planIds.Pro, name: 'Pro', status: 'ACTIVE' });
    const unknown = await get('/api/plan/999999', who.token);
    expect(unknown.statusCode).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
    const malformed = await get('/api/plan/pro', who.token);
    expect(malformed.statusCode).toBe(400);
    expect(malformed.json().details.issues[0]).toMatchObject({ field: 'id' });
  });
});

describe('plans offered to one company (spec 3 §7 updatePlan {plCompanyId, plans}, resetCompanyPlans {plCompanyIds})', () => {
  const available = async (who: { companyId: number; token: string }) =>
    (
      await post('/api/subscription/companySubscriptionListing', { plCompanyId: who.companyId }, who.token)
    ).json().detail.metadata.availablePlans;

  it('offers the plans saved for a company to it, and resetCompanyPlans puts it back on the defaults', async () => {
    const who = await signedInOwner(t.app, t.database.db);
    const other = await signedInOwner(t.app, t.database.db);
    const plan = (
      await post(
        '/api/plan/getPlanDetail',
        { plCompanyId: 0, plPlanId: planIds['Merchant Processor Client'] },
        admin,
      )
    ).json().detail;
    expect(await available(who)).toEqual([]);

    const unknown = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 999999, plans: [{ ...plan, priority: plan.priority + 1 }] },
      admin,
    );
    expect(unknown.statusCode).toBe(404);
    const unchanged = await post(
      '/api/plan/getPlanDetail',
      { plCompanyId: 0, plPlanId: plan.plPlanId },
      admin,
    );
    expect(unchanged.json().detail.priority).toBe(plan.priority);

    const saved = await post('/api/plan/updatePlan', { plCompanyId: who.companyId, plans: [plan] }, admin);
    expect(saved.statusCode, saved.body).toBe(200);
    expect(await available(who)).toEqual([plan.plPlanId]);
    // Saved again, with another plan, it keeps the first.
    const basic = (
      await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planIds.Basic }, admin)
    ).json().detail;
    await post('/api/plan/updatePlan', { plCompanyId: who.companyId, plans: [basic, plan] }, admin);
    expect(await available(who)).toEqual([planIds.Basic, plan.plPlanId].sort((a, b) => a - b));
    await post('/api/plan/updatePlan', { plCompanyId: other.companyId, plans: [plan] }, admin);
    // The plan the company is offered is one it may read, though withdrawn for others.
    const offered = await post(
      '/api/plan/getPlanDetail',
      { plCompanyId: who.companyId, plPlanId: plan.plPlanId },
      who.token,
    );
    expect(offered.statusCode, offered.body).toBe(200);

    const byOwner = await post('/api/plan/resetCompanyPlans', { plCompanyIds: [who.companyId] }, who.token);
    expect(byOwner.statusCode).toBe(403);
    const withUnknown = await post(
      '/api/plan/resetCompanyPlans',
      { plCompanyIds: [who.companyId, 999999] },
      admin,
    );
    expect(withUnknown.statusCode).toBe(404);
    expect(await available(who)).toHaveLength(2);
    const empty = await post('/api/plan/resetCompanyPlans', { plCompanyIds: [] }, admin);
    expect(empty.statusCode).toBe(400);

    const reset = await post('/api/plan/resetCompanyPlans', { plCompanyIds: [who.companyId] }, admin);
    expect(reset.statusCode, reset.body).toBe(200);
    expect(await available(who)).toEqual([]);
    expect(await available(other)).toEqual([plan.plPlanId]);
  });
});
