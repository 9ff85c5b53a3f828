import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

/**
 * Billing's promo check without a session: the sign-up form checks the promo code before it sends the
 * email code; registration then applies it to the new company.
 */
export async function checkPromoCode(promoCode: string): Promise<void> {
  const contracts = await loadAccountsContracts();
  await api.call(contracts.checkPromoCode, { promoCode });
}
