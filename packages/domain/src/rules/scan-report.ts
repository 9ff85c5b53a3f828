import { SEVERITIES, type ScanPeriod, type Severity } from '../schemas/webcrawler.ts';

/**
 * Pure rules of the Website Compliance Report and its history (spec 3 §3 "Severity and period", §9
 * severity colours), shared by the report dialog, the findings chart and their tests.
 */

/** Spec 3 §3: the one-letter form of each level. */
export const SEVERITY_LETTERS: Record<Severity, string> = {
  HIGH: 'H',
  MEDIUM: 'M',
  LOW: 'L',
  COMPLIANCE: 'C',
};

/** Spec 3 §9 colours S0 green, S1 yellow, S2 orange, S3 red; a finding's level maps onto that scale. */
export type SeverityTone = 'S0' | 'S1' | 'S2' | 'S3';
export const SEVERITY_TONES: Record<Severity, SeverityTone> = {
  COMPLIANCE: 'S0',
  LOW: 'S1',
  MEDIUM: 'S2',
  HIGH: 'S3',
};
/**
 * Each tone's colour, dark enough for white text (WCAG AA, 4.5:1) so chips and bars stay readable;
 * the yellow is an amber because a light yellow cannot carry text.
 */
export const SEVERITY_TONE_COLOURS: Record<SeverityTone, string> = {
  S0: '#1b5e20',
  S1: '#8d6e00',
  S2: '#b34700',
  S3: '#b71c1c',
};
export function severityColour(level: Severity): string {
  return SEVERITY_TONE_COLOURS[SEVERITY_TONES[level]];
}

/** Spec 3 §3: the total of the counts per severity plus an optional extra. */
export function totalFindings(counts: Partial<Record<Severity, number>>, extra = 0): number {
  return SEVERITIES.reduce((sum, level) => sum + (counts[level] ?? 0), extra);
}

const DAY_MS = 864e5;

/** The first instant a period covers (null: all time). Months are calendar months back from `now`. */
export function periodStart(period: ScanPeriod, now: Date): Date | null {
  switch (period) {
    case 'ALL_TIME':
      return null;
    case 'LAST_WEEK':
      return new Date(now.getTime() - 7 * DAY_MS);
    case 'LAST_MONTH':
    case 'LAST_3_MONTHS': {
      const start = new Date(now);
      start.setUTCMonth(start.getUTCMonth() - (period === 'LAST_MONTH' ? 1 : 3));
      return start;
    }
  }
}

/** Whether a check made at `checkTime` falls in the period. */
export function isInPeriod(checkTime: Date | string, period: ScanPeriod, now: Date): boolean {
  const start = periodStart(period, now);
  return start === null || new Date(checkTime).getTime() >= start.getTime();
}

/** Spec 3 §2: video evidence links point from the start time to the start time plus 0.01 s. */
export const VIDEO_EVIDENCE_SPAN_SECONDS = 0.01;
export function videoEvidenceHref(url: string, startTime: number): string {
  const start = Math.max(0, startTime);
  const end = Math.round((start + VIDEO_EVIDENCE_SPAN_SECONDS) * 1000) / 1000;
  // A media fragment (W3C Media Fragments URI): players open the video at that span.
  return `${url.replace(/#.*$/, '')}#t=${start},${end}`;
}

/** Spec 3 §2: issue images come through the internal proxy, which only serves the caller's own findings. */
export function issueImageHref(imageUrl: string): string {
  return `/api/url-to-base64?cache=true&imageUrl=${encodeURIComponent(imageUrl)}`;
}
