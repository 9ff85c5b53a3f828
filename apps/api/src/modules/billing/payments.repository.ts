import { and, count, desc, eq, getTableColumns, gte, ilike, inArray, lt, or, sql } from 'drizzle-orm';
import type { DbExecutor } from '../../db/client.ts';
import { containsPattern } from '../../db/like.ts';
import { companies, paymentMethods, paymentTransactions } from '../../db/schema.ts';

export type TransactionRow = typeof paymentTransactions.$inferSelect;
/** A payment with its company's name, as listings show it. */
export type TransactionListRow = TransactionRow & { companyName: string };

/** What the transaction listing narrows by; `null` company is every company. */
export interface TransactionFilter {
  companyId: number | null;
  status?: TransactionRow['status'] | undefined;
  /** From this instant (included) to `before` (excluded). */
  from?: Date | undefined;
  before?: Date | undefined;
  search?: string | undefined;
}
export type PaymentMethodRow = typeof paymentMethods.$inferSelect;

/** Payment methods and charges (transactions). Company-scoped functions take the company id the caller was authorised for. */
export function createPaymentsRepository(db: DbExecutor) {
  return {
    async findPaymentMethod(companyId: number) {
      const [row] = await db.select().from(paymentMethods).where(eq(paymentMethods.companyId, companyId));
      return row ?? null;
    },

    async savePaymentMethod(values: typeof paymentMethods.$inferInsert) {
      await db
        .insert(paymentMethods)
        .values(values)
        .onConflictDoUpdate({ target: paymentMethods.companyId, set: { ...values } });
    },

    async paidChargeCount(subscriptionId: number) {
      const [row] = await db
        .select({ n: count() })
        .from(paymentTransactions)
        .where(
          and(
            eq(paymentTransactions.subscriptionId, subscriptionId),
            inArray(paymentTransactions.status, ['Paid', 'Refunded']),
          ),
        );
      return row?.n ?? 0;
    },

    /**
     * One row per charge key: a retried job or request finds the first attempt's record.
     * `inserted` is false when the row was there already (written by an earlier attempt).
     */
    async recordTransaction(values: typeof paymentTransactions.$inferInsert) {
      const [row] = await db
        .insert(paymentTransactions)
        .values(values)
        .onConflictDoUpdate({
          target: paymentTransactions.chargeKey,
          set: { chargeKey: sql`excluded.charge_key` },
        })
        .returning({ ...getTableColumns(paymentTransactions), inserted: sql<boolean>`xmax = 0` });
      const { inserted, ...transaction } = row!;
      return { transaction, inserted };
    },

    async findTransactionByKey(chargeKey: string) {
      const [row] = await db
        .select()
        .from(paymentTransactions)
        .where(eq(paymentTransactions.chargeKey, chargeKey));
      return row ?? null;
    },

    async findTransaction(id: number) {
      const [row] = await db
        .select({ ...getTableColumns(paymentTransactions), companyName: companies.name })
        .from(paymentTransactions)
        .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
        .where(eq(paymentTransactions.id, id));
      return row ?? null;
    },

    async addRefund(id: number, cents: number) {
      const [row] = await db
        .update(paymentTransactions)
        .set({
          refundedCents: sql`${paymentTransactions.refundedCents} + ${cents}`,
          status: sql`case when ${paymentTransactions.refundedCents} + ${cents} >= ${paymentTransactions.amountCents} then 'Refunded' else ${paymentTransactions.status} end`,
        })
        .where(
          and(
            eq(paymentTransactions.id, id),
            sql`${paymentTransactions.refundedCents} + ${cents} <= ${paymentTransactions.amountCents}`,
          ),
        )
        .returning({ id: paymentTransactions.id });
      return row ? this.findTransaction(row.id) : null;
    },

    async listTransactions(filter: TransactionFilter, page: { limit: number; offset: number }) {
      const search = filter.search ? containsPattern(filter.search) : null;
      const where = and(
        filter.companyId === null ? undefined : eq(paymentTransactions.companyId, filter.companyId),
        filter.status ? eq(paymentTransactions.status, filter.status) : undefined,
        filter.from ? gte(paymentTransactions.createdAt, filter.from) : undefined,
        filter.before ? lt(paymentTransactions.createdAt, filter.before) : undefined,
        search
          ? or(ilike(companies.name, search), ilike(paymentTransactions.description, search))
          : undefined,
      );
      const [items, [total]] = await Promise.all([
        db
          .select({ ...getTableColumns(paymentTransactions), companyName: companies.name })
          .from(paymentTransactions)
          .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
          .where(where)
          .orderBy(desc(paymentTransactions.createdAt), desc(paymentTransactions.id))
          .limit(page.limit)
          .offset(page.offset),
        db
          .select({ n: count() })
          .from(paymentTransactions)
          .innerJoin(companies, eq(companies.id, paymentTransactions.companyId))
          .where(where),
      ]);
      return { items, total: total?.n ?? 0 };
    },

    /** Charges by calendar month (UTC) from `from` on: paid and refunded cents, paid and failed counts. */
    async transactionsByMonth(companyId: number | null, from: Date) {
      const month = sql<string>`to_char(${paymentTransactions.createdAt} at time zone 'UTC', 'YYYY-MM')`;
      const paid = sql`${paymentTransactions.status} <> 'Failed'`;
      return db
        .select({
          month,
          chargedCents: sql<number>`coalesce(sum(${paymentTransactions.amountCents}) filter (where ${paid}), 0)::int`,
          refundedCents: sql<number>`coalesce(sum(${paymentTransactions.refundedCents}) filter (where ${paid}), 0)::int`,
          payments: sql<number>`(count(*) filter (where ${paid}))::int`,
          failed: sql<number>`(count(*) filter (where not ${paid}))::int`,
        })
        .from(paymentTransactions)
        .where(
          and(
            gte(paymentTransactions.createdAt, from),
            companyId === null ? undefined : eq(paymentTransactions.companyId, companyId),
          ),
        )
        .groupBy(month);
    },
  };
}
export type PaymentsRepository = ReturnType<typeof createPaymentsRepository>;
