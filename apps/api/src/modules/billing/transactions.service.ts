import type {
  FinancialListingSchema,
  Transaction,
  TransactionListingInput,
} from '@trustleaf/domain/schemas/billing';
import type { z } from 'zod';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { LOCK_BUSY, type CompanyLocks } from '../../lib/company-locks.ts';
import { refusal } from '../../lib/errors.ts';
import type { PaymentGateway } from '../../lib/payment-gateway.ts';
import { BILLING_REFUSALS, paymentRefusal } from '@trustleaf/domain/rules/billing-refusals';
import { MANAGERS, requireSuperAdmin, toCents, toDollars } from './billing.common.ts';
import type { PaymentsRepository, TransactionListRow } from './payments.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

const DAY_MS = 86_400_000;

/** How long a refund waits for a charge or another refund of the same company. */
const REFUND_LOCK_WAIT_MS = 30_000;

export function toTransaction(row: TransactionListRow): Transaction {
  return {
    plTransactionId: row.id,
    plCompanyId: row.companyId,
    companyName: row.companyName,
    amount: toDollars(row.amountCents),
    refundedAmount: toDollars(row.refundedCents),
    currency: row.currency,
    status: row.status,
    description: row.description,
    failureMessage: row.failureMessage,
    brand: row.brand,
    last4: row.last4,
    createdAt: row.createdAt.toISOString(),
  };
}

/** `YYYY-MM` of a date (UTC). */
const monthOf = (date: Date): string => date.toISOString().slice(0, 7);

export interface TransactionsServiceDeps {
  companyAccess: CompanyAccess;
  repo: PaymentsRepository;
  clock: Clock;
  gateway: PaymentGateway;
  /** The billing account's lock: a refund never runs beside a charge or another refund of the company. */
  locks: CompanyLocks;
}

/** Payments after the fact: the listing, refunds and the monthly financial summary. */
export function createTransactionsService({
  companyAccess,
  repo,
  clock,
  gateway,
  locks,
}: TransactionsServiceDeps) {
  return {
    async transactionListing(auth: AuthContext, input: TransactionListingInput) {
      if (input.plCompanyId === 0) requireSuperAdmin(auth);
      else await companyAccess.require(auth, input.plCompanyId, MANAGERS);
      const page = { limit: input.itemsPerPage, offset: (input.currentPage - 1) * input.itemsPerPage };
      const { items, total } = await repo.listTransactions(
        {
          companyId: input.plCompanyId === 0 ? null : input.plCompanyId,
          status: input.status,
          from: input.fromDate ? new Date(`${input.fromDate}T00:00:00Z`) : undefined,
          before: input.toDate ? new Date(Date.parse(`${input.toDate}T00:00:00Z`) + DAY_MS) : undefined,
          search: input.search || undefined,
        },
        page,
      );
      return { items: items.map(toTransaction), total };
    },

    /**
     * Refunds hold the company's billing lock from the check to the record, so two at once (a double
     * click, two admins) are one after the other: the second sees what the first refunded and never
     * asks the gateway for more than the payment.
     */
    async refund(auth: AuthContext, input: { plTransactionId: number; amount?: number | undefined }) {
      requireSuperAdmin(auth);
      const found = await repo.findTransaction(input.plTransactionId);
      if (!found) throw refusal('NOT_FOUND', COMMON_REFUSALS.transactionNotFound);
      const result = await locks.waitWith(found.companyId, REFUND_LOCK_WAIT_MS, async () => {
        const row = (await repo.findTransaction(found.id))!;
        if (row.status === 'Failed' || !row.gatewayChargeId)
          throw refusal('CONFLICT', BILLING_REFUSALS.onlyPaidRefunds);
        const left = row.amountCents - row.refundedCents;
        const cents = input.amount === undefined ? left : toCents(input.amount);
        if (cents <= 0 || cents > left) throw refusal('VALIDATION_FAILED', BILLING_REFUSALS.refundTooLarge);
        const refunded = await gateway.refund({ chargeId: row.gatewayChargeId, amountCents: cents });
        if (!refunded.ok) throw refusal('PAYMENT_FAILED', paymentRefusal(refunded.message));
        const updated = await repo.addRefund(row.id, cents);
        if (!updated) throw refusal('CONFLICT', BILLING_REFUSALS.refundTooLarge);
        return toTransaction(updated);
      });
      if (result === LOCK_BUSY) throw refusal('CONFLICT', BILLING_REFUSALS.refundInProgress);
      return result;
    },

    /** Spec 3 §7 financialListing: every month of the range, oldest first, zeros included. */
    async financialListing(
      auth: AuthContext,
      input: { plCompanyId: number; months: number },
    ): Promise<z.infer<typeof FinancialListingSchema>> {
      requireSuperAdmin(auth);
      const now = clock.now();
      const first = new Date(Date.UTC(now.getUTCFullYear(), now.getUTCMonth() - (input.months - 1), 1));
      const rows = await repo.transactionsByMonth(input.plCompanyId === 0 ? null : input.plCompanyId, first);
      const byMonth = new Map(rows.map((row) => [row.month, row]));
      const months = Array.from({ length: input.months }, (_, index) => {
        const month = monthOf(new Date(Date.UTC(first.getUTCFullYear(), first.getUTCMonth() + index, 1)));
        const row = byMonth.get(month);
        const charged = row?.chargedCents ?? 0;
        const refunded = row?.refundedCents ?? 0;
        return {
          month,
          charged: toDollars(charged),
          payments: row?.payments ?? 0,
          refunded: toDollars(refunded),
          net: toDollars(charged - refunded),
          failed: row?.failed ?? 0,
        };
      });
      return { currency: 'USD', months };
    },
  };
}
