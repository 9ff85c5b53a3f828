import { checkPromoCode as contract } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

/**
 * Billing's promo check without a session: the sign-up form checks the promo code before it sends the
 * email code; registration then applies it to the new company.
 */
export async function checkPromoCode(promoCode: string): Promise<void> {
  await api.call(contract, { promoCode });
}
