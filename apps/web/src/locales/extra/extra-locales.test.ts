import { SIGN_UP_MESSAGES } from '@trustleaf/domain/schemas/accounts';
import { describe, expect, it } from 'vitest';
import de from '@/locales/extra/de.json';
import en from '@/locales/extra/en.json';
import fr from '@/locales/extra/fr.json';
import nl from '@/locales/extra/nl.json';
import main from '@/locales/en.json';

function flatten(value: unknown, prefix = ''): Record<string, string> {
  if (value && typeof value === 'object') {
    return Object.entries(value as Record<string, unknown>).reduce<Record<string, string>>(
      (all, [key, inner]) => ({ ...all, ...flatten(inner, prefix ? `${prefix}.${key}` : key) }),
      {},
    );
  }
  return { [prefix]: String(value) };
}

const english = flatten(en);

describe('extra locales (sign-up and shared inputs)', () => {
  it.each([
    ['fr', fr],
    ['de', de],
    ['nl', nl],
  ])('%s has exactly the English keys, none empty, every placeholder kept', (_, locale) => {
    const target = flatten(locale);
    expect(Object.keys(target).sort()).toEqual(Object.keys(english).sort());
    for (const [key, value] of Object.entries(english)) {
      expect(target[key]?.trim(), key).toBeTruthy();
      for (const placeholder of value.match(/{{\w+}}/g) ?? [])
        expect(target[key], key).toContain(placeholder);
    }
  });

  it('does not clash with the main locale keys', () => {
    const mainKeys = new Set(Object.keys(flatten(main)));
    expect(Object.keys(english).filter((key) => mainKeys.has(key))).toEqual([]);
  });

  it('has a string for every key the sign-up rules refuse with', () => {
    const keys = Object.values(SIGN_UP_MESSAGES).map((message) => message.key);
    expect(keys.filter((key) => english[key] === undefined)).toEqual([]);
  });

  it('carries the spec message texts', () => {
    expect(english['inputs.upload.csvOnly']).toBe('Please upload file csv only.');
    expect(english['inputs.upload.pdfOnly']).toBe('Please upload file pdf only.');
    expect(english['inputs.upload.imageOnly']).toBe('Please upload file image only.');
    expect(english['inputs.membersOnly.copied']).toBe('Contact Email successfully copied to your clipboard.');
    expect(english['inputs.indicator.expiringSoon']).toBe('Expiring soon!');
    expect(english['signUp.duplicate']).toBe('Duplicate');
  });
});
