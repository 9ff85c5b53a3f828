/** Rejection reasons editor rules (spec 3 §2 "Rejection reasons dialog", §4, §5, §9). */

export const REASON_FIELD_MAX = 150;

export interface ReasonRow {
  /** Absent on rows added in the dialog and not saved yet. */
  plReasonId?: number | undefined;
  reasonName: string;
  notification: string;
}

export type ReasonAction = 'INSERT' | 'UPDATE' | 'DELETE';
export type ReasonChange = ReasonRow & { reasonType: 'REJECT'; action: ReasonAction };

export interface ReasonRowErrors {
  reasonName?: string;
  notification?: string;
}

function fieldError(value: string): string | undefined {
  if (!value.trim()) return 'This field is required';
  if (value.trim().length > REASON_FIELD_MAX) return 'Maximum 150 characters';
  return undefined;
}

export function validateReasonRow(row: ReasonRow): ReasonRowErrors {
  const errors: ReasonRowErrors = {};
  const name = fieldError(row.reasonName);
  const notification = fieldError(row.notification);
  if (name) errors.reasonName = name;
  if (notification) errors.notification = notification;
  return errors;
}

/**
 * The save payload: new rows with both fields filled are INSERT, changed rows UPDATE, removed existing
 * rows DELETE. Empty when nothing changed.
 */
export function diffReasons(original: readonly ReasonRow[], current: readonly ReasonRow[]): ReasonChange[] {
  const changes: ReasonChange[] = [];
  const byId = new Map(original.filter((r) => r.plReasonId).map((r) => [r.plReasonId!, r]));
  const kept = new Set<number>();
  for (const row of current) {
    const reasonName = row.reasonName.trim();
    const notification = row.notification.trim();
    if (row.plReasonId === undefined) {
      if (reasonName && notification) {
        changes.push({ reasonName, notification, reasonType: 'REJECT', action: 'INSERT' });
      }
      continue;
    }
    kept.add(row.plReasonId);
    const before = byId.get(row.plReasonId);
    if (!before || before.reasonName.trim() !== reasonName || before.notification.trim() !== notification) {
      changes.push({
        plReasonId: row.plReasonId,
        reasonName,
        notification,
        reasonType: 'REJECT',
        action: 'UPDATE',
      });
    }
  }
  for (const row of original) {
    if (row.plReasonId !== undefined && !kept.has(row.plReasonId)) {
      changes.push({ ...row, reasonType: 'REJECT', action: 'DELETE' });
    }
  }
  return changes;
}

/** Unsaved edits that closing would lose, including a half-filled new row the diff does not send. */
export function hasReasonChanges(original: readonly ReasonRow[], current: readonly ReasonRow[]): boolean {
  if (diffReasons(original, current).length > 0) return true;
  return current.some(
    (row) => row.plReasonId === undefined && (row.reasonName.trim() !== '' || row.notification.trim() !== ''),
  );
}
