import { z } from 'zod';
import { IntSchema } from '../schemas/common.ts';
import {
  AddBusinessTypeInputSchema,
  AddCategoryInputSchema,
  AddSegmentInputSchema,
  BusinessTypeListingSchema,
  BusinessTypeSchema,
  CategoryListingSchema,
  CategorySchema,
  DeleteBusinessTypeInputSchema,
  DeleteCategoryInputSchema,
  DeleteSegmentInputSchema,
  GeneralInfoInputSchema,
  GeneralInfoSchema,
  SegmentListingSchema,
  SegmentSchema,
  UpdateBusinessTypeInputSchema,
  UpdateCategoryInputSchema,
  UpdateSegmentInputSchema,
} from '../schemas/reference.ts';
import { endpoint } from './endpoint.ts';

/** Spec 3 §7 global data. Public: the sign-up form needs its lists before anyone is signed in. */
export const generalInfo = endpoint({
  method: 'POST',
  path: '/api/general/generalInfo',
  input: GeneralInfoInputSchema,
  output: GeneralInfoSchema,
  access: 'public',
  tag: 'general',
  summary: 'Global lists: roles, business types, categories, segments, countries, states',
  description:
    'The reference lists a form needs, by name in requestFields: roles, business types, categories, segments, countries and their states. Public, because the sign-up form shows them before anyone is signed in.',
});

/*
 * Reference data kept by a super admin (spec 3 §7 "Plans, promos, subscriptions, reference data":
 * category add POST, update PUT, delete DELETE ?plCategoryId; businessType GET, POST, PUT, DELETE
 * ?plBusinessTypeId; segment POST, PUT, DELETE ?plSegmentId). Changes show in generalInfo at once.
 */
const adminOnly = 'Super admins only (403 for anyone else).';

export const categoryListing = endpoint({
  method: 'GET',
  path: '/api/general/category',
  input: z.object({}),
  output: CategoryListingSchema,
  access: 'user',
  tag: 'general',
  summary: 'Product and service categories with their parents',
  description: `Every product and service category with its parent category, for the reference data screen. ${adminOnly}`,
});

export const addCategory = endpoint({
  method: 'POST',
  path: '/api/general/category',
  input: AddCategoryInputSchema,
  output: CategorySchema,
  access: 'user',
  tag: 'general',
  summary: 'Add a product or service category',
  description: `Adds a category (name up to 100 characters). A product category needs a parent product category; a name already used among its siblings, whatever its case, is 409 'This Product Category already exists'. ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const updateCategory = endpoint({
  method: 'PUT',
  path: '/api/general/category',
  input: UpdateCategoryInputSchema,
  output: CategorySchema,
  access: 'user',
  tag: 'general',
  summary: 'Rename a category or move it under another parent',
  description: `Renames a category or gives it another parent, with the rules of adding one (sibling names unique whatever their case, a product sub-category keeps a parent, no category under itself). ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const deleteCategory = endpoint({
  method: 'DELETE',
  path: '/api/general/category',
  input: DeleteCategoryInputSchema,
  output: z.object({ plCategoryId: IntSchema }),
  access: 'user',
  tag: 'general',
  summary: 'Delete a category',
  description: `Deletes a category that has no sub-categories (409 while it has some). ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const businessTypeListing = endpoint({
  method: 'GET',
  path: '/api/general/businessType',
  input: z.object({}),
  output: BusinessTypeListingSchema,
  access: 'user',
  tag: 'general',
  summary: 'Business types with their segments',
  description: 'Every business type with the segments it belongs to; any signed-in user may read them.',
});

export const addBusinessType = endpoint({
  method: 'POST',
  path: '/api/general/businessType',
  input: AddBusinessTypeInputSchema,
  output: BusinessTypeSchema,
  access: 'user',
  tag: 'general',
  summary: 'Add a business type',
  description: `Adds a business type (name up to 100 characters) in the given segments; its code is the name in upper snake case, and a code already used is 409. An unknown segment is 404. ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const updateBusinessType = endpoint({
  method: 'PUT',
  path: '/api/general/businessType',
  input: UpdateBusinessTypeInputSchema,
  output: BusinessTypeSchema,
  access: 'user',
  tag: 'general',
  summary: 'Rename a business type or change its segments',
  description: `Renames a business type or changes its segments; its code stays, since the platform's rules (spec 3 §5: cannabis companies cannot be processors) read it. ${adminOnly}`,
});

export const deleteBusinessType = endpoint({
  method: 'DELETE',
  path: '/api/general/businessType',
  input: DeleteBusinessTypeInputSchema,
  output: z.object({ plBusinessTypeId: IntSchema }),
  access: 'user',
  tag: 'general',
  summary: 'Delete a business type no company uses',
  description: `Deletes a business type; one a company or a document type uses is 409. ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const segmentListing = endpoint({
  method: 'GET',
  path: '/api/general/segment',
  input: z.object({}),
  output: SegmentListingSchema,
  access: 'user',
  tag: 'general',
  summary: 'Segments',
  description: 'Every segment; any signed-in user may read them.',
});

export const addSegment = endpoint({
  method: 'POST',
  path: '/api/general/segment',
  input: AddSegmentInputSchema,
  output: SegmentSchema,
  access: 'user',
  tag: 'general',
  summary: 'Add a segment',
  description: `Adds a segment (name up to 100 characters); its code is the name in upper snake case, and a code already used is 409. ${adminOnly}`,
  errors: ['CONFLICT'],
});

export const updateSegment = endpoint({
  method: 'PUT',
  path: '/api/general/segment',
  input: UpdateSegmentInputSchema,
  output: SegmentSchema,
  access: 'user',
  tag: 'general',
  summary: 'Rename a segment',
  description: `Renames a segment; its code stays. ${adminOnly}`,
});

export const deleteSegment = endpoint({
  method: 'DELETE',
  path: '/api/general/segment',
  input: DeleteSegmentInputSchema,
  output: z.object({ plSegmentId: IntSchema }),
  access: 'user',
  tag: 'general',
  summary: 'Delete a segment no business type is in',
  description: `Deletes a segment; one a business type is in is 409. ${adminOnly}`,
  errors: ['CONFLICT'],
});
