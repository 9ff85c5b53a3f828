import AhoCorasick from 'modern-ahocorasick';
import { describe, expect, it } from 'vitest';
import { Automaton } from './automaton.ts';

/** A deterministic pseudo-random generator so a failure can be replayed. */
function random(seed: number) {
  let state = seed;
  return () => {
    state = (state * 1103515245 + 12345) & 0x7fffffff;
    return state / 0x7fffffff;
  };
}

describe('Automaton', () => {
  it('finds overlapping patterns, including ones inside others', () => {
    const a = new Automaton(['he', 'she', 'his', 'hers']);
    const hits = a.search('ushers').map((h) => `${h.pattern}@${h.start}-${h.end}`);
    expect(hits.sort()).toEqual(['0@2-4', '1@1-4', '3@2-6'].sort());
  });

  it('handles duplicates, unicode and characters no pattern uses', () => {
    const a = new Automaton(['café', 'café', 'é', 'x.*y']);
    expect(a.search('un café? x.*y ü').map((h) => h.pattern)).toEqual([0, 1, 2, 3]);
  });

  it('agrees with modern-ahocorasick on random texts and dictionaries', () => {
    const next = random(42);
    const alphabet = "abcde .'-";
    const word = (max: number) =>
      Array.from(
        { length: 1 + Math.floor(next() * max) },
        () => alphabet[Math.floor(next() * alphabet.length)],
      ).join('');
    for (let round = 0; round < 50; round++) {
      const patterns = Array.from({ length: 1 + Math.floor(next() * 30) }, () => word(6));
      const text = word(2000);
      const ours = new Automaton(patterns)
        .search(text)
        .map((h) => `${h.pattern}:${h.start}:${h.end}`)
        .sort();
      const reference = new AhoCorasick(patterns)
        .search(text)
        .map((h) => `${h.patternIndex}:${h.start}:${h.end}`)
        .sort();
      expect(ours).toEqual(reference);
    }
  });
});
