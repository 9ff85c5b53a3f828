/**
 * Document-type editor rules (spec 2 §4 "Document-type rules", §5 "Document types"). The editor and
 * the upsert route both use them, so the toggles and the save diff cannot drift apart.
 */

import { fieldIssue, type KeyedMessage, type ValidationIssue } from '../validation-issues.ts';

export const DOCUMENT_TYPE_NAME_MAX = 100;

/** The editor's and the upsert's refusals, each with the locale key a form shows it by. */
export const DOCUMENT_TYPE_MESSAGES = {
  nameRequired: { key: 'documents.messages.fieldRequired', message: 'This field is required' },
  nameTooLong: { key: 'documents.messages.max100', message: 'Maximum 100 characters' },
  businessTypeRequired: {
    key: 'documents.messages.businessTypeRequired',
    message: 'Select at least one business type',
  },
  dayPriorNotifyPositive: { key: 'documents.messages.greaterThanZero', message: 'Must be greater than 0' },
  dayPriorNotifyRequired: { key: 'documents.messages.fieldRequired', message: 'This field is required' },
} satisfies Record<string, KeyedMessage>;

export interface DocumentTypeRow {
  /** Absent on rows added in the editor and not saved yet. */
  plDocumentTypeId?: number | undefined;
  name: string;
  licenseCheck: boolean;
  certificationCheck: boolean;
  expirationCheck: boolean;
  dayPriorNotify: number | null;
  plBusinessTypeIds: number[];
}

export type DocumentTypeAction = 'insert' | 'update' | 'delete';
export type DocumentTypeChange = DocumentTypeRow & { action: DocumentTypeAction };

/** Ticking License clears Certification and forces Expiration on; unticking leaves Expiration as it is. */
export function toggleLicense<T extends DocumentTypeRow>(row: T, checked: boolean): T {
  return checked
    ? { ...row, licenseCheck: true, certificationCheck: false, expirationCheck: true }
    : { ...row, licenseCheck: false };
}

/** Ticking Certification clears License and forces Expiration on. */
export function toggleCertification<T extends DocumentTypeRow>(row: T, checked: boolean): T {
  return checked
    ? { ...row, certificationCheck: true, licenseCheck: false, expirationCheck: true }
    : { ...row, certificationCheck: false };
}

/** Expiration is locked (on) while License or Certification is ticked. */
export function isExpirationLocked(row: Pick<DocumentTypeRow, 'licenseCheck' | 'certificationCheck'>) {
  return row.licenseCheck || row.certificationCheck;
}

export function toggleExpiration<T extends DocumentTypeRow>(row: T, checked: boolean): T {
  if (isExpirationLocked(row)) return { ...row, expirationCheck: true };
  return { ...row, expirationCheck: checked };
}

/** Loaded licence types get expiration on. */
export function normalizeLoadedDocumentType<T extends { licenseCheck: boolean; expirationCheck: boolean }>(
  row: T,
): T {
  return row.licenseCheck ? { ...row, expirationCheck: true } : row;
}

export interface DocumentTypeRowErrors {
  name?: string;
  plBusinessTypeIds?: string;
  dayPriorNotify?: string;
}

/** Expiration on (or locked on) asks for the days before expiry to notify. */
export function needsDayPriorNotify(
  row: Pick<DocumentTypeRow, 'licenseCheck' | 'certificationCheck' | 'expirationCheck' | 'dayPriorNotify'>,
): boolean {
  return (isExpirationLocked(row) || row.expirationCheck) && row.dayPriorNotify === null;
}

/** The refusals of one editor row, by field, with the spec's messages; none when the row is valid. */
export function documentTypeRowIssues(row: DocumentTypeRow): ValidationIssue[] {
  const m = DOCUMENT_TYPE_MESSAGES;
  const issues: ValidationIssue[] = [];
  const name = row.name.trim();
  if (!name) issues.push(fieldIssue('name', m.nameRequired));
  else if (name.length > DOCUMENT_TYPE_NAME_MAX) issues.push(fieldIssue('name', m.nameTooLong));
  if (row.plBusinessTypeIds.length === 0)
    issues.push(fieldIssue('plBusinessTypeIds', m.businessTypeRequired));
  if (row.dayPriorNotify !== null && !(row.dayPriorNotify > 0)) {
    issues.push(fieldIssue('dayPriorNotify', m.dayPriorNotifyPositive));
  } else if (needsDayPriorNotify(row)) {
    issues.push(fieldIssue('dayPriorNotify', m.dayPriorNotifyRequired));
  }
  return issues;
}

/** Field errors of one editor row, with the spec's messages; an empty object means the row is valid. */
export function validateDocumentTypeRow(row: DocumentTypeRow): DocumentTypeRowErrors {
  return Object.fromEntries(documentTypeRowIssues(row).map((issue) => [issue.field, issue.message]));
}

/** A new row left blank is not sent, so the editor does not check it. */
export function isBlankNewDocumentTypeRow(row: DocumentTypeRow): boolean {
  return row.plDocumentTypeId === undefined && !row.name.trim() && row.plBusinessTypeIds.length === 0;
}

function sameRow(a: DocumentTypeRow, b: DocumentTypeRow): boolean {
  const ids = (row: DocumentTypeRow) => [...row.plBusinessTypeIds].sort((x, y) => x - y).join(',');
  return (
    a.name.trim() === b.name.trim() &&
    a.licenseCheck === b.licenseCheck &&
    a.certificationCheck === b.certificationCheck &&
    a.expirationCheck === b.expirationCheck &&
    (a.dayPriorNotify ?? null) === (b.dayPriorNotify ?? null) &&
    ids(a) === ids(b)
  );
}

/**
 * The save payload: new rows with a name and at least one business type are inserts, changed existing
 * rows are updates, removed existing rows are deletes. With no changes it is null: nothing is sent.
 */
export function diffDocumentTypes(
  original: readonly DocumentTypeRow[],
  current: readonly DocumentTypeRow[],
): DocumentTypeChange[] | null {
  const changes: DocumentTypeChange[] = [];
  const byId = new Map(original.filter((r) => r.plDocumentTypeId).map((r) => [r.plDocumentTypeId!, r]));
  const kept = new Set<number>();
  for (const row of current) {
    if (row.plDocumentTypeId === undefined) {
      if (row.name.trim() && row.plBusinessTypeIds.length > 0) {
        changes.push({ ...row, name: row.name.trim(), action: 'insert' });
      }
      continue;
    }
    kept.add(row.plDocumentTypeId);
    const before = byId.get(row.plDocumentTypeId);
    if (!before || !sameRow(before, row)) changes.push({ ...row, name: row.name.trim(), action: 'update' });
  }
  for (const row of original) {
    if (row.plDocumentTypeId !== undefined && !kept.has(row.plDocumentTypeId)) {
      changes.push({ ...row, action: 'delete' });
    }
  }
  return changes.length > 0 ? changes : null;
}

/** True when the editor holds edits that a close would lose (drives the unsaved-changes prompt). */
export function hasDocumentTypeChanges(
  original: readonly DocumentTypeRow[],
  current: readonly DocumentTypeRow[],
): boolean {
  if (diffDocumentTypes(original, current) !== null) return true;
  // A half-filled new row is not sent, but closing would still lose it.
  return current.some((row) => row.plDocumentTypeId === undefined && row.name.trim() !== '');
}
