/** Spec 1 §4 "Document indicator". */
export const EXPIRING_SOON_DAYS = 5;
const DAY_MS = 24 * 3600 * 1000;

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

export function documentIndicator(
  document: IndicatorDocument | null | undefined,
  now: Date,
  soonDays = EXPIRING_SOON_DAYS,
): DocumentIndicator {
  if (!document) return { color: 'grey', label: null };
  if (document.reviewStatus === 'REJECTED') return { color: 'red', label: 'Rejected' };
  if (!document.documentType?.expirationCheck) return { color: 'green', label: null };
  if (!document.expirationDate) return { color: 'red', label: 'Expired' };
  const expires = new Date(document.expirationDate).getTime();
  if (Number.isNaN(expires) || expires <= now.getTime()) return { color: 'red', label: 'Expired' };
  if (expires - now.getTime() <= soonDays * DAY_MS) return { color: 'amber', label: 'Expiring soon!' };
  return { color: 'green', label: null };
}
