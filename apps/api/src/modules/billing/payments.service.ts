import { createHash } from 'node:crypto';
import type { PaymentMethod, UpdatePaymentMethodInput } from '@trustleaf/domain/schemas/card';
import type { InTransaction } from '../../lib/transaction.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { LOCK_BUSY, type CompanyLocks } from '../../lib/company-locks.ts';
import { BILLING_REFUSALS } from '@trustleaf/domain/rules/billing-refusals';
import { refusal } from '../../lib/errors.ts';
import type { PaymentGateway } from '../../lib/payment-gateway.ts';
import type { RecordActivity } from '../activity/activity.service.ts';
import { LOCK_WAIT_MS, MANAGERS, toDollars } from './billing.common.ts';
import {
  createPaymentsRepository,
  type PaymentsRepository,
  type TransactionRow,
} from './payments.repository.ts';
import type { SubscriptionRow, SubscriptionsRepository } from './subscriptions.repository.ts';

export type ChargeResult =
  | { ok: true; transaction: TransactionRow }
  | { ok: false; message: string; transaction: TransactionRow | null };

export interface ChargeInput {
  companyId: number;
  subscriptionId: number | null;
  amountCents: number;
  description: string;
  chargeKey: string;
  /** Who asked for the charge; none for the renewal job. */
  actorUserId?: number;
}

/** Charging the company's card, for the subscription and renewal services. */
export function createCharges({
  inTransaction,
  repo,
  gateway,
  record,
}: {
  inTransaction: InTransaction;
  repo: PaymentsRepository;
  gateway: PaymentGateway;
  /** The activity log: every charge's outcome, written with the charge's transaction row. */
  record: RecordActivity;
}) {
  /**
   * Charges the company's card once per charge key and records the transaction. Re-running with
   * the same key (a retried job or request) returns the first outcome without a second charge.
   * Callers derive the key from the billing state the charge settles (subscription, period, plan),
   * never from the clock, and the card is part of it: the gateway's idempotency key is the server's
   * own, whether or not the client sent an Idempotency-Key. Callers hold the company's lock.
   * The transaction row and its activity entry (PAYMENT_SUCCEEDED or PAYMENT_FAILED) commit
   * together: a run that stops between them leaves neither, and the rerun asks the gateway again
   * with the same key (which answers with the first charge) and writes both.
   */
  async function charge(input: ChargeInput): Promise<ChargeResult> {
    const method = await repo.findPaymentMethod(input.companyId);
    if (!method) {
      return { ok: false, message: BILLING_REFUSALS.addPaymentMethod.message, transaction: null };
    }
    const chargeKey = `${input.chargeKey}:${createHash('sha256').update(method.token).digest('hex').slice(0, 16)}`;
    const previous = await repo.findTransactionByKey(chargeKey);
    if (previous) {
      return previous.status === 'Failed'
        ? {
            ok: false,
            message: previous.failureMessage ?? BILLING_REFUSALS.paymentFailed.message,
            transaction: previous,
          }
        : { ok: true, transaction: previous };
    }
    const result = await gateway.charge({
      token: method.token,
      amountCents: input.amountCents,
      currency: 'USD',
      idempotencyKey: chargeKey,
      description: input.description,
    });
    const values = {
      companyId: input.companyId,
      subscriptionId: input.subscriptionId,
      amountCents: input.amountCents,
      status: result.ok ? 'Paid' : 'Failed',
      description: input.description,
      failureMessage: result.ok ? null : result.message,
      gatewayChargeId: result.ok ? result.chargeId : null,
      chargeKey,
      brand: method.brand,
      last4: method.last4,
    } as const;
    const transaction = await inTransaction(async (tx) => {
      const written = await createPaymentsRepository(tx).recordTransaction(values);
      // A row another run wrote first already has its entry.
      if (written.inserted) {
        await record(
          {
            action: result.ok ? 'PAYMENT_SUCCEEDED' : 'PAYMENT_FAILED',
            actorUserId: input.actorUserId ?? null,
            companyId: input.companyId,
            detail: { name: input.description, amount: toDollars(input.amountCents) },
          },
          tx,
        );
      }
      return written.transaction;
    });
    return result.ok ? { ok: true, transaction } : { ok: false, message: result.message, transaction };
  }

  return { charge };
}
export type Charge = ReturnType<typeof createCharges>['charge'];

export interface PaymentsServiceDeps {
  companyAccess: CompanyAccess;
  repo: PaymentsRepository;
  subscriptions: Pick<SubscriptionsRepository, 'liveSubscription'>;
  clock: Clock;
  gateway: PaymentGateway;
  locks: CompanyLocks;
  record: RecordActivity;
  /** Charges a failed renewal again at once (the renewals service); true when it was paid. */
  retryFailedRenewal: (sub: SubscriptionRow, now: Date, reason: 'new-card') => Promise<boolean>;
}

/** The company's card: shown masked, replaced by a gateway token, and a failed renewal retried with it. */
export function createPaymentsService({
  companyAccess,
  repo,
  subscriptions,
  clock,
  gateway,
  locks,
  record,
  retryFailedRenewal,
}: PaymentsServiceDeps) {
  return {
    async getCompanyPaymentMethod(auth: AuthContext, companyId: number): Promise<PaymentMethod | null> {
      await companyAccess.require(auth, companyId, MANAGERS);
      const row = await repo.findPaymentMethod(companyId);
      if (!row) return null;
      return {
        brand: row.brand,
        last4: row.last4,
        expMonth: row.expMonth,
        expYear: row.expYear,
        firstName: row.firstName,
        lastName: row.lastName,
        billingAddressLine1: row.billingAddressLine1,
        billingAddressLine2: row.billingAddressLine2,
        billingCity: row.billingCity,
        billingState: row.billingState,
        billingZip: row.billingZip,
        billingCountry: row.billingCountry,
      };
    },

    /** Saves the gateway's token; a company whose renewal failed is charged again at once. */
    async updateCompanyPaymentMethod(auth: AuthContext, input: UpdatePaymentMethodInput) {
      await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const card = await gateway.describeToken(input.paymentToken);
      if (!card) throw refusal('PAYMENT_FAILED', BILLING_REFUSALS.cardNotVerified);
      const now = clock.now();
      await repo.savePaymentMethod({
        companyId: input.plCompanyId,
        gateway: gateway.name,
        token: input.paymentToken,
        ...card,
        firstName: input.firstName,
        lastName: input.lastName,
        billingAddressLine1: input.billingAddressLine1,
        billingAddressLine2: input.billingAddressLine2 ?? null,
        billingCity: input.billingCity,
        billingState: input.billingState,
        billingZip: input.billingZip,
        billingCountry: input.billingCountry,
        updatedAt: now,
      });
      await record({
        action: 'PAYMENT_METHOD_UPDATED',
        actorUserId: auth.userId,
        companyId: input.plCompanyId,
        detail: { name: `${card.brand} •••• ${card.last4}` },
      });
      // A charge in flight (a renewal, a switch) settles first; the retry then sees its outcome.
      const settled = await locks.waitWith(input.plCompanyId, LOCK_WAIT_MS, async () => {
        const live = await subscriptions.liveSubscription(input.plCompanyId);
        if (live?.status === 'PAYMENT_FAILED' && live.firstFailureAt) {
          return (await retryFailedRenewal(live, now, 'new-card')) ? 'AVAILABLE' : 'PAYMENT_FAILED';
        }
        return live?.status ?? null;
      });
      const subscriptionStatus =
        settled === LOCK_BUSY
          ? ((await subscriptions.liveSubscription(input.plCompanyId))?.status ?? null)
          : settled;
      return {
        brand: card.brand,
        last4: card.last4,
        expMonth: card.expMonth,
        expYear: card.expYear,
        subscriptionStatus,
      };
    },
  };
}
export type PaymentsService = ReturnType<typeof createPaymentsService>;
