import { describe, expect, it } from 'vitest';
import en from '@/locales/app/en.json';
import shipped from '../../../../../../packages/scanner/src/dictionary/default-dictionary.json';
import { findingHintKey, parseFindingDescription } from './finding-text';

interface Rule {
  category: string;
  ruleRef: string;
  hint: string;
}

/** The scanner's shipped dictionary, whose hints the locale files translate. */
const dictionary = shipped as {
  diseaseClaim: Rule;
  phrases: Rule[];
  disclaimer: Rule;
  additionalWord: Rule;
  ageRestriction: Rule;
};

const lookup = (key: string): unknown =>
  key.split('.').reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], en);

describe('finding hint keys', () => {
  it("give every rule of the scanner's dictionary a key whose English text is the rule's hint", () => {
    const rules = [
      dictionary.diseaseClaim,
      ...dictionary.phrases,
      dictionary.disclaimer,
      dictionary.additionalWord,
      dictionary.ageRestriction,
    ];
    for (const rule of rules) {
      const key = findingHintKey(rule);
      expect(key, rule.ruleRef).toBeDefined();
      expect(lookup(key!)).toBe(rule.hint);
    }
  });
});

describe('reading a stored description', () => {
  it('knows the shapes the scanner writes', () => {
    expect(parseFindingDescription('Additional word: "Relief" (image alt text)', 'ADDITIONAL_WORD')).toEqual({
      kind: 'quote',
      category: 'ADDITIONAL_WORD',
      text: 'Relief',
      place: { key: 'imageAlt' },
    });
    expect(parseFindingDescription('Product page without the FDA disclaimer')).toEqual({
      kind: 'whole',
      key: 'missingDisclaimer',
    });
    expect(parseFindingDescription('Additional word: "say "hi" (twice)"')).toMatchObject({
      text: 'say "hi" (twice)',
      place: undefined,
    });
  });

  it('leaves anything else alone', () => {
    expect(parseFindingDescription('Health claim: "cures"')).toBeUndefined();
    expect(parseFindingDescription('Absolute claim: "miracle" (somewhere new)')).toBeUndefined();
    expect(parseFindingDescription('Absolute claim: "miracle"', 'DISEASE_CLAIM')).toBeUndefined();
    expect(parseFindingDescription('Disease claim: treats anxiety')).toBeUndefined();
  });
});
