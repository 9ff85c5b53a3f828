import { useGeneralInfo, type LoadedGeneralInfo } from '@/lib/general-info';

const selectBusinessTypes = (info: LoadedGeneralInfo) => info.businessTypes;

/** The business types of the shared reference data (loaded once for the whole app). */
export function useBusinessTypes() {
  return useGeneralInfo(selectBusinessTypes);
}
