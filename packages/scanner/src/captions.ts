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
