import { useQuery } from '@tanstack/react-query';
import { generalInfo } from '@trustleaf/domain/api/reference';
import type { GeneralInfo, GeneralInfoField } from '@trustleaf/domain/schemas/reference';
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

/** Loads the requested global lists; a failure is logged and every list comes back empty. */
export async function getGeneralInfo(
  requestFields: readonly GeneralInfoField[],
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

/** Global data is loaded once per session and shared by every screen that needs it. */
export function useGeneralInfo(requestFields: readonly GeneralInfoField[]) {
  return useQuery({
    queryKey: ['reference', 'general-info', [...requestFields].sort()],
    queryFn: () => getGeneralInfo(requestFields),
    staleTime: Infinity,
  });
}
