import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import {
  getCompanyDetail,
  locationListing,
  updateCompanyDetail,
  upsertLocation,
} from '@trustleaf/domain/api/company';
import {
  createProduct,
  deleteProduct,
  productListing,
  updateProduct,
  violationCheckListing,
} from '@trustleaf/domain/api/webcrawler';
import type {
  CompanyDetail,
  UpdateCompanyDetailInput,
  UpsertLocationInput,
} from '@trustleaf/domain/schemas/company';
import type { CreateProductInput, UpdateProductInput } from '@trustleaf/domain/schemas/webcrawler';
import { api } from '@/lib/api';

export const companyKeys = {
  detail: (plCompanyId: number) => ['company', 'detail', plCompanyId] as const,
  locations: (plCompanyId: number) => ['company', 'locations', plCompanyId] as const,
  products: (plCompanyId: number) => ['company', 'products', plCompanyId] as const,
  latestScan: (plCompanyId: number) => ['company', 'latest-scan', plCompanyId] as const,
};

export function useCompanyDetail(plCompanyId: number) {
  return useQuery({
    queryKey: companyKeys.detail(plCompanyId),
    queryFn: () => api.call(getCompanyDetail, { plCompanyId }),
  });
}

export function useUpdateCompanyDetail(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpdateCompanyDetailInput) => api.call(updateCompanyDetail, input),
    onSuccess: (detail: CompanyDetail) => queryClient.setQueryData(companyKeys.detail(plCompanyId), detail),
  });
}

export function useLocations(plCompanyId: number) {
  return useQuery({
    queryKey: companyKeys.locations(plCompanyId),
    queryFn: () => api.call(locationListing, { plCompanyId }),
    select: (data) => data.locations,
  });
}

export function useUpsertLocation(plCompanyId: number) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: (input: UpsertLocationInput) => api.call(upsertLocation, input),
    onSuccess: () => queryClient.invalidateQueries({ queryKey: companyKeys.locations(plCompanyId) }),
  });
}

export function useProducts(plCompanyId: number) {
  return useQuery({
    queryKey: companyKeys.products(plCompanyId),
    queryFn: () => api.call(productListing, { plCompanyId }),
    select: (data) => data.products,
  });
}

export function useProductMutations(plCompanyId: number) {
  const queryClient = useQueryClient();
  const onSuccess = () => queryClient.invalidateQueries({ queryKey: companyKeys.products(plCompanyId) });
  return {
    create: useMutation({
      mutationFn: (input: CreateProductInput) => api.call(createProduct, input),
      onSuccess,
    }),
    update: useMutation({
      mutationFn: (input: UpdateProductInput) => api.call(updateProduct, input),
      onSuccess,
    }),
    remove: useMutation({
      mutationFn: (plProductId: number) => api.call(deleteProduct, { plCompanyId, plProductId }),
      onSuccess,
    }),
  };
}

/** The newest scan of the company's websites (the listing is newest first), or null. */
export function useLatestScan(plCompanyId: number) {
  return useQuery({
    queryKey: companyKeys.latestScan(plCompanyId),
    queryFn: () => api.call(violationCheckListing, { plCompanyId }),
    select: (data) => data.violationChecks[0] ?? null,
  });
}
