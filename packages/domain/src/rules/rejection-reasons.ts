/** Rejection reasons editor rules (spec 3 §2 "Rejection reasons dialog", §4, §5, §9). */

import { fieldIssue, type KeyedMessage, type ValidationIssue } from '../validation-issues.ts';

export const REASON_FIELD_MAX = 150;

/** The dialog's and the upsert's refusals, each with the locale key a form shows it by. */
export const REASON_MESSAGES = {
  required: { key: 'documents.messages.fieldRequired', message: 'This field is required' },
  tooLong: { key: 'documents.messages.max150', message: 'Maximum 150 characters' },
} satisfies Record<string, KeyedMessage>;

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

function fieldMessage(value: string): KeyedMessage | undefined {
  if (!value.trim()) return REASON_MESSAGES.required;
  if (value.trim().length > REASON_FIELD_MAX) return REASON_MESSAGES.tooLong;
  return undefined;
}

/** The refusals of one dialog row, by field; none when the row is valid. */
export function reasonRowIssues(row: ReasonRow): ValidationIssue[] {
  return (['reasonName', 'notification'] as const).flatMap((field) => {
    const message = fieldMessage(row[field]);
    return message ? [fieldIssue(field, message)] : [];
  });
}

export function validateReasonRow(row: ReasonRow): ReasonRowErrors {
  return Object.fromEntries(reasonRowIssues(row).map((issue) => [issue.field, issue.message]));
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
