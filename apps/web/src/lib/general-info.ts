import { queryOptions, useQuery } from '@tanstack/react-query';
import { generalInfo } from '@trustleaf/domain/api/reference';
import {
  GENERAL_INFO_FIELDS,
  type GeneralInfo,
  type GeneralInfoField,
} from '@trustleaf/domain/schemas/reference';
import { api } from '@/lib/api';

/** Every list empty: what the shell works with when the global data cannot be loaded (spec 3 §8). */
export const EMPTY_GENERAL_INFO: Required<GeneralInfo> = {
  roles: [],
  businessTypes: [],
  productCategories: [],
  serviceCategories: [],
  segments: [],
  ingredients: [],
  flavors: [],
  releaseDate: '',
  doctypeClassifications: [],
  countries: [],
  states: [],
};

export type LoadedGeneralInfo = Required<GeneralInfo>;

/** Loads the requested global lists (all of them by default); a failure is logged and every list comes back empty. */
export async function getGeneralInfo(
  requestFields: readonly GeneralInfoField[] = GENERAL_INFO_FIELDS,
  log: (message: string, error: unknown) => void = console.error,
): Promise<LoadedGeneralInfo> {
  try {
    const detail = await api.call(generalInfo, { requestFields: [...requestFields] });
    return { ...EMPTY_GENERAL_INFO, ...detail };
  } catch (error) {
    log('Global data could not be loaded', error);
    return EMPTY_GENERAL_INFO;
  }
}

/**
 * The reference data (spec 3 §3 global lists): one query for every list, loaded once per session
 * and shared by every screen that reads one (the shell, the vault, the review dialog, the admin
 * consoles). A super admin's reference change invalidates this exact key.
 */
export function getGeneralInfoQueryOptions() {
  return queryOptions({
    queryKey: ['reference', 'general-info'] as const,
    queryFn: () => getGeneralInfo(),
    staleTime: Infinity,
  });
}

/** The global lists, or the part of them `select` picks. */
export function useGeneralInfo<T = LoadedGeneralInfo>(select?: (info: LoadedGeneralInfo) => T) {
  return useQuery({ ...getGeneralInfoQueryOptions(), select });
}
