import { updateCompanySubscription } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { getTransactionsQueryOptions } from './get-transactions';
import { exactly, useBillingMutation } from './use-billing-mutation';

export type SwitchInput = EndpointInput<typeof updateCompanySubscription> & {
  /** One key per checkout: a double click or a retried request charges once. */
  idempotencyKey: string;
};

export const switchSubscription = ({ idempotencyKey, ...body }: SwitchInput) =>
  api.call(updateCompanySubscription, body, { headers: { 'Idempotency-Key': idempotencyKey } });

/** A switch of plan or frequency: the company's subscription and payments change. */
export const useSwitchSubscription = () =>
  useBillingMutation(switchSubscription, ({ plCompanyId }) => [
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
    exactly(getTransactionsQueryOptions(plCompanyId).queryKey),
  ]);
