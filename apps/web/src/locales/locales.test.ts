import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import { describe, expect, it } from 'vitest';
import de from '@/locales/de.json';
import en from '@/locales/en.json';
import fr from '@/locales/fr.json';
import nl from '@/locales/nl.json';

const locales: Record<string, unknown> = { en, fr, de, nl };

function flatten(value: unknown, prefix = ''): Record<string, unknown> {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).reduce<Record<string, unknown>>(
      (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
      {},
    );
  }
  return { [prefix]: value };
}

describe('locales', () => {
  it('has a file for every supported language', () => {
    expect(Object.keys(locales).sort()).toEqual([...LANGUAGES].sort());
  });

  const englishKeys = Object.keys(flatten(en)).sort();

  it.each(['fr', 'de', 'nl'])('%s has exactly the English keys', (language) => {
    expect(Object.keys(flatten(locales[language])).sort()).toEqual(englishKeys);
  });

  it.each(LANGUAGES)('%s has no empty values', (language) => {
    const empty = Object.entries(flatten(locales[language])).filter(
      ([, value]) => typeof value !== 'string' || value.trim() === '',
    );
    expect(empty).toEqual([]);
  });

  it.each(['fr', 'de', 'nl'])('%s keeps every interpolation placeholder', (language) => {
    const target = flatten(locales[language]);
    for (const [key, value] of Object.entries(flatten(en))) {
      const placeholders = String(value).match(/{{\w+}}/g) ?? [];
      for (const placeholder of placeholders) expect(String(target[key]), key).toContain(placeholder);
    }
  });

  it('has the region wording keys', () => {
    const keys = Object.keys(flatten(en));
    for (const key of [
      'states',
      'provinces',
      'licenses',
      'licences',
      'qualityPerson',
      'qualityAssurancePerson',
      'stateStatus',
      'governmentStatus',
    ]) {
      expect(keys).toContain(`region.${key}`);
    }
  });
});
