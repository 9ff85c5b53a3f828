import { useMutation } from '@tanstack/react-query';
import { importProspects as contract } from '@trustleaf/domain/api/imports';
import { api } from '@/lib/api';

export const importProspects = (csv: string) => api.call(contract, { csv });

/** Starts an import; its job is then followed by `useProspectImportJob` (nothing cached to refresh). */
export const useImportProspects = () => useMutation({ mutationFn: importProspects });
