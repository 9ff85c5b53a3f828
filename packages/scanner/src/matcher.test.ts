import { describe, expect, it } from 'vitest';
import { ClaimMatcher, isDenial } from './matcher.ts';
import { parseDictionary, defaultDictionary } from './dictionary.ts';
import { parseCaptions } from './captions.ts';
import { compareProducts, normaliseProductName } from './products.ts';
import { splitSentences } from './sentences.ts';

const matcher = new ClaimMatcher();
const terms = (text: string) => matcher.analyze(text).matches.map((m) => m.term);

describe('ClaimMatcher', () => {
  it.each([
    ['Our oil cures cancer.', 'cure cancer'],
    ['CBD is a proven treatment for epilepsy.', 'treat seizures'],
    ['Helps prevent Alzheimer’s disease.', "prevent alzheimer's disease"],
    ['Relief from chronic pain in minutes.', 'relieve chronic pain'],
    ['It lowers blood sugar naturally.', 'reduce diabetes'],
    ['A natural anti-inflammatory for your joints.', 'medical claim'],
    ['Our FDA-approved formula works.', 'fda approved'],
    ['This miracle tincture is here.', 'miracle'],
    ['Not only does it cure arthritis, it tastes great.', 'cure arthritis'],
    ['NO MORE ANXIETY: our gummies treat it.', 'treat anxiety'],
  ])('flags %s', (text, term) => {
    expect(terms(text)).toContain(term);
  });

  it.each([
    'Our flower is slow cured for two weeks in the curing room.',
    'We use water treatment and preventive maintenance on site.',
    'CBD does not cure cancer.',
    'This product is not FDA approved.',
    'It is never a treatment for any disease.',
    'Secure procurement by our curator; a healthy treaty.',
    'Treat yourself to lower prices and quality control.',
    'Our disease-resistant strains reduce waste.',
    'Cancer season sale this July.',
  ])('does not flag %s', (text) => {
    expect(terms(text)).toEqual([]);
  });

  it('never flags the FDA disclaimer and recognises it', () => {
    const result = matcher.analyze(
      'These statements have not been evaluated by the F.D.A. This product is not intended to diagnose, treat, cure, or prevent any disease.',
    );
    expect(result).toEqual({ matches: [], hasDisclaimer: true });
  });

  it('only combines a verb and a condition inside one sentence', () => {
    expect(terms('We treat every customer like family. Anxiety is common.')).toEqual([]);
  });

  it('keeps the sentence as evidence', () => {
    const [m] = matcher.analyze('Welcome! Our balm heals eczema fast. Order today.').matches;
    expect(m?.evidence).toBe('Our balm heals eczema fast.');
  });

  it('matches user words literally, whatever regex syntax they contain', () => {
    const custom = new ClaimMatcher({ additionalWords: ['(a+)+$', 'x.*y', ' Wonder  Oil '] });
    const text = `${'a'.repeat(5000)}! Try (a+)+$ and x.*y but not xzzy. Wonder Oil works.`;
    const started = performance.now();
    expect(
      custom
        .analyze(text)
        .matches.map((m) => m.term)
        .sort(),
    ).toEqual(['(a+)+$', 'wonder oil', 'x.*y']);
    expect(performance.now() - started).toBeLessThan(1000);
  });

  it('reads a large text in one pass', () => {
    const big = 'Our slow cured flower is grown in Oregon with care and secure procurement. '.repeat(20_000);
    const started = performance.now();
    expect(matcher.analyze(`${big} It cures insomnia.`).matches.map((m) => m.term)).toEqual([
      'cure insomnia',
    ]);
    expect(performance.now() - started).toBeLessThan(5000);
  });
});

describe('ClaimMatcher.analyzeBlocks', () => {
  /** What the scanner did before analyzeBlocks: each block on its own, results in block order. */
  // Matchers of their own (a cache of their own), compiled once: compiling the shipped dictionary is the
  // slow part, and analyze() gives the same answer from its cache.
  const fresh = new Map<ClaimMatcher, ClaimMatcher>();
  function oneByOne(m: ClaimMatcher, blocks: string[]) {
    let own = fresh.get(m);
    if (!own) {
      own = new ClaimMatcher({ dictionary: m.dictionary, additionalWords: m.additionalWords });
      fresh.set(m, own);
    }
    const results = blocks.map((b) => own.analyze(b));
    // A question that ends its block is answered by the next block: a denial there drops it.
    const matches = results.flatMap((r, i) => {
      const denied = isDenial(blocks[i + 1] ?? '');
      return r.matches.filter((match) => !(denied && match.question));
    });
    return { matches, hasDisclaimer: results.some((r) => r.hasDisclaimer) };
  }

  const WORDS = [
    'Our',
    'oil',
    'cures',
    'CURE',
    'insomnia',
    'anxiety',
    'Alzheimer’s',
    'disease',
    'treats',
    'water treatment',
    'preventive maintenance',
    'not',
    'does',
    'clinically proven',
    'miracle',
    'FDA',
    'approved',
    'wonder oil',
    'İstanbul',
    'ΣΟΦΙΑΣ',
    'slow-cured',
    'relief',
    'from',
    'chronic pain',
    'U.S.',
    'Dr.',
    'hemp',
    '.',
    '!',
    '?',
    'This product is not intended to diagnose, treat, cure, or prevent any disease.',
    '—',
    '‘quoted’',
  ];

  it('finds exactly what analysing each block on its own finds, in the same order', () => {
    let state = 11;
    const next = () => (state = (state * 1103515245 + 12345) & 0x7fffffff) / 0x7fffffff;
    const custom = new ClaimMatcher({ additionalWords: ['wonder oil', 'σοφιας'] });
    for (let round = 0; round < 400; round++) {
      const blocks = Array.from({ length: 1 + Math.floor(next() * 6) }, () =>
        Array.from(
          { length: 1 + Math.floor(next() * 12) },
          () => WORDS[Math.floor(next() * WORDS.length)]!,
        ).join(next() < 0.8 ? ' ' : ''),
      );
      for (const m of [matcher, custom]) {
        const expected = oneByOne(m, blocks);
        const actual = m.analyzeBlocks(blocks);
        expect(actual.hasDisclaimer, JSON.stringify(blocks)).toBe(expected.hasDisclaimer);
        expect(actual.matches, JSON.stringify(blocks)).toEqual(expected.matches);
      }
    }
  });

  it('keeps sentences and hits inside their block', () => {
    // "cures" ends one block and "insomnia" starts the next: no claim across the two.
    expect(matcher.analyzeBlocks(['Our oil cures', 'insomnia is common']).matches).toEqual([]);
    const result = matcher.analyzeBlocks(['Welcome.', 'Our oil cures insomnia.', 'Contact us.']);
    expect(result.matches.map((m) => [m.term, m.evidence])).toEqual([
      ['cure insomnia', 'Our oil cures insomnia.'],
    ]);
    expect(matcher.analyzeBlocks([]).matches).toEqual([]);
  });
});

describe('dictionary', () => {
  it('ships a valid dictionary with rule references and hints', () => {
    const d = defaultDictionary();
    expect(d.conditions.length).toBeGreaterThan(10);
    for (const p of d.phrases) expect(p.ruleRef && p.hint).toBeTruthy();
  });

  it('rejects a dictionary with a bad severity', () => {
    const broken = structuredClone(defaultDictionary()) as unknown as {
      claimVerbs: Array<{ severity: string }>;
    };
    broken.claimVerbs[0]!.severity = 'SEVERE';
    expect(() => parseDictionary(broken)).toThrow(/claimVerbs\[0\]\.severity/);
  });
});

describe('splitSentences', () => {
  it('does not split at abbreviations and initials', () => {
    const text = 'Ask Dr. Smith about U.S. hemp. It is great! Really?';
    expect(splitSentences(text).map(([s, e]) => text.slice(s, e))).toEqual([
      'Ask Dr. Smith about U.S. hemp.',
      'It is great!',
      'Really?',
    ]);
  });
});

describe('parseCaptions', () => {
  it('reads WebVTT and SRT cues with start times', () => {
    expect(parseCaptions('WEBVTT\n\nintro\n00:01.500 --> 00:03.000\n<i>Hello</i> there\n')).toEqual([
      { start: 1.5, text: 'Hello there' },
    ]);
    expect(parseCaptions('1\r\n01:02:03,250 --> 01:02:05,000\r\nLine one\r\nline two\r\n')).toEqual([
      { start: 3723.25, text: 'Line one line two' },
    ]);
  });
});

describe('products', () => {
  it('compares names tolerant of case, punctuation and size suffixes', () => {
    expect(normaliseProductName('Calm-Drops™ (30 ml)')).toBe('calm drops');
    expect(normaliseProductName('CALM DROPS 1000mg')).toBe('calm drops');
    const result = compareProducts(
      ['Calm Drops', 'Night Balm'],
      [
        { productName: 'Calm Drops 30ml', url: 'https://a/1' },
        { productName: 'Sleep Gummies', url: 'https://a/2' },
        { productName: 'sleep gummies (60 ct)', url: 'https://a/3' },
      ],
    );
    expect(result).toEqual({
      authorizedProducts: [
        { productName: 'Calm Drops', found: true },
        { productName: 'Night Balm', found: false },
      ],
      unauthorizedProducts: [{ productName: 'Sleep Gummies', url: 'https://a/2' }],
    });
  });
});
