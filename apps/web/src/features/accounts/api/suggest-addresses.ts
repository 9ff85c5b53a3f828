import { addressSuggestions } from '@trustleaf/domain/api/accounts';
import { api } from '@/lib/api';

/** Office address suggestions as the user types (the country's own provider). */
export const suggestAddresses = (query: string, country: 'US' | 'CA', signal?: AbortSignal) =>
  api.call(addressSuggestions, { query, country }, { signal });
