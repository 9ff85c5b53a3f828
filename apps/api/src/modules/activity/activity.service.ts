import { periodStart } from '@trustleaf/domain/rules/scan-report';
import type {
  ActivityAction,
  ActivityDetail,
  ActivityListing,
  ActivityListingInputSchema,
} from '@trustleaf/domain/schemas/activity';
import type { z } from 'zod';
import type { DbExecutor } from '../../db/client.ts';
import type { AuthContext, CompanyAccess } from '../../lib/authz.ts';
import type { Clock } from '../../lib/clock.ts';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import { refusal } from '../../lib/errors.ts';
import { requestOrigin } from '../../lib/request-origin.ts';
import { createActivityRepository, type ActivityRepository } from './activity.repository.ts';

export interface ActivityEvent {
  action: ActivityAction;
  /** Who acted; null for the system (a renewal job) or an unknown person (a failed sign-in). */
  actorUserId: number | null;
  /** Whom it was done to, when someone else (a removed member, the account of a failed sign-in). */
  subjectUserId?: number | null;
  /** The company it concerns; left out, the actor's (or subject's) own company. */
  companyId?: number | null;
  detail?: ActivityDetail;
}

export function createActivityService({
  companyAccess,
  repo,
  clock,
}: {
  companyAccess: CompanyAccess;
  repo: ActivityRepository;
  clock: Clock;
}) {
  return {
    /**
     * Appends an entry with the request's origin (none for jobs). Given an open transaction, the
     * entry commits (or rolls back) with the change it records.
     */
    async record(event: ActivityEvent, tx?: DbExecutor): Promise<void> {
      const { ip, userAgent } = requestOrigin();
      await (tx ? createActivityRepository(tx) : repo).insert({
        action: event.action,
        createdAt: clock.now(),
        actorUserId: event.actorUserId,
        subjectUserId: event.subjectUserId ?? null,
        companyId: event.companyId,
        detail: event.detail ?? {},
        ip,
        userAgent,
      });
    },

    /** Each user sees their own entries; a company's whole log is for its owner (and super admins). */
    async listing(
      auth: AuthContext,
      raw: z.output<typeof ActivityListingInputSchema>,
    ): Promise<ActivityListing> {
      const since = periodStart(raw.period, clock.now());
      const page = { offset: (raw.currentPage - 1) * raw.itemsPerPage, limit: raw.itemsPerPage, since };
      // Naming a company always needs access to it: the company's log its owner, one's own any member.
      if (raw.plCompanyId !== undefined) {
        await companyAccess.require(
          auth,
          raw.plCompanyId,
          raw.scope === 'company' ? ['Company Owner'] : undefined,
        );
      } else if (raw.scope === 'company') {
        throw refusal('VALIDATION_FAILED', COMMON_REFUSALS.companyLogNeedsCompany);
      }
      const result = await repo.list({
        ...page,
        ...(raw.plCompanyId !== undefined ? { companyId: raw.plCompanyId } : {}),
        ...(raw.scope === 'mine' ? { userId: auth.userId } : {}),
      });
      return {
        total: result.total,
        items: result.items.map((row) => ({
          plActivityId: row.id,
          createdAt: row.createdAt.toISOString(),
          action: row.action as ActivityAction,
          actorName: row.actorName,
          actorEmail: row.actorEmail,
          subjectName: row.subjectName,
          plCompanyId: row.companyId,
          detail: row.detail,
          ip: row.ip,
          userAgent: row.userAgent,
        })),
      };
    },
  };
}
export type ActivityService = ReturnType<typeof createActivityService>;
/** What other modules get: recording only. */
export type RecordActivity = ActivityService['record'];
