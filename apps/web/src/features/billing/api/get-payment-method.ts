import { queryOptions, useQuery } from '@tanstack/react-query';
import { getCompanyPaymentMethod } from '@trustleaf/domain/api/billing';
import { api } from '@/lib/api';

/** The company's saved card (brand, last four, expiry and billing address), null when none. */
export const getPaymentMethod = async (plCompanyId: number) =>
  (await api.call(getCompanyPaymentMethod, { plCompanyId })).companyPaymentMethod;

export function getPaymentMethodQueryOptions(plCompanyId: number) {
  return queryOptions({
    queryKey: ['billing', 'payment-method', plCompanyId] as const,
    queryFn: () => getPaymentMethod(plCompanyId),
  });
}

export function usePaymentMethod(plCompanyId: number | null | undefined) {
  return useQuery({ ...getPaymentMethodQueryOptions(plCompanyId ?? 0), enabled: Boolean(plCompanyId) });
}
