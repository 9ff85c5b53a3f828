import { randomBytes } from 'node:crypto';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import { eq } from 'drizzle-orm';
import { companies, companyMembers, companySubscriptions, plans, users } from '../src/db/schema.ts';
import { hashPassword } from '../src/lib/crypto.ts';
import type { CompanyRole } from '../src/lib/authz.ts';

const unique = () => randomBytes(5).toString('hex');

export const TEST_PASSWORD = 'Correct-Horse-42!';
// Hashing is deliberately slow; factories share one hash of the common test password.
const passwordHash = hashPassword(TEST_PASSWORD);

export async function createUser(db: Db, overrides: Partial<typeof users.$inferInsert> = {}) {
  const [row] = await db
    .insert(users)
    .values({
      email: `user-${unique()}@example.test`,
      passwordHash: await passwordHash,
      firstName: 'Test',
      lastName: 'User',
      ...overrides,
    })
    .returning();
  return row!;
}

export async function createCompany(db: Db, overrides: Partial<typeof companies.$inferInsert> = {}) {
  const [row] = await db
    .insert(companies)
    .values({ name: `Company ${unique()}`, state: 'CO', country: 'US', businessTypeId: 1, ...overrides })
    .returning();
  return row!;
}

/** A company with a member of the given role, ready to sign in with TEST_PASSWORD. */
export async function createMember(db: Db, role: CompanyRole = 'Company Owner', companyId?: number) {
  const company = companyId ? { id: companyId } : await createCompany(db);
  const user = await createUser(db);
  await db.insert(companyMembers).values({ companyId: company.id, userId: user.id, role });
  return { user, companyId: company.id };
}

/**
 * Gives the company an active subscription to a seeded plan (Basic grants the vault, q_vault), as a
 * paid checkout would leave it, for tests of features a plan gates. The period runs ten years.
 */
export async function subscribeCompany(db: Db, companyId: number, planName = 'Basic', now = new Date()) {
  const [plan] = await db.select().from(plans).where(eq(plans.name, planName));
  if (!plan) throw new Error(`no seeded plan named ${planName}`);
  const [row] = await db
    .insert(companySubscriptions)
    .values({
      companyId,
      planId: plan.id,
      status: 'AVAILABLE',
      paymentFrequency: 'MONTHLY',
      priceCents: plan.monthlyFeeCents,
      paidCents: plan.monthlyFeeCents,
      startedAt: now,
      currentPeriodStart: now,
      currentPeriodEnd: new Date(now.getTime() + 10 * 365 * 864e5),
    })
    .returning();
  return row!;
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ detail: { accessToken: string; refreshToken: string; expiresIn: number } }>().detail;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });
