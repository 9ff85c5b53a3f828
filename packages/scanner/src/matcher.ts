import { Automaton } from './automaton.ts';
import type { AutomatonHit } from './automaton.ts';
import { defaultDictionary } from './dictionary.ts';
import type { Dictionary, RuleInfo } from './dictionary.ts';
import { atWordBoundary, collapseWhitespace, foldText, foldTextWhole, splitSentences } from './sentences.ts';
import type { Severity, ViolationCategory } from './types.ts';

/**
 * One Aho-Corasick automaton (automaton.ts) holds every dictionary term, the user's additional words, the disclaimer
 * markers and the benign contexts, so each text is read once whatever the dictionary size. User words
 * are automaton patterns (literal strings), never regular expressions, so they cannot cause ReDoS.
 */

type PatternKind = 'condition' | 'verb' | 'phrase' | 'word' | 'disclaimer' | 'required-disclaimer' | 'benign';

interface PatternData {
  kind: PatternKind;
  /** Index into the dictionary list the kind refers to (conditions, claimVerbs, phrases, words). */
  ref: number;
}

interface Hit {
  kind: PatternKind;
  ref: number;
  start: number;
  end: number;
}

export interface Match {
  category: ViolationCategory;
  term: string;
  severity: Severity;
  ruleRef: string;
  hint: string;
  description: string;
  /** The sentence the claim appears in, whitespace collapsed. */
  evidence: string;
  /** Offset in the analysed text where the claim's first word begins. */
  at: number;
  /**
   * The claim is a question that ends its text ("Does CBD cure anxiety?"): whether it is asserted
   * depends on the answer that follows (analyzeBlocks reads the next block; a denial drops it).
   */
  question?: true;
}

export interface SegmentAnalysis {
  matches: Match[];
  /** The segment carries the "not intended to diagnose, treat, cure, or prevent" disclaimer. */
  hasDisclaimer: boolean;
}

export interface MatcherOptions {
  dictionary?: Dictionary;
  additionalWords?: readonly string[];
}

const MAX_EVIDENCE = 400;
const KIND_BIT: Record<PatternKind, number> = {
  condition: 1,
  verb: 2,
  phrase: 4,
  word: 8,
  disclaimer: 16,
  'required-disclaimer': 32,
  benign: 64,
};
const NO_MATCHES: SegmentAnalysis = Object.freeze({
  matches: Object.freeze([]) as unknown as Match[],
  hasDisclaimer: false,
});
/**
 * Blocks repeated across pages (navigation, footer, disclaimer) are analysed once. The shipped
 * dictionary's matcher lives as long as the process, so the cache is kept small: at most 1,024 texts
 * of up to 4,096 characters (8 MB at worst), emptied when full.
 */
const CACHE_ENTRIES = 1024;
const CACHE_MAX_TEXT = 4096;

export class ClaimMatcher {
  readonly dictionary: Dictionary;
  readonly additionalWords: string[];
  private readonly automaton: Automaton;
  private readonly patternData: PatternData[];
  private readonly negations: Set<string>;
  private readonly cache = new Map<string, SegmentAnalysis>();

  constructor(options: MatcherOptions = {}) {
    this.dictionary = options.dictionary ?? defaultDictionary();
    this.additionalWords = normaliseWords(options.additionalWords ?? []);
    const d = this.dictionary;
    const entries: Array<{ pattern: string; data: PatternData }> = [];
    const add = (terms: readonly string[], kind: PatternKind, ref: number) => {
      for (const t of terms) entries.push({ pattern: foldText(t), data: { kind, ref } });
    };
    d.conditions.forEach((g, i) => add(g.terms, 'condition', i));
    d.claimVerbs.forEach((g, i) => add(g.terms, 'verb', i));
    d.phrases.forEach((g, i) => add(g.terms, 'phrase', i));
    this.additionalWords.forEach((w, i) => add([w], 'word', i));
    add(d.disclaimer.markers, 'disclaimer', 0);
    add(d.disclaimer.requiredMarkers, 'required-disclaimer', 0);
    add(d.benignContexts, 'benign', 0);
    this.automaton = new Automaton(entries.map((e) => e.pattern));
    this.patternData = entries.map((e) => e.data);
    this.negations = new Set(d.negations.map(foldText));
  }

  /** Analyses one block of text (a paragraph, a caption cue, an image's OCR text…). */
  analyze(text: string): SegmentAnalysis {
    if (text.length > CACHE_MAX_TEXT) return this.analyzeUncached(text);
    const cached = this.cache.get(text);
    if (cached) return cached;
    const result = this.analyzeUncached(text);
    if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
    this.cache.set(text, result);
    return result;
  }

  /**
   * Analyses the blocks of one page (paragraphs, list items…) exactly as analyze() would one by one, in
   * one pass: the blocks are folded and searched as a single text, and only blocks with a dictionary
   * hit go on to sentence analysis. Most blocks of a page have none, and body text rarely repeats
   * across pages, so this replaces a fold, a search and a cache lookup per block. A sentence never
   * spans two blocks. Match offsets are within their block.
   */
  analyzeBlocks(blocks: readonly string[]): SegmentAnalysis {
    // Blocks hold no line breaks (their whitespace is collapsed), so one separates them.
    const text = blocks.join('\n');
    const folded = foldTextWhole(text);
    if (folded === null) return this.analyzeEach(blocks);
    const found = this.automaton.search(folded);
    if (found.length === 0) return NO_MATCHES;
    const matches: Match[] = [];
    let hasDisclaimer = false;
    // Hits come in order of their end: walk the blocks alongside.
    let block = 0;
    let blockStart = 0;
    let blockEnd = blocks[0]!.length;
    let i = 0;
    while (i < found.length) {
      while (found[i]!.end > blockEnd) {
        block++;
        blockStart = blockEnd + 1;
        blockEnd = blockStart + blocks[block]!.length;
      }
      const inBlock: AutomatonHit[] = [];
      for (; i < found.length && found[i]!.end <= blockEnd; i++) {
        const m = found[i]!;
        // A hit starting before the block would span the separator: no pattern holds a line break.
        if (m.start >= blockStart) {
          inBlock.push({ pattern: m.pattern, start: m.start - blockStart, end: m.end - blockStart });
        }
      }
      if (inBlock.length === 0) continue;
      const result = this.analyzeFound(blocks[block]!, folded.slice(blockStart, blockEnd), inBlock, true);
      if (result.hasDisclaimer) hasDisclaimer = true;
      const denied = result.matches.some((m) => m.question) && isDenial(blocks[block + 1] ?? '');
      for (const match of result.matches) if (!(denied && match.question)) matches.push(match);
    }
    return { matches, hasDisclaimer };
  }

  private analyzeEach(blocks: readonly string[]): SegmentAnalysis {
    const matches: Match[] = [];
    let hasDisclaimer = false;
    for (let i = 0; i < blocks.length; i++) {
      const result = this.analyzeUncached(blocks[i]!);
      if (result.hasDisclaimer) hasDisclaimer = true;
      const denied = result.matches.some((m) => m.question) && isDenial(blocks[i + 1] ?? '');
      for (const match of result.matches) if (!(denied && match.question)) matches.push(match);
    }
    return { matches, hasDisclaimer };
  }

  private analyzeUncached(text: string): SegmentAnalysis {
    const folded = foldText(text);
    return this.analyzeFound(text, folded, this.automaton.search(folded));
  }

  /**
   * text, the same text folded (same offsets), and the automaton's hits in it. With useCache, a text
   * that can hold a finding is looked up in (and added to) the cache of repeated blocks.
   */
  private analyzeFound(
    text: string,
    folded: string,
    found: readonly AutomatonHit[],
    useCache = false,
  ): SegmentAnalysis {
    const hits: Hit[] = [];
    let kinds = 0;
    for (const m of found) {
      if (!atWordBoundary(folded, m.start, m.end)) continue;
      const data = this.patternData[m.pattern]!;
      hits.push({ kind: data.kind, ref: data.ref, start: m.start, end: m.end });
      kinds |= KIND_BIT[data.kind];
    }
    // Only a disease term with a claim verb, a phrase, a user's word or the required disclaimer can
    // come out of the sentence analysis; benign contexts and other disclaimer markers only cancel.
    const canFind =
      (kinds & (KIND_BIT.phrase | KIND_BIT.word | KIND_BIT['required-disclaimer'])) !== 0 ||
      (kinds & (KIND_BIT.condition | KIND_BIT.verb)) === (KIND_BIT.condition | KIND_BIT.verb);
    if (!canFind) return NO_MATCHES;
    const cacheable = useCache && text.length <= CACHE_MAX_TEXT;
    if (cacheable) {
      const cached = this.cache.get(text);
      if (cached) return cached;
    }
    const result = this.analyzeHits(text, folded, hits);
    if (cacheable) {
      if (this.cache.size >= CACHE_ENTRIES) this.cache.clear();
      this.cache.set(text, result);
    }
    return result;
  }

  private analyzeHits(text: string, folded: string, hits: Hit[]): SegmentAnalysis {
    hits.sort((a, b) => a.start - b.start || b.end - a.end);

    const matches: Match[] = [];
    let hasDisclaimer = false;
    let cursor = 0;
    const sentences = splitSentences(text);
    for (let n = 0; n < sentences.length; n++) {
      const [sStart, sEnd] = sentences[n]!;
      const inSentence: Hit[] = [];
      while (cursor < hits.length && hits[cursor]!.start < sEnd) {
        const hit = hits[cursor]!;
        if (hit.start >= sStart && hit.end <= sEnd) inSentence.push(hit);
        cursor++;
      }
      if (inSentence.length === 0) continue;
      if (inSentence.some((h) => h.kind === 'required-disclaimer')) hasDisclaimer = true;
      // The disclaimer itself names treat/cure/prevent/disease: never a claim.
      if (inSentence.some((h) => h.kind === 'disclaimer' || h.kind === 'required-disclaimer')) continue;
      // A claim is an assertion: a question the text answers with a denial ("Does CBD cure anxiety? No.")
      // is not one. A question that ends the text is marked, for the caller to read the answer after it.
      if (isQuestion(text, sEnd)) {
        const next = sentences[n + 1];
        if (next && isDenial(text.slice(next[0], next[1]))) continue;
        if (!next) {
          const before = matches.length;
          this.sentenceMatches(text, folded, sStart, sEnd, inSentence, matches);
          for (let m = before; m < matches.length; m++) matches[m] = { ...matches[m]!, question: true };
          continue;
        }
      }
      this.sentenceMatches(text, folded, sStart, sEnd, inSentence, matches);
    }
    return { matches, hasDisclaimer };
  }

  private sentenceMatches(
    text: string,
    folded: string,
    sStart: number,
    sEnd: number,
    hits: Hit[],
    out: Match[],
  ): void {
    const benign = hits.filter((h) => h.kind === 'benign');
    const live = hits.filter(
      (h) => h.kind !== 'benign' && !benign.some((b) => b.start <= h.start && b.end >= h.end),
    );
    const evidence = clip(collapseWhitespace(text.slice(sStart, sEnd)));
    const d = this.dictionary;
    const negated = (h: Hit) => this.isNegated(folded, sStart, h.start);

    const conditions = longestOnly(live.filter((h) => h.kind === 'condition'));
    const verbs = live.filter((h) => h.kind === 'verb' && !negated(h));
    if (conditions.length > 0 && verbs.length > 0) {
      const seen = new Set<number>();
      for (const condition of conditions) {
        if (seen.has(condition.ref)) continue;
        seen.add(condition.ref);
        const verb = nearest(verbs, condition);
        const verbGroup = d.claimVerbs[verb.ref]!;
        const conditionGroup = d.conditions[condition.ref]!;
        out.push({
          category: d.diseaseClaim.category,
          term: `${verbGroup.id} ${conditionGroup.id}`,
          severity: verbGroup.severity,
          ruleRef: d.diseaseClaim.ruleRef,
          hint: d.diseaseClaim.hint,
          description: `Disease claim: "${text.slice(verb.start, verb.end)}" with "${text.slice(condition.start, condition.end)}"`,
          evidence,
          at: Math.min(verb.start, condition.start),
        });
      }
    }

    const phraseSeen = new Set<number>();
    for (const h of live) {
      if (h.kind !== 'phrase' || phraseSeen.has(h.ref) || negated(h)) continue;
      phraseSeen.add(h.ref);
      const p = d.phrases[h.ref]!;
      out.push(
        this.ruleMatch(p, p.id, `${label(p.category)}: "${text.slice(h.start, h.end)}"`, evidence, h.start),
      );
    }

    const wordSeen = new Set<number>();
    for (const h of hits) {
      if (h.kind !== 'word' || wordSeen.has(h.ref)) continue;
      wordSeen.add(h.ref);
      const word = this.additionalWords[h.ref]!;
      out.push(
        this.ruleMatch(
          d.additionalWord,
          word,
          `Additional word: "${text.slice(h.start, h.end)}"`,
          evidence,
          h.start,
        ),
      );
    }
  }

  private ruleMatch(rule: RuleInfo, term: string, description: string, evidence: string, at: number): Match {
    return {
      category: rule.category,
      term,
      severity: rule.severity,
      ruleRef: rule.ruleRef,
      hint: rule.hint,
      description,
      evidence,
      at,
    };
  }

  /** A claim word preceded closely by a negation ("does not cure", "is not FDA approved") is not a claim. */
  private isNegated(folded: string, sentenceStart: number, hitStart: number): boolean {
    const window = this.dictionary.negationWindow;
    if (window === 0) return false;
    const before = folded.slice(Math.max(sentenceStart, hitStart - 80), hitStart);
    const words = before.match(/[\p{L}']+/gu) ?? [];
    const recent = words.slice(-window);
    for (let i = 0; i < recent.length; i++) {
      const w = recent[i]!;
      // "not only cures…" and "no more anxiety" intensify a claim rather than deny it.
      const next = recent[i + 1];
      if (next === 'only' || next === 'more' || next === 'longer') continue;
      if (this.negations.has(w) || w.endsWith("n't")) return true;
    }
    return false;
  }
}

/** Whether the sentence ending at end asks a question (closing quotes and brackets aside). */
function isQuestion(text: string, end: number): boolean {
  for (let i = end - 1; i >= 0; i--) {
    const ch = text[i]!;
    if (ch === '?') return true;
    if (!/["'\u201d\u2019)\]\s]/.test(ch)) return false;
  }
  return false;
}

const DENIAL_START = /^(?:no|nope|never|unfortunately|sadly|false|myth)\b|^not\b(?! only)/;
const DENIAL_WORD = /^(?:not|no|never|cannot|nothing|neither|nor)$|n't$/;

/**
 * Whether an answer begins by denying ("No, ...", "CBD does not cure ...", "There is no evidence ..."):
 * its first sentence starts with a denial or has a negation among its first eight words.
 */
export function isDenial(answer: string): boolean {
  const first = foldText(answer.trimStart()).slice(0, 160);
  if (DENIAL_START.test(first)) return true;
  const words = (first.split(/[.!?](?:\s|$)/)[0] ?? '').match(/[\p{L}']+/gu) ?? [];
  for (let i = 0; i < Math.min(words.length, 8); i++) {
    // "Not only does it ..." intensifies rather than denies.
    if (DENIAL_WORD.test(words[i]!) && words[i + 1] !== 'only') return true;
  }
  return false;
}

function label(category: ViolationCategory): string {
  switch (category) {
    case 'DISEASE_CLAIM':
      return 'Disease claim';
    case 'ABSOLUTE_CLAIM':
      return 'Absolute claim';
    case 'FDA_DISCLAIMER':
      return 'FDA disclaimer';
    case 'ADDITIONAL_WORD':
      return 'Additional word';
    case 'AGE_RESTRICTION':
      return 'Age restriction';
  }
}

/** Drops condition hits contained in a longer one ("crohn's disease" over "disease"). */
function longestOnly(hits: Hit[]): Hit[] {
  return hits.filter(
    (h) =>
      !hits.some((o) => o !== h && o.start <= h.start && o.end >= h.end && o.end - o.start > h.end - h.start),
  );
}

function nearest(verbs: Hit[], target: Hit): Hit {
  let best = verbs[0]!;
  let bestDistance = Infinity;
  for (const v of verbs) {
    const distance = Math.abs(v.start - target.start);
    if (distance < bestDistance) {
      best = v;
      bestDistance = distance;
    }
  }
  return best;
}

function clip(evidence: string): string {
  return evidence.length > MAX_EVIDENCE ? `${evidence.slice(0, MAX_EVIDENCE - 1)}…` : evidence;
}

/** Additional words as typed by the user: blank entries dropped, duplicates removed, compared folded. */
export function normaliseWords(words: readonly string[]): string[] {
  const out = new Set<string>();
  for (const w of words) {
    const cleaned = collapseWhitespace(w);
    if (cleaned) out.add(foldText(cleaned));
  }
  return [...out];
}
