import { DOCTYPE_CLASSIFICATIONS } from '@trustleaf/domain/reference/company-types';
import type { GeneralInfo, GeneralInfoField } from '@trustleaf/domain/schemas/reference';
import type { ReferenceRepository } from './reference.repository.ts';

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
  };
}
export type ReferenceService = ReturnType<typeof createReferenceService>;
