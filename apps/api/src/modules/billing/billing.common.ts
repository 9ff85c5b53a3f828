import { BILLING_REFUSALS } from '@trustleaf/domain/rules/billing-refusals';
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
