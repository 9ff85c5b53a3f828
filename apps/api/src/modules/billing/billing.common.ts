import { keyedMessages } from '@trustleaf/domain/validation-issues';
import { planPrice, type PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { AuthContext } from '../../lib/authz.ts';
import { LOCK_BUSY, type CompanyLocks } from '../../lib/company-locks.ts';
import { refusal } from '../../lib/errors.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** Billing stores cents; the API speaks dollars. */
export const toCents = (dollars: number): number => Math.round(dollars * 100);
export const toDollars = (cents: number): number => cents / 100;
export const iso = (date: Date | null): string | null => (date ? date.toISOString() : null);

/** Who may manage a company's billing (subscription, card, promo, payments). */
export const MANAGERS = ['Company Owner', 'Company Admin'] as const;

export function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
}

/** A plan's price for a payment frequency, from its stored cents (the domain's pricing rule). */
export function priceOfPlan(
  plan: {
    monthlyFeeCents: number;
    annualFeeCents: number;
    promoMonthlyFeeCents: number | null;
    promoAnnualFeeCents: number | null;
  },
  frequency: PaymentFrequency,
): number {
  const dollarsOrNull = (cents: number | null) => (cents === null ? null : toDollars(cents));
  return planPrice(
    {
      monthlyFee: toDollars(plan.monthlyFeeCents),
      annualFee: toDollars(plan.annualFeeCents),
      promoMonthlyFee: dollarsOrNull(plan.promoMonthlyFeeCents),
      promoAnnualFee: dollarsOrNull(plan.promoAnnualFeeCents),
    },
    frequency,
  );
}

export const PAYMENT_IN_PROGRESS_MESSAGE =
  'A payment for this company is already in progress. Please try again in a moment.';

/** Billing's refusals (409, and the few 400/402 of a purchase) with their locale keys (`billing.refusals.*`). */
export const BILLING_REFUSALS = keyedMessages('billing.refusals', {
  paymentInProgress: PAYMENT_IN_PROGRESS_MESSAGE,
  promoExists: 'A promo with this code already exists',
  subscriptionStarting: 'A subscription is already being started',
  startFirst: 'Start a subscription first',
  subscriptionEnded: 'This subscription has ended. Start a subscription instead.',
  onlyPaidRefunds: 'Only paid transactions can be refunded',
  refundTooLarge: 'The refund is larger than what remains of the payment',
  refundInProgress: 'A payment or refund for this company is in progress. Please try again in a moment.',
  cardNotAllowed: 'This plan cannot be paid by card at that frequency',
  alreadySubscribed: 'The company already has an active subscription; switch plan instead',
  addPaymentMethod: 'Please add a payment method',
  featureNotIncluded: 'Your subscription does not include this feature. Upgrade your plan to use it.',
});
/** How long a card update or the renewal job waits for a charge in flight before leaving it be. */
export const LOCK_WAIT_MS = 30_000;

/** Runs a request's billing work holding the company's lock; a second one at the same time gets 409. */
export async function oneChargeAtATime<T>(
  locks: CompanyLocks,
  companyId: number,
  work: () => Promise<T>,
): Promise<T> {
  const result = await locks.tryWith(companyId, work);
  if (result === LOCK_BUSY) throw refusal('CONFLICT', BILLING_REFUSALS.paymentInProgress);
  return result;
}
