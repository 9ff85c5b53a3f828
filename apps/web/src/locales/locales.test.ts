import {
  AUTH_REFUSALS,
  COMMON_REFUSALS,
  IDEMPOTENCY_REFUSALS,
  NAMED_REFUSALS,
} from '@trustleaf/domain/refusals';
import { BILLING_REFUSALS, GATEWAY_REFUSALS, paymentRefusal } from '@trustleaf/domain/rules/billing-refusals';
import { CARD_REFUSALS } from '@trustleaf/domain/rules/card';
import { COMPANY_FIELD_REFUSALS } from '@trustleaf/domain/rules/company-fields';
import { PROMO_REFUSALS } from '@trustleaf/domain/rules/promo';
import { LANGUAGES } from '@trustleaf/domain/rules/themes';
import { maxCharacters, oneOfValues, VALIDATION_MESSAGES } from '@trustleaf/domain/schemas/common';
import { NOTE_REFUSALS, REVIEWER_NOT_CHOSEN } from '@trustleaf/domain/schemas/document';
import { PROFILE_FIELD_REFUSALS, PROFILE_REFUSALS } from '@trustleaf/domain/schemas/profile';
import { CRAWLER_URL_REFUSALS, WEBCRAWLER_REFUSALS } from '@trustleaf/domain/schemas/webcrawler';
import { describe, expect, it } from 'vitest';
import appDe from '@/locales/app/de.json';
import appEn from '@/locales/app/en.json';
import appFr from '@/locales/app/fr.json';
import appNl from '@/locales/app/nl.json';
import shellDe from '@/locales/de.json';
import shellEn from '@/locales/en.json';
import shellFr from '@/locales/fr.json';
import shellNl from '@/locales/nl.json';

// The shell's strings and the app's (loaded with its first screen) share one key space.
const parts = {
  shell: { en: shellEn, fr: shellFr, de: shellDe, nl: shellNl },
  app: { en: appEn, fr: appFr, de: appDe, nl: appNl },
};
const locales: Record<string, unknown> = Object.fromEntries(
  LANGUAGES.map((language) => [language, { ...parts.shell[language], ...parts.app[language] }]),
);
const en = locales.en;

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
  it('has a file for every supported language in every part', () => {
    for (const files of Object.values(parts))
      expect(Object.keys(files).sort()).toEqual([...LANGUAGES].sort());
  });

  it('keeps the parts apart: no top-level key in both', () => {
    const shared = Object.keys(parts.shell.en).filter((key) => key in parts.app.en);
    expect(shared).toEqual([]);
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

  it('has a string for every refusal key the API answers with', () => {
    const keys = new Set(Object.keys(flatten(en)));
    const refusals = [
      ...Object.values(COMMON_REFUSALS),
      ...Object.values(AUTH_REFUSALS),
      ...Object.values(WEBCRAWLER_REFUSALS),
      ...Object.values(CRAWLER_URL_REFUSALS),
      REVIEWER_NOT_CHOSEN,
      ...Object.values(NOTE_REFUSALS),
      ...Object.values(PROFILE_REFUSALS),
      ...Object.values(PROFILE_FIELD_REFUSALS),
      // The common field rules' keys, which the API answers refused fields with.
      ...Object.values(VALIDATION_MESSAGES),
      maxCharacters(100),
      oneOfValues(['csv', 'xlsx']),
      ...Object.values(IDEMPOTENCY_REFUSALS),
      ...Object.values(BILLING_REFUSALS),
      ...Object.values(GATEWAY_REFUSALS),
      ...Object.values(CARD_REFUSALS),
      ...Object.values(COMPANY_FIELD_REFUSALS),
      ...Object.values(PROMO_REFUSALS),
      // A gateway's text it does not know, named in a refusal of its own.
      paymentRefusal('Insufficient funds'),
      // A refusal that names a value: its key is the same whatever the value.
      ...Object.values(NAMED_REFUSALS).map((named) => named(0 as never)),
    ].map((refusal) => refusal.key);
    expect(refusals.filter((key) => !keys.has(key))).toEqual([]);
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
