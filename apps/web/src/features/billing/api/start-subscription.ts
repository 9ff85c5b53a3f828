import { startSubscription as contract } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { getPromosQueryOptions } from './get-promos';
import { getTransactionsQueryOptions } from './get-transactions';
import { exactly, useBillingMutation } from './use-billing-mutation';

export type StartInput = EndpointInput<typeof contract> & {
  /** One key per checkout: a double click or a retried request charges once. */
  idempotencyKey: string;
};

export const startSubscription = ({ idempotencyKey, ...body }: StartInput) =>
  api.call(contract, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** The company's subscription and payments change, and a promo code used counts one more use. */
export const useStartSubscription = () =>
  useBillingMutation(startSubscription, ({ plCompanyId, promoCode }) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
    exactly(getTransactionsQueryOptions(plCompanyId).queryKey),
    ...(promoCode ? [exactly(getPromosQueryOptions().queryKey)] : []),
  ]);
