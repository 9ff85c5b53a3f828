import { z } from 'zod';
import { flatPaging, IdSchema, IntSchema, MAX_PAGE_SIZE, TextSchema } from './common.ts';
import { ScanPeriodSchema } from './webcrawler.ts';

/** The actions that change who is in a company's team or invited to it. */
const TEAM_ACTION_NAMES = [
  'MEMBER_INVITED',
  'INVITE_RESENT',
  'INVITE_CANCELED',
  'MEMBER_JOINED',
  'MEMBER_ROLE_CHANGED',
  'MEMBER_REMOVED',
  'MEMBER_LEFT',
  'OWNERSHIP_TRANSFERRED',
] as const;

/**
 * The activity log (spec 3 §2 account tabs "user activities" and "activity log"): an append-only
 * record of security-relevant actions with who, what, when and from where. The database refuses
 * UPDATE, DELETE and TRUNCATE on it (migration 0012).
 */
export const ACTIVITY_ACTIONS = [
  'SIGN_IN',
  'SIGN_IN_FAILED',
  'SIGN_OUT',
  'SIGNED_OUT_OTHER_DEVICES',
  'PASSWORD_CHANGED',
  'PASSWORD_RESET',
  'EMAIL_CHANGE_REQUESTED',
  'EMAIL_CHANGED',
  'PROFILE_UPDATED',
  ...TEAM_ACTION_NAMES,
  'SUBSCRIPTION_STARTED',
  'SUBSCRIPTION_CHANGED',
  'SUBSCRIPTION_CANCELED',
  'PAYMENT_METHOD_UPDATED',
  'PAYMENT_SUCCEEDED',
  'PAYMENT_FAILED',
  'DOCUMENT_REVIEWED',
  'SCAN_STARTED',
  'COMPANY_STATUS_CHANGED',
  'BUSINESS_TYPE_CHANGED',
  'COMPANY_UPDATED',
  'LOCATION_ADDED',
  'LOCATION_UPDATED',
  'RTQ_SUBMITTED',
  'USER_DISABLED',
  'USER_ENABLED',
  'USER_SESSIONS_ENDED',
  'VERIFICATION_RESENT',
] as const;
export type ActivityAction = (typeof ACTIVITY_ACTIONS)[number];
export const ActivityActionSchema = z.enum(ACTIVITY_ACTIONS);
export const TEAM_ACTIONS: readonly ActivityAction[] = TEAM_ACTION_NAMES;

/**
 * The live channel's event for a team change (no payload): open team pages of the company reload
 * the team, so an invite accepted elsewhere shows at once.
 */
export const TEAM_CHANGED_EVENT = 'team-changed';

/** Small facts about the action (a role, an email, a plan name); never a secret. */
export type ActivityDetail = Record<string, string | number | boolean | null>;

/** `mine`: what the caller did or what was done to them; `company`: the company's log (owners). */
export const ACTIVITY_SCOPES = ['mine', 'company'] as const;

/** Paged flat or in spec 1 §7's nested `paginationOption`, as the other listings are. */
export const ActivityListingInputSchema = flatPaging(
  z.object({
    scope: z.enum(ACTIVITY_SCOPES).default('mine'),
    /** Required for the company scope. */
    plCompanyId: IdSchema.optional(),
    period: ScanPeriodSchema.default('ALL_TIME'),
    currentPage: IntSchema.min(1).default(1),
    /** Spec 3 §9: 10000 at most for paging or export. */
    itemsPerPage: IntSchema.min(1).max(MAX_PAGE_SIZE).default(25),
  }),
);
export type ActivityListingInput = z.input<typeof ActivityListingInputSchema>;

export const ActivityEntrySchema = z.object({
  plActivityId: IntSchema,
  createdAt: z.iso.datetime(),
  action: ActivityActionSchema,
  actorName: TextSchema.nullable(),
  actorEmail: TextSchema.nullable(),
  subjectName: TextSchema.nullable(),
  plCompanyId: IntSchema.nullable(),
  detail: z.record(TextSchema, z.union([TextSchema, z.number(), z.boolean(), z.null()])),
  ip: TextSchema.nullable(),
  userAgent: TextSchema.nullable(),
});
export type ActivityEntry = z.infer<typeof ActivityEntrySchema>;

export const ActivityListingSchema = z.object({
  items: z.array(ActivityEntrySchema),
  total: IntSchema,
});
export type ActivityListing = z.infer<typeof ActivityListingSchema>;
