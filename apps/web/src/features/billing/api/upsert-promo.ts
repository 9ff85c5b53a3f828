import { upsertPromo as contract } from '@trustleaf/domain/api/billing';
import type { UpsertPromoInput } from '@trustleaf/domain/schemas/billing';
import { api } from '@/lib/api';
import { getPromosQueryOptions } from './get-promos';
import { exactly, useBillingMutation } from './use-billing-mutation';

export const upsertPromo = (input: UpsertPromoInput) => api.call(contract, input);

export const useUpsertPromo = () =>
  useBillingMutation(upsertPromo, () => [exactly(getPromosQueryOptions().queryKey)]);
