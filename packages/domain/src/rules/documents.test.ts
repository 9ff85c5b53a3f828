import { describe, expect, it } from 'vitest';
import {
  buildReviewPayload,
  createReviewFormSchema,
  forbiddenReviewFields,
  reviewChoices,
  type ReviewFormValues,
} from './document-review.ts';
import {
  displayStatus,
  documentIndicator,
  dueReminder,
  isExpiringSoon,
  tabColour,
  todayIn,
  VAULT_STATE_COLOURS,
  vaultState,
} from './document-status.ts';
import {
  diffDocumentTypes,
  hasDocumentTypeChanges,
  isExpirationLocked,
  normalizeLoadedDocumentType,
  toggleCertification,
  toggleExpiration,
  toggleLicense,
  validateDocumentTypeRow,
  type DocumentTypeRow,
} from './document-types.ts';
import { coaProgressText, delta9ThcViolation, extractCannabinoidPercents } from './coa.ts';
import { diffReasons, hasReasonChanges, validateReasonRow } from './rejection-reasons.ts';

const row = (overrides: Partial<DocumentTypeRow> = {}): DocumentTypeRow => ({
  name: 'State licence',
  licenseCheck: false,
  certificationCheck: false,
  expirationCheck: false,
  dayPriorNotify: null,
  plBusinessTypeIds: [1],
  ...overrides,
});

describe('document-type toggles', () => {
  it('ticking License clears Certification and forces Expiration on', () => {
    const next = toggleLicense(row({ certificationCheck: true }), true);
    expect(next).toMatchObject({ licenseCheck: true, certificationCheck: false, expirationCheck: true });
    expect(isExpirationLocked(next)).toBe(true);
    expect(toggleExpiration(next, false).expirationCheck).toBe(true);
  });

  it('ticking Certification clears License and forces Expiration on', () => {
    const next = toggleCertification(row({ licenseCheck: true }), true);
    expect(next).toMatchObject({ licenseCheck: false, certificationCheck: true, expirationCheck: true });
  });

  it('unlocks Expiration once neither is ticked', () => {
    const next = toggleLicense(toggleLicense(row(), true), false);
    expect(isExpirationLocked(next)).toBe(false);
    expect(toggleExpiration(next, false).expirationCheck).toBe(false);
  });

  it('turns expiration on for loaded licence types', () => {
    expect(normalizeLoadedDocumentType(row({ licenseCheck: true })).expirationCheck).toBe(true);
  });

  it('validates with the spec messages', () => {
    expect(validateDocumentTypeRow(row({ name: ' ' })).name).toBe('This field is required');
    expect(validateDocumentTypeRow(row({ name: 'x'.repeat(101) })).name).toBe('Maximum 100 characters');
    expect(validateDocumentTypeRow(row({ plBusinessTypeIds: [] })).plBusinessTypeIds).toBeDefined();
    expect(validateDocumentTypeRow(row({ dayPriorNotify: 0 })).dayPriorNotify).toBe('Must be greater than 0');
    expect(validateDocumentTypeRow(row({ expirationCheck: true })).dayPriorNotify).toBe(
      'This field is required',
    );
    expect(validateDocumentTypeRow(row({ expirationCheck: true, dayPriorNotify: 30 }))).toEqual({});
  });
});

describe('document-type diff', () => {
  const original = [row({ plDocumentTypeId: 1 }), row({ plDocumentTypeId: 2, name: 'COA' })];

  it('sends nothing without changes', () => {
    expect(
      diffDocumentTypes(
        original,
        original.map((r) => ({ ...r })),
      ),
    ).toBeNull();
    expect(hasDocumentTypeChanges(original, original)).toBe(false);
  });

  it('inserts complete new rows, updates changed rows and deletes removed rows', () => {
    const changes = diffDocumentTypes(original, [
      { ...original[0]!, name: 'State licence (renamed)' },
      row({ name: 'GMP certification', plBusinessTypeIds: [2, 5] }),
      row({ name: 'No business type', plBusinessTypeIds: [] }),
    ]);
    expect(changes?.map((c) => [c.action, c.name])).toEqual([
      ['update', 'State licence (renamed)'],
      ['insert', 'GMP certification'],
      ['delete', 'COA'],
    ]);
  });

  it('counts a half-filled new row as unsaved', () => {
    expect(hasDocumentTypeChanges(original, [...original, row({ plBusinessTypeIds: [] })])).toBe(true);
  });
});

describe('review form', () => {
  const values = (overrides: Partial<ReviewFormValues> = {}): ReviewFormValues => ({
    documentId: 1,
    businessTypeId: 4,
    countryOfLicense: 'US',
    stateOfLicense: 'CO',
    licenseAddress: '1 Main St',
    licenseNumber: 'LIC-123_A',
    validationMethod: 'STATE_VERIFIED',
    reviewStatus: 'ACCEPT',
    rejectReason: null,
    reviewComment: '',
    expirationDate: '2027-01-01',
    rtqRequired: 'No',
    ...overrides,
  });
  const licence = createReviewFormSchema({
    licenseCheck: true,
    certificationCheck: false,
    expirationCheck: true,
    today: '2026-11-22',
  });
  const messages = (input: ReviewFormValues, schema = licence) => {
    const result = schema.safeParse(input);
    return result.success ? [] : result.error.issues.map((i) => i.message);
  };

  it('accepts a complete licence review', () => {
    expect(messages(values())).toEqual([]);
  });

  it('has every message of spec 3 §5', () => {
    expect(
      messages(
        values({
          reviewStatus: '',
          countryOfLicense: '',
          stateOfLicense: '',
          licenseAddress: '',
          licenseNumber: '',
          validationMethod: '',
        }),
      ),
    ).toEqual([
      'Review Status is required',
      'Country of License is required',
      'State of License is required',
      'Address of License is required',
      'License Number is required',
      'Validation Method is required',
    ]);
    expect(messages(values({ reviewStatus: 'REJECT' }))).toEqual(['Reject Reason is required']);
    expect(messages(values({ licenseNumber: 'LIC 12/3' }))).toEqual(['Please enter a valid license number']);
    expect(messages(values({ expirationDate: '2026-11-21' }))).toEqual([
      'Expiration Date cannot be earlier than today',
    ]);
    expect(messages(values({ expirationDate: '2026-11-22' }))).toEqual([]);
  });

  it('does not ask for licence fields on a generic type', () => {
    const generic = createReviewFormSchema({
      licenseCheck: false,
      certificationCheck: false,
      expirationCheck: false,
      today: '2026-11-22',
    });
    expect(
      messages(values({ countryOfLicense: '', licenseNumber: '', validationMethod: '' }), generic),
    ).toEqual([]);
  });

  it('builds the payload per role and drops an empty validation method', () => {
    const base = { expirationCheck: true, licenseBlock: true };
    const reviewer = buildReviewPayload(
      { ...values({ validationMethod: '' }), reviewStatus: 'ACCEPT' },
      {
        ...base,
        isSuperAdmin: false,
      },
    );
    expect(Object.keys(reviewer).sort()).toEqual(
      [
        'documentId',
        'expirationDate',
        'licenseNumber',
        'rejectReasonId',
        'reviewComment',
        'reviewStatus',
        'rtqRequired',
      ].sort(),
    );
    expect(forbiddenReviewFields(reviewer, false)).toEqual([]);
    const admin = buildReviewPayload(
      { ...values(), reviewStatus: 'REJECT', rejectReason: 3 },
      {
        ...base,
        isSuperAdmin: true,
      },
    );
    expect(admin).toMatchObject({ reviewStatus: 'rejected', rejectReasonId: 3, stateOfLicense: 'CO' });
    expect(forbiddenReviewFields(admin, false)).toEqual([
      'businessTypeId',
      'countryOfLicense',
      'stateOfLicense',
      'addressOfLicense',
    ]);
    expect(forbiddenReviewFields(admin, true)).toEqual([]);
  });

  it('lets only the latest version be edited; an older rejected one offers only Reject', () => {
    expect(reviewChoices({ reviewStatus: 'pending' }, true)).toEqual(['ACCEPT', 'REJECT']);
    expect(reviewChoices({ reviewStatus: 'rejected' }, false)).toEqual(['REJECT']);
    expect(reviewChoices({ reviewStatus: 'accepted' }, false)).toEqual([]);
  });
});

describe('document status', () => {
  it('derives expiring soon and expired from the date and the notify window', () => {
    expect(isExpiringSoon('2026-12-01', '2026-11-22', 10)).toBe(true);
    expect(isExpiringSoon('2026-12-03', '2026-11-22', 10)).toBe(false);
    expect(
      documentIndicator(
        { expirationCheck: true, reviewStatus: 'accepted', expirationDate: '2026-11-25' },
        '2026-11-22',
        5,
      ),
    ).toBe('expiringSoon');
    expect(
      documentIndicator(
        { expirationCheck: true, reviewStatus: 'accepted', expirationDate: '2026-11-21' },
        '2026-11-22',
        5,
      ),
    ).toBe('expired');
    expect(
      documentIndicator(
        { expirationCheck: true, reviewStatus: 'accepted', expirationDate: null },
        '2026-11-22',
      ),
    ).toBe('expired');
    expect(
      documentIndicator(
        { expirationCheck: false, reviewStatus: 'pending', expirationDate: null },
        '2026-11-22',
      ),
    ).toBe('valid');
    expect(
      documentIndicator(
        { expirationCheck: true, reviewStatus: 'rejected', expirationDate: '2030-01-01' },
        '2026-11-22',
      ),
    ).toBe('rejected');
    expect(documentIndicator(null, '2026-11-22')).toBe('missing');
  });

  it('shows a document awaiting review as amber pending in the vault, after rejection and expiry', () => {
    const state = (reviewStatus: string | null, expirationDate: string | null, expirationCheck = true) =>
      vaultState({ expirationCheck, reviewStatus, expirationDate }, '2026-11-22', 5);
    expect(state('pending', '2027-06-01')).toBe('pending');
    expect(state(null, null, false)).toBe('pending');
    expect(VAULT_STATE_COLOURS.pending).toBe('amber');
    expect(state('accepted', '2027-06-01')).toBe('valid');
    expect(state('pending', '2026-11-25')).toBe('expiringSoon');
    expect(state('pending', '2026-11-21')).toBe('expired');
    expect(state('rejected', '2027-06-01')).toBe('rejected');
    expect(vaultState(null, '2026-11-22')).toBe('missing');
  });

  it('colours the tabs per spec 3 §4', () => {
    const status = (reviewStatus: string | null, isExpired = false, isExpireSoon = false) =>
      displayStatus({ reviewStatus, isExpired, isExpireSoon });
    expect(status('accepted')).toBe('accepted');
    expect(status(null)).toBe('pending');
    expect(status('accepted', true)).toBe('expired');
    expect(status('accepted', false, true)).toBe('expiringSoon');
    expect(status('rejected', true)).toBe('rejected');
    expect(
      new Set(
        ['accepted', 'rejected', 'expired', 'expiringSoon', 'pending'].map((s) => tabColour(s as never)),
      ).size,
    ).toBe(5);
  });

  it('reads today in New York time', () => {
    expect(todayIn(new Date('2026-11-22T03:00:00Z'))).toBe('2026-11-21');
  });

  it('makes the reminder due N days before and on expiry', () => {
    expect(dueReminder('2026-12-22', '2026-11-22', 30)).toBe('BEFORE');
    expect(dueReminder('2026-12-23', '2026-11-22', 30)).toBeNull();
    expect(dueReminder('2026-11-22', '2026-11-22', 30)).toBe('ON_EXPIRY');
    expect(dueReminder(null, '2026-11-22', 30)).toBeNull();
  });
});

describe('rejection reasons', () => {
  const original = [
    { plReasonId: 1, reasonName: 'Illegible', notification: 'Your document could not be read.' },
    { plReasonId: 2, reasonName: 'Expired', notification: 'Your document has expired.' },
  ];

  it('diffs rows into INSERT, UPDATE and DELETE', () => {
    const changes = diffReasons(original, [
      { ...original[0]!, notification: 'Please upload a clearer scan.' },
      { reasonName: 'Wrong type', notification: 'This is not the requested document.' },
      { reasonName: 'Half', notification: '' },
    ]);
    expect(changes.map((c) => [c.action, c.plReasonId])).toEqual([
      ['UPDATE', 1],
      ['INSERT', undefined],
      ['DELETE', 2],
    ]);
    expect(diffReasons(original, original)).toEqual([]);
    expect(hasReasonChanges(original, [...original, { reasonName: 'x', notification: '' }])).toBe(true);
  });

  it('validates 150-character fields', () => {
    expect(validateReasonRow({ reasonName: '', notification: 'x'.repeat(151) })).toEqual({
      reasonName: 'This field is required',
      notification: 'Maximum 150 characters',
    });
  });
});

describe('COA', () => {
  it('reads cannabinoid percents without confusing CBD and CBDA', () => {
    const text = [
      'Analyte LOD LOQ Result',
      'CBDA 0.01 0.03 12.41 %',
      'CBD 0.01 0.03 1.2%',
      'Delta-9 THC 0.01 0.03 0.412 %',
      'THCA 0.01 0.03 ND',
    ].join('\n');
    expect(extractCannabinoidPercents(text)).toEqual({ cbda: 12.41, cbd: 1.2, delta9Thc: 0.412 });
  });

  it('flags Delta-9 THC over the threshold with the spec text', () => {
    expect(delta9ThcViolation(0.412)).toBe('Delta-9 THC violative: 0.412% exceeds 0.3%');
    expect(delta9ThcViolation(0.3)).toBeNull();
    expect(delta9ThcViolation(0.25, 0.2)).toBe('Delta-9 THC violative: 0.25% exceeds 0.2%');
    expect(coaProgressText(2, 3)).toBe('2/3 Documents Uploaded...');
  });
});
