import { readFileSync } from 'node:fs';
import type { Severity, ViolationCategory } from './types.ts';
import shipped from './dictionary/default-dictionary.json' with { type: 'json' };
import medlinePlus from './dictionary/conditions-medlineplus.json' with { type: 'json' };

/**
 * The phrase dictionary is data, not code: compliance staff edit default-dictionary.json (or pass
 * their own file) without touching the matcher. loadDictionary validates it so a typo fails loudly.
 */

export interface RuleInfo {
  category: ViolationCategory;
  severity: Severity;
  ruleRef: string;
  hint: string;
}

export interface TermGroup {
  id: string;
  terms: string[];
}

export interface VerbGroup extends TermGroup {
  severity: Severity;
}

export interface PhraseGroup extends TermGroup, RuleInfo {}

/** A cannabis site must confirm its visitors' age (21+) before showing them anything. */
export interface AgeRestrictionRule extends RuleInfo {
  /** Words that make a page a cannabis page. */
  siteMarkers: string[];
  /** Phrases around those words that do not ("thc-free", "less than 0.3% thc"). */
  exemptContexts: string[];
  /** Words of an age gate, in its text or in its markup ("are you 21", "age-gate"). */
  gateMarkers: string[];
}

export interface Dictionary {
  version: number;
  diseaseClaim: Omit<RuleInfo, 'severity'>;
  conditions: TermGroup[];
  claimVerbs: VerbGroup[];
  phrases: PhraseGroup[];
  disclaimer: RuleInfo & { markers: string[]; requiredMarkers: string[] };
  additionalWord: RuleInfo;
  negations: string[];
  negationWindow: number;
  benignContexts: string[];
  /** Absent from a dictionary file: the shipped rule applies. */
  ageRestriction?: AgeRestrictionRule;
}

const SEVERITIES = new Set(['HIGH', 'MEDIUM', 'LOW']);
const CATEGORIES = new Set([
  'DISEASE_CLAIM',
  'ABSOLUTE_CLAIM',
  'FDA_DISCLAIMER',
  'ADDITIONAL_WORD',
  'AGE_RESTRICTION',
]);

class DictionaryError extends Error {
  constructor(path: string, problem: string) {
    super(`Invalid phrase dictionary at ${path}: ${problem}`);
    this.name = 'DictionaryError';
  }
}

function isRecord(value: unknown): value is Record<string, unknown> {
  return typeof value === 'object' && value !== null && !Array.isArray(value);
}

function stringList(value: unknown, path: string): string[] {
  if (!Array.isArray(value) || value.some((v) => typeof v !== 'string' || v.trim() === '')) {
    throw new DictionaryError(path, 'expected a list of non-empty strings');
  }
  return (value as string[]).map((v) => v.trim().toLowerCase());
}

function text(value: unknown, path: string): string {
  if (typeof value !== 'string' || value.trim() === '') throw new DictionaryError(path, 'expected text');
  return value;
}

function severity(value: unknown, path: string): Severity {
  if (typeof value !== 'string' || !SEVERITIES.has(value)) {
    throw new DictionaryError(path, 'expected HIGH, MEDIUM or LOW');
  }
  return value as Severity;
}

function category(value: unknown, path: string): ViolationCategory {
  if (typeof value !== 'string' || !CATEGORIES.has(value)) {
    throw new DictionaryError(path, `expected one of ${[...CATEGORIES].join(', ')}`);
  }
  return value as ViolationCategory;
}

function rule(value: unknown, path: string): RuleInfo {
  if (!isRecord(value)) throw new DictionaryError(path, 'expected an object');
  return {
    category: category(value.category, `${path}.category`),
    severity: severity(value.severity, `${path}.severity`),
    ruleRef: text(value.ruleRef, `${path}.ruleRef`),
    hint: text(value.hint, `${path}.hint`),
  };
}

function group(value: unknown, path: string): TermGroup {
  if (!isRecord(value)) throw new DictionaryError(path, 'expected an object');
  return { id: text(value.id, `${path}.id`).toLowerCase(), terms: stringList(value.terms, `${path}.terms`) };
}

function list(value: unknown, path: string): unknown[] {
  if (!Array.isArray(value)) throw new DictionaryError(path, 'expected a list');
  return value;
}

function ageRestriction(value: unknown, path: string): AgeRestrictionRule {
  if (!isRecord(value)) throw new DictionaryError(path, 'expected an object');
  return {
    ...rule(value, path),
    siteMarkers: stringList(value.siteMarkers, `${path}.siteMarkers`),
    exemptContexts: stringList(value.exemptContexts, `${path}.exemptContexts`),
    gateMarkers: stringList(value.gateMarkers, `${path}.gateMarkers`),
  };
}

/** Validates a parsed dictionary object (for example one stored in the database as JSON). */
export function parseDictionary(raw: unknown): Dictionary {
  if (!isRecord(raw)) throw new DictionaryError('$', 'expected an object');
  const disease = raw.diseaseClaim;
  if (!isRecord(disease)) throw new DictionaryError('$.diseaseClaim', 'expected an object');
  const disclaimer = raw.disclaimer;
  if (!isRecord(disclaimer)) throw new DictionaryError('$.disclaimer', 'expected an object');
  const negationWindow = raw.negationWindow ?? 4;
  if (typeof negationWindow !== 'number' || negationWindow < 0 || negationWindow > 10) {
    throw new DictionaryError('$.negationWindow', 'expected a number from 0 to 10');
  }
  return {
    version: typeof raw.version === 'number' ? raw.version : 1,
    diseaseClaim: {
      category: category(disease.category, '$.diseaseClaim.category'),
      ruleRef: text(disease.ruleRef, '$.diseaseClaim.ruleRef'),
      hint: text(disease.hint, '$.diseaseClaim.hint'),
    },
    conditions: list(raw.conditions, '$.conditions').map((g, i) => group(g, `$.conditions[${i}]`)),
    claimVerbs: list(raw.claimVerbs, '$.claimVerbs').map((g, i) => {
      const path = `$.claimVerbs[${i}]`;
      return {
        ...group(g, path),
        severity: severity((g as Record<string, unknown>).severity, `${path}.severity`),
      };
    }),
    phrases: list(raw.phrases, '$.phrases').map((g, i) => ({
      ...group(g, `$.phrases[${i}]`),
      ...rule(g, `$.phrases[${i}]`),
    })),
    disclaimer: {
      ...rule(disclaimer, '$.disclaimer'),
      markers: stringList(disclaimer.markers, '$.disclaimer.markers'),
      requiredMarkers: stringList(disclaimer.requiredMarkers, '$.disclaimer.requiredMarkers'),
    },
    additionalWord: rule(raw.additionalWord, '$.additionalWord'),
    negations: stringList(raw.negations, '$.negations'),
    negationWindow,
    benignContexts: stringList(raw.benignContexts, '$.benignContexts'),
    ...(raw.ageRestriction === undefined
      ? {}
      : { ageRestriction: ageRestriction(raw.ageRestriction, '$.ageRestriction') }),
  };
}

/** Reads a dictionary from a JSON file in the format of dictionary/default-dictionary.json. */
export function loadDictionary(path: string | URL): Dictionary {
  return parseDictionary(JSON.parse(readFileSync(path, 'utf8')) as unknown);
}

/**
 * Adds condition groups from a vocabulary file (conditions-medlineplus.json: its source, version and
 * licence are stated in the file): a group whose id the dictionary has gains the new terms; a term the
 * dictionary already lists under any condition stays where it is.
 */
export function withConditions(dictionary: Dictionary, vocabulary: readonly TermGroup[]): Dictionary {
  const conditions = dictionary.conditions.map((g) => ({ id: g.id, terms: [...g.terms] }));
  const byId = new Map(conditions.map((g) => [g.id, g]));
  const known = new Set(conditions.flatMap((g) => g.terms));
  for (const group of vocabulary) {
    const terms = group.terms.filter((t) => !known.has(t));
    for (const t of terms) known.add(t);
    if (terms.length === 0) continue;
    const existing = byId.get(group.id);
    if (existing) existing.terms.push(...terms);
    else {
      const added = { id: group.id, terms };
      conditions.push(added);
      byId.set(added.id, added);
    }
  }
  return { ...dictionary, conditions };
}

let cached: Dictionary | undefined;
/**
 * The dictionary shipped with the scanner (imported, so bundlers carry it along): default-dictionary.json
 * with the MedlinePlus condition vocabulary added.
 */
export function defaultDictionary(): Dictionary {
  cached ??= withConditions(
    parseDictionary(shipped),
    parseDictionary({ ...shipped, conditions: medlinePlus.conditions }).conditions,
  );
  return cached;
}
