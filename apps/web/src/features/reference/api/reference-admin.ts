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
import { getGeneralInfoQueryOptions } from '@/lib/general-info';

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

/**
 * A reference change refreshes its own listing, the listings that show it (a segment's name shows on
 * its business types) and the global lists every form reads (generalInfo), each by its exact key.
 */
const changes = {
  categories: [keys.categories],
  businessTypes: [keys.businessTypes],
  segments: [keys.segments, keys.businessTypes],
} as const;

function useReferenceMutation<I>(call: (input: I) => Promise<unknown>, changed: keyof typeof changes) {
  const queryClient = useQueryClient();
  return useMutation({
    mutationFn: call,
    onSettled: () =>
      Promise.all(
        [...changes[changed], getGeneralInfoQueryOptions().queryKey].map((queryKey) =>
          queryClient.invalidateQueries({ queryKey, exact: true }),
        ),
      ),
  });
}

export const useAddCategory = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof addCategory>) => api.call(addCategory, input),
    'categories',
  );
export const useUpdateCategory = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof updateCategory>) => api.call(updateCategory, input),
    'categories',
  );
export const useDeleteCategory = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof deleteCategory>) => api.call(deleteCategory, input),
    'categories',
  );
export const useAddBusinessType = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof addBusinessType>) => api.call(addBusinessType, input),
    'businessTypes',
  );
export const useUpdateBusinessType = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof updateBusinessType>) => api.call(updateBusinessType, input),
    'businessTypes',
  );
export const useDeleteBusinessType = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof deleteBusinessType>) => api.call(deleteBusinessType, input),
    'businessTypes',
  );
export const useAddSegment = () =>
  useReferenceMutation((input: EndpointInput<typeof addSegment>) => api.call(addSegment, input), 'segments');
export const useUpdateSegment = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof updateSegment>) => api.call(updateSegment, input),
    'segments',
  );
export const useDeleteSegment = () =>
  useReferenceMutation(
    (input: EndpointInput<typeof deleteSegment>) => api.call(deleteSegment, input),
    'segments',
  );
