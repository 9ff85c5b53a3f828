import MenuItem from '@mui/material/MenuItem';
import {
  VALIDATION_METHODS,
  type ReviewChoice,
  type ReviewFormValues,
} from '@trustleaf/domain/rules/document-review';
import type { GeneralInfo } from '@trustleaf/domain/schemas/reference';
import type { Reason } from '@trustleaf/domain/schemas/document';
import type { TFunction } from 'i18next';
import type { Control, Path } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { companyTypeLabel } from '@/lib/company-type-label';
import { byName } from '@/lib/by-name';
import { countryName, regionName } from '@/lib/place-names';
import { reasonLabel } from '@/lib/seeded-text';

const METHOD_KEYS = {
  STATE_VERIFIED: 'documents.review.methodStateVerified',
  DOCUMENT_PROVIDED: 'documents.review.methodDocumentProvided',
  THIRD_PARTY: 'documents.review.methodThirdParty',
} as const;

/** Selects of ids keep numbers in the form; an empty choice is null. */
const toId = (raw: string): number | null => (raw === '' ? null : Number(raw));

/** One field of the review form: a text, date or select (with its options) field. */
export interface FieldSpec {
  name: Path<ReviewFormValues>;
  /** Its label's locale key. */
  label: string;
  disabled: boolean;
  parse?: (raw: string) => unknown;
  type?: string;
  multiline?: boolean;
  options?: { key?: string; value: string | number; label: string }[];
}

export function ReviewField({ control, spec }: { control: Control<ReviewFormValues>; spec: FieldSpec }) {
  const { t } = useTranslation();
  return (
    <FormField
      size="small"
      control={control}
      name={spec.name}
      label={t(spec.label)}
      disabled={spec.disabled}
      parse={spec.parse}
      type={spec.type}
      multiline={spec.multiline}
      select={spec.options !== undefined}
    >
      {spec.options?.map((option) => (
        <MenuItem key={option.key ?? option.value} value={option.value}>
          {option.label}
        </MenuItem>
      ))}
    </FormField>
  );
}

/** What the review form's fields depend on: who may edit which, the choices and the lists. */
interface ReviewFieldContext {
  /** The type of company, country, state and address: a super admin's, while the version is reviewable. */
  adminOnly: boolean;
  /** The version is not reviewable here. */
  locked: boolean;
  country: string;
  choice: string;
  choices: readonly ReviewChoice[];
  expirationCheck: boolean;
  businessTypes: NonNullable<GeneralInfo['businessTypes']>;
  countries: NonNullable<GeneralInfo['countries']>;
  states: NonNullable<GeneralInfo['states']>;
  reasons: Reason[];
  /** The reader's language, in which the countries and states are named and ordered. */
  language: string;
}

/** The licence block's fields and the review's own, in the order the form shows them (spec 3 §2). */
export function reviewFieldSpecs(
  t: TFunction,
  {
    adminOnly,
    locked,
    country,
    choice,
    choices,
    expirationCheck,
    businessTypes,
    countries,
    states,
    reasons,
    language,
  }: ReviewFieldContext,
) {
  const licenceFields: FieldSpec[] = [
    {
      name: 'businessTypeId',
      label: 'documents.review.typeOfCompany',
      disabled: adminOnly,
      parse: toId,
      options: businessTypes.map((b) => ({ value: b.id, label: companyTypeLabel(t, b.name) })),
    },
    {
      name: 'countryOfLicense',
      label: 'documents.review.country',
      disabled: adminOnly,
      // In the reader's language and its alphabetical order ('Allemagne' first, not 'Argentine').
      options: byName(
        countries.map((c) => ({ value: c.code, label: countryName(c, language) })),
        (option) => option.label,
        language,
      ),
    },
    {
      name: 'stateOfLicense',
      label: 'documents.review.state',
      disabled: adminOnly,
      options: byName(
        states
          .filter((s) => !country || s.country === country)
          .map((s) => ({
            key: `${s.country}-${s.abbreviation}`,
            value: s.abbreviation,
            label: regionName(t, s, language),
          })),
        (option) => option.label,
        language,
      ),
    },
    { name: 'licenseAddress', label: 'documents.review.address', disabled: adminOnly },
    {
      name: 'rtqRequired',
      label: 'documents.review.required',
      disabled: locked,
      options: [
        { value: 'Yes', label: t('documents.yes') },
        { value: 'No', label: t('documents.no') },
      ],
    },
    { name: 'licenseNumber', label: 'documents.review.documentNumber', disabled: locked },
    {
      name: 'validationMethod',
      label: 'documents.review.validationMethod',
      disabled: locked,
      options: VALIDATION_METHODS.map((method) => ({ value: method, label: t(METHOD_KEYS[method]) })),
    },
  ];
  const reviewFields: FieldSpec[] = [
    {
      name: 'reviewStatus',
      label: 'documents.review.reviewStatus',
      disabled: locked,
      options: choices.map((c) => ({
        value: c,
        label: t(c === 'ACCEPT' ? 'documents.review.accept' : 'documents.review.reject'),
      })),
    },
    ...(choice === 'REJECT'
      ? [
          {
            name: 'rejectReason',
            label: 'documents.review.rejectReason',
            disabled: locked,
            parse: toId,
            options: reasons.map((reason) => ({
              value: reason.plReasonId,
              label: reasonLabel(t, reason),
            })),
          } as const,
        ]
      : []),
    ...(expirationCheck
      ? [
          {
            name: 'expirationDate',
            label: 'documents.review.expirationDate',
            type: 'date',
            disabled: locked,
          } as const,
        ]
      : []),
    { name: 'reviewComment', label: 'documents.review.comments', multiline: true, disabled: locked },
  ];
  return { licenceFields, reviewFields };
}
