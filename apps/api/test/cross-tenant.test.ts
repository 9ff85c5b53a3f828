import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import {
  bearer,
  createCoaUpload,
  createDocument,
  createInvite,
  createMember,
  createProspectImportJob,
  createTransaction,
  createUpload,
  login,
} from './factories.ts';
import { fieldPaths, operationsOf, sampleOf, type Operation } from './openapi.ts';

/**
 * Generated from the OpenAPI document: every operation that takes an identifier of a company's data
 * is called with the victim company's real identifiers (objects made by the factories) by another
 * company's owner, and by a plain User of the victim company. A refusal is required, and the victim's
 * data must read the same before and after. New endpoints are covered as soon as they are registered.
 */

let t: TestApp;

interface Actor {
  email: string;
  userId: number;
  companyId: number;
  token: string;
}
let attacker: Actor;
let plainUser: Actor;
let victim: {
  owner: Actor;
  documentId: number;
  uploadKey: string;
  coaId: number;
  transactionId: number;
  importJobId: string;
  inviteId: number;
};

/** Fields naming a company's own data, with the victim's value. */
function victimValue(field: string): unknown {
  switch (field) {
    case 'plCompanyId':
    case 'companyId':
      return victim.owner.companyId;
    case 'plUserId':
    case 'userId':
      return plainUser.userId;
    case 'documentId':
    case 'plDocumentId':
      return victim.documentId;
    case 'documentIds':
      return [victim.documentId];
    case 'key':
    case 'uploadKey':
    case 'logoUploadKey':
      return victim.uploadKey;
    case 'uploadKeys':
      return [victim.uploadKey];
    case 'plUserUploadCoaId':
      return victim.coaId;
    case 'plTransactionId':
      return victim.transactionId;
    case 'jobId':
      return victim.importJobId;
    case 'plInviteId':
      return victim.inviteId;
    default:
      return undefined;
  }
}

/** Identifiers of shared catalogues (plans, document types, reasons…), not of a company's data. */
const CATALOGUE_FIELDS = new Set([
  'plPlanId',
  'documentTypeId',
  'plDocumentTypeId',
  'plReasonId',
  'rejectReasonId',
  'plPromoId',
  'plFeatureId',
  'businessTypeId',
  'plBusinessTypeIds',
  'plSegmentIds',
  'sourceIds',
  'featureKey',
]);

/**
 * Operations another company's owner may call with the victim's identifiers and get a 2xx, and why.
 * Each is still checked for no change to the victim's data.
 */
const PUBLIC_BY_DESIGN: Record<string, string> = {};

/**
 * Operations a plain User of the company may perform (spec 3 §2 roles); any other operation that takes
 * the company's identifiers must refuse a User. A new endpoint a User may use is added here.
 */
const SCANNING =
  "members scan and keep their company's websites and products (spec 3 §6 gates scanning by plan, not role)";
const USER_MAY: Record<string, string> = {
  'POST /api/company/getCompanyDetail': 'a member reads its own company',
  'POST /api/company/locationListing': "a member reads its own company's locations",
  'POST /api/user/leaveCompany': 'a member leaves a company on its own',
  'GET /api/company/getTeamMembers': "a member sees its company's members (not its invites)",
  'POST /api/user/getUserDetail': 'a user reads their own profile',
  'POST /api/user/acceptEula': 'a user accepts the licence agreement for themself',
  'POST /api/user/activity': "a member reads its own activity in its company (not the company's log)",
  'GET /api/document/documents': "a member reads its company's documents",
  'GET /api/document/document': "a member reads its company's documents",
  'GET /api/document/notes': "a member reads its company's document notes",
  'GET /api/coa/uploadJob': "a member follows its company's COA uploads",
  'POST /api/document/getDocumentTypeDetail': "a member reads its company's documents",
  'POST /api/document/getDownloadLink': "a member opens its company's documents",
  'POST /api/document/notes': "a member notes on its company's documents",
  'POST /api/storage/getFileUrl': "a member opens its company's uploads",
  'POST /api/plan/planListing': 'a member sees the plans offered to its company',
  'POST /api/plan/getPlanDetail': 'a member sees the plans offered to its company',
  'POST /api/subscription/companySubscriptionListing': "a member's menus are gated by the subscription",
  'POST /api/subscription/featureAccess': "a member's menus are gated by the subscription",
  'GET /api/webcrawler/products': SCANNING,
  'GET /api/webcrawler/scanProduct': SCANNING,
  'GET /api/webcrawler/scanProduct/histories': SCANNING,
  'GET /api/webcrawler/websites': SCANNING,
  'POST /api/webcrawler/createProduct': SCANNING,
  'POST /api/webcrawler/deleteProduct': SCANNING,
  'POST /api/webcrawler/scanProduct': SCANNING,
  'POST /api/webcrawler/scanUrl': SCANNING,
  'POST /api/webcrawler/violationCheckListing': SCANNING,
  'GET /api/trust/profileSettings': "a member sees whether its company's profile is published and sealed",
};

/** The reviewer company is the attacker's own: assigning itself as a reviewer is the attack. */
function attackerHint(field: string): unknown {
  if (field === 'reviewerCompanyId') return attacker.companyId;
  return victimValue(field);
}

const counts = { operations: 0, withIdentifiers: 0, requests: 0, refused: 0, allowed: 0 };
const leaks: string[] = [];
const notes: string[] = [];

async function signIn(email: string) {
  return (await login(t.app, email)).accessToken;
}

async function actor(role: 'Company Owner' | 'User', companyId?: number): Promise<Actor> {
  const { user, companyId: id } = await createMember(t.database.db, role, companyId);
  return { email: user.email, userId: user.id, companyId: id, token: await signIn(user.email) };
}

/** Objects of the victim company, made by the factories; made again if an allowed call removed them. */
async function seedVictim(owner: Actor) {
  const db = t.database.db;
  const { document } = await createDocument(db, { companyId: owner.companyId, uploadedBy: owner.userId });
  const upload = await createUpload(db, {
    companyId: owner.companyId,
    uploadedBy: owner.userId,
    mode: 'image',
    extension: 'png',
  });
  const coa = await createCoaUpload(db, { companyId: owner.companyId, userId: owner.userId });
  const transaction = await createTransaction(db, { companyId: owner.companyId });
  const job = await createProspectImportJob(db, { createdBy: owner.userId });
  const invite = await createInvite(db, { companyId: owner.companyId, invitedBy: owner.userId });
  victim = {
    owner,
    documentId: document.id,
    uploadKey: upload.key,
    coaId: coa.id,
    transactionId: transaction.id,
    importJobId: job.id,
    inviteId: invite.id,
  };
}

/** After an allowed call changed the victim's data (e.g. the User left), the next call starts afresh. */
async function restoreVictim() {
  await seedVictim(victim.owner);
  plainUser = await actor('User', victim.owner.companyId);
}

/** Every row that belongs to the victim company, as one comparable text. */
async function victimSnapshot(): Promise<string> {
  const { rows: tables } = await t.database.pool.query<{ table_name: string; column_name: string }>(
    `SELECT table_name, column_name FROM information_schema.columns
      WHERE table_schema = 'public'
        AND column_name IN ('company_id', 'client_company_id', 'document_id')
      ORDER BY table_name, column_name`,
  );
  const parts = [
    `SELECT 'companies' AS t, row_to_json(x)::text AS r FROM companies x WHERE id = $1`,
    `SELECT 'users', row_to_json(x)::text FROM users x
      WHERE id IN (SELECT user_id FROM company_members WHERE company_id = $1)`,
    `SELECT 'session_families', row_to_json(x)::text FROM session_families x
      WHERE user_id IN (SELECT user_id FROM company_members WHERE company_id = $1)`,
    ...tables.map(({ table_name: table, column_name: column }) =>
      column === 'document_id'
        ? `SELECT '${table}', row_to_json(x)::text FROM "${table}" x
            WHERE document_id IN (SELECT id FROM company_documents WHERE company_id = $1)`
        : `SELECT '${table}', row_to_json(x)::text FROM "${table}" x WHERE "${column}" = $1`,
    ),
  ];
  const { rows } = await t.database.pool.query<{ t: string; r: string }>(
    `${parts.join(' UNION ALL ')} ORDER BY 1, 2`,
    [victim.owner.companyId],
  );
  return rows.map((row) => `${row.t} ${row.r}`).join('\n');
}

/** A call may sign its caller out (logout); sign in again before the next one. */
async function ensureSignedIn(who: Actor) {
  const probe = await t.app.inject({
    method: 'POST',
    url: '/api/user/getMyProfile',
    headers: bearer(who.token),
  });
  if (probe.statusCode === 401) who.token = await signIn(who.email);
}

function inputOf(operation: Operation, hint: (field: string) => unknown) {
  const body = operation.body ? sampleOf(operation.body, hint) : undefined;
  const query = Object.fromEntries(
    Object.entries(operation.query).map(([name, schema]) => [name, String(sampleOf(schema, hint, name))]),
  );
  return { body, query };
}

/** The company-data identifier fields an operation takes (body at any depth, or query). */
function identifierFields(operation: Operation): string[] {
  const { body } = inputOf(operation, victimValue);
  const names = new Set<string>(Object.keys(operation.query));
  for (const path of fieldPaths(body, 4)) {
    const last = path.at(-1);
    if (typeof last === 'string') names.add(last);
  }
  const identifiers = [...names].filter((name) => victimValue(name) !== undefined);
  for (const name of names) {
    const known =
      identifiers.includes(name) || attackerHint(name) !== undefined || CATALOGUE_FIELDS.has(name);
    if (/(Id|Ids|Key|Keys)$/.test(name) && !known) {
      notes.push(`${operation.name}: no seeded object for "${name}" (sample value used)`);
    }
  }
  return identifiers;
}

async function probe(
  operation: Operation,
  who: Actor,
  role: string,
  hint: (field: string) => unknown,
  allowed: Record<string, string>,
) {
  await ensureSignedIn(who);
  const { body, query } = inputOf(operation, hint);
  const before = await victimSnapshot();
  const response = await t.app.inject({
    method: operation.method,
    url: operation.path,
    query,
    headers: bearer(who.token),
    ...(body === undefined ? {} : { payload: body as object }),
  });
  counts.requests++;
  const after = await victimSnapshot();
  const succeeded = response.statusCode < 300;
  if (succeeded) counts.allowed++;
  else counts.refused++;
  if (succeeded && !(operation.name in allowed)) {
    leaks.push(`${role} ${operation.name}: answered ${response.statusCode} ${response.body.slice(0, 160)}`);
  }
  if (before !== after) {
    if (succeeded && operation.name in allowed) await restoreVictim();
    else leaks.push(`${role} ${operation.name}: changed the victim's data (answered ${response.statusCode})`);
  }
}

beforeAll(async () => {
  t = await buildTestApp();
  const owner = await actor('Company Owner');
  attacker = await actor('Company Owner');
  plainUser = await actor('User', owner.companyId);
  await seedVictim(owner);
});
afterAll(async () => {
  console.log(
    `[cross-tenant] operations: ${counts.operations}, with company identifiers: ${counts.withIdentifiers}` +
      `, requests: ${counts.requests}, refused: ${counts.refused}, allowed: ${counts.allowed}` +
      `, leaks: ${leaks.length}`,
  );
  for (const leak of leaks) console.log(`[cross-tenant] leak: ${leak}`);
  for (const note of new Set(notes)) console.log(`[cross-tenant] note: ${note}`);
  await t?.close();
});

describe('generated cross-tenant and role checks', () => {
  it(
    "refuses another company's owner and a plain User, and changes nothing",
    { timeout: 240_000 },
    async () => {
      const operations = operationsOf(t.app);
      expect(operations.length).toBeGreaterThan(50);
      for (const operation of operations) {
        counts.operations++;
        if (identifierFields(operation).length === 0) continue;
        counts.withIdentifiers++;
        await probe(operation, attacker, "another company's owner", attackerHint, PUBLIC_BY_DESIGN);
        await probe(operation, plainUser, 'a plain User', victimValue, USER_MAY);
      }
      expect(leaks).toEqual([]);
    },
  );
});
