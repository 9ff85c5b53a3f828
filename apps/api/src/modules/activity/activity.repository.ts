import { and, count, desc, eq, gte, or, sql, type SQL } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { activityLog, companyMembers, users } from '../../db/schema.ts';

export interface ActivityRow {
  action: string;
  createdAt: Date;
  actorUserId: number | null;
  subjectUserId: number | null;
  /** Undefined: the actor's company (their active membership) at the time of the action. */
  companyId: number | null | undefined;
  detail: Record<string, string | number | boolean | null>;
  ip: string | null;
  userAgent: string | null;
}

const fullName = (id: number | null) =>
  id === null
    ? sql`NULL`
    : sql`(SELECT ${users.firstName} || ' ' || ${users.lastName} FROM ${users} WHERE ${users.id} = ${id})`;

/** Append and read only: the table refuses UPDATE, DELETE and TRUNCATE (migration 0012). */
export function createActivityRepository(db: DbExecutor) {
  return {
    /** One statement: the names and the actor's company are read as the row is written. */
    async insert(row: ActivityRow) {
      const owner = row.actorUserId ?? row.subjectUserId;
      const company =
        row.companyId !== undefined
          ? sql`${row.companyId}::int`
          : owner === null
            ? sql`NULL::int`
            : sql`(SELECT ${companyMembers.companyId} FROM ${companyMembers}
                    WHERE ${companyMembers.userId} = ${owner} AND ${companyMembers.bannedAt} IS NULL
                    ORDER BY ${companyMembers.createdAt} LIMIT 1)`;
      await db.execute(sql`
        INSERT INTO ${activityLog} (created_at, company_id, actor_user_id, actor_name, actor_email,
          subject_user_id, subject_name, action, detail, ip, user_agent)
        VALUES (${row.createdAt}, ${company}, ${row.actorUserId}, ${fullName(row.actorUserId)},
          ${row.actorUserId === null ? sql`NULL` : sql`(SELECT ${users.email} FROM ${users} WHERE ${users.id} = ${row.actorUserId})`},
          ${row.subjectUserId}, ${fullName(row.subjectUserId)}, ${row.action},
          ${JSON.stringify(row.detail)}::jsonb, ${row.ip}, ${row.userAgent})`);
    },

    async list(filter: {
      companyId?: number;
      userId?: number;
      since: Date | null;
      offset: number;
      limit: number;
    }) {
      const conditions: SQL[] = [];
      if (filter.companyId !== undefined) conditions.push(eq(activityLog.companyId, filter.companyId));
      if (filter.userId !== undefined) {
        conditions.push(
          or(eq(activityLog.actorUserId, filter.userId), eq(activityLog.subjectUserId, filter.userId))!,
        );
      }
      if (filter.since) conditions.push(gte(activityLog.createdAt, filter.since));
      const where = and(...conditions);
      const [items, [total]] = await Promise.all([
        db
          .select()
          .from(activityLog)
          .where(where)
          .orderBy(desc(activityLog.createdAt), desc(activityLog.id))
          .offset(filter.offset)
          .limit(filter.limit),
        db.select({ total: count() }).from(activityLog).where(where),
      ]);
      return { items, total: total?.total ?? 0 };
    },
  };
}
export type ActivityRepository = ReturnType<typeof createActivityRepository>;
