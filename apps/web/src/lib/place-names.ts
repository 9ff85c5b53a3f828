import type { TFunction } from 'i18next';

/**
 * A country in the reader's language ('États-Unis', 'Vereinigte Staaten'): the reference list names
 * them in English, by their ISO code; a code the browser cannot name keeps the list's name.
 */
export function countryName(country: { code: string; name: string }, language: string): string {
  try {
    return (
      new Intl.DisplayNames([language], { type: 'region', fallback: 'none' }).of(country.code) ?? country.name
    );
  } catch {
    return country.name;
  }
}

/** The US territories in the reference list, which are ISO 3166-1 regions of their own. */
const TERRITORIES = new Set(['AS', 'GU', 'MP', 'PR', 'VI']);

/**
 * A US state or territory, or a Canadian province or territory, in the reader's language. Most keep
 * their English name in French, German and Dutch ('Texas', 'Ontario'); the locale files name those
 * that do not ('Caroline du Nord', 'Kalifornien', 'Brits-Columbia'), and the browser names the
 * territories ('Porto Rico'). Any other keeps the reference list's name.
 */
export function regionName(
  t: TFunction,
  region: { country: string; abbreviation: string; name: string },
  language: string,
): string {
  if (region.country === 'US' && TERRITORIES.has(region.abbreviation))
    return countryName({ code: region.abbreviation, name: region.name }, language);
  return t(`places.regions.${region.country}-${region.abbreviation}`, { defaultValue: region.name });
}
