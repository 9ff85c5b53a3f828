import { defaultDictionary } from './dictionary.ts';
import type { AgeRestrictionRule, Dictionary } from './dictionary.ts';
import type { Match } from './matcher.ts';

export interface AgeRule {
  rule: AgeRestrictionRule;
  /** The first word that makes this text a cannabis page, if any. */
  cannabisMarker(text: string): string | undefined;
  /** Whether the page (HTML as served, or rendered text) carries an age gate. */
  hasGate(html: string): boolean;
}

const ageRules = new WeakMap<Dictionary, AgeRule | null>();

function escapeRegExp(text: string): string {
  return text.replace(/[.*+?^${}()|[\]\\]/g, '\\$&');
}

/** Terms as one case-insensitive regular expression, each on word boundaries (literal, never user regex). */
function termsRegExp(terms: readonly string[], flags: string): RegExp {
  const alternatives = [...terms]
    .sort((a, b) => b.length - a.length)
    .map(escapeRegExp)
    .join('|');
  return new RegExp(`(?<![\\p{L}\\p{N}])(?:${alternatives})(?![\\p{L}\\p{N}])`, `iu${flags}`);
}

/** The age gate rule of a dictionary (the shipped one when the dictionary has none), compiled once. */
export function ageRestrictionOf(dictionary: Dictionary): AgeRule | undefined {
  let compiled = ageRules.get(dictionary);
  if (compiled === undefined) {
    const rule = dictionary.ageRestriction ?? defaultDictionary().ageRestriction;
    compiled = rule ? compileAgeRule(rule) : null;
    ageRules.set(dictionary, compiled);
  }
  return compiled ?? undefined;
}

function compileAgeRule(rule: AgeRestrictionRule): AgeRule {
  const markers = termsRegExp(rule.siteMarkers, '');
  const exempt = rule.exemptContexts.length > 0 ? termsRegExp(rule.exemptContexts, 'g') : undefined;
  const gate = termsRegExp(rule.gateMarkers, '');
  return {
    rule,
    cannabisMarker(text) {
      const folded = exempt ? text.replace(exempt, ' ') : text;
      return markers.exec(folded)?.[0];
    },
    hasGate: (html) => gate.test(html),
  };
}

/** The finding of a cannabis site whose start page asks no visitor for their age. */
export function missingAgeGate(
  rule: AgeRestrictionRule,
  cannabisPage: { url: string; marker: string },
  startUrl: string,
): Match {
  return {
    category: rule.category,
    term: 'age gate',
    severity: rule.severity,
    ruleRef: rule.ruleRef,
    hint: rule.hint,
    description: 'Cannabis site without an age gate (21+)',
    evidence: `The site offers cannabis ("${cannabisPage.marker}" on ${cannabisPage.url}) but its start page ${startUrl} does not ask visitors to confirm they are 21 or older`,
    at: 0,
  };
}
