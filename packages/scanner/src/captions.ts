import { collapseWhitespace } from './sentences.ts';

export interface Cue {
  /** Seconds from the start of the media. */
  start: number;
  text: string;
}

const TIMING = /^\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})\s*-->\s*((?:\d+:)?\d{1,2}:\d{2}[.,]\d{1,3})/;

function seconds(stamp: string): number {
  const parts = stamp.replace(',', '.').split(':').map(Number);
  return parts.reduce((total, part) => total * 60 + part, 0);
}

/**
 * Parses WebVTT and SRT alike: both are blocks separated by blank lines whose timing line holds
 * "start --> end"; SRT uses a comma before the milliseconds and a numeric counter line. Markup such as
 * <v Speaker> or <i> inside cues is dropped so claims split by it still read as one sentence.
 */
export function parseCaptions(source: string): Cue[] {
  const cues: Cue[] = [];
  const blocks = source
    .replace(/^\uFEFF/, '')
    .replace(/\r\n?/g, '\n')
    .split(/\n{2,}/);
  for (const block of blocks) {
    const lines = block.split('\n');
    const timingIndex = lines.findIndex((line) => TIMING.test(line));
    if (timingIndex < 0) continue;
    const match = TIMING.exec(lines[timingIndex]!)!;
    const text = collapseWhitespace(
      lines
        .slice(timingIndex + 1)
        .join(' ')
        .replace(/<[^>]*>/g, '')
        .replace(/&amp;/g, '&')
        .replace(/&lt;/g, '<')
        .replace(/&gt;/g, '>')
        .replace(/&nbsp;/g, ' '),
    );
    if (text) cues.push({ start: seconds(match[1]!), text });
  }
  return cues;
}

/** Cue texts joined into the stretch of speech a claim is read in, with where each cue begins. */
export interface CaptionSegment {
  text: string;
  /** The segment's cues in order: each cue's start time and its offset in text. */
  cues: Array<{ start: number; offset: number }>;
}

/** Most cues one segment joins when no sentence ends in them (unpunctuated, auto-generated captions). */
export const MAX_CUES_PER_SEGMENT = 3;
const ENDS_SENTENCE = /[.!?…]["'\u201d\u2019)\]]*$/;

/**
 * Groups cues so that a sentence spoken across cues ("This oil cures" / "insomnia fast.") is read as one,
 * and the disclaimer split over two cues is still recognised as the disclaimer. A segment ends with the
 * cue whose text ends a sentence. Captions without punctuation would run on, so a segment is cut after
 * MAX_CUES_PER_SEGMENT cues and the next one starts again with its last cue: a claim across that cut is
 * still read, and one inside the shared cue is found twice, so callers keep one finding per term and cue.
 */
export function captionSegments(cues: readonly Cue[]): CaptionSegment[] {
  const segments: CaptionSegment[] = [];
  let current: Cue[] = [];
  // current[0] repeats the last cue of a segment that was cut.
  let carried = false;
  const close = () => {
    const parts: CaptionSegment['cues'] = [];
    let text = '';
    for (const cue of current) {
      if (text) text += ' ';
      parts.push({ start: cue.start, offset: text.length });
      text += cue.text;
    }
    segments.push({ text, cues: parts });
  };
  for (const cue of cues) {
    current.push(cue);
    if (ENDS_SENTENCE.test(cue.text)) {
      close();
      current = [];
      carried = false;
    } else if (current.length >= MAX_CUES_PER_SEGMENT) {
      close();
      current = [cue];
      carried = true;
    }
  }
  // A trailing segment that only repeats the cue a cut segment ended with adds nothing.
  if (current.length > (carried ? 1 : 0)) close();
  return segments;
}

/** The start time of the cue in which the text at offset begins. */
export function cueStartAt(segment: CaptionSegment, offset: number): number {
  let start = segment.cues[0]!.start;
  for (const cue of segment.cues) {
    if (cue.offset > offset) break;
    start = cue.start;
  }
  return start;
}
