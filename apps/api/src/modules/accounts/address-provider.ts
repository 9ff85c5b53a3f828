import { AddressSuggestionSchema, type AddressSuggestion } from '@trustleaf/domain/schemas/accounts';
import type * as ZipcodesModule from 'zipcodes';
import { z } from 'zod';

/** Where office-address suggestions come from (spec 1 §7 "places-autocomplete service"). */
export interface AddressProvider {
  suggest(query: string, country: 'US' | 'CA'): Promise<AddressSuggestion[]>;
}

const MAX_SUGGESTIONS = 5;

let zipcodesData: Promise<typeof ZipcodesModule> | null = null;
// The dataset takes about 23 MB of heap: loaded with the first suggestion rather than at start, so a
// server that never suggests an address does not carry it (nor every garbage collection walk it).
const loadZipcodes = () => (zipcodesData ??= import('zipcodes'));
const US_ZIP = /\b(\d{5})(?:-\d{4})?\b/;
const CA_POSTAL = /\b([A-Za-z]\d[A-Za-z])\s?(\d[A-Za-z]\d)?\b/;

function suggestion(street: string, city: string, state: string, country: string, zip: string) {
  const fullAddress = [street, city, state, zip, country].filter(Boolean).join(', ');
  return { corporateOfficeAddress: street, city, state, country, zip, fullAddress };
}

/**
 * The default: no network. A ZIP (or Canadian postal code) anywhere in the text gives city and state
 * from the `zipcodes` dataset; "City, ST" gives that city's ZIP codes. The street is what the user typed
 * before them.
 */
export function createOfflineAddressProvider(): AddressProvider {
  return {
    async suggest(query, country) {
      const text = query.trim();
      const zipcodes = await loadZipcodes();
      if (country === 'US') {
        const zipMatch = US_ZIP.exec(text);
        if (zipMatch) {
          const found = zipcodes.lookup(zipMatch[1]!);
          if (!found || found.country !== 'US') return [];
          const street = text.slice(0, zipMatch.index).replace(/[\s,]+$/, '');
          const streetOnly = street.split(',')[0]?.trim() ?? '';
          return [suggestion(streetOnly, found.city, found.state, 'US', found.zip)];
        }
        const parts = text.split(',').map((part) => part.trim());
        const [cityOrStreet, maybeCity, maybeState] = parts;
        const city = parts.length >= 3 ? maybeCity : cityOrStreet;
        const state = parts.length >= 3 ? maybeState : maybeCity;
        if (!city || !state || state.length !== 2) return [];
        const street = parts.length >= 3 ? (cityOrStreet ?? '') : '';
        return (zipcodes.lookupByName(city, state.toUpperCase()) ?? [])
          .slice(0, MAX_SUGGESTIONS)
          .map((found) => suggestion(street, found.city, found.state, 'US', found.zip));
      }
      const postal = CA_POSTAL.exec(text);
      if (!postal) return [];
      const found = zipcodes.lookup(postal[1]!.toUpperCase());
      if (!found || found.country !== 'Canada') return [];
      const street = text.slice(0, postal.index).replace(/[\s,]+$/, '');
      const zip = [postal[1], postal[2]].filter(Boolean).join(' ').toUpperCase();
      const city = found.city.replace(/\s*\(.*\)$/, '');
      return [suggestion(street.split(',')[0]?.trim() ?? '', city, found.state, 'CA', zip)];
    },
  };
}

/**
 * A hosted places service by configuration (ADDRESS_PROVIDER_URL): GET `<url>?query=…&country=…`
 * answering a JSON array of suggestions in our shape, so any vendor sits behind a small adapter.
 * Failures fall back to the offline provider rather than breaking sign-up.
 */
export function createHttpAddressProvider(url: string, fallback: AddressProvider): AddressProvider {
  const Answer = z.array(AddressSuggestionSchema);
  return {
    async suggest(query, country) {
      try {
        const target = new URL(url);
        target.searchParams.set('query', query);
        target.searchParams.set('country', country);
        const response = await fetch(target, { signal: AbortSignal.timeout(3000) });
        if (!response.ok) return fallback.suggest(query, country);
        return Answer.parse(await response.json()).slice(0, MAX_SUGGESTIONS);
      } catch {
        return fallback.suggest(query, country);
      }
    },
  };
}
