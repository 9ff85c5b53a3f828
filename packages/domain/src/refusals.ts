import { keyedMessages, type KeyedMessage } from './validation-issues.ts';

/**
 * Refusals many modules answer with (a 403 of a screen for super admins only, a 404 of a missing row),
 * each with its locale key (`refusals.<name>` in the signed-in app's strings), so the web shows them in
 * the reader's language by the key the answer carries.
 */
export const COMMON_REFUSALS = keyedMessages('refusals', {
  forbidden: 'You do not have permission to do this',
  superAdminOnly: 'Only a super admin can do this',
  templatesSuperAdminOnly: 'Only a super admin may manage site templates',
  testClockSuperAdminOnly: 'The test clock is for super admins',
  mailboxSuperAdminOnly: 'The development mailbox is for super admins',
  linkExpired: 'This link has expired',
  linkInvalid: 'This link is not valid',
  companyNotFound: 'Company not found',
  userNotFound: 'User not found',
  locationNotFound: 'Location not found',
  planNotFound: 'Plan not found',
  planNotAvailable: 'This plan is not available to your company',
  promoNotFound: 'Promo not found',
  transactionNotFound: 'Transaction not found',
  noSubscriptionToCancel: 'No subscription to cancel',
  noSubscriptionToRenew: 'No subscription to renew',
  categoryNotFound: 'Category not found',
  businessTypeNotFound: 'Business type not found',
  segmentNotFound: 'Segment not found',
  documentTypeNotFound: 'Document type not found',
  imageNotFound: 'Image not found',
  fileNotFound: 'File not found',
  uploadNotFound: 'Upload not found',
  importJobNotFound: 'Import job not found',
  profileNotFound: 'Profile not found',
  noVerifiedSeal: 'This company holds no verified seal at the moment.',
  scanJobNotFound: 'Scan job not found',
  scanResultNotFound: 'Scan result not found',
  findingNotFound: 'Finding not found',
  snapshotNotFound: 'Snapshot not found',
  websiteNotFound: 'Website not found',
  productNotFound: 'Product not found',
  inviteForOtherEmail: 'This invitation was sent to a different email address',
  imageAddressRefused: 'This image address cannot be fetched',
  unknownBusinessType: 'Unknown business type',
  unknownFeature: 'Unknown feature',
  unknownPlan: 'Unknown plan',
  documentNotFound: 'Document not found',
  cannotUploadFile: 'Cannot upload your file',
  sendMultipart: 'Send the files as multipart/form-data',
  uploadImageOnly: 'Please upload file image only.',
  uploadPdfOnly: 'Please upload file pdf only.',
  uploadCsvOnly: 'Please upload file csv only.',
  fileTypeNotSupported: 'File Type Is Not Supported',
  passwordProtected: 'Cannot upload a password protected document',
  archiveUnreadable: 'The archive cannot be read',
  pdfUnreadable: 'The PDF cannot be read: it is too large or too complex to process',
  archiveNested: 'Archives inside an archive are not accepted',
  logoUploadNotFound: 'The logo upload was not found',
  companyLogNeedsCompany: 'plCompanyId is required for the company log',
  databaseUnreachable: 'Database unreachable',
});

/** The Idempotency-Key header's refusals (`platform.refusals.*`). */
export const IDEMPOTENCY_REFUSALS = keyedMessages('platform.refusals', {
  idempotencyKeyReused: 'This Idempotency-Key was used with a different request',
  idempotencyInProgress: 'A request with this Idempotency-Key is still being processed',
  idempotencyKeyFormat: 'Idempotency-Key must be 8 to 255 letters, digits or - _ : .',
});

/**
 * Refusals of signing in and of a session, keyed in the shell's strings (`errors.<name>`), which the
 * sign-in page's first load carries: the page shows them by the key the answer carries.
 */
export const AUTH_REFUSALS = keyedMessages('errors', {
  invalidCredentials: 'Email or password incorrect',
  resetLinkInvalid: 'This reset link is invalid or has expired',
  sessionExpired: 'Your session has expired. Please sign in again.',
  accountDisabled: 'This account has been disabled. Please contact support.',
  companySuspended: "Your company's account is suspended. Please contact support.",
  companyTerminated: "Your company's account has been terminated.",
});

/**
 * Signing in again refused for the minutes until the caller's counter reopens (a growing delay: 2
 * minutes, then 4, …, at most 15; a window's end for the per-address and per-account limits), keyed in
 * the shell's strings with the count for its plural.
 */
export const signInRateLimited = (minutes: number): KeyedMessage => ({
  key: 'errors.rateLimited',
  message: `Too many sign-in attempts. Please wait ${minutes} ${minutes === 1 ? 'minute' : 'minutes'} and try again.`,
  params: { count: minutes },
});

/** Refusals that name a value (a limit, a name, an id), with that value for the reader's text. */
export const NAMED_REFUSALS = {
  locationsMax: (max: number): KeyedMessage => ({
    key: 'refusals.locationsMax',
    message: `A company can have at most ${max} locations`,
    params: { max },
  }),
  alreadyBusinessType: (name: string): KeyedMessage => ({
    key: 'refusals.alreadyBusinessType',
    message: `The company is already a ${name}.`,
    params: { name },
  }),
  planNameTaken: (name: string): KeyedMessage => ({
    key: 'refusals.planNameTaken',
    message: `A plan named ${name} already exists in that region`,
    params: { name },
  }),
  documentTypeIdNotFound: (id: number): KeyedMessage => ({
    key: 'refusals.documentTypeIdNotFound',
    message: `Document type ${id} not found`,
    params: { id },
  }),
  businessTypeIdNotFound: (id: number): KeyedMessage => ({
    key: 'refusals.businessTypeIdNotFound',
    message: `Business type ${id} not found`,
    params: { id },
  }),
  exportTooLarge: ({ max, total }: { max: number; total: number }): KeyedMessage => ({
    key: 'refusals.exportTooLarge',
    message: `An export holds at most ${max} rows and ${total} match: narrow the filters`,
    params: { max, total },
  }),
  fileTooLarge: (megabytes: number): KeyedMessage => ({
    key: 'refusals.fileTooLarge',
    message: `The file is larger than ${megabytes} MB`,
    params: { megabytes },
  }),
  tooManyFiles: (max: number): KeyedMessage => ({
    key: 'refusals.tooManyFiles',
    message: `At most ${max} files can be uploaded at once`,
    params: { max },
  }),
  archiveTooManyEntries: (max: number): KeyedMessage => ({
    key: 'refusals.archiveTooManyEntries',
    message: `The archive holds more than ${max} files`,
    params: { max },
  }),
  archiveTooLarge: (megabytes: number): KeyedMessage => ({
    key: 'refusals.archiveTooLarge',
    message: `The archive expands to more than ${megabytes} MB`,
    params: { megabytes },
  }),
  imageTooLargeToRead: (megapixels: number): KeyedMessage => ({
    key: 'refusals.imageTooLargeToRead',
    message: `The image cannot be read: it has more than ${megapixels} million pixels`,
    params: { megapixels },
  }),
  archiveRatio: (ratio: number): KeyedMessage => ({
    key: 'refusals.archiveRatio',
    message: `A file in the archive expands more than ${ratio} times its compressed size`,
    params: { ratio },
  }),
  /** A path no route answers, with its method (`GET /api/nothing`). */
  routeNotFound: (route: string): KeyedMessage => ({
    key: 'refusals.routeNotFound',
    message: `Route ${route} not found`,
    params: { route },
  }),
  reasonIdNotFound: (id: number): KeyedMessage => ({
    key: 'refusals.reasonIdNotFound',
    message: `Reason ${id} not found`,
    params: { id },
  }),
};
