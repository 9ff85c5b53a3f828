import { DOCTYPE_CLASSIFICATIONS } from '@trustleaf/domain/reference/company-types';
import {
  REFERENCE_REFUSALS as REFUSALS,
  referenceCode,
  type BusinessType,
  type Category,
  type GeneralInfo,
  type GeneralInfoField,
  type Segment,
} from '@trustleaf/domain/schemas/reference';
import type { KeyedMessage } from '@trustleaf/domain/validation-issues';
import { isUniqueViolation } from '../../db/errors.ts';
import type { AuthContext } from '../../lib/authz.ts';
import { refusal } from '../../lib/errors.ts';
import type { ReferenceRepository } from './reference.repository.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';

/** A unique index refusing the write (two admins at once) reads as the same 409 as the check before it. */
async function uniquely<T>(refused: KeyedMessage, write: () => Promise<T>): Promise<T> {
  try {
    return await write();
  } catch (error) {
    if (isUniqueViolation(error)) throw refusal('CONFLICT', refused);
    throw error;
  }
}

function requireSuperAdmin(auth: AuthContext): void {
  if (!auth.isSuperAdmin) throw refusal('FORBIDDEN', COMMON_REFUSALS.forbidden);
}

const toCategory = (row: {
  id: number;
  kind: 'PRODUCT' | 'SERVICE';
  name: string;
  parentId: number | null;
  seedKey: string | null;
}): Category => ({
  plCategoryId: row.id,
  type: row.kind,
  name: row.name,
  parentCategoryId: row.parentId,
  seedKey: row.seedKey,
});
const toBusinessType = (row: {
  id: number;
  name: string;
  type: string;
  segmentIds: number[];
}): BusinessType => ({
  plBusinessTypeId: row.id,
  name: row.name,
  type: row.type,
  plSegmentIds: row.segmentIds,
});
const toSegment = (row: { id: number; name: string; type: string }): Segment => ({
  plSegmentId: row.id,
  name: row.name,
  type: row.type,
});

export function createReferenceService({
  repo,
  releaseDate,
}: {
  repo: ReferenceRepository;
  releaseDate: string;
}) {
  const loaders: { [K in GeneralInfoField]: () => Promise<GeneralInfo[K]> } = {
    roles: () => repo.roles(),
    businessTypes: async () =>
      (await repo.businessTypes()).map((row) => ({
        id: row.id,
        name: row.name,
        type: row.type,
        plSegmentIds: row.segmentIds,
      })),
    productCategories: () => repo.categories('PRODUCT'),
    serviceCategories: () => repo.categories('SERVICE'),
    segments: () => repo.segments(),
    ingredients: () => repo.ingredients(),
    flavors: () => repo.flavors(),
    releaseDate: () => Promise.resolve(releaseDate),
    doctypeClassifications: () => Promise.resolve([...DOCTYPE_CLASSIFICATIONS]),
    countries: () => repo.countries(),
    states: () => repo.states(),
  };

  return {
    /** Only the requested lists are read (spec 3 §7 "Global info call"). */
    async generalInfo(fields: readonly GeneralInfoField[]): Promise<GeneralInfo> {
      const unique = [...new Set(fields)];
      const values = await Promise.all(unique.map((field) => loaders[field]()));
      return Object.fromEntries(unique.map((field, index) => [field, values[index]]));
    },

    async categoryListing(auth: AuthContext): Promise<{ categories: Category[] }> {
      requireSuperAdmin(auth);
      return { categories: (await repo.allCategories()).map(toCategory) };
    },

    async addCategory(
      auth: AuthContext,
      input: { type: 'PRODUCT' | 'SERVICE'; name: string; parentCategoryId: number | null },
    ): Promise<Category> {
      requireSuperAdmin(auth);
      await checkParent(input.type, input.parentCategoryId, null);
      if (await repo.siblingNamed(input.type, input.parentCategoryId, input.name))
        throw refusal('CONFLICT', REFUSALS.categoryExists);
      const row = await uniquely(REFUSALS.categoryExists, () =>
        repo.insertCategory({ kind: input.type, name: input.name, parentId: input.parentCategoryId }),
      );
      return toCategory(row);
    },

    async updateCategory(
      auth: AuthContext,
      input: { plCategoryId: number; name: string; parentCategoryId: number | null },
    ): Promise<Category> {
      requireSuperAdmin(auth);
      const current = await repo.findCategory(input.plCategoryId);
      if (!current) throw refusal('NOT_FOUND', COMMON_REFUSALS.categoryNotFound);
      // A product category at the top of the catalogue (seeded) may stay there; a sub-category keeps a parent.
      const parentId = input.parentCategoryId;
      if (parentId !== null || current.parentId !== null)
        await checkParent(current.kind, parentId, current.id);
      if (await repo.siblingNamed(current.kind, parentId, input.name, current.id))
        throw refusal('CONFLICT', REFUSALS.categoryExists);
      const row = await uniquely(REFUSALS.categoryExists, () =>
        repo.updateCategory(current.id, { name: input.name, parentId }),
      );
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.categoryNotFound);
      return toCategory(row);
    },

    async deleteCategory(auth: AuthContext, id: number): Promise<{ plCategoryId: number }> {
      requireSuperAdmin(auth);
      if (!(await repo.findCategory(id))) throw refusal('NOT_FOUND', COMMON_REFUSALS.categoryNotFound);
      if (await repo.hasChildCategories(id)) throw refusal('CONFLICT', REFUSALS.categoryInUse);
      if (!(await repo.deleteCategory(id))) throw refusal('NOT_FOUND', COMMON_REFUSALS.categoryNotFound);
      return { plCategoryId: id };
    },

    async businessTypeListing(): Promise<{ businessTypes: BusinessType[] }> {
      return { businessTypes: (await repo.businessTypes()).map(toBusinessType) };
    },

    async addBusinessType(
      auth: AuthContext,
      input: { name: string; plSegmentIds: number[] },
    ): Promise<BusinessType> {
      requireSuperAdmin(auth);
      await checkSegments(input.plSegmentIds);
      const type = referenceCode(input.name);
      if (!type) throw refusal('VALIDATION_FAILED', REFUSALS.nameNeedsLetter);
      const row = await uniquely(REFUSALS.businessTypeExists, () =>
        repo.insertBusinessType({ name: input.name, type, segmentIds: input.plSegmentIds }),
      );
      return toBusinessType(row);
    },

    async updateBusinessType(
      auth: AuthContext,
      input: { plBusinessTypeId: number; name: string; plSegmentIds: number[] },
    ): Promise<BusinessType> {
      requireSuperAdmin(auth);
      await checkSegments(input.plSegmentIds);
      const row = await repo.updateBusinessType(input.plBusinessTypeId, {
        name: input.name,
        segmentIds: input.plSegmentIds,
      });
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.businessTypeNotFound);
      return toBusinessType(row);
    },

    async deleteBusinessType(auth: AuthContext, id: number): Promise<{ plBusinessTypeId: number }> {
      requireSuperAdmin(auth);
      if (!(await repo.findBusinessType(id)))
        throw refusal('NOT_FOUND', COMMON_REFUSALS.businessTypeNotFound);
      if (await repo.businessTypeInUse(id)) throw refusal('CONFLICT', REFUSALS.businessTypeInUse);
      try {
        await repo.deleteBusinessType(id);
      } catch (error) {
        // A company taking the type at the same moment: its foreign key refuses the delete.
        if ((error as { cause?: { code?: string } }).cause?.code === '23503')
          throw refusal('CONFLICT', REFUSALS.businessTypeInUse);
        throw error;
      }
      return { plBusinessTypeId: id };
    },

    async segmentListing(): Promise<{ segments: Segment[] }> {
      return { segments: (await repo.segments()).map(toSegment) };
    },

    async addSegment(auth: AuthContext, input: { name: string }): Promise<Segment> {
      requireSuperAdmin(auth);
      const type = referenceCode(input.name);
      if (!type) throw refusal('VALIDATION_FAILED', REFUSALS.nameNeedsLetter);
      const row = await uniquely(REFUSALS.segmentExists, () =>
        repo.insertSegment({ name: input.name, type }),
      );
      return toSegment(row);
    },

    async updateSegment(auth: AuthContext, input: { plSegmentId: number; name: string }): Promise<Segment> {
      requireSuperAdmin(auth);
      const row = await repo.updateSegment(input.plSegmentId, input.name);
      if (!row) throw refusal('NOT_FOUND', COMMON_REFUSALS.segmentNotFound);
      return toSegment(row);
    },

    async deleteSegment(auth: AuthContext, id: number): Promise<{ plSegmentId: number }> {
      requireSuperAdmin(auth);
      if (!(await repo.findSegment(id))) throw refusal('NOT_FOUND', COMMON_REFUSALS.segmentNotFound);
      if (await repo.segmentInUse(id)) throw refusal('CONFLICT', REFUSALS.segmentInUse);
      await repo.deleteSegment(id);
      return { plSegmentId: id };
    },
  };

  /** Spec 3 §5: a product category needs a parent; a parent is of the same kind and not the category or below it. */
  async function checkParent(
    kind: 'PRODUCT' | 'SERVICE',
    parentId: number | null,
    selfId: number | null,
  ): Promise<void> {
    if (parentId === null) {
      if (kind === 'PRODUCT') throw refusal('VALIDATION_FAILED', REFUSALS.parentRequired);
      return;
    }
    const parent = await repo.findCategory(parentId);
    if (!parent || parent.kind !== kind) throw refusal('NOT_FOUND', REFUSALS.parentNotFound);
    if (selfId !== null && (await repo.isDescendantOrSelf(selfId, parentId)))
      throw refusal('VALIDATION_FAILED', REFUSALS.categoryUnderItself);
  }

  async function checkSegments(ids: number[]): Promise<void> {
    const known = new Set((await repo.segments()).map((segment) => segment.id));
    if (ids.some((id) => !known.has(id))) throw refusal('NOT_FOUND', COMMON_REFUSALS.segmentNotFound);
  }
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
