/** Spec 3 §5: a promo is valid when active, now within its dates, and under its usage limit if limited. */
export interface PromoValidityInput {
  status: 'ACTIVE' | 'INACTIVE';
  startDate: Date | null;
  endDate: Date | null;
  limitUsage: boolean;
  maxUsage: number | null;
  totalUsage: number;
}

export type PromoValidity = 'VALID' | 'INVALID_PROMO_CODE' | 'MAX_USAGE_PROMO_CODE';

export const INVALID_PROMO_MESSAGE = 'Invalid Promo Code.';
export const MAX_USAGE_PROMO_MESSAGE = 'This promo code has reached its maximum usage.';

export function promoValidity(promo: PromoValidityInput | null | undefined, now: Date): PromoValidity {
  if (!promo || promo.status !== 'ACTIVE') return 'INVALID_PROMO_CODE';
  if (promo.startDate && now < promo.startDate) return 'INVALID_PROMO_CODE';
  if (promo.endDate && now > promo.endDate) return 'INVALID_PROMO_CODE';
  if (promo.limitUsage && promo.totalUsage >= (promo.maxUsage ?? 0)) return 'MAX_USAGE_PROMO_CODE';
  return 'VALID';
}

/** Codes are matched case-insensitively: people type them as they read them. */
export const normalisePromoCode = (code: string): string => code.trim().toUpperCase();
