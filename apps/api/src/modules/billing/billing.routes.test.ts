import { Writable } from 'node:stream';
import { eq, sql } from 'drizzle-orm';
import { pino } from 'pino';
import { beforeAll, describe, expect, it } from 'vitest';
import { REDACT_PATHS } from '../../app.ts';
import {
  billingAccounts,
  mailOutbox,
  paymentMethods,
  paymentTransactions,
  planFeatures,
  promos,
  sandboxGatewayCharges,
} from '../../db/schema.ts';
import {
  activePromo,
  bearer,
  createCompany,
  planIdsByName,
  saveTestCard,
  signedInOwner,
  signInSeededAdmin,
  TEST_CARD_ADDRESS,
} from '../../../test/factories.ts';
import { buildTestApp } from '../../../test/build-test-app.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

const DAY = 86_400_000;
/** The test cards of issue 4, typed the way people type them, and the CVVs used with them. */
const CARDS = {
  visa: { ccnumber: '4111 1111 1111 1111', cvv: '381' },
  visa2: { ccnumber: '4242 4242 4242 4242', cvv: '592' },
  declined: { ccnumber: '4000 0000 0000 0002', cvv: '613' },
  failsCharges: { ccnumber: '4000 0000 0000 0341', cvv: '724' },
  amex: { ccnumber: '3782 822463 10005', cvv: '8351' },
};

const logLines: string[] = [];
let admin: string;
let planIds: Record<string, number>;

const sink = new Writable({
  write(chunk: Buffer, _encoding, done) {
    logLines.push(chunk.toString());
    done();
  },
});
const logger = pino({ level: 'trace', redact: { paths: REDACT_PATHS, censor: '[redacted]' } }, sink);
// Every card path here tokenises from one address; the limit has its own test with the default.
const t = useTestApp({ loggerInstance: logger, env: { SANDBOX_TOKENS_PER_MINUTE: '10000' } });
const post = t.post;
beforeAll(async () => {
  admin = await signInSeededAdmin(t.app, t.database.db, 'root@billing.test');
  planIds = await planIdsByName(t.database.db);
});

const owner = () => signedInOwner(t.app, t.database.db);

/** Applies a promo code to the company, as its owner. */
const applyPromo = (who: { companyId: number; token: string }, promoCode: string) =>
  post('/api/subscription/applyPromoCode', { plCompanyId: who.companyId, promoCode }, who.token);

/** The company's payment transactions, as its owner lists them. */
const transactions = async (who: { companyId: number; token: string }) =>
  (await post('/api/transaction/transactionListing', { plCompanyId: who.companyId }, who.token)).json().detail
    .items;

async function tokenise(card: { ccnumber: string; cvv: string }, ccexp = '12/34') {
  const response = await t.app.inject({
    method: 'POST',
    url: '/sandbox-gateway/tokens',
    payload: { ...card, ccexp },
  });
  return response;
}

const address = TEST_CARD_ADDRESS;

const saveCard = (who: { companyId: number; token: string }, card = CARDS.visa) =>
  saveTestCard(t.app, who, card);

/** The plan gate of one feature for the owner's company: 200 when the plan grants it, else 402. */
const requireFeature = (who: { companyId: number; token: string }, featureKey: string) =>
  post('/api/subscription/requireFeature', { plCompanyId: who.companyId, featureKey }, who.token);

async function subscribe(
  who: { companyId: number; token: string },
  plan = 'Pro',
  frequency = 'MONTHLY',
  extra = {},
) {
  return post(
    '/api/subscription/startSubscription',
    { plCompanyId: who.companyId, plPlanId: planIds[plan], paymentFrequency: frequency, ...extra },
    who.token,
  );
}

async function listing(who: { companyId: number; token: string }) {
  const response = await post(
    '/api/subscription/companySubscriptionListing',
    { plCompanyId: who.companyId },
    who.token,
  );
  return response.json().detail as {
    companySubscriptions: {
      status: string;
      autoRenew: boolean;
      currentPeriodEnd: string;
      nextRetryAt: string | null;
    }[];
  };
}

const renew = () => post('/api/subscription/runRenewals', {}, admin);

describe('plans', () => {
  it('getPlans lists active plans of the region by monthly fee', async () => {
    const response = await post(
      '/api/plan/getPlans',
      { status: 'ACTIVE', region: 'US', currentPage: 1, itemsPerPage: 20 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const names = response.json().detail.items.map((p: { name: string }) => p.name);
    expect(names).toEqual(['Basic', 'Pro', 'Enterprise']);
  });

  it('getPlans refuses a page size over 10000 or a page 0 by the bound, not as a whole-number error', async () => {
    const tooMany = await post('/api/plan/getPlans', { currentPage: 1, itemsPerPage: 10001 }, admin);
    expect(tooMany.statusCode).toBe(400);
    expect(tooMany.json().messages).toEqual(['itemsPerPage: Must be at most 10000']);
    const pageZero = await post('/api/plan/getPlans', { currentPage: 0, itemsPerPage: 10 }, admin);
    expect(pageZero.statusCode).toBe(400);
    expect(pageZero.json().messages).toEqual(['currentPage: Must be at least 1']);
    const fraction = await post('/api/plan/getPlans', { currentPage: 1.5, itemsPerPage: 10 }, admin);
    expect(fraction.json().messages).toEqual(['currentPage: Must be a whole number']);
    const atLimit = await post('/api/plan/getPlans', { currentPage: 1, itemsPerPage: 10000 }, admin);
    expect(atLimit.statusCode).toBe(200);
  });

  it('getPlans shows withdrawn plans to super admins only, as planListing and getPlanDetail do', async () => {
    const inactive = { status: 'INACTIVE', region: 'US', currentPage: 1, itemsPerPage: 20 };
    const names = (await post('/api/plan/getPlans', inactive, admin))
      .json()
      .detail.items.map((p: { name: string }) => p.name);
    expect(names).toContain('Merchant Processor Client');
    const who = await owner();
    const refused = await post('/api/plan/getPlans', inactive, who.token);
    expect(refused.statusCode).toBe(403);
    expect(refused.json()).toMatchObject({ code: 'FORBIDDEN', messages: ['Only a super admin can do this'] });
    const active = await post('/api/plan/getPlans', { ...inactive, status: 'ACTIVE' }, who.token);
    expect(active.json().detail.items.map((p: { name: string }) => p.name)).toEqual([
      'Basic',
      'Pro',
      'Enterprise',
    ]);
  });

  it('updatePlan is for super admins and sanitises descriptions', async () => {
    const who = await owner();
    const detail = (
      await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planIds.Basic }, admin)
    ).json().detail;
    const plan = {
      ...detail,
      detailDescription: {
        title: 'Basic',
        detailDescriptions: [
          {
            shortDescription: 'x',
            detailDescription: '<p onclick="x()">Hi<script>alert(1)</script><img src=x onerror=alert(1)></p>',
          },
        ],
      },
      features: detail.features.map(
        (f: { plFeatureId: number; planFeatureConfig: object; restriction: object | null }) => ({
          plFeatureId: f.plFeatureId,
          planFeatureConfig: f.planFeatureConfig,
          restriction: f.restriction,
        }),
      ),
    };
    delete plan.region;
    const refused = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 0, plans: [{ ...plan, region: 'US' }] },
      who.token,
    );
    expect(refused.statusCode).toBe(403);
    const saved = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 0, plans: [{ ...plan, region: 'US' }] },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    expect(saved.json().detail.plans[0].detailDescription.detailDescriptions[0].detailDescription).toBe(
      '<p>Hi</p>',
    );
  });

  it('updatePlan stores a feature’s delayed restriction (sources, delay, unit, state) and validates it', async () => {
    const detail = (
      await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planIds.Enterprise }, admin)
    ).json().detail;
    const restriction = { sourceIds: [2, 5], delayDuration: 3, delayUnit: 'WEEK', state: 'HIDDEN' };
    const withRestriction = (value: object | null) => ({
      ...detail,
      features: detail.features.map(
        (f: { plFeatureId: number; key: string; planFeatureConfig: object; restriction: object | null }) => ({
          plFeatureId: f.plFeatureId,
          planFeatureConfig: f.planFeatureConfig,
          restriction: f.key === 'q_vault' ? value : f.restriction,
        }),
      ),
    });
    const saved = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 0, plans: [withRestriction(restriction)] },
      admin,
    );
    expect(saved.statusCode).toBe(200);
    const reread = (
      await post('/api/plan/getPlanDetail', { plCompanyId: 0, plPlanId: planIds.Enterprise }, admin)
    ).json().detail;
    expect(reread.features.find((f: { key: string }) => f.key === 'q_vault').restriction).toEqual(
      restriction,
    );
    const bad = await post(
      '/api/plan/updatePlan',
      { plCompanyId: 0, plans: [withRestriction({ ...restriction, delayUnit: 'YEAR', delayDuration: -1 })] },
      admin,
    );
    expect(bad.statusCode).toBe(400);
    expect(bad.json().code).toBe('VALIDATION_FAILED');
    await post('/api/plan/updatePlan', { plCompanyId: 0, plans: [withRestriction(null)] }, admin);
  });
});

describe('sandbox gateway and payment methods', () => {
  it('tokenises approving cards and declines the declining card with its message', async () => {
    const ok = await tokenise(CARDS.amex);
    expect(ok.statusCode).toBe(200);
    expect(ok.json()).toMatchObject({ brand: 'amex', last4: '0005', expMonth: 12, expYear: 2034 });
    const declined = await tokenise(CARDS.declined);
    expect(declined.statusCode).toBe(402);
    expect(declined.json().messages).toEqual(['Your card was declined.']);
    expect(declined.json().details.issues).toEqual([
      { field: '', message: 'Your card was declined.', key: 'billing.refusals.cardDeclined' },
    ]);
  });

  it('refuses raw card data and stores only the masked card', async () => {
    const who = await owner();
    const raw = await post(
      '/api/company/updateCompanyPaymentMethod',
      { plCompanyId: who.companyId, ...address, ...CARDS.visa, ccexp: '1234' },
      who.token,
    );
    expect(raw.statusCode).toBe(400);
    expect(raw.json().messages).toEqual(['Card details must be tokenised']);
    expect(raw.json().details.issues[0].key).toBe('billing.refusals.cardNotTokenised');
    expect((await saveCard(who)).statusCode).toBe(200);
    const method = await post(
      '/api/company/getCompanyPaymentMethod',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(method.json().detail.companyPaymentMethod).toMatchObject({
      brand: 'visa',
      last4: '1111',
      expMonth: 12,
      expYear: 2034,
    });
  });

  it("refuses the billing address with the card form's messages (spec 2 §5)", async () => {
    const who = await owner();
    const token = (await tokenise(CARDS.visa)).json().token;
    const refused = await post(
      '/api/company/updateCompanyPaymentMethod',
      {
        plCompanyId: who.companyId,
        paymentToken: token,
        ...address,
        firstName: 'x'.repeat(101),
        lastName: '  ',
        billingAddressLine2: 'y'.repeat(101),
        billingZip: '80202-12345',
      },
      who.token,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['firstName: Maximum 100 characters'],
      details: {
        issues: [
          { field: 'firstName', message: 'Maximum 100 characters', key: 'billing.card.errors.max100' },
          { field: 'lastName', message: 'This field is required', key: 'billing.card.errors.required' },
          {
            field: 'billingAddressLine2',
            message: 'Maximum 100 characters',
            key: 'billing.card.errors.max100',
          },
          { field: 'billingZip', message: 'Character limit', key: 'validation.characterLimit' },
        ],
      },
    });
    const exact = await post(
      '/api/company/updateCompanyPaymentMethod',
      { plCompanyId: who.companyId, paymentToken: token, ...address, firstName: 'x'.repeat(100) },
      who.token,
    );
    expect(exact.statusCode).toBe(200);
  });

  it("refuses a Canadian billing zip that is not a postal code with 'Postal Code is incorrect' (spec 2 §5)", async () => {
    const who = await owner();
    const save = async (billingCountry: string, billingZip: string) =>
      post(
        '/api/company/updateCompanyPaymentMethod',
        {
          plCompanyId: who.companyId,
          paymentToken: (await tokenise(CARDS.visa)).json().token,
          ...address,
          billingCountry,
          billingZip,
        },
        who.token,
      );
    for (const country of ['CA', 'Canada']) {
      const refused = await save(country, '80202');
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        messages: ['billingZip: Postal Code is incorrect'],
        details: { issues: [{ field: 'billingZip', key: 'billing.card.errors.zip' }] },
      });
    }
    expect((await save('CA', 'K1A 0B1')).statusCode).toBe(200);
    expect((await save('CA', 'k1a0b1')).statusCode).toBe(200);
    expect((await save('US', '80202')).statusCode).toBe(200);
  });

  it("a company cannot read another company's payment method or transactions", async () => {
    const a = await owner();
    const b = await owner();
    await saveCard(b);
    expect((await subscribe(b)).statusCode).toBe(200);
    const method = await post('/api/company/getCompanyPaymentMethod', { plCompanyId: b.companyId }, a.token);
    expect(method.statusCode).toBe(404);
    const transactions = await post(
      '/api/transaction/transactionListing',
      { plCompanyId: b.companyId },
      a.token,
    );
    expect(transactions.statusCode).toBe(404);
    const all = await post('/api/transaction/transactionListing', { plCompanyId: 0 }, a.token);
    expect(all.statusCode).toBe(403);
    const save = await post(
      '/api/company/updateCompanyPaymentMethod',
      { plCompanyId: b.companyId, paymentToken: 'tok_sandbox_whatever', ...address },
      a.token,
    );
    expect(save.statusCode).toBe(404);
  });
});

describe('subscriptions', () => {
  it('starts a paid subscription, charges once for a repeated Idempotency-Key, and unlocks the feature', async () => {
    const who = await owner();
    const gated = { plCompanyId: who.companyId, featureKey: 'content_compliance_monitoring' };
    const before = await post('/api/subscription/requireFeature', gated, who.token);
    expect(before.statusCode).toBe(402);
    expect(before.json().code).toBe('PLAN_LIMIT_REACHED');
    const noCard = await subscribe(who);
    expect(noCard.statusCode).toBe(402);
    await saveCard(who);
    expect((await subscribe(who, 'Pro', 'MONTHLY')).statusCode).toBe(200);
    const other = await owner();
    await saveCard(other);
    const k = { 'idempotency-key': `checkout-${other.companyId}-abcdef` };
    const a = await post(
      '/api/subscription/startSubscription',
      { plCompanyId: other.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      other.token,
      k,
    );
    const b = await post(
      '/api/subscription/startSubscription',
      { plCompanyId: other.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      other.token,
      k,
    );
    expect(a.statusCode).toBe(200);
    expect(b.statusCode).toBe(200);
    expect(b.json()).toEqual(a.json());
    const changed = await post(
      '/api/subscription/startSubscription',
      { plCompanyId: other.companyId, plPlanId: planIds.Basic, paymentFrequency: 'MONTHLY' },
      other.token,
      k,
    );
    expect(changed.statusCode).toBe(409);
    const txs = (
      await post('/api/transaction/transactionListing', { plCompanyId: other.companyId }, other.token)
    ).json().detail;
    expect(txs.items).toHaveLength(1);
    expect(txs.items[0]).toMatchObject({ amount: 149, status: 'Paid', last4: '1111' });
    expect(a.json().detail.status).toBe('AVAILABLE');
    expect((await post('/api/subscription/requireFeature', gated, who.token)).statusCode).toBe(200);
    const access = await post('/api/subscription/featureAccess', gated, who.token);
    expect(access.json().detail.status).toBe('NORMAL');
  });

  it('answers a declined charge by its key, and a repeated Idempotency-Key with the same keyed refusal', async () => {
    const who = await owner();
    await saveCard(who, CARDS.failsCharges);
    const k = { 'idempotency-key': `declined-${who.companyId}-abcdef` };
    const start = () =>
      post(
        '/api/subscription/startSubscription',
        { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
        who.token,
        k,
      );
    const first = await start();
    const again = await start();
    for (const response of [first, again]) {
      expect(response.statusCode).toBe(402);
      expect(response.json()).toMatchObject({
        code: 'PAYMENT_FAILED',
        messages: ['Your card was declined.'],
        details: { issues: [{ field: '', key: 'billing.refusals.cardDeclined' }] },
      });
    }
    const badKey = await post(
      '/api/subscription/startSubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      who.token,
      { 'idempotency-key': 'short' },
    );
    expect(badKey.statusCode).toBe(400);
    expect(badKey.json().details.issues[0].key).toBe('platform.refusals.idempotencyKeyFormat');
  });

  it('charges once for 6 simultaneous starts and once for 6 simultaneous switches of one company', async () => {
    const who = await owner();
    await saveCard(who);
    const expectOneWinner = (responses: { statusCode: number; json(): { code?: string } }[]) => {
      expect(responses.filter((r) => r.statusCode === 200)).toHaveLength(1);
      for (const r of responses.filter((x) => x.statusCode !== 200)) {
        expect([400, 409]).toContain(r.statusCode);
        expect(['CONFLICT', 'VALIDATION_FAILED']).toContain(r.json().code);
      }
    };
    const now = t.clock.now.bind(t.clock);
    let tick = 0;
    // The clock moves while the requests run, as a real one does.
    t.clock.now = () => new Date(now().getTime() + tick++);
    try {
      expectOneWinner(await Promise.all(Array.from({ length: 6 }, () => subscribe(who, 'Basic', 'MONTHLY'))));
      t.clock.advance(10 * DAY);
      const switchTo = { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' };
      expectOneWinner(
        await Promise.all(
          Array.from({ length: 6 }, () =>
            post('/api/subscription/updateCompanySubscription', switchTo, who.token),
          ),
        ),
      );
    } finally {
      t.clock.now = now;
    }
    const txs = (await transactions(who)) as { amount: number; status: string }[];
    expect(txs.map((x) => x.status)).toEqual(['Paid', 'Paid']);
    const [method] = await t.database.db
      .select()
      .from(paymentMethods)
      .where(eq(paymentMethods.companyId, who.companyId));
    const charges = await t.database.db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.token, method!.token));
    expect(charges).toHaveLength(2);
    const live = (await listing(who)).companySubscriptions.filter((s) => s.status === 'AVAILABLE');
    expect(live).toHaveLength(1);
  });

  it('takes the frequency as spec 2 §7 spells it ("monthly", "annual") as well as MONTHLY and ANNUAL', async () => {
    const who = await owner();
    await saveCard(who);
    const started = await subscribe(who, 'Basic', 'monthly');
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().detail.paymentFrequency).toBe('MONTHLY');
    const switched = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Basic, paymentFrequency: 'annual' },
      who.token,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    expect(switched.json().detail.paymentFrequency).toBe('ANNUAL');
    const plans = await post(
      '/api/plan/getPlans',
      { status: 'active', region: 'us', sortOrder: 'asc', currentPage: 1, itemsPerPage: 20 },
      who.token,
    );
    expect(plans.statusCode, plans.body).toBe(200);
    expect(plans.json().detail.items.map((p: { name: string }) => p.name)).toEqual([
      'Basic',
      'Pro',
      'Enterprise',
    ]);
    const unknown = await subscribe(await owner(), 'Basic', 'weekly');
    expect(unknown.statusCode).toBe(400);
  });

  it('switching to the same plan and frequency says "Please select plan to switch"; a switch prorates', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'MONTHLY');
    const same = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Basic, paymentFrequency: 'MONTHLY' },
      who.token,
    );
    expect(same.statusCode).toBe(400);
    expect(same.json().messages).toEqual(['Please select plan to switch']);
    t.clock.advance(10 * DAY);
    const switched = await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      who.token,
    );
    expect(switched.statusCode).toBe(200);
    expect(switched.json().detail.subscription.name).toBe('Pro');
    const txs = await transactions(who);
    expect(txs[0].amount).toBeGreaterThan(149 - 49);
    expect(txs[0].amount).toBeLessThan(149);
  });

  it('renews on schedule; a failed renewal goes to PAYMENT_FAILED with an email; a new card recovers it', async () => {
    const who = await owner();
    await saveCard(who, CARDS.visa2);
    await subscribe(who, 'Basic', 'MONTHLY');
    t.clock.advance(32 * DAY);
    await renew();
    let subs = (await listing(who)).companySubscriptions;
    expect(subs[0]!.status).toBe('AVAILABLE');
    expect(new Date(subs[0]!.currentPeriodEnd).getTime()).toBeGreaterThan(t.clock.now().getTime());
    await renew();
    let txs = await transactions(who);
    expect(txs.filter((x: { status: string }) => x.status === 'Paid')).toHaveLength(2);

    await saveCard(who, CARDS.failsCharges);
    t.clock.advance(32 * DAY);
    await renew();
    subs = (await listing(who)).companySubscriptions;
    expect(subs[0]!.status).toBe('PAYMENT_FAILED');
    expect(subs[0]!.nextRetryAt).not.toBeNull();
    const mail = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, who.user.email));
    expect(mail.some((m) => m.subject.includes('payment failed'))).toBe(true);
    expect((await requireFeature(who, 'q_vault')).statusCode).toBe(402);

    const recovered = await saveCard(who, CARDS.visa);
    expect(recovered.json().detail.subscriptionStatus).toBe('AVAILABLE');
    subs = (await listing(who)).companySubscriptions;
    expect(subs[0]!.status).toBe('AVAILABLE');
    txs = await transactions(who);
    expect(txs.map((x: { status: string }) => x.status)).toEqual(['Paid', 'Failed', 'Paid', 'Paid']);
  });

  it('endCurrentPeriod (super admin, outside production) settles the renewal now; others get 403', async () => {
    const who = await owner();
    await saveCard(who, CARDS.visa2);
    await subscribe(who, 'Basic', 'MONTHLY');
    await saveCard(who, CARDS.failsCharges);
    const refused = await post(
      '/api/subscription/endCurrentPeriod',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(refused.statusCode).toBe(403);
    const ended = await post('/api/subscription/endCurrentPeriod', { plCompanyId: who.companyId }, admin);
    expect(ended.statusCode).toBe(200);
    expect(ended.json().detail.status).toBe('PAYMENT_FAILED');
    const none = await owner();
    const missing = await post('/api/subscription/endCurrentPeriod', { plCompanyId: none.companyId }, admin);
    expect(missing.statusCode).toBe(404);

    const production = await buildTestApp({ env: { NODE_ENV: 'production', JWT_SECRET: 'x'.repeat(40) } });
    try {
      const absent = await production.app.inject({
        method: 'POST',
        url: '/api/subscription/endCurrentPeriod',
        payload: { plCompanyId: who.companyId },
        headers: bearer(admin),
      });
      expect(absent.statusCode).toBe(404);
      expect(absent.json().code).toBe('NOT_FOUND');
    } finally {
      await production.close();
    }
  });

  it('retries 1, 3 and 7 days after the first failure, then expires', async () => {
    const who = await owner();
    await saveCard(who, CARDS.visa);
    await subscribe(who, 'Basic', 'MONTHLY');
    await saveCard(who, CARDS.failsCharges);
    t.clock.advance(32 * DAY);
    await renew();
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('PAYMENT_FAILED');
    for (const days of [1, 2, 4]) {
      t.clock.advance(days * DAY + 1000);
      await renew();
    }
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('EXPIRED');
    const failed = (await transactions(who)).filter((x: { status: string }) => x.status === 'Failed');
    expect(failed).toHaveLength(4);
  });

  it('a trial charges nothing until it ends, then charges the card', async () => {
    const who = await owner();
    await saveCard(who);
    const started = await subscribe(who, 'Enterprise', 'MONTHLY');
    expect(started.json().detail.status).toBe('TRIAL');
    expect((await requireFeature(who, 'catalog_builder')).statusCode).toBe(200);
    t.clock.advance(15 * DAY);
    await renew();
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('AVAILABLE');
    const txs = await transactions(who);
    expect(txs).toHaveLength(1);
    expect(txs[0].amount).toBe(499);
  });

  it('cancel keeps the subscription active to the period end, then DELETED', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'ANNUAL');
    const canceled = await post(
      '/api/subscription/cancelSubscription',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(canceled.json().detail).toMatchObject({ status: 'AVAILABLE', autoRenew: false });
    t.clock.advance(300 * DAY);
    await renew();
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('AVAILABLE');
    t.clock.advance(70 * DAY);
    await renew();
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('DELETED');
    const txs = await transactions(who);
    expect(txs).toHaveLength(1);
  });

  it("the company's activity log records the card, the start, each charge, the switch and the cancel", async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'MONTHLY');
    await post(
      '/api/subscription/updateCompanySubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      who.token,
    );
    await saveCard(who, CARDS.failsCharges);
    t.clock.advance(32 * DAY);
    await renew();
    await post('/api/subscription/cancelSubscription', { plCompanyId: who.companyId }, who.token);

    const log = await post('/api/user/activity', { scope: 'company', plCompanyId: who.companyId }, who.token);
    expect(log.statusCode, log.body).toBe(200);
    const items = (
      log.json().detail as {
        items: { action: string; actorName: string | null; detail: Record<string, unknown> }[];
      }
    ).items
      .filter((item) => item.action !== 'SIGN_IN')
      .reverse();
    const name = `${who.user.firstName} ${who.user.lastName}`;
    expect(items.map((item) => [item.action, item.actorName])).toEqual([
      ['PAYMENT_METHOD_UPDATED', name],
      ['PAYMENT_SUCCEEDED', name],
      ['SUBSCRIPTION_STARTED', name],
      ['PAYMENT_SUCCEEDED', name],
      ['SUBSCRIPTION_CHANGED', name],
      ['PAYMENT_METHOD_UPDATED', name],
      // The renewal job charges for no one in particular.
      ['PAYMENT_FAILED', null],
      ['SUBSCRIPTION_CANCELED', name],
    ]);
    expect(items[2]!.detail).toMatchObject({ to: 'Basic', frequency: 'MONTHLY' });
    expect(items[4]!.detail).toMatchObject({ from: 'Basic', to: 'Pro' });
    expect(items[0]!.detail.name).toMatch(/^\S+ •••• \d{4}$/);
    expect(items[6]!.detail.amount).toBeGreaterThan(0);
    // The card number never reaches the log, only its last four digits.
    expect(JSON.stringify(items)).not.toContain(CARDS.visa.ccnumber);
  });

  it('a renewal stopped between its transaction row and its activity entry leaves neither; the rerun charges once and writes both', async () => {
    const who = await owner();
    await saveCard(who, CARDS.visa2);
    await subscribe(who, 'Basic', 'MONTHLY');
    const db = t.database.db;
    // A fault in the database: this company's next PAYMENT_SUCCEEDED entry cannot be written.
    await db.execute(
      sql.raw(`CREATE FUNCTION refuse_payment_entry() RETURNS trigger LANGUAGE plpgsql AS $$
        BEGIN RAISE EXCEPTION 'activity write refused'; END $$;
        CREATE TRIGGER refuse_payment_entry BEFORE INSERT ON activity_log FOR EACH ROW
        WHEN (NEW.action = 'PAYMENT_SUCCEEDED' AND NEW.company_id = ${who.companyId})
        EXECUTE FUNCTION refuse_payment_entry();`),
    );
    const paidRows = () =>
      db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.companyId, who.companyId))
        .orderBy(paymentTransactions.id);
    const paymentEntries = async () =>
      (
        await db.execute<{ n: number }>(
          sql`SELECT count(*)::int AS n FROM activity_log
              WHERE company_id = ${who.companyId} AND action = 'PAYMENT_SUCCEEDED'`,
        )
      ).rows[0]!.n;
    t.clock.advance(32 * DAY);
    try {
      await renew();
      // The renewal failed with its entry: its transaction row went with it, the period is unpaid.
      expect(await paidRows()).toHaveLength(1);
      expect(await paymentEntries()).toBe(1);
      expect(
        new Date((await listing(who)).companySubscriptions[0]!.currentPeriodEnd).getTime(),
      ).toBeLessThanOrEqual(t.clock.now().getTime());
    } finally {
      await db.execute(
        sql.raw('DROP TRIGGER refuse_payment_entry ON activity_log; DROP FUNCTION refuse_payment_entry();'),
      );
    }
    await renew();
    const rows = await paidRows();
    expect(rows.map((row) => row.status)).toEqual(['Paid', 'Paid']);
    expect(await paymentEntries()).toBe(2);
    // The gateway was asked twice with the same key and charged the card once.
    const [, renewal] = rows;
    const charges = await db
      .select()
      .from(sandboxGatewayCharges)
      .where(eq(sandboxGatewayCharges.idempotencyKey, renewal!.chargeKey));
    expect(charges).toHaveLength(1);
    const subs = (await listing(who)).companySubscriptions;
    expect(subs[0]!.status).toBe('AVAILABLE');
    expect(new Date(subs[0]!.currentPeriodEnd).getTime()).toBeGreaterThan(t.clock.now().getTime());
  });

  it('a delayed restriction takes effect at subscription start plus the delay', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'ANNUAL');
    const [feature] = await t.database.db
      .execute<{ id: number }>(sql`select id from features where key = 'q_vault'`)
      .then((r) => r.rows);
    await t.database.db
      .update(planFeatures)
      .set({ restriction: { delayDuration: 2, delayUnit: 'WEEK', state: 'HIDDEN' } })
      .where(sql`${planFeatures.planId} = ${planIds.Basic} and ${planFeatures.featureId} = ${feature!.id}`);
    const gated = { plCompanyId: who.companyId, featureKey: 'q_vault' };
    expect((await post('/api/subscription/featureAccess', gated, who.token)).json().detail.status).toBe(
      'NORMAL',
    );
    t.clock.advance(14 * DAY + 1000);
    expect((await post('/api/subscription/featureAccess', gated, who.token)).json().detail.status).toBe(
      'HIDDEN',
    );
    expect((await post('/api/subscription/requireFeature', gated, who.token)).json().code).toBe(
      'PLAN_LIMIT_REACHED',
    );
    await t.database.db
      .update(planFeatures)
      .set({ restriction: null })
      .where(eq(planFeatures.planId, planIds.Basic!));
  });

  it('an initial charge failure shows the gateway message and leaves PAYMENT_FAILED', async () => {
    const who = await owner();
    await saveCard(who, CARDS.failsCharges);
    const response = await subscribe(who, 'Basic', 'MONTHLY');
    expect(response.statusCode).toBe(402);
    expect(response.json().messages).toEqual(['Your card was declined.']);
    expect((await listing(who)).companySubscriptions[0]!.status).toBe('PAYMENT_FAILED');
    await saveCard(who, CARDS.visa);
    expect((await subscribe(who, 'Basic', 'MONTHLY')).json().detail.status).toBe('AVAILABLE');
  });

  it('a restricted plan list limits what a company may start', async () => {
    const who = await owner();
    await saveCard(who);
    await t.database.db
      .insert(billingAccounts)
      .values({ companyId: who.companyId, availablePlanIds: [planIds['Merchant Processor']!] });
    expect((await subscribe(who, 'Basic')).statusCode).toBe(403);
    expect((await subscribe(who, 'Merchant Processor', 'ANNUAL')).statusCode).toBe(200);
    expect(
      ((await listing(who)) as unknown as { metadata: { availablePlans: number[] } }).metadata.availablePlans,
    ).toEqual([planIds['Merchant Processor']]);
  });
});

describe('refunds', () => {
  it('lets the super admin refund through the gateway, once', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'MONTHLY');
    const [tx] = await transactions(who);
    expect(
      (await post('/api/transaction/refund', { plTransactionId: tx.plTransactionId }, who.token)).statusCode,
    ).toBe(403);
    const partial = await post(
      '/api/transaction/refund',
      { plTransactionId: tx.plTransactionId, amount: 9 },
      admin,
    );
    expect(partial.json().detail).toMatchObject({ status: 'Paid', refundedAmount: 9 });
    const rest = await post('/api/transaction/refund', { plTransactionId: tx.plTransactionId }, admin);
    expect(rest.json().detail).toMatchObject({ status: 'Refunded', refundedAmount: 49 });
    expect(
      (await post('/api/transaction/refund', { plTransactionId: tx.plTransactionId }, admin)).statusCode,
    ).toBe(400);
  });

  it('refunds once when two refunds of the same payment arrive together', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic', 'MONTHLY');
    const [tx] = await transactions(who);
    const answers = await Promise.all(
      [1, 2].map(() => post('/api/transaction/refund', { plTransactionId: tx.plTransactionId }, admin)),
    );
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 400]);
    expect(answers.find((answer) => answer.statusCode === 400)!.json().messages).toEqual([
      'The refund is larger than what remains of the payment',
    ]);
    const [charge] = await t.database.db
      .select({
        refundedCents: sandboxGatewayCharges.refundedCents,
        amountCents: sandboxGatewayCharges.amountCents,
      })
      .from(sandboxGatewayCharges)
      .innerJoin(paymentTransactions, eq(paymentTransactions.gatewayChargeId, sandboxGatewayCharges.id))
      .where(eq(paymentTransactions.id, tx.plTransactionId));
    expect(charge).toEqual({ refundedCents: 4900, amountCents: 4900 });
  });
});

describe('transaction listing and financial summary (admin console)', () => {
  /** A fresh company with payments at chosen times (the clock's months), made without a gateway. */
  async function companyWithPayments(name: string) {
    const company = await createCompany(t.database.db, { name });
    const now = t.clock.now();
    const monthsAgo = (months: number, day = 10) =>
      new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - months, day, 12));
    const payment = (
      createdAt: Date,
      amountCents: number,
      status: 'Paid' | 'Failed' | 'Refunded',
      refundedCents = 0,
    ) => ({
      companyId: company.id,
      amountCents,
      refundedCents,
      status,
      description: `${name} ${amountCents}`,
      chargeKey: `test-${company.id}-${status}-${amountCents}-${createdAt.getTime()}`,
      createdAt,
    });
    await t.database.db
      .insert(paymentTransactions)
      .values([
        payment(monthsAgo(0, 1), 4900, 'Paid'),
        payment(monthsAgo(0, 1), 14900, 'Refunded', 14900),
        payment(monthsAgo(0, 1), 4900, 'Failed'),
        payment(monthsAgo(2), 9900, 'Paid', 1000),
        payment(monthsAgo(13), 100000, 'Paid'),
      ]);
    return { company, monthsAgo };
  }

  it('sums each month of the range, zeros included, for super admins only', async () => {
    const { company, monthsAgo } = await companyWithPayments('Summit Ledger Co');
    const who = await owner();
    const refused = await post(
      '/api/subscription/financialListing',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(refused.statusCode).toBe(403);
    const response = await post(
      '/api/subscription/financialListing',
      { plCompanyId: company.id, months: 3 },
      admin,
    );
    expect(response.statusCode).toBe(200);
    const month = (date: Date) => date.toISOString().slice(0, 7);
    expect(response.json().detail).toEqual({
      currency: 'USD',
      months: [
        { month: month(monthsAgo(2)), charged: 99, payments: 1, refunded: 10, net: 89, failed: 0 },
        { month: month(monthsAgo(1)), charged: 0, payments: 0, refunded: 0, net: 0, failed: 0 },
        { month: month(monthsAgo(0)), charged: 198, payments: 2, refunded: 149, net: 49, failed: 1 },
      ],
    });
    const all = await post('/api/subscription/financialListing', {}, admin);
    expect(all.json().detail.months).toHaveLength(12);
  });

  it('filters every company’s payments by status, period and a search, for super admins only', async () => {
    const { company, monthsAgo } = await companyWithPayments('Filterable Hemp Works');
    const list = async (filter: object, token = admin) =>
      post('/api/transaction/transactionListing', { plCompanyId: 0, itemsPerPage: 50, ...filter }, token);
    const who = await owner();
    expect((await list({}, who.token)).statusCode).toBe(403);

    const searched = (await list({ search: 'filterable hemp' })).json().detail;
    expect(searched.total).toBe(5);
    expect(searched.items[0]).toMatchObject({
      companyName: 'Filterable Hemp Works',
      plCompanyId: company.id,
    });

    const failed = (await list({ search: 'Filterable', status: 'Failed' })).json().detail;
    expect(failed.items.map((item: { amount: number }) => item.amount)).toEqual([49]);

    const day = (date: Date) => date.toISOString().slice(0, 10);
    const period = (
      await list({ search: 'Filterable', fromDate: day(monthsAgo(2)), toDate: day(monthsAgo(2)) })
    ).json().detail;
    expect(period.items.map((item: { amount: number }) => item.amount)).toEqual([99]);

    // % and _ are searched literally.
    expect((await list({ search: '100%' })).json().detail.total).toBe(0);
    const backwards = await list({ fromDate: '2026-05-02', toDate: '2026-05-01' });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json().code).toBe('VALIDATION_FAILED');
  });
});

describe('promo codes', () => {
  const upsert = (code: string, over: object = {}) =>
    post(
      '/api/subscription/upsertPromo',
      {
        ...activePromo(code, [
          { plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY', discountType: 'PERCENT', discountAmount: 20 },
          {
            plPlanId: planIds.Basic,
            paymentFrequency: 'MONTHLY',
            discountType: 'AMOUNT',
            discountAmount: 100,
          },
        ]),
        ...over,
      },
      admin,
    );

  it('prices PERCENT and AMOUNT (floored at 0) and charges the discount on the first period', async () => {
    expect((await upsert('spring20')).statusCode).toBe(200);
    const who = await owner();
    const discount = await post(
      '/api/subscription/getPromoDiscount',
      {
        plCompanyId: who.companyId,
        plPlanId: planIds.Pro,
        paymentFrequency: 'MONTHLY',
        promoCode: 'SPRING20',
      },
      who.token,
    );
    expect(discount.json().detail).toMatchObject({
      discountType: 'PERCENT',
      discountAmount: 20,
      actualDiscountAmount: 29.8,
      discountedPrice: 119.2,
    });
    const basic = await post(
      '/api/subscription/getPromoDiscount',
      {
        plCompanyId: who.companyId,
        plPlanId: planIds.Basic,
        paymentFrequency: 'MONTHLY',
        promoCode: 'spring20',
      },
      who.token,
    );
    expect(basic.json().detail).toMatchObject({ discountedPrice: 0, actualDiscountAmount: 49 });
    const wrongPlan = await post(
      '/api/subscription/getPromoDiscount',
      {
        plCompanyId: who.companyId,
        plPlanId: planIds.Pro,
        paymentFrequency: 'ANNUAL',
        promoCode: 'SPRING20',
      },
      who.token,
    );
    expect(wrongPlan.json()).toMatchObject({ code: 'INVALID_PROMO_CODE', messages: ['Invalid Promo Code.'] });
    expect(wrongPlan.json().details.issues[0].key).toBe('billing.promo.invalid');
    await saveCard(who);
    expect((await applyPromo(who, 'spring20')).statusCode).toBe(200);
    expect((await subscribe(who, 'Pro', 'MONTHLY')).json().detail.promoCode).toBe('SPRING20');
    t.clock.advance(32 * DAY);
    await renew();
    const txs = await transactions(who);
    expect(txs.map((x: { amount: number }) => x.amount)).toEqual([149, 119.2]);
  });

  it('refuses unknown, inactive, expired and exhausted codes with the coded errors', async () => {
    const who = await owner();
    const apply = (code: string) => applyPromo(who, code);
    expect((await apply('NOPE')).json().code).toBe('INVALID_PROMO_CODE');
    await upsert('OFFNOW', { status: 'INACTIVE' });
    expect((await apply('OFFNOW')).json().code).toBe('INVALID_PROMO_CODE');
    await upsert('OLD', { endDate: new Date(t.clock.now().getTime() - DAY).toISOString() });
    expect((await apply('OLD')).json().code).toBe('INVALID_PROMO_CODE');
    await upsert('ZERO', { limitUsage: true, maxUsage: 0 });
    const zero = await apply('ZERO');
    expect(zero.statusCode).toBe(400);
    expect(zero.json().code).toBe('MAX_USAGE_PROMO_CODE');
  });

  it('promoDetail answers a company user the code sent as promoCode or as code (spec 2 §7)', async () => {
    await upsert('DETAIL10');
    const who = await owner();
    for (const body of [{ promoCode: 'detail10' }, { code: 'DETAIL10' }]) {
      const found = await post('/api/subscription/promoDetail', body, who.token);
      expect(found.statusCode).toBe(200);
      expect(found.json().detail).toMatchObject({ promoCode: 'DETAIL10', status: 'ACTIVE' });
    }
    const unknown = await post('/api/subscription/promoDetail', { code: 'NOPE' }, who.token);
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json()).toMatchObject({ code: 'INVALID_PROMO_CODE', messages: ['Invalid Promo Code.'] });
    const missing = await post('/api/subscription/promoDetail', {}, who.token);
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.issues[0]).toMatchObject({ field: 'promoCode' });
  });

  it('a company that applied the last use of a code prices and starts its subscription with it', async () => {
    await upsert('LASTONE', { limitUsage: true, maxUsage: 1 });
    const who = await owner();
    const other = await owner();
    const apply = (w: { companyId: number; token: string }) => applyPromo(w, 'lastone');
    expect((await apply(who)).statusCode).toBe(200);
    // The one use is the company's: another company is refused, the holder is not.
    expect((await apply(other)).json().code).toBe('MAX_USAGE_PROMO_CODE');
    const purchase = { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'monthly' };
    const discount = await post(
      '/api/subscription/getPromoDiscount',
      { ...purchase, promoCode: 'LASTONE' },
      who.token,
    );
    expect(discount.statusCode).toBe(200);
    expect(discount.json().detail).toMatchObject({ actualDiscountAmount: 29.8, discountedPrice: 119.2 });
    const otherDiscount = await post(
      '/api/subscription/getPromoDiscount',
      { ...purchase, plCompanyId: other.companyId, promoCode: 'LASTONE' },
      other.token,
    );
    expect(otherDiscount.json().code).toBe('MAX_USAGE_PROMO_CODE');
    await saveCard(who);
    const preview = await post('/api/subscription/previewSubscription', purchase, who.token);
    expect(preview.json().detail).toMatchObject({ promoCode: 'LASTONE', amountNow: 119.2 });
    const started = await post(
      '/api/subscription/startSubscription',
      { ...purchase, promoCode: 'LASTONE' },
      who.token,
    );
    expect(started.statusCode).toBe(200);
    expect(started.json().detail).toMatchObject({ status: 'AVAILABLE', promoCode: 'LASTONE' });
    expect((await transactions(who)).map((x: { amount: number }) => x.amount)).toEqual([119.2]);
    const [promo] = await t.database.db.select().from(promos).where(eq(promos.code, 'LASTONE'));
    expect(promo!.totalUsage).toBe(1);
  });

  it('the holder of a code’s last use subscribes with it while other companies race for it, and the use stays one', async () => {
    await upsert('RACEONE', { limitUsage: true, maxUsage: 1 });
    const holder = await owner();
    const others = await Promise.all(Array.from({ length: 5 }, () => owner()));
    const purchase = (w: { companyId: number }) => ({
      plCompanyId: w.companyId,
      plPlanId: planIds.Pro,
      paymentFrequency: 'monthly',
      promoCode: 'RACEONE',
    });
    expect((await applyPromo(holder, 'RACEONE')).statusCode).toBe(200);
    await Promise.all([holder, ...others].map((w) => saveCard(w)));
    const [held, ...raced] = await Promise.all(
      [holder, ...others].map((w) => post('/api/subscription/startSubscription', purchase(w), w.token)),
    );
    expect(held!.statusCode).toBe(200);
    expect(held!.json().detail).toMatchObject({ promoCode: 'RACEONE' });
    expect(raced.map((r) => r.json().code)).toEqual(Array.from({ length: 5 }, () => 'MAX_USAGE_PROMO_CODE'));
    expect((await transactions(holder)).map((x: { amount: number }) => x.amount)).toEqual([119.2]);
    for (const other of others) expect(await transactions(other)).toEqual([]);
    const [promo] = await t.database.db.select().from(promos).where(eq(promos.code, 'RACEONE'));
    expect(promo!.totalUsage).toBe(1);
  });

  it('the super admin edits a promo’s dates and status; an end before the start is a 400', async () => {
    const who = await owner();
    const apply = (code: string) => applyPromo(who, code);
    const created = (await upsert('EDITME')).json().detail;
    const now = t.clock.now().getTime();
    const later = {
      startDate: new Date(now + 2 * DAY).toISOString(),
      endDate: new Date(now + 9 * DAY).toISOString(),
    };
    const moved = await upsert('EDITME', { plPromoId: created.plPromoId, ...later });
    expect(moved.statusCode).toBe(200);
    expect(moved.json().detail).toMatchObject({ plPromoId: created.plPromoId, ...later });
    expect((await apply('EDITME')).json().code).toBe('INVALID_PROMO_CODE');
    await upsert('EDITME', { plPromoId: created.plPromoId, startDate: null, endDate: null });
    expect((await apply('EDITME')).statusCode).toBe(200);
    const paused = await upsert('EDITME', { plPromoId: created.plPromoId, status: 'INACTIVE' });
    expect(paused.json().detail.status).toBe('INACTIVE');
    await post('/api/subscription/cancelPromoCode', { plCompanyId: who.companyId }, who.token);
    expect((await apply('EDITME')).json().code).toBe('INVALID_PROMO_CODE');

    const backwards = await upsert('EDITME', {
      plPromoId: created.plPromoId,
      startDate: later.endDate,
      endDate: later.startDate,
    });
    expect(backwards.statusCode).toBe(400);
    expect(backwards.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['endDate: End date must be on or after the start date'],
      details: {
        issues: [
          {
            field: 'endDate',
            message: 'End date must be on or after the start date',
            key: 'billing.admin.messages.dateOrder',
          },
        ],
      },
    });
  });

  it('records exactly 5 of 200 concurrent redemptions of a code limited to 5', async () => {
    await upsert('FIVE', { limitUsage: true, maxUsage: 5 });
    const companies = await Promise.all(Array.from({ length: 200 }, () => createCompany(t.database.db)));
    const responses = await Promise.all(
      companies.map((c) =>
        post('/api/subscription/applyPromoCode', { plCompanyId: c.id, promoCode: 'FIVE' }, admin),
      ),
    );
    const codes = responses.map((r) => r.statusCode);
    expect(codes.filter((c) => c === 200)).toHaveLength(5);
    expect(
      responses.filter((r) => r.statusCode !== 200).every((r) => r.json().code === 'MAX_USAGE_PROMO_CODE'),
    ).toBe(true);
    const [promo] = await t.database.db.select().from(promos).where(eq(promos.code, 'FIVE'));
    expect(promo!.totalUsage).toBe(5);
    const redemptions = await t.database.db.execute<{ n: string }>(
      sql`select count(*)::text as n from promo_redemptions where promo_id = ${promo!.id}`,
    );
    expect(redemptions.rows[0]!.n).toBe('5');
    // Canceling gives a use back.
    const winner = companies[codes.indexOf(200)]!;
    await post('/api/subscription/cancelPromoCode', { plCompanyId: winner.id }, admin);
    const [after] = await t.database.db.select().from(promos).where(eq(promos.code, 'FIVE'));
    expect(after!.totalUsage).toBe(4);
  });
});

describe('sandbox gateway rate limit', () => {
  it('allows SANDBOX_TOKENS_PER_MINUTE tokenisations per client address, then answers 429 with messages', async () => {
    const limited = await buildTestApp();
    try {
      const fromAddress = (remoteAddress: string) =>
        limited.app.inject({
          method: 'POST',
          url: '/sandbox-gateway/tokens',
          remoteAddress,
          payload: { ...CARDS.visa, ccexp: '12/34' },
        });
      const allowed = limited.env.SANDBOX_TOKENS_PER_MINUTE;
      expect(allowed).toBe(20);
      for (let i = 0; i < allowed; i++) expect((await fromAddress('203.0.113.7')).statusCode).toBe(200);
      const refused = await fromAddress('203.0.113.7');
      expect(refused.statusCode).toBe(429);
      expect(refused.json()).toMatchObject({
        code: 'RATE_LIMITED',
        messages: ['Too many card attempts. Please wait a minute and try again.'],
        details: { issues: [{ field: '', key: 'billing.refusals.tooManyCardAttempts' }] },
      });
      expect(Number(refused.headers['retry-after'])).toBeGreaterThan(0);
      // Another client is not affected.
      expect((await fromAddress('198.51.100.4')).statusCode).toBe(200);
    } finally {
      await limited.close();
    }
  });
});

describe('no card data at rest or in logs', () => {
  it('finds no test card number or CVV in any text column of any table, nor in the captured logs', async () => {
    // Exercise every card path once more with logging on, including the refused raw body.
    const who = await owner();
    for (const card of Object.values(CARDS)) await tokenise(card);
    await post(
      '/api/company/updateCompanyPaymentMethod',
      { plCompanyId: who.companyId, ...address, ...CARDS.amex, ccexp: '1234' },
      who.token,
    );
    const { rows: columns } = await t.database.db.execute<{
      table_schema: string;
      table_name: string;
      column_name: string;
    }>(sql`
      select table_schema, table_name, column_name from information_schema.columns
      where table_schema in ('public', 'pgboss') and data_type in ('text', 'character varying', 'jsonb', 'json', 'ARRAY')`);
    expect(columns.length).toBeGreaterThan(20);
    const digits = Object.values(CARDS).map((c) => c.ccnumber.replace(/\s/g, ''));
    const typed = Object.values(CARDS).map((c) => c.ccnumber);
    const cvvs = Object.values(CARDS).map((c) => c.cvv);
    let scanned = 0;
    for (const { table_schema, table_name, column_name } of columns) {
      const { rows } = await t.database.db.execute<{ v: string | null }>(
        sql`select ${sql.identifier(column_name)}::text as v from ${sql.identifier(table_schema)}.${sql.identifier(table_name)}`,
      );
      for (const { v } of rows) {
        if (!v) continue;
        scanned++;
        for (const number of [...digits, ...typed])
          expect(v, `${table_name}.${column_name}`).not.toContain(number);
        // A CVV is three or four digits, so it is looked for as a whole value or next to a cvv key.
        for (const cvv of cvvs) {
          expect(v, `${table_name}.${column_name}`).not.toBe(cvv);
          expect(v, `${table_name}.${column_name}`).not.toMatch(new RegExp(`cvv"?\\s*[:=]\\s*"?${cvv}`, 'i'));
        }
      }
    }
    expect(scanned).toBeGreaterThan(100);
    const logs = logLines.join('');
    expect(logs.length).toBeGreaterThan(1000);
    for (const number of [...digits, ...typed]) expect(logs).not.toContain(number);
    for (const cvv of cvvs) expect(logs).not.toMatch(new RegExp(`cvv"?\\s*[:=]\\s*"?${cvv}`, 'i'));
  });
});
