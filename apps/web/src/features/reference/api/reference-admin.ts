import { useMutation, useQuery, useQueryClient } from '@tanstack/react-query';
import type { EndpointInput } from '@trustleaf/domain/api/endpoint';
import {
  addBusinessType,
  addCategory,
  addSegment,
  businessTypeListing,
  categoryListing,
  deleteBusinessType,
  deleteCategory,
  deleteSegment,
  segmentListing,
  updateBusinessType,
  updateCategory,
  updateSegment,
} from '@trustleaf/domain/api/reference';
import { api } from '@/lib/api';

const keys = {
  categories: ['reference', 'admin', 'categories'] as const,
  businessTypes: ['reference', 'admin', 'business-types'] as const,
  segments: ['reference', 'admin', 'segments'] as const,
};

export const useCategories = () =>
  useQuery({ queryKey: keys.categories, queryFn: () => api.call(categoryListing, {}) });
export const useBusinessTypes = () =>
  useQuery({ queryKey: keys.businessTypes, queryFn: () => api.call(businessTypeListing, {}) });
export const useSegments = () =>
  useQuery({ queryKey: keys.segments, queryFn: () => api.call(segmentListing, {}) });

/** A reference change also refreshes the global lists every form reads (generalInfo). */
function useReferenceMutation<I>(call: (input: I) => Promise<unknown>) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () => queryClient.invalidateQueries({ queryKey: ['reference'] }),
  });
}

export const useAddCategory = () =>
  useReferenceMutation((input: EndpointInput<typeof addCategory>) => api.call(addCategory, input));
export const useUpdateCategory = () =>
  useReferenceMutation((input: EndpointInput<typeof updateCategory>) => api.call(updateCategory, input));
export const useDeleteCategory = () =>
  useReferenceMutation((input: EndpointInput<typeof deleteCategory>) => api.call(deleteCategory, input));
export const useAddBusinessType = () =>
  useReferenceMutation((input: EndpointInput<typeof addBusinessType>) => api.call(addBusinessType, input));
export const useUpdateBusinessType = () =>
  useReferenceMutation((input: EndpointInput<typeof updateBusinessType>) =>
    api.call(updateBusinessType, input),
  );
export const useDeleteBusinessType = () =>
  useReferenceMutation((input: EndpointInput<typeof deleteBusinessType>) =>
    api.call(deleteBusinessType, input),
  );
export const useAddSegment = () =>
  useReferenceMutation((input: EndpointInput<typeof addSegment>) => api.call(addSegment, input));
export const useUpdateSegment = () =>
  useReferenceMutation((input: EndpointInput<typeof updateSegment>) => api.call(updateSegment, input));
export const useDeleteSegment = () =>
  useReferenceMutation((input: EndpointInput<typeof deleteSegment>) => api.call(deleteSegment, input));
