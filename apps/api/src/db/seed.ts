import { randomBytes } from 'node:crypto';
import { eq, sql } from 'drizzle-orm';
import { COMPANY_TYPES, SEGMENTS } from '@trustleaf/domain/reference/company-types';
import { COUNTRIES, STATES } from '@trustleaf/domain/reference/countries';
import {
  SEEDED_DOCUMENT_TYPES,
  SEEDED_FLAVORS,
  SEEDED_INGREDIENTS,
  SEEDED_PRODUCT_CATEGORIES,
  SEEDED_REJECTION_REASONS,
  SEEDED_SERVICE_CATEGORIES,
  type SeededDocumentTypeKey,
} from '@trustleaf/domain/reference/seeded-catalog';
import { ROLE_NAMES } from '@trustleaf/domain/rules/roles';
import { hashPassword } from '../lib/crypto.ts';
import { claimHash } from '../modules/accounts/claim-code.ts';
import type { Db } from './client.ts';
import { seedBilling } from './seed-billing.ts';
import {
  prospects,
  businessTypes,
  categories,
  companies,
  companyMembers,
  countries,
  documentTypes,
  flavors,
  ingredients,
  roles,
  rejectionReasons,
  segments,
  states,
  users,
} from './schema.ts';

const ALL_BUSINESS_TYPES = COMPANY_TYPES.map((t) => t.id);
const byType = (...types: string[]) => COMPANY_TYPES.filter((t) => types.includes(t.type)).map((t) => t.id);
const PLANT_TOUCHING_TYPES = [
  'DISTRIBUTOR',
  'PROCESSOR',
  'RETAILER',
  'CULTIVATOR',
  'MANUFACTURER',
  'DISPENSARY',
  'MICROBUSINESS',
  'DELIVERY',
  'CONSUMPTION',
];
const PLANT_TOUCHING = byType(...PLANT_TOUCHING_TYPES);

interface SeedDocumentType {
  /** Its name is the catalogue's English for this key. */
  seedKey: SeededDocumentTypeKey;
  licenseCheck?: boolean;
  certificationCheck?: boolean;
  expirationCheck?: boolean;
  dayPriorNotify?: number;
  businessTypeIds: number[];
}

/** The document types a fresh platform tracks; the super admin edits them afterwards. */
const DOCUMENT_TYPES: SeedDocumentType[] = [
  {
    seedKey: 'stateCannabisLicense',
    licenseCheck: true,
    dayPriorNotify: 30,
    // Every plant-touching type but processors, and events.
    businessTypeIds: byType(...PLANT_TOUCHING_TYPES.filter((type) => type !== 'PROCESSOR'), 'EVENT'),
  },
  {
    seedKey: 'usdaHempLicense',
    licenseCheck: true,
    dayPriorNotify: 30,
    businessTypeIds: byType('CULTIVATOR', 'PROCESSOR', 'HEMP_SEED', 'DISTRIBUTOR'),
  },
  {
    seedKey: 'iso17025Accreditation',
    certificationCheck: true,
    dayPriorNotify: 60,
    businessTypeIds: byType('LAB', 'TESTING'),
  },
  {
    seedKey: 'gmpCertification',
    certificationCheck: true,
    dayPriorNotify: 45,
    businessTypeIds: byType('PROCESSOR', 'MANUFACTURER'),
  },
  {
    seedKey: 'certificateOfAnalysis',
    expirationCheck: true,
    dayPriorNotify: 30,
    businessTypeIds: byType(
      'PROCESSOR',
      'MANUFACTURER',
      'CULTIVATOR',
      'DISTRIBUTOR',
      'RETAILER',
      'HEMP_SEED',
    ),
  },
  {
    seedKey: 'certificateOfInsurance',
    expirationCheck: true,
    dayPriorNotify: 30,
    businessTypeIds: ALL_BUSINESS_TYPES,
  },
  { seedKey: 'businessRegistration', businessTypeIds: ALL_BUSINESS_TYPES },
  { seedKey: 'standardOperatingProcedures', businessTypeIds: PLANT_TOUCHING },
  {
    seedKey: 'moneyTransmitterLicense',
    licenseCheck: true,
    dayPriorNotify: 60,
    businessTypeIds: byType('MERCHANT_PROCESSOR'),
  },
];

/**
 * Document types and rejection reasons, seeded once: after that they belong to the super admin. Each
 * seeded row carries its seed key, so the app shows it in the reader's language until it is renamed.
 */
async function seedDocumentCatalog(tx: Pick<Db, 'select' | 'insert'>): Promise<void> {
  const [anyType] = await tx.select({ id: documentTypes.id }).from(documentTypes).limit(1);
  if (!anyType) {
    await tx.insert(documentTypes).values(
      DOCUMENT_TYPES.map((t) => ({
        name: SEEDED_DOCUMENT_TYPES[t.seedKey],
        seedKey: t.seedKey,
        licenseCheck: t.licenseCheck ?? false,
        certificationCheck: t.certificationCheck ?? false,
        expirationCheck: Boolean(t.licenseCheck || t.certificationCheck || t.expirationCheck),
        dayPriorNotify: t.dayPriorNotify ?? null,
        businessTypeIds: t.businessTypeIds,
      })),
    );
  }
  const [anyReason] = await tx.select({ id: rejectionReasons.id }).from(rejectionReasons).limit(1);
  if (!anyReason) {
    await tx
      .insert(rejectionReasons)
      .values(Object.entries(SEEDED_REJECTION_REASONS).map(([seedKey, text]) => ({ ...text, seedKey })));
  }
}

/**
 * Product and service categories, ingredients and flavours, seeded once, into an empty list: after
 * that they belong to the super admin, as document types do. Seeded on every start, a category the
 * super admin renamed or deleted came back under its seeded name (its name no longer matched, so the
 * insert found no conflict). Each seeded row carries its seed key, so the app shows it in the reader's
 * language until it is renamed.
 */
async function seedVocabulary(tx: Pick<Db, 'select' | 'insert'>): Promise<void> {
  const seeded = (table: Record<string, string>) =>
    Object.entries(table).map(([seedKey, name]) => ({ seedKey, name }));
  for (const [kind, table] of [
    ['PRODUCT', SEEDED_PRODUCT_CATEGORIES],
    ['SERVICE', SEEDED_SERVICE_CATEGORIES],
  ] as const) {
    const [any] = await tx
      .select({ id: categories.id })
      .from(categories)
      .where(eq(categories.kind, kind))
      .limit(1);
    if (!any)
      await tx
        .insert(categories)
        .values(seeded(table).map((row) => ({ kind, ...row })))
        .onConflictDoNothing();
  }
  const [anyIngredient] = await tx.select({ id: ingredients.id }).from(ingredients).limit(1);
  if (!anyIngredient) await tx.insert(ingredients).values(seeded(SEEDED_INGREDIENTS)).onConflictDoNothing();
  const [anyFlavor] = await tx.select({ id: flavors.id }).from(flavors).limit(1);
  if (!anyFlavor) await tx.insert(flavors).values(seeded(SEEDED_FLAVORS)).onConflictDoNothing();
}

/**
 * Reference data: the fixed lists (roles, countries, states) upserted on every start, so edits to the
 * lists reach existing databases; the lists a super admin edits (segments, business types, categories,
 * ingredients, flavours, document types) are seeded once.
 */
export async function seedReference(db: Db): Promise<void> {
  await db.transaction(async (tx) => {
    await tx
      .insert(roles)
      .values(ROLE_NAMES.map((name, index) => ({ id: index + 1, name })))
      .onConflictDoUpdate({ target: roles.id, set: { name: sql`excluded.name` } });
    // Segments and business types are the super admin's to rename and delete (spec 3's general
    // calls): seeded once, into empty lists, as categories are; upserted on every start, a rename was
    // undone and a deleted type came back at the next start.
    const [anySegment] = await tx.select({ id: segments.id }).from(segments).limit(1);
    if (!anySegment)
      await tx
        .insert(segments)
        .values(SEGMENTS.map((s) => ({ ...s })))
        .onConflictDoNothing();
    const [anyBusinessType] = await tx.select({ id: businessTypes.id }).from(businessTypes).limit(1);
    if (!anyBusinessType)
      await tx
        .insert(businessTypes)
        .values(
          COMPANY_TYPES.map((t) => ({
            id: t.id,
            name: t.name,
            type: t.type,
            segmentIds: [...t.plSegmentIds],
          })),
        )
        .onConflictDoNothing();
    await tx
      .insert(countries)
      .values(COUNTRIES)
      .onConflictDoUpdate({ target: countries.code, set: { name: sql`excluded.name` } });
    await tx
      .insert(states)
      .values(STATES)
      .onConflictDoUpdate({
        target: [states.country, states.abbreviation],
        set: { name: sql`excluded.name`, code: sql`excluded.code` },
      });
    await seedVocabulary(tx);
    await seedBilling(tx);
    await seedDocumentCatalog(tx);
  });
}

export interface SeededAccount {
  email: string;
  /** Present only when the account was created by this call. */
  password?: string;
  /** What the account is, for the start-up output: its role and company. */
  role: string;
  company: string;
}

async function ensureUser(
  db: Db,
  values: { email: string; password?: string; firstName: string; lastName: string; isSuperAdmin?: boolean },
): Promise<{ email: string; password?: string; id: number }> {
  const email = values.email.trim().toLowerCase();
  const existing = await db
    .select({ id: users.id })
    .from(users)
    .where(sql`${users.email} = ${email}`);
  if (existing[0]) return { email, id: existing[0].id };
  const password = values.password ?? `${randomBytes(9).toString('base64url')}aA1!`;
  const [row] = await db
    .insert(users)
    .values({
      email,
      passwordHash: await hashPassword(password),
      firstName: values.firstName,
      lastName: values.lastName,
      isSuperAdmin: values.isSuperAdmin ?? false,
      acceptedEulaAt: new Date(),
    })
    .onConflictDoNothing()
    .returning({ id: users.id });
  if (!row) return ensureUser(db, { ...values, password });
  return { email, password, id: row.id };
}

/** The super admin and the built-in company it belongs to (spec 3 §3). */
export async function seedAdmin(
  db: Db,
  admin: { email?: string; password?: string },
): Promise<SeededAccount> {
  await db
    .insert(companies)
    .values({ name: 'Trustleaf', isSystem: true, kind: 'NORMAL', country: 'US', state: 'NJ' })
    .onConflictDoNothing();
  const account = await ensureUser(db, {
    email: admin.email ?? 'admin@trustleaf.local',
    ...(admin.password ? { password: admin.password } : {}),
    firstName: 'Super',
    lastName: 'Admin',
    isSuperAdmin: true,
  });
  return {
    email: account.email,
    ...(account.password ? { password: account.password } : {}),
    role: 'Super Admin',
    company: 'Trustleaf',
  };
}

const DEMO_COMPANY = 'Green Valley Hemp Co.';

/**
 * The demo company's website on its own example domain, as its emails are: the company URL rule
 * (spec 3 §5, a valid domain) refuses the app's own address on localhost or an IP, and a seeded value
 * the detail page refuses would keep the owner from saving that page unchanged. The site to scan is
 * the app's demo site, which the start-up output names.
 */
export const DEMO_COMPANY_WEBSITE = 'https://greenvalley.example/';

/** A demo company with an owner and a member, created once. */
export async function seedDemo(db: Db): Promise<SeededAccount[]> {
  const owner = await ensureUser(db, {
    email: 'owner@greenvalley.example',
    firstName: 'Grace',
    lastName: 'Valley',
  });
  const member = await ensureUser(db, {
    email: 'member@greenvalley.example',
    firstName: 'Milo',
    lastName: 'Reed',
  });
  if (owner.password) {
    const [company] = await db
      .insert(companies)
      .values({
        name: DEMO_COMPANY,
        businessTypeId: 4,
        kind: 'REGISTERED',
        address: '120 Orchard Road',
        city: 'Boulder',
        state: 'CO',
        zip: '80302',
        country: 'US',
        phone: '+13035550142',
        email: 'hello@greenvalley.example',
        website: DEMO_COMPANY_WEBSITE,
      })
      .returning({ id: companies.id });
    await db.insert(companyMembers).values([
      { companyId: company!.id, userId: owner.id, role: 'Company Owner' },
      { companyId: company!.id, userId: member.id, role: 'User' },
    ]);
    await seedDemoProspects(db);
  }
  return [
    { ...owner, role: 'Company Owner' },
    { ...member, role: 'User' },
  ].map(({ email, password, role }) => ({
    email,
    ...(password ? { password } : {}),
    role,
    company: DEMO_COMPANY,
  }));
}

/** Sample prospects to find in the sign-up search and claim with their (demo, public) claim codes. */
export const DEMO_PROSPECTS = [
  {
    name: 'Rocky Mountain Extracts',
    city: 'Denver',
    state: 'CO',
    zip: '80202',
    type: 2,
    segments: [2],
    code: 'DEMOCLAIM1',
  },
  {
    name: 'Garden State Dispensary',
    city: 'Newark',
    state: 'NJ',
    zip: '07102',
    type: 6,
    segments: [1],
    code: 'DEMOCLAIM2',
  },
  {
    name: 'Pacific Testing Labs',
    city: 'Oakland',
    state: 'CA',
    zip: '94607',
    type: 7,
    segments: [1, 2],
    code: 'DEMOCLAIM3',
  },
] as const;

async function seedDemoProspects(db: Db): Promise<void> {
  for (const prospect of DEMO_PROSPECTS) {
    const [company] = await db
      .insert(companies)
      .values({
        name: prospect.name,
        businessTypeId: prospect.type,
        kind: 'PROSPECT',
        city: prospect.city,
        state: prospect.state,
        zip: prospect.zip,
        country: 'US',
      })
      .returning({ id: companies.id });
    await db.insert(prospects).values({
      companyId: company!.id,
      claimCodeHash: claimHash(prospect.code),
      contactFirstName: 'Demo',
      contactLastName: 'Contact',
      contactEmail: `contact@${prospect.name.toLowerCase().replace(/[^a-z]+/g, '')}.example`,
      segmentIds: [...prospect.segments],
    });
  }
}
