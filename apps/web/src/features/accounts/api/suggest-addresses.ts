import { api } from '@/lib/api';
import { loadAccountsContracts } from '@/features/accounts/api/load-accounts';

/** Office address suggestions as the user types (the country's own provider). */
export const suggestAddresses = async (query: string, country: 'US' | 'CA', signal?: AbortSignal) =>
  api.call((await loadAccountsContracts()).addressSuggestions, { query, country }, { signal });
