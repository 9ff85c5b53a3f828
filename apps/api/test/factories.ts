import { randomBytes, randomUUID } from 'node:crypto';
import { and, desc, eq, sql } from 'drizzle-orm';
import type { FastifyInstance } from 'fastify';
import type { Db } from '../src/db/client.ts';
import {
  coaUploads,
  companies,
  companyInvites,
  companyDocuments,
  companyMembers,
  companySubscriptions,
  documentNotes,
  documentTypes,
  files,
  mailOutbox,
  paymentTransactions,
  plans,
  prospectImportJobs,
  sealAttestations,
  users,
} from '../src/db/schema.ts';
import { seedAdmin } from '../src/db/seed.ts';
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

/** A stored upload's record (the bytes are not written: enough for ownership checks). */
export async function createUpload(
  db: Db,
  values: { uploadedBy: number; companyId?: number | null; mode?: string; extension?: string },
) {
  const [row] = await db
    .insert(files)
    .values({
      key: `test/${unique()}`,
      originalName: 'file.pdf',
      extension: values.extension ?? 'pdf',
      mode: values.mode ?? 'document',
      size: 100,
      companyId: values.companyId ?? null,
      uploadedBy: values.uploadedBy,
    })
    .returning();
  return row!;
}

/** The next version of a company document of the first seeded document type, with one note. */
export async function createDocument(db: Db, values: { companyId: number; uploadedBy: number }) {
  const upload = await createUpload(db, values);
  const [type] = await db.select({ id: documentTypes.id }).from(documentTypes).limit(1);
  const [last] = await db
    .select({ version: sql<number>`coalesce(max(${companyDocuments.version}), 0)::int` })
    .from(companyDocuments)
    .where(
      and(eq(companyDocuments.companyId, values.companyId), eq(companyDocuments.documentTypeId, type!.id)),
    );
  const [document] = await db
    .insert(companyDocuments)
    .values({
      companyId: values.companyId,
      documentTypeId: type!.id,
      version: last!.version + 1,
      fileKey: upload.key,
      fileName: 'licence.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 100,
      viewKey: upload.key,
      conversionStatus: 'COMPLETED',
      uploadedBy: values.uploadedBy,
    })
    .returning();
  const [note] = await db
    .insert(documentNotes)
    .values({ documentId: document!.id, userId: values.uploadedBy, note: 'A note' })
    .returning();
  return { document: document!, upload, note: note! };
}

/** An accepted, converted first version of a licence expiring on `expirationDate` (seals and reminders). */
export async function createAcceptedLicence(
  db: Db,
  values: { companyId: number; uploadedBy: number; documentTypeId: number; expirationDate: string },
) {
  const upload = await createUpload(db, { uploadedBy: values.uploadedBy, companyId: values.companyId });
  const [document] = await db
    .insert(companyDocuments)
    .values({
      ...values,
      version: 1,
      fileKey: upload.key,
      fileName: 'licence.pdf',
      mimeType: 'application/pdf',
      sizeBytes: 100,
      viewKey: upload.key,
      conversionStatus: 'COMPLETED',
      reviewStatus: 'accepted',
      licenseNumber: 'L-1',
    })
    .returning();
  return document!;
}

export async function createCoaUpload(db: Db, values: { companyId: number; userId: number }) {
  const [row] = await db
    .insert(coaUploads)
    .values({ ...values, status: 'COMPLETED', processed: 0, total: 0, items: [] })
    .returning();
  return row!;
}

export async function createTransaction(db: Db, values: { companyId: number; amountCents?: number }) {
  const [row] = await db
    .insert(paymentTransactions)
    .values({
      companyId: values.companyId,
      amountCents: values.amountCents ?? 10_000,
      status: 'Paid',
      description: 'Subscription',
      chargeKey: `test-${unique()}`,
      brand: 'visa',
      last4: '4242',
    })
    .returning();
  return row!;
}

export async function createProspectImportJob(db: Db, values: { createdBy: number }) {
  const [row] = await db
    .insert(prospectImportJobs)
    .values({ csv: 'companyName\nAcme', status: 'DONE', createdBy: values.createdBy })
    .returning();
  return row!;
}

export async function login(app: FastifyInstance, email: string, password = TEST_PASSWORD) {
  const response = await app.inject({ method: 'POST', url: '/api/auth/login', payload: { email, password } });
  if (response.statusCode !== 200) throw new Error(`login failed: ${response.statusCode} ${response.body}`);
  return response.json<{ detail: { accessToken: string; refreshToken: string; expiresIn: number } }>().detail;
}

export const bearer = (token: string) => ({ authorization: `Bearer ${token}` });

/** A new company's owner, signed in: the member's rows and its access token. */
export async function signedInOwner(app: FastifyInstance, db: Db) {
  const member = await createMember(db);
  const { accessToken } = await login(app, member.user.email);
  return { ...member, token: accessToken };
}

/** The super admin the seed makes, under this email, signed in: its access token. */
export async function signInSeededAdmin(app: FastifyInstance, db: Db, email: string): Promise<string> {
  const password = 'Root-password-123!';
  await seedAdmin(db, { email, password });
  return (await login(app, email, password)).accessToken;
}

/** The plans' ids by name (the seeded Basic, Pro…). */
export async function planIdsByName(db: Db): Promise<Record<string, number>> {
  const rows = await db.select({ id: plans.id, name: plans.name }).from(plans);
  return Object.fromEntries(rows.map((r) => [r.name, r.id]));
}

/** The billing address every test card is saved with. */
export const TEST_CARD_ADDRESS = {
  firstName: 'Ada',
  lastName: 'Lovelace',
  billingAddressLine1: '1 Main St',
  billingCity: 'Denver',
  billingState: 'CO',
  billingZip: '80202',
  billingCountry: 'US',
};

/** A promo code's upsertPromo input: active, with no dates and no usage limit, on the given plans. */
export const activePromo = (promoCode: string, promoPlans: object[]) => ({
  promoCode,
  status: 'ACTIVE',
  startDate: null,
  endDate: null,
  limitUsage: false,
  maxUsage: null,
  promoPlans,
});

/** Tokenises a card at the sandbox gateway, as the browser does, and saves it as the company's card. */
export async function saveTestCard(
  app: FastifyInstance,
  who: { companyId: number; token: string },
  card: { ccnumber: string; cvv: string },
) {
  const tokenised = await app.inject({
    method: 'POST',
    url: '/sandbox-gateway/tokens',
    payload: { ...card, ccexp: '12/34' },
  });
  return app.inject({
    method: 'POST',
    url: '/api/company/updateCompanyPaymentMethod',
    headers: bearer(who.token),
    payload: {
      plCompanyId: who.companyId,
      paymentToken: tokenised.json<{ token: string }>().token,
      ...TEST_CARD_ADDRESS,
    },
  });
}

/** Signs in a new super admin and a new company's owner: the two callers of an admin screen's tests. */
export async function adminAndOwner(app: FastifyInstance, db: Db): Promise<{ admin: string; owner: string }> {
  const admin = (await login(app, (await createUser(db, { isSuperAdmin: true })).email)).accessToken;
  const owner = (await login(app, (await createMember(db, 'Company Owner')).user.email)).accessToken;
  return { admin, owner };
}

/** The newest email sent to an address (the outbox is the test mailbox). */
export async function lastMailTo(db: Db, to: string) {
  const [row] = await db
    .select()
    .from(mailOutbox)
    .where(eq(mailOutbox.to, to))
    .orderBy(desc(mailOutbox.id))
    .limit(1);
  if (!row) throw new Error(`no mail to ${to}`);
  return row;
}

/** A pending invite of the company (its link is not known: only the hash is stored). */
export async function createInvite(db: Db, values: { companyId: number; invitedBy?: number }) {
  const [row] = await db
    .insert(companyInvites)
    .values({
      companyId: values.companyId,
      email: `invitee-${unique()}@example.test`,
      role: 'User',
      tokenHash: `test-${unique()}`,
      invitedBy: values.invitedBy ?? null,
      expiresAt: new Date(Date.now() + 7 * 24 * 3600 * 1000),
    })
    .returning();
  return row!;
}

/** A seal attestation of a company, from `issuedAt` to `expiresAt` (its token is never checked here). */
export async function createSealAttestation(
  db: Db,
  values: { companyId: number; issuedAt: Date; expiresAt: Date; revokedAt?: Date | null; id?: string },
) {
  await db.insert(sealAttestations).values({
    id: values.id ?? randomUUID(),
    companyId: values.companyId,
    keyId: 'k',
    token: 'x.y.z',
    claimsHash: 'h',
    issuedAt: values.issuedAt,
    expiresAt: values.expiresAt,
    revokedAt: values.revokedAt ?? null,
  });
}
