import { z } from 'zod';
import { IdSchema, refuseWith, TextSchema } from '../schemas/common.ts';
import type { KeyedMessage } from '../validation-issues.ts';
import { daysBetween } from './document-status.ts';

/**
 * Review dialog rules (spec 3 §2 "Review dialog", §4 "Document review", §5 "Review form", §6 "Review").
 */

/** Validation method values; shown as 'State Verified', 'Document Provided' and '3rd Party'. */
export const VALIDATION_METHODS = ['STATE_VERIFIED', 'DOCUMENT_PROVIDED', 'THIRD_PARTY'] as const;
export type ValidationMethod = (typeof VALIDATION_METHODS)[number];

/** Licence numbers: letters, digits, underscore and hyphen (spec 3 §9). */
export const LICENSE_NUMBER_PATTERN = /^[A-Za-z0-9_-]+$/;

/** Fields every reviewer may send (spec 3 §6). */
export const REVIEWER_FIELDS = [
  'documentId',
  'reviewStatus',
  'reviewComment',
  'rejectReasonId',
  'expirationDate',
  'licenseNumber',
  'validationMethod',
  'rtqRequired',
] as const;
/** Fields only a super admin may send on top of those. */
export const SUPER_ADMIN_REVIEW_FIELDS = [
  'businessTypeId',
  'countryOfLicense',
  'stateOfLicense',
  'addressOfLicense',
] as const;

/** The payload fields a reviewer may not send: a super admin may send all; anyone else only REVIEWER_FIELDS. */
export function forbiddenReviewFields(payload: object, isSuperAdmin: boolean): string[] {
  const allowed = new Set<string>(
    isSuperAdmin ? [...REVIEWER_FIELDS, ...SUPER_ADMIN_REVIEW_FIELDS] : REVIEWER_FIELDS,
  );
  return Object.keys(payload).filter((key) => !allowed.has(key));
}

/** The form's Accept/Reject choice. */
export type ReviewChoice = 'ACCEPT' | 'REJECT';

export function reviewChoiceOf(status: string | null | undefined): ReviewChoice | '' {
  if (status === 'accepted') return 'ACCEPT';
  if (status === 'rejected') return 'REJECT';
  return '';
}

export function reviewStatusOf(choice: ReviewChoice): 'accepted' | 'rejected' {
  return choice === 'ACCEPT' ? 'accepted' : 'rejected';
}

/**
 * The choices a version's form offers: only the latest (first) version is editable; an older version
 * that is already rejected offers only Reject; other older versions offer nothing.
 */
export function reviewChoices(version: { reviewStatus: string | null }, isLatest: boolean): ReviewChoice[] {
  if (isLatest) return ['ACCEPT', 'REJECT'];
  if (version.reviewStatus === 'rejected') return ['REJECT'];
  return [];
}

/** The licence block shows when the type has a licence or certification check. */
export function showsLicenseBlock(documentType: { licenseCheck: boolean; certificationCheck: boolean }) {
  return documentType.licenseCheck || documentType.certificationCheck;
}

export const ReviewFormValuesSchema = z.object({
  documentId: IdSchema,
  businessTypeId: IdSchema.nullable(),
  countryOfLicense: TextSchema,
  stateOfLicense: TextSchema,
  licenseAddress: TextSchema,
  licenseNumber: TextSchema,
  validationMethod: z.union([z.enum(VALIDATION_METHODS), z.literal('')]),
  reviewStatus: z.union([z.enum(['ACCEPT', 'REJECT']), z.literal('')]),
  rejectReason: IdSchema.nullable(),
  reviewComment: TextSchema.max(1000, 'Maximum 1000 characters'),
  expirationDate: TextSchema,
  rtqRequired: z.enum(['Yes', 'No']),
});
export type ReviewFormValues = z.infer<typeof ReviewFormValuesSchema>;

export interface ReviewFormContext {
  licenseCheck: boolean;
  certificationCheck: boolean;
  expirationCheck: boolean;
  /** `yyyy-MM-dd` in the platform time zone. */
  today: string;
}

/** The review form's refusals (spec 3 §5), each with its message key (the form shows it by the key). */
export const REVIEW_MESSAGES = {
  reviewStatusRequired: {
    key: 'documents.messages.reviewStatusRequired',
    message: 'Review Status is required',
  },
  rejectReasonRequired: {
    key: 'documents.messages.rejectReasonRequired',
    message: 'Reject Reason is required',
  },
  countryRequired: { key: 'documents.messages.countryRequired', message: 'Country of License is required' },
  stateRequired: { key: 'documents.messages.stateRequired', message: 'State of License is required' },
  addressRequired: { key: 'documents.messages.addressRequired', message: 'Address of License is required' },
  licenseNumberRequired: {
    key: 'documents.messages.licenseNumberRequired',
    message: 'License Number is required',
  },
  licenseNumberInvalid: {
    key: 'documents.messages.licenseNumberInvalid',
    message: 'Please enter a valid license number',
  },
  validationMethodRequired: {
    key: 'documents.messages.validationMethodRequired',
    message: 'Validation Method is required',
  },
  expirationPast: {
    key: 'documents.messages.expirationPast',
    message: 'Expiration Date cannot be earlier than today',
  },
  expirationRequired: {
    key: 'documents.messages.expirationRequired',
    message: 'Expiration Date is required',
  },
} satisfies Record<string, KeyedMessage>;

/** The review form's schema with every message of spec 3 §5. */
export function createReviewFormSchema(context: ReviewFormContext) {
  const withLicence = showsLicenseBlock(context);
  return ReviewFormValuesSchema.superRefine((values, ctx) => {
    const fail = (path: keyof ReviewFormValues, message: KeyedMessage) => refuseWith(ctx, message, [path]);
    const m = REVIEW_MESSAGES;
    if (!values.reviewStatus) fail('reviewStatus', m.reviewStatusRequired);
    if (values.reviewStatus === 'REJECT' && values.rejectReason === null) {
      fail('rejectReason', m.rejectReasonRequired);
    }
    if (withLicence) {
      if (!values.countryOfLicense.trim()) fail('countryOfLicense', m.countryRequired);
      if (!values.stateOfLicense.trim()) fail('stateOfLicense', m.stateRequired);
      if (!values.licenseAddress.trim()) fail('licenseAddress', m.addressRequired);
      if (!values.licenseNumber.trim()) fail('licenseNumber', m.licenseNumberRequired);
      else if (!LICENSE_NUMBER_PATTERN.test(values.licenseNumber.trim())) {
        fail('licenseNumber', m.licenseNumberInvalid);
      }
      if (!values.validationMethod) fail('validationMethod', m.validationMethodRequired);
    }
    if (context.expirationCheck && values.expirationDate) {
      if (daysBetween(context.today, values.expirationDate) < 0) {
        fail('expirationDate', m.expirationPast);
      }
    } else if (context.expirationCheck && values.reviewStatus === 'ACCEPT') {
      fail('expirationDate', m.expirationRequired);
    }
  });
}

export interface ReviewPayload {
  documentId: number;
  reviewStatus: 'accepted' | 'rejected';
  reviewComment: string;
  rejectReasonId: number | null;
  expirationDate: string | null;
  licenseNumber: string | null;
  validationMethod?: ValidationMethod;
  rtqRequired: boolean;
  businessTypeId?: number | null;
  countryOfLicense?: string;
  stateOfLicense?: string;
  addressOfLicense?: string;
}

/**
 * The payload the form sends: the validation method is left out when empty, and the licence location
 * and business type only go with a super admin's review (spec 3 §5, §7).
 */
export function buildReviewPayload(
  values: ReviewFormValues & { reviewStatus: ReviewChoice },
  context: { isSuperAdmin: boolean; expirationCheck: boolean; licenseBlock: boolean },
): ReviewPayload {
  const payload: ReviewPayload = {
    documentId: values.documentId,
    reviewStatus: reviewStatusOf(values.reviewStatus),
    reviewComment: values.reviewComment.trim(),
    rejectReasonId: values.reviewStatus === 'REJECT' ? values.rejectReason : null,
    expirationDate: context.expirationCheck && values.expirationDate ? values.expirationDate : null,
    licenseNumber: context.licenseBlock && values.licenseNumber.trim() ? values.licenseNumber.trim() : null,
    rtqRequired: values.rtqRequired === 'Yes',
  };
  if (values.validationMethod) payload.validationMethod = values.validationMethod;
  if (context.isSuperAdmin) {
    payload.businessTypeId = values.businessTypeId;
    if (context.licenseBlock) {
      payload.countryOfLicense = values.countryOfLicense.trim();
      payload.stateOfLicense = values.stateOfLicense.trim();
      payload.addressOfLicense = values.licenseAddress.trim();
    }
  }
  return payload;
}

/** How long a state licence status change counts as recent ('Recently Change' highlight). */
export const RECENT_LICENSE_STATUS_CHANGE_DAYS = 30;
