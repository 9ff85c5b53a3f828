import { and, eq, like } from 'drizzle-orm';
import { annualDiscountPercent, showsOneMonthFree } from '@trustleaf/domain/rules/pricing';
import { beforeAll, describe, expect, it } from 'vitest';
import { billingNotices, mailOutbox, paymentTransactions } from '../../db/schema.ts';
import { createInlineQueue, type JobDefinition, type JobQueue } from '../../lib/jobs.ts';
import {
  activePromo,
  createMember,
  login,
  planIdsByName,
  saveTestCard,
  signedInOwner,
  signInSeededAdmin,
} from '../../../test/factories.ts';
import { useTestApp } from '../../../test/use-test-app.ts';

/**
 * Issue 19: what the confirmation shows is what is charged (previewSubscription), a canceled
 * subscription can be resumed, and the billing emails go out once per event in the reader's language.
 */
const DAY = 86_400_000;
const VISA = { ccnumber: '4111 1111 1111 1111', cvv: '381' };
const FAILS_CHARGES = { ccnumber: '4000 0000 0000 0341', cvv: '724' };

let admin: string;
let planIds: Record<string, number>;
const registered = new Map<string, JobDefinition<never>>();
const noticesQueued: unknown[] = [];

// Jobs run inline, as in every API test; the definitions are kept to fire the scheduled ones.
const inline = createInlineQueue();
const jobs: JobQueue = {
  ...inline,
  register(definitions) {
    for (const definition of definitions) registered.set(definition.name, definition);
  },
  async enqueue(definition, payload, options) {
    if (definition.name === 'billing.send-notice') noticesQueued.push(payload);
    return inline.enqueue(definition, payload, options);
  },
};
const t = useTestApp({ jobs, env: { SANDBOX_TOKENS_PER_MINUTE: '10000' } });
const post = t.post;
beforeAll(async () => {
  admin = await signInSeededAdmin(t.app, t.database.db, 'root@confirm.test');
  planIds = await planIdsByName(t.database.db);
});

async function owner(language?: 'en' | 'fr' | 'de' | 'nl') {
  const who = await signedInOwner(t.app, t.database.db);
  if (language) {
    const set = await post('/api/user/updateLanguage', { language }, who.token);
    expect(set.statusCode, set.body).toBe(200);
  }
  return who;
}
type Owner = Awaited<ReturnType<typeof owner>>;

async function saveCard(who: Owner, card = VISA) {
  const saved = await saveTestCard(t.app, who, card);
  expect(saved.statusCode, saved.body).toBe(200);
}

const preview = (who: Owner, plan: string, frequency: string, extra: object = {}) =>
  post(
    '/api/subscription/previewSubscription',
    { plCompanyId: who.companyId, plPlanId: planIds[plan], paymentFrequency: frequency, ...extra },
    who.token,
  );

async function subscribe(who: Owner, plan: string, frequency = 'MONTHLY', extra: object = {}) {
  const response = await post(
    '/api/subscription/startSubscription',
    { plCompanyId: who.companyId, plPlanId: planIds[plan], paymentFrequency: frequency, ...extra },
    who.token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail as { autoRenew: boolean; currentPeriodEnd: string; status: string };
}

async function charges(who: Owner) {
  return t.database.db
    .select()
    .from(paymentTransactions)
    .where(eq(paymentTransactions.companyId, who.companyId))
    .orderBy(paymentTransactions.id);
}

const renew = () => post('/api/subscription/runRenewals', {}, admin);
const runJob = async (name: string) => {
  const definition = registered.get(name) as JobDefinition<Record<string, never>> | undefined;
  if (!definition) throw new Error(`${name} is not registered`);
  await definition.handler({});
};

async function mails(who: Owner) {
  return t.database.db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, who.user.email))
    .orderBy(mailOutbox.id);
}

async function upsertPromo(code: string, plan: string, discountType: string, discountAmount: number) {
  const response = await post(
    '/api/subscription/upsertPromo',
    activePromo(code, [
      { plPlanId: planIds[plan], paymentFrequency: 'MONTHLY', discountType, discountAmount },
    ]),
    admin,
  );
  expect(response.statusCode, response.body).toBe(200);
}

describe('labels that are true (spec 2 §2, spec 3 §9)', () => {
  it('every demo annual price is eleven monthly fees, so "(One Month Free)" and "(8% OFF)" hold', async () => {
    const response = await post(
      '/api/plan/getPlans',
      { status: 'ACTIVE', region: 'US', currentPage: 1, itemsPerPage: 20 },
      admin,
    );
    const items = response.json().detail.items as { monthlyFee: number; annualFee: number }[];
    expect(showsOneMonthFree(items)).toBe(true);
    for (const plan of items) expect(annualDiscountPercent(plan.monthlyFee, plan.annualFee)).toBe(8);
  });
});

describe('previewSubscription', () => {
  it('shows the promo price charged now and the full price per period, and the start charges it', async () => {
    await upsertPromo('TRUST10', 'Pro', 'PERCENT', 10);
    const who = await owner();
    await saveCard(who);
    const shown = await preview(who, 'Pro', 'MONTHLY', { promoCode: 'trust10' });
    expect(shown.statusCode, shown.body).toBe(200);
    expect(shown.json().detail).toMatchObject({
      kind: 'START',
      planName: 'Pro',
      price: 149,
      discount: 14.9,
      promoCode: 'TRUST10',
      credit: 0,
      amountNow: 134.1,
      trialEndsAt: null,
      nextRenewalAmount: 149,
    });
    expect(await charges(who)).toEqual([]);
    const started = await subscribe(who, 'Pro', 'MONTHLY', { promoCode: 'TRUST10' });
    expect(started.currentPeriodEnd).toBe(shown.json().detail.nextRenewalDate);
    expect((await charges(who)).map((c) => c.amountCents)).toEqual([13410]);
  });

  it('shows a trial as nothing now and the first charge when it ends', async () => {
    const who = await owner();
    await saveCard(who);
    const shown = (await preview(who, 'Enterprise', 'MONTHLY')).json().detail;
    expect(shown).toMatchObject({ kind: 'START', amountNow: 0, nextRenewalAmount: 499 });
    expect(shown.trialEndsAt).toBe(new Date(t.clock.now().getTime() + 14 * DAY).toISOString());
    expect(shown.nextRenewalDate).toBe(shown.trialEndsAt);
  });

  it('a switch preview shows the credit and the amount, charges nothing, and the switch charges exactly it', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic');
    t.clock.advance(10 * DAY);
    const response = await preview(who, 'Pro', 'ANNUAL');
    expect(response.statusCode, response.body).toBe(200);
    const shown = response.json().detail;
    expect(shown.kind).toBe('SWITCH');
    expect(shown.price).toBe(1639);
    expect(shown.credit).toBeGreaterThan(30);
    expect(shown.credit).toBeLessThan(49);
    expect(shown.amountNow).toBe(Math.round((1639 - shown.credit) * 100) / 100);
    expect(shown.nextRenewalAmount).toBe(1639);
    expect((await charges(who)).length).toBe(1);

    // Minutes later the unused share is smaller, but the confirmation holds the preview's figure.
    t.clock.advance(7 * 60_000);
    const switched = await post(
      '/api/subscription/updateCompanySubscription',
      {
        plCompanyId: who.companyId,
        plPlanId: planIds.Pro,
        paymentFrequency: 'ANNUAL',
        quotedAt: shown.quotedAt,
      },
      who.token,
    );
    expect(switched.statusCode, switched.body).toBe(200);
    const all = await charges(who);
    expect(all.at(-1)!.amountCents).toBe(Math.round(shown.amountNow * 100));
  });

  it('says "Please select plan to switch" for the current plan and keeps other companies out', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic');
    const same = await preview(who, 'Basic', 'MONTHLY');
    expect(same.statusCode).toBe(400);
    expect(same.json().messages).toEqual(['Please select plan to switch']);
    const stranger = await owner();
    const foreign = await post(
      '/api/subscription/previewSubscription',
      { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' },
      stranger.token,
    );
    expect([403, 404]).toContain(foreign.statusCode);
  });
});

describe('resumeSubscription', () => {
  it('turns auto-renew back on after a cancel, without a charge, and the period then renews', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Pro');
    const canceled = await post(
      '/api/subscription/cancelSubscription',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(canceled.json().detail.autoRenew).toBe(false);
    const resumed = await post(
      '/api/subscription/resumeSubscription',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(resumed.statusCode, resumed.body).toBe(200);
    expect(resumed.json().detail).toMatchObject({
      autoRenew: true,
      status: 'AVAILABLE',
      paymentFrequency: 'MONTHLY',
      subscription: { plPlanId: planIds.Pro, name: 'Pro' },
    });
    expect((await charges(who)).length).toBe(1);
    t.clock.advance(32 * DAY);
    await renew();
    const after = await post(
      '/api/subscription/companySubscriptionListing',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(after.json().detail.companySubscriptions[0].status).toBe('AVAILABLE');
    expect((await charges(who)).map((c) => c.status)).toEqual(['Paid', 'Paid']);
  });

  it('is refused once the canceled period has ended, and to members who do not manage billing', async () => {
    const who = await owner();
    await saveCard(who);
    await subscribe(who, 'Basic');
    const member = await createMember(t.database.db, 'User', who.companyId);
    const memberToken = (await login(t.app, member.user.email)).accessToken;
    const forbidden = await post(
      '/api/subscription/resumeSubscription',
      { plCompanyId: who.companyId },
      memberToken,
    );
    expect(forbidden.statusCode).toBe(403);
    await post('/api/subscription/cancelSubscription', { plCompanyId: who.companyId }, who.token);
    t.clock.advance(32 * DAY);
    await renew();
    const late = await post(
      '/api/subscription/resumeSubscription',
      { plCompanyId: who.companyId },
      who.token,
    );
    expect(late.statusCode).toBe(409);
    expect(late.json().messages).toEqual(['This subscription has ended. Start a subscription instead.']);
  });
});

describe('billing emails', () => {
  it('sends one receipt per charge in the reader’s language, with the card’s brand and last four only', async () => {
    const who = await owner('de');
    await saveCard(who);
    const key = { 'idempotency-key': `receipt-${who.companyId}-once` };
    const body = { plCompanyId: who.companyId, plPlanId: planIds.Pro, paymentFrequency: 'MONTHLY' };
    expect((await post('/api/subscription/startSubscription', body, who.token, key)).statusCode).toBe(200);
    expect((await post('/api/subscription/startSubscription', body, who.token, key)).statusCode).toBe(200);
    let receipts = (await mails(who)).filter((m) => m.subject.startsWith('Ihre Trustleaf-Quittung'));
    expect(receipts).toHaveLength(1);
    const [receipt] = receipts;
    expect(receipt!.subject).toBe('Ihre Trustleaf-Quittung: 149,00\u00a0$');
    expect(receipt!.text).toContain('Tarif: Pro (monatlich)');
    expect(receipt!.text).toContain('Betrag: 149,00\u00a0$');
    expect(receipt!.text).toContain('Bezahlt mit: Visa mit den Endziffern 1111');
    // The link leads to the payments themselves, not to the dashboard.
    expect(receipt!.text).toMatch(/Ihre Zahlungen: https?:\/\/\S+\/account\/subscription(\s|$)/);
    for (const part of [receipt!.text, receipt!.html]) {
      expect(part).not.toMatch(/4111[\s-]*1111/);
      expect(part.replace(/\D+/g, ' ')).not.toMatch(/\d{12,}/);
    }

    // The job may run again (pg-boss delivers at least once): the same event writes no second email.
    const sendNotice = registered.get('billing.send-notice')!;
    const queued = noticesQueued.find(
      (n) => (n as { companyId: number; kind: string }).companyId === who.companyId,
    );
    await sendNotice.handler(queued as never);
    receipts = (await mails(who)).filter((m) => m.subject.startsWith('Ihre Trustleaf-Quittung'));
    expect(receipts).toHaveLength(1);
    expect(receipts[0]!.status).toBe('SENT');

    t.clock.advance(32 * DAY);
    await renew();
    await renew();
    receipts = (await mails(who)).filter((m) => m.subject.startsWith('Ihre Trustleaf-Quittung'));
    expect(receipts).toHaveLength(2);
  });

  it('mails each failed renewal charge once, then that the subscription ended, in French', async () => {
    const who = await owner('fr');
    await saveCard(who);
    await subscribe(who, 'Basic');
    await saveCard(who, FAILS_CHARGES);
    t.clock.advance(32 * DAY);
    await renew();
    await renew();
    let failed = (await mails(who)).filter((m) => m.subject.includes('a échoué'));
    expect(failed).toHaveLength(1);
    expect(failed[0]!.subject).toBe('Le paiement de votre abonnement Trustleaf a échoué');
    expect(failed[0]!.text).toContain('Visa se terminant par 0341');
    expect(failed[0]!.text).toContain('Nous réessaierons le');
    for (const days of [1, 3, 7]) {
      t.clock.advance(days * DAY);
      await renew();
    }
    failed = (await mails(who)).filter((m) => m.subject.includes('a échoué'));
    expect(failed).toHaveLength(3);
    const ended = (await mails(who)).filter((m) => m.subject === 'Votre abonnement Trustleaf a pris fin');
    expect(ended).toHaveLength(1);
    expect(ended[0]!.text).toContain('Toutes les tentatives de paiement ont échoué');
  });

  it('mails a cancel once and the end of the canceled period once, in Dutch', async () => {
    const who = await owner('nl');
    await saveCard(who);
    await subscribe(who, 'Basic');
    await post('/api/subscription/cancelSubscription', { plCompanyId: who.companyId }, who.token);
    await post('/api/subscription/cancelSubscription', { plCompanyId: who.companyId }, who.token);
    t.clock.advance(32 * DAY);
    await renew();
    await renew();
    const subjects = (await mails(who)).map((m) => m.subject);
    expect(subjects.filter((s) => s === 'Uw Trustleaf-abonnement is opgezegd')).toHaveLength(1);
    expect(subjects.filter((s) => s === 'Uw Trustleaf-abonnement is beëindigd')).toHaveLength(1);
  });

  it('the hourly reminder job mails a trial’s end 3 days ahead and an annual renewal 7 days ahead, once each', async () => {
    const trial = await owner();
    await saveCard(trial);
    await subscribe(trial, 'Enterprise');
    const annual = await owner();
    await saveCard(annual);
    await subscribe(annual, 'Basic', 'ANNUAL');

    t.clock.advance(10 * DAY);
    await runJob('billing.send-reminders');
    expect((await mails(trial)).filter((m) => m.subject === 'Your Trustleaf trial ends soon')).toEqual([]);

    t.clock.advance(1 * DAY + 60_000);
    await runJob('billing.send-reminders');
    await runJob('billing.send-reminders');
    const trialMails = (await mails(trial)).filter((m) => m.subject === 'Your Trustleaf trial ends soon');
    expect(trialMails).toHaveLength(1);
    expect(trialMails[0]!.text).toContain('Then $499.00 will be charged to Visa ending in 1111.');

    t.clock.advance(350 * DAY);
    await runJob('billing.send-reminders');
    await runJob('billing.send-reminders');
    const renewals = (await mails(annual)).filter(
      (m) => m.subject === 'Your annual Trustleaf subscription renews soon',
    );
    expect(renewals).toHaveLength(1);
    expect(renewals[0]!.text).toContain('$539.00 will be charged to Visa ending in 1111.');
    const recorded = await t.database.db
      .select()
      .from(billingNotices)
      .where(
        and(
          eq(billingNotices.companyId, annual.companyId),
          like(billingNotices.eventKey, 'renewal-upcoming:%'),
        ),
      );
    expect(recorded).toHaveLength(1);
  });
});
