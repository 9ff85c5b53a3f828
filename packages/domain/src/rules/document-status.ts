/**
 * Document status rules: review statuses and their display forms (spec 3 §4 "Document review") and the
 * document indicator (spec 1 §4 "Document indicator"). Dates are calendar days `yyyy-MM-dd`; "today"
 * is the platform's day in America/New_York (spec 3 §9), computed by the caller with `todayIn`.
 */

import { dateTimeFormat } from './intl-formats.ts';

export const REVIEW_STATUSES = ['pending', 'accepted', 'rejected'] as const;
export type ReviewStatus = (typeof REVIEW_STATUSES)[number];
export type DisplayStatus = ReviewStatus | 'expired' | 'expiringSoon';

export const PLATFORM_TIME_ZONE = 'America/New_York';
/** The indicator's window when a document type sets none (spec 1 §4: "within 5 days by default"). */
export const DEFAULT_DAYS_PRIOR_NOTIFY = 5;
const DAY_MS = 864e5;

/** The calendar day of `now` in the platform time zone, as `yyyy-MM-dd`. */
export function todayIn(now: Date, timeZone: string = PLATFORM_TIME_ZONE): string {
  const parts = dateTimeFormat('en-CA', {
    timeZone,
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
  }).formatToParts(now);
  const get = (type: string) => parts.find((p) => p.type === type)?.value ?? '';
  return `${get('year')}-${get('month')}-${get('day')}`;
}

/** Whole days from `from` to `to` (both `yyyy-MM-dd`); negative when `to` is earlier. */
export function daysBetween(from: string, to: string): number {
  return Math.round((Date.parse(`${to}T00:00:00Z`) - Date.parse(`${from}T00:00:00Z`)) / DAY_MS);
}

export function addDays(day: string, days: number): string {
  return new Date(Date.parse(`${day}T00:00:00Z`) + days * DAY_MS).toISOString().slice(0, 10);
}

/** Milliseconds since the epoch of midnight starting `day` (yyyy-MM-dd) in `timeZone`. */
export function startOfDayIn(day: string, timeZone: string = PLATFORM_TIME_ZONE): number {
  const target = Date.parse(`${day}T00:00:00Z`);
  const format = dateTimeFormat('en-US', {
    timeZone,
    hourCycle: 'h23',
    year: 'numeric',
    month: '2-digit',
    day: '2-digit',
    hour: '2-digit',
    minute: '2-digit',
    second: '2-digit',
  });
  const wallClock = (ms: number) => {
    const parts = Object.fromEntries(format.formatToParts(new Date(ms)).map((p) => [p.type, p.value]));
    return Date.UTC(
      Number(parts.year),
      Number(parts.month) - 1,
      Number(parts.day),
      Number(parts.hour),
      Number(parts.minute),
      Number(parts.second),
    );
  };
  // Two corrections settle the zone's offset, daylight saving included.
  let guess = target;
  for (let i = 0; i < 2; i++) guess += target - wallClock(guess);
  return guess;
}

/** A missing status reads as pending (spec 3 §4). */
export function normalizeReviewStatus(status: string | null | undefined): ReviewStatus {
  const lower = (status ?? '').toLowerCase();
  return (REVIEW_STATUSES as readonly string[]).includes(lower) ? (lower as ReviewStatus) : 'pending';
}

/** Past the expiration day: a document expiring today is still valid today. */
export function isExpired(expirationDate: string | null, today: string): boolean {
  return expirationDate !== null && daysBetween(today, expirationDate) < 0;
}

/** Inside the notify window: expiring within `daysPriorNotify` days from today, not yet expired. */
export function isExpiringSoon(
  expirationDate: string | null,
  today: string,
  daysPriorNotify: number | null,
): boolean {
  if (expirationDate === null) return false;
  const left = daysBetween(today, expirationDate);
  return left >= 0 && left <= (daysPriorNotify ?? DEFAULT_DAYS_PRIOR_NOTIFY);
}

/**
 * The status a version's tab shows: a rejection always shows as rejected; otherwise expiry (display
 * only) wins over accepted or pending.
 */
export function displayStatus(version: {
  reviewStatus: string | null;
  isExpired: boolean;
  isExpireSoon: boolean;
}): DisplayStatus {
  const status = normalizeReviewStatus(version.reviewStatus);
  if (status === 'rejected') return 'rejected';
  if (version.isExpired) return 'expired';
  if (version.isExpireSoon) return 'expiringSoon';
  return status;
}

/** Tab colours: accepted green, rejected red, expired dark grey, expiring soon purple, anything else amber. */
export const TAB_COLOURS: Record<DisplayStatus, string> = {
  accepted: '#2e7d32',
  rejected: '#d32f2f',
  expired: '#424242',
  expiringSoon: '#7b1fa2',
  pending: '#ffa000',
};

export function tabColour(status: DisplayStatus): string {
  return TAB_COLOURS[status];
}

export type IndicatorState = 'valid' | 'expiringSoon' | 'expired' | 'rejected' | 'missing';

export const INDICATOR_LABELS: Record<IndicatorState, string | null> = {
  valid: null,
  expiringSoon: 'Expiring soon!',
  expired: 'Expired',
  rejected: 'Rejected',
  missing: null,
};

export const INDICATOR_COLOURS: Record<IndicatorState, 'green' | 'amber' | 'red' | 'grey'> = {
  valid: 'green',
  expiringSoon: 'amber',
  expired: 'red',
  rejected: 'red',
  missing: 'grey',
};

/**
 * The document indicator (spec 1 §4): grey when nothing is uploaded, red "Rejected" when rejected, red
 * "Expired" past expiry or with no expiry date where one is needed, amber "Expiring soon!" inside the
 * window, green otherwise (valid, or no expiry check needed).
 */
export function documentIndicator(
  document: {
    expirationCheck: boolean;
    reviewStatus: string | null;
    expirationDate: string | null;
  } | null,
  today: string,
  daysPriorNotify: number | null = DEFAULT_DAYS_PRIOR_NOTIFY,
): IndicatorState {
  if (!document) return 'missing';
  if (normalizeReviewStatus(document.reviewStatus) === 'rejected') return 'rejected';
  if (!document.expirationCheck) return 'valid';
  if (document.expirationDate === null || isExpired(document.expirationDate, today)) return 'expired';
  if (isExpiringSoon(document.expirationDate, today, daysPriorNotify)) return 'expiringSoon';
  return 'valid';
}

/**
 * What the vault shows for a document type: the indicator above, except that a document still waiting
 * for its review is amber "Pending review" rather than green until a reviewer accepts it. The vault's
 * rows and its dashboard summary both read it, so a pending document is never counted as valid.
 */
export type VaultState = IndicatorState | 'pending';

export const VAULT_STATE_COLOURS: Record<VaultState, 'green' | 'amber' | 'red' | 'grey'> = {
  ...INDICATOR_COLOURS,
  pending: 'amber',
};

export function vaultState(
  document: Parameters<typeof documentIndicator>[0],
  today: string,
  daysPriorNotify: number | null = DEFAULT_DAYS_PRIOR_NOTIFY,
): VaultState {
  const state = documentIndicator(document, today, daysPriorNotify);
  return state === 'valid' && document && normalizeReviewStatus(document.reviewStatus) === 'pending'
    ? 'pending'
    : state;
}

/** Expiry reminder thresholds: N days before (the type's days-prior notify) and on the expiration day. */
export type ReminderThreshold = 'BEFORE' | 'ON_EXPIRY';

/**
 * Which reminder is due today for a version. The job runs daily, so a threshold whose day was missed
 * (the server was down) is still due while inside its window; the unique key makes it send once.
 */
export function dueReminder(
  expirationDate: string | null,
  today: string,
  daysPriorNotify: number | null,
): ReminderThreshold | null {
  if (expirationDate === null) return null;
  const left = daysBetween(today, expirationDate);
  if (left <= 0) return left > -7 ? 'ON_EXPIRY' : null;
  if (daysPriorNotify !== null && daysPriorNotify > 0 && left <= daysPriorNotify) return 'BEFORE';
  return null;
}
