import { keepPreviousData, useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  adminCompanyListing,
  changeBusinessType,
  endUserSessions,
  resendVerification,
  setUserDisabled,
  updateCompanyStatus,
  userListing,
} from '@trustleaf/domain/api/admin';
import { planListing } from '@trustleaf/domain/api/billing';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import { api } from '@/lib/api';
import { useGeneralInfo, type LoadedGeneralInfo } from '@/lib/general-info';

export const adminKeys = {
  companies: ['admin', 'companies'] as const,
  users: ['admin', 'users'] as const,
  plans: (plCompanyId: number | null) => ['admin', 'plans', plCompanyId] as const,
};

export function useAdminCompanies(input: EndpointInput<typeof adminCompanyListing>, enabled = true) {
  return useQuery({
    queryKey: [...adminKeys.companies, input],
    queryFn: ({ signal }) => api.call(adminCompanyListing, input, { signal }),
    placeholderData: keepPreviousData,
    enabled,
  });
}

export function useAdminUsers(input: EndpointInput<typeof userListing>) {
  return useQuery({
    queryKey: [...adminKeys.users, input],
    queryFn: ({ signal }) => api.call(userListing, input, { signal }),
    placeholderData: keepPreviousData,
  });
}

/** Every plan (a super admin also sees inactive ones); with a company, the ones offered to it. */
export function usePlansFor(plCompanyId: number | null) {
  return useQuery({
    queryKey: adminKeys.plans(plCompanyId),
    queryFn: async () => (await api.call(planListing, plCompanyId ? { plCompanyId } : {})).items,
    staleTime: 60_000,
  });
}

const selectBusinessTypes = (info: LoadedGeneralInfo) => info.businessTypes;

/** The business types of the shared reference data (loaded once for the whole app). */
export function useBusinessTypes() {
  return useGeneralInfo(selectBusinessTypes);
}

function useAdminMutation<I, O>(call: (input: I) => Promise<O>, key: readonly string[]) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: key }),
  });
}

export const useUpdateCompanyStatus = () =>
  useAdminMutation(
    (input: EndpointInput<typeof updateCompanyStatus>) => api.call(updateCompanyStatus, input),
    adminKeys.companies,
  );
export const useChangeBusinessType = () =>
  useAdminMutation(
    (input: EndpointInput<typeof changeBusinessType>) => api.call(changeBusinessType, input),
    adminKeys.companies,
  );
export const useSetUserDisabled = () =>
  useAdminMutation(
    (input: EndpointInput<typeof setUserDisabled>) => api.call(setUserDisabled, input),
    adminKeys.users,
  );
export const useEndUserSessions = () =>
  useAdminMutation(
    (input: EndpointInput<typeof endUserSessions>) => api.call(endUserSessions, input),
    adminKeys.users,
  );
export const useResendVerification = () =>
  useAdminMutation(
    (input: EndpointInput<typeof resendVerification>) => api.call(resendVerification, input),
    adminKeys.users,
  );
