import {
  DEFAULT_DAYS_PRIOR_NOTIFY,
  documentIndicator as indicatorState,
  INDICATOR_COLOURS,
  INDICATOR_LABELS,
  todayIn,
} from './document-status.ts';

/**
 * Spec 1 §4 "Document indicator" in the shape the shared inputs use. The rule itself is the one in
 * document-status.ts (calendar days in Eastern time), so the vault and the shared component agree.
 */
export const EXPIRING_SOON_DAYS = DEFAULT_DAYS_PRIOR_NOTIFY;

export interface IndicatorDocument {
  documentType?: { expirationCheck?: boolean | null } | null;
  reviewStatus?: string | null;
  expirationDate?: string | Date | null;
}

export type IndicatorColor = 'green' | 'amber' | 'red' | 'grey';
export interface DocumentIndicator {
  color: IndicatorColor;
  label: 'Expiring soon!' | 'Expired' | 'Rejected' | null;
}

function calendarDay(value: string | Date): string | null {
  const date = new Date(value);
  if (Number.isNaN(date.getTime())) return null;
  // A bare yyyy-MM-dd is already a calendar day; a timestamp is read in Eastern time.
  return typeof value === 'string' && /^\d{4}-\d{2}-\d{2}$/.test(value) ? value : todayIn(date);
}

export function documentIndicator(
  document: IndicatorDocument | null | undefined,
  now: Date,
  soonDays = EXPIRING_SOON_DAYS,
): DocumentIndicator {
  const state = indicatorState(
    document
      ? {
          expirationCheck: Boolean(document.documentType?.expirationCheck),
          reviewStatus: document.reviewStatus ?? null,
          expirationDate: document.expirationDate ? calendarDay(document.expirationDate) : null,
        }
      : null,
    todayIn(now),
    soonDays,
  );
  return { color: INDICATOR_COLOURS[state], label: INDICATOR_LABELS[state] as DocumentIndicator['label'] };
}
