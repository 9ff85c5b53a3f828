import { z } from 'zod';
import { refuseWith, TextSchema } from '../schemas/common.ts';
import { fieldIssue, type KeyedMessage, type ValidationIssue } from '../validation-issues.ts';
import { LICENSE_NUMBER_PATTERN, REVIEW_MESSAGES, showsLicenseBlock } from './document-review.ts';
import { daysBetween } from './document-status.ts';
import { checkUploadName, UPLOAD_RULES } from './uploads.ts';

/**
 * Uploading a version of a company document (spec 3 §5 "Upload document"): one rule for the upload
 * dialog and the server. The type decides which fields are asked for: an expiry date that is not in
 * the past, and a licence block (number, country, state and address).
 */
export const UPLOAD_DOCUMENT_MESSAGES = {
  fileRequired: { key: 'documents.upload.fileRequired', message: 'Document is required' },
  fileType: { key: 'documents.messages.fileTypeNotSupported', message: UPLOAD_RULES.document.message },
  fileTooLarge: { key: 'documents.upload.tooLarge', message: 'The file is larger than 10 MB' },
  // The licence block and the expiry are refused as the review form refuses them.
  expirationRequired: REVIEW_MESSAGES.expirationRequired,
  expirationPast: REVIEW_MESSAGES.expirationPast,
  licenseNumberRequired: REVIEW_MESSAGES.licenseNumberRequired,
  licenseNumberInvalid: REVIEW_MESSAGES.licenseNumberInvalid,
  countryRequired: REVIEW_MESSAGES.countryRequired,
  stateRequired: REVIEW_MESSAGES.stateRequired,
  addressRequired: REVIEW_MESSAGES.addressRequired,
} satisfies Record<string, KeyedMessage>;

/** What the document type asks of an upload, and today's date (`yyyy-MM-dd`, platform time zone). */
export interface UploadRequirements {
  expirationCheck: boolean;
  licenseCheck: boolean;
  certificationCheck: boolean;
  today: string;
}

export interface UploadDocumentFields {
  expirationDate?: string | null;
  licenseNumber?: string | null;
  licenseCountry?: string | null;
  licenseState?: string | null;
  licenseAddress?: string | null;
}

/** The fields the type asks for and their refusals; none when the upload may go ahead. */
export function uploadDocumentIssues(
  values: UploadDocumentFields,
  rules: UploadRequirements,
): ValidationIssue[] {
  const issues: ValidationIssue[] = [];
  const refuse = (field: keyof UploadDocumentFields, message: KeyedMessage) =>
    issues.push(fieldIssue(field, message));
  const text = (value: string | null | undefined) => (value ?? '').trim();
  const m = UPLOAD_DOCUMENT_MESSAGES;
  if (rules.expirationCheck) {
    if (!values.expirationDate) refuse('expirationDate', m.expirationRequired);
    else if (daysBetween(rules.today, values.expirationDate) < 0) refuse('expirationDate', m.expirationPast);
  }
  if (showsLicenseBlock(rules)) {
    const number = text(values.licenseNumber);
    if (!number) refuse('licenseNumber', m.licenseNumberRequired);
    else if (!LICENSE_NUMBER_PATTERN.test(number)) refuse('licenseNumber', m.licenseNumberInvalid);
    if (!text(values.licenseCountry)) refuse('licenseCountry', m.countryRequired);
    if (!text(values.licenseState)) refuse('licenseState', m.stateRequired);
    if (!text(values.licenseAddress)) refuse('licenseAddress', m.addressRequired);
  }
  return issues;
}

/** A chosen file as the dialog sees it. */
export interface UploadFileLike {
  name: string;
  size: number;
}

/** The dialog's quick check of the chosen file; the server checks the content at preupload. */
export function uploadFileMessage(file: UploadFileLike | null): KeyedMessage | null {
  const m = UPLOAD_DOCUMENT_MESSAGES;
  if (!file) return m.fileRequired;
  if (checkUploadName('document', file.name)) return m.fileType;
  if (file.size > UPLOAD_RULES.document.maxBytes) return m.fileTooLarge;
  return null;
}

const isFileLike = (value: unknown): value is UploadFileLike =>
  typeof value === 'object' &&
  value !== null &&
  typeof (value as UploadFileLike).name === 'string' &&
  typeof (value as UploadFileLike).size === 'number';

export const UploadDocumentFormValuesSchema = z.object({
  file: z.custom<UploadFileLike | null>((value) => value === null || isFileLike(value)),
  expirationDate: TextSchema,
  licenseNumber: TextSchema,
  licenseCountry: TextSchema,
  licenseState: TextSchema,
  licenseAddress: TextSchema,
});
export type UploadDocumentFormValues = z.infer<typeof UploadDocumentFormValuesSchema>;

/**
 * The upload dialog's schema: the file check and `uploadDocumentIssues`, which the server runs too.
 * Each issue carries its English text and its rule's key (`refuseWith`), which the form shows it by.
 */
export function createUploadDocumentFormSchema(rules: UploadRequirements) {
  return UploadDocumentFormValuesSchema.superRefine((values, ctx) => {
    const fileMessage = uploadFileMessage(values.file);
    const issues = [
      ...(fileMessage ? [fieldIssue('file', fileMessage)] : []),
      ...uploadDocumentIssues(values, rules),
    ];
    for (const issue of issues) refuseWith(ctx, issue, [issue.field]);
  });
}
