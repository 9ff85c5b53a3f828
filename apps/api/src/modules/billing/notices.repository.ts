import { eq } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { managerContacts } from '../../db/members.ts';
import { billingNotices } from '../../db/schema.ts';

/** Billing email events (one per event key) and who receives them. */
export function createNoticesRepository(db: DbExecutor) {
  return {
    /** Who receives billing emails (owners and admins), with the language each reads. */
    async billingRecipients(companyId: number) {
      return managerContacts(db, companyId);
    },

    async findNotice(eventKey: string) {
      const [row] = await db.select().from(billingNotices).where(eq(billingNotices.eventKey, eventKey));
      return row ?? null;
    },

    /** Claims an email event; false when it was claimed before (the email exists already). */
    async claimNotice(values: { eventKey: string; companyId: number; kind: string }) {
      const rows = await db
        .insert(billingNotices)
        .values({ ...values, outboxIds: [] })
        .onConflictDoNothing()
        .returning({ eventKey: billingNotices.eventKey });
      return rows.length > 0;
    },

    async setNoticeOutbox(eventKey: string, outboxIds: number[]) {
      await db.update(billingNotices).set({ outboxIds }).where(eq(billingNotices.eventKey, eventKey));
    },
  };
}
export type NoticesRepository = ReturnType<typeof createNoticesRepository>;
