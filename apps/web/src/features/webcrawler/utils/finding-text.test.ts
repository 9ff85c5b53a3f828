import { describe, expect, it } from 'vitest';
import en from '@/locales/app/en.json';
import fr from '@/locales/app/fr.json';
import shipped from '../../../../../../packages/scanner/src/dictionary/default-dictionary.json';
import type { TFunction } from 'i18next';
import { findingHintKey, findingRuleText } from './finding-text';

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

const lookup = (key: string, strings: object = en): unknown =>
  key
    .split('.')
    .reduce<unknown>((node, part) => (node as Record<string, unknown> | undefined)?.[part], strings);

/** `t` over one locale file, with its `{{name}}` values filled in. */
const tOf = (strings: object) =>
  ((key: string, values: Record<string, string> = {}) =>
    String(lookup(key, strings)).replace(
      /\{\{(\w+)\}\}/g,
      (_match, name: string) => values[name]!,
    )) as unknown as TFunction;

const allRules = () => [
  dictionary.diseaseClaim,
  ...dictionary.phrases,
  dictionary.disclaimer,
  dictionary.additionalWord,
  dictionary.ageRestriction,
];

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

describe('rule references', () => {
  it("read in English exactly as the scanner's dictionary writes them", () => {
    for (const rule of allRules()) expect(findingRuleText(tOf(en), rule)).toBe(rule.ruleRef);
  });

  it('read in French with our words translated and the regulation cited as named', () => {
    expect(findingRuleText(tOf(fr), dictionary.diseaseClaim)).toBe(
      "FD&C Act 201(g)(1)(B), 21 U.S.C. 321(g)(1)(B) : les allégations thérapeutiques font d'un produit un médicament non autorisé (lettres d'avertissement de la FDA aux vendeurs de CBD)",
    );
    expect(findingRuleText(tOf(fr), dictionary.additionalWord)).toBe(
      "Liste de surveillance de l'entreprise (mots supplémentaires)",
    );
    expect(findingRuleText(tOf(fr), { ruleRef: 'Another dictionary: its rule' })).toBe(
      'Another dictionary: its rule',
    );
  });
});
