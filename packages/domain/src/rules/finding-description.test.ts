import { describe, expect, it } from 'vitest';
import { findingRuleOf, parseFindingDescription } from './finding-description.ts';

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
    expect(parseFindingDescription('constructor')).toBeUndefined();
    expect(parseFindingDescription('toString: "x"')).toBeUndefined();
    expect(parseFindingDescription('Additional word: "x" (constructor)')).toBeUndefined();
    expect(parseFindingDescription('Health claim: "cures"')).toBeUndefined();
    expect(parseFindingDescription('Absolute claim: "miracle" (somewhere new)')).toBeUndefined();
    expect(parseFindingDescription('Absolute claim: "miracle"', 'DISEASE_CLAIM')).toBeUndefined();
    expect(parseFindingDescription('Disease claim: treats anxiety')).toBeUndefined();
  });
});

describe('finding rules', () => {
  it('find a rule by its reference, and by its category when one is given', () => {
    const ruleRef = 'Company watch list (additional words)';
    expect(findingRuleOf({ ruleRef })?.key).toBe('additionalWord');
    expect(findingRuleOf({ category: 'ADDITIONAL_WORD', ruleRef })?.key).toBe('additionalWord');
    expect(findingRuleOf({ category: 'DISEASE_CLAIM', ruleRef })).toBeUndefined();
    expect(findingRuleOf({ ruleRef: 'A rule of another dictionary' })).toBeUndefined();
  });
});
