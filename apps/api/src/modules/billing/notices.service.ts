import type { InTransaction } from '../../lib/transaction.ts';
import type { OutboxMailer } from '../../lib/mailer.ts';
import {
  canceledMail,
  endedMail,
  paymentFailedMail,
  receiptMail,
  renewalUpcomingMail,
  trialEndingMail,
} from '../mail/billing.templates.ts';
import { mailLanguage, renderMail } from '../mail/mail.templates.ts';
import { iso, toDollars } from './billing.common.ts';
import type { BillingNotice } from './billing.jobs.ts';
import { createNoticesRepository, type NoticesRepository } from './notices.repository.ts';
import type { TransactionRow } from './payments.repository.ts';
import type { PlansRepository } from './plans.repository.ts';
import type { SubscriptionRow } from './subscriptions.repository.ts';

export interface NoticesServiceDeps {
  inTransaction: InTransaction;
  repo: NoticesRepository;
  plans: Pick<PlansRepository, 'findPlan'>;
  mailer: OutboxMailer;
  appUrl: string;
  /** Queues a billing email (the billing.send-notice job); none when absent. */
  enqueueNotice?: ((notice: BillingNotice) => Promise<void>) | undefined;
  log: (line: string) => void;
}

/** The billing emails (issue 19): queued as events once the money has moved, written once per event. */
export function createNoticesService({
  inTransaction,
  repo,
  plans,
  mailer,
  appUrl,
  enqueueNotice,
  log,
}: NoticesServiceDeps) {
  /**
   * Queues a billing email. The money path it follows has settled already, so a queue that cannot
   * take the job is logged, never turned into a failed request.
   */
  async function queueNotice(notice: BillingNotice): Promise<void> {
    if (!enqueueNotice) return;
    try {
      await enqueueNotice(notice);
    } catch (error) {
      log(`billing.send-notice ${notice.eventKey} not queued: ${String(error)}`);
    }
  }

  const cardOf = (tx: TransactionRow) => ({ brand: tx.brand, last4: tx.last4 });

  /** The receipt of a paid charge, for the period the subscription row now shows. */
  async function receipt(sub: SubscriptionRow, tx: TransactionRow): Promise<void> {
    const plan = await plans.findPlan(sub.planId);
    await queueNotice({
      kind: 'RECEIPT',
      eventKey: `receipt:${tx.id}`,
      companyId: sub.companyId,
      params: {
        ...cardOf(tx),
        planName: plan?.name ?? '',
        frequency: sub.paymentFrequency,
        amount: toDollars(tx.amountCents),
        periodStart: sub.currentPeriodStart.toISOString(),
        periodEnd: sub.currentPeriodEnd.toISOString(),
      },
    });
  }

  async function paymentFailed(sub: SubscriptionRow, tx: TransactionRow, retryAt: Date | null) {
    const plan = await plans.findPlan(sub.planId);
    await queueNotice({
      kind: 'PAYMENT_FAILED',
      eventKey: `payment-failed:${tx.id}`,
      companyId: sub.companyId,
      params: {
        ...cardOf(tx),
        planName: plan?.name ?? '',
        amount: toDollars(tx.amountCents),
        reason: tx.failureMessage ?? 'Payment failed',
        nextRetryAt: iso(retryAt),
      },
    });
  }

  async function ended(sub: SubscriptionRow, endedAt: Date, reason: 'CANCELED' | 'PAYMENT') {
    const plan = await plans.findPlan(sub.planId);
    await queueNotice({
      kind: 'ENDED',
      eventKey: `ended:${sub.id}`,
      companyId: sub.companyId,
      params: { planName: plan?.name ?? '', endedAt: endedAt.toISOString(), reason },
    });
  }

  // Every billing email's link leads to where its next step is taken (the card, the plan, the
  // payments), not to the dashboard.
  const subscriptionUrl = `${appUrl.replace(/\/+$/, '')}/account/subscription`;

  function renderNotice(notice: BillingNotice, language: ReturnType<typeof mailLanguage>) {
    switch (notice.kind) {
      case 'RECEIPT':
        return renderMail(receiptMail, language, { ...notice.params, subscriptionUrl });
      case 'PAYMENT_FAILED':
        return renderMail(paymentFailedMail, language, { ...notice.params, subscriptionUrl });
      case 'CANCELED':
        return renderMail(canceledMail, language, { ...notice.params, subscriptionUrl });
      case 'ENDED':
        return renderMail(endedMail, language, { ...notice.params, subscriptionUrl });
      case 'TRIAL_ENDING':
        return renderMail(trialEndingMail, language, { ...notice.params, subscriptionUrl });
      case 'RENEWAL_UPCOMING':
        return renderMail(renewalUpcomingMail, language, { ...notice.params, subscriptionUrl });
    }
  }

  return {
    queueNotice,
    receipt,
    paymentFailed,
    ended,
    findNotice: (eventKey: string) => repo.findNotice(eventKey),

    /**
     * The billing.send-notice job: claims the event (once per key), writes the email to each owner
     * and admin in their language in the outbox, then queues delivery. A rerun of a claimed event
     * queues the same outbox rows again, which the mail job sends at most once.
     */
    async sendNotice(notice: BillingNotice): Promise<void> {
      const existing = await repo.findNotice(notice.eventKey);
      if (existing) {
        await mailer.deliver(existing.outboxIds);
        return;
      }
      const recipients = await repo.billingRecipients(notice.companyId);
      const outboxIds = await inTransaction(async (tx) => {
        const claimed = await createNoticesRepository(tx).claimNotice({
          eventKey: notice.eventKey,
          companyId: notice.companyId,
          kind: notice.kind,
        });
        if (!claimed) return null;
        const ids: number[] = [];
        for (const { email, language } of recipients) {
          ids.push(await mailer.record(tx, { to: email, ...renderNotice(notice, mailLanguage(language)) }));
        }
        await createNoticesRepository(tx).setNoticeOutbox(notice.eventKey, ids);
        return ids;
      });
      if (outboxIds) await mailer.deliver(outboxIds);
    },
  };
}
export type NoticesService = ReturnType<typeof createNoticesService>;
