import { updateCompanyPaymentMethod } from '@trustleaf/domain/api/billing';
import type { UpdatePaymentMethodInput } from '@trustleaf/domain/schemas/card';
import { api } from '@/lib/api';
import { getCompanySubscriptionQueryOptions } from './get-company-subscription';
import { getPaymentMethodQueryOptions } from './get-payment-method';
import { getTransactionsQueryOptions } from './get-transactions';
import { exactly, useBillingMutation } from './use-billing-mutation';

export const savePaymentMethod = (input: UpdatePaymentMethodInput) =>
  api.call(updateCompanyPaymentMethod, input);

/** The card, and what retrying a failed renewal with it changes: the subscription and the payments. */
export const useSavePaymentMethod = () =>
  useBillingMutation(savePaymentMethod, ({ plCompanyId }) => [
    exactly(getPaymentMethodQueryOptions(plCompanyId).queryKey),
    exactly(getCompanySubscriptionQueryOptions(plCompanyId).queryKey),
    exactly(getTransactionsQueryOptions(plCompanyId).queryKey),
  ]);
