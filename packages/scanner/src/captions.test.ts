import { describe, expect, it } from 'vitest';
import { MAX_CUES_PER_SEGMENT, captionSegments, cueStartAt } from './captions.ts';

const cue = (start: number, text: string) => ({ start, text });

describe('captionSegments', () => {
  it('joins cues until a sentence ends, keeping each cue start and offset', () => {
    const segments = captionSegments([
      cue(3, 'This oil cures'),
      cue(5, 'insomnia fast.'),
      cue(9, 'Welcome to the farm!'),
    ]);
    expect(segments).toEqual([
      {
        text: 'This oil cures insomnia fast.',
        cues: [
          { start: 3, offset: 0 },
          { start: 5, offset: 15 },
        ],
      },
      { text: 'Welcome to the farm!', cues: [{ start: 9, offset: 0 }] },
    ]);
    expect(cueStartAt(segments[0]!, 9)).toBe(3);
    expect(cueStartAt(segments[0]!, 15)).toBe(5);
    expect(cueStartAt(segments[0]!, 20)).toBe(5);
  });

  it('cuts unpunctuated captions and starts the next segment again with the last cue', () => {
    expect(MAX_CUES_PER_SEGMENT).toBe(3);
    const texts = captionSegments([
      cue(1, 'a'),
      cue(2, 'b'),
      cue(3, 'c'),
      cue(4, 'd'),
      cue(5, 'e'),
      cue(6, 'f'),
    ]).map((s) => s.text);
    expect(texts).toEqual(['a b c', 'c d e', 'e f']);
    // The last cue is not read again on its own when it closed a cut segment.
    expect(captionSegments([cue(1, 'a'), cue(2, 'b'), cue(3, 'c')]).map((s) => s.text)).toEqual(['a b c']);
    // A cue after a sentence ending is read, whatever the length of the segment before it.
    expect(captionSegments([cue(1, 'a'), cue(2, 'b'), cue(3, 'c.'), cue(4, 'd')]).map((s) => s.text)).toEqual(
      ['a b c.', 'd'],
    );
  });
});
