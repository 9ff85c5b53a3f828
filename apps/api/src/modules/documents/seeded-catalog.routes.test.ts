import { SEEDED_DOCUMENT_TYPES, SEEDED_REJECTION_REASONS } from '@trustleaf/domain/reference/seeded-catalog';
import type { DocumentTypeRow } from '@trustleaf/domain/rules/document-types';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../../db/seed.ts';
import { runMigrations } from '../../db/migrate.ts';
import { migrationsFolder } from '../../runtime.ts';
import { bearer, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { databaseBefore } from '../../../test/database-before.ts';

/**
 * The seeded document types and rejection reasons carry their seed key (the app shows them in the
 * reader's language by it) until a super admin changes their words; rows a super admin creates have none.
 */
let t: TestApp;
let adminToken: string;

/** A saved document type as the API answers it. */
interface TypeRow extends DocumentTypeRow {
  plDocumentTypeId: number;
  seedKey?: string | null;
}
interface ReasonRow {
  plReasonId: number;
  reasonName: string;
  notification: string;
  seedKey?: string | null;
}

beforeAll(async () => {
  t = await buildTestApp();
  const admin = await seedAdmin(t.database.db, {
    email: 'root@example.test',
    password: 'Root-password-123!',
  });
  adminToken = (await login(t.app, admin.email, 'Root-password-123!')).accessToken;
});
afterAll(() => t.close());

function post(url: string, payload: object) {
  return t.app.inject({ method: 'POST', url, payload, headers: bearer(adminToken) });
}
async function types(): Promise<TypeRow[]> {
  return (await post('/api/document/documentTypeListing', {})).json().detail.plDocumentTypes;
}
async function reasons(): Promise<ReasonRow[]> {
  return (await post('/api/document/reasonListing', { reasonType: 'REJECT' })).json().detail.reasons;
}
/** A type as the editor sends it back for an update, with some fields changed. */
function update(row: TypeRow, changes: Partial<TypeRow>) {
  const { plDocumentTypeId, name, licenseCheck, certificationCheck, expirationCheck, dayPriorNotify } = row;
  return {
    action: 'update',
    plDocumentTypeId,
    name,
    licenseCheck,
    certificationCheck,
    expirationCheck,
    dayPriorNotify,
    plBusinessTypeIds: row.plBusinessTypeIds,
    ...changes,
  };
}

describe('seeded document types', () => {
  it('carry their key with the stored English name; a renamed one loses it, a created one has none', async () => {
    const seeded = await types();
    expect(
      Object.fromEntries(seeded.map((row) => [row.seedKey, row.name])),
      'every seeded type, by its key',
    ).toEqual(SEEDED_DOCUMENT_TYPES);

    const coa = seeded.find((row) => row.seedKey === 'certificateOfAnalysis')!;
    const insurance = seeded.find((row) => row.seedKey === 'certificateOfInsurance')!;
    const saved = await post('/api/document/upsertDocumentType', {
      plDocumentTypes: [
        // Other fields changed, the name kept: still the seeded row.
        update(coa, { dayPriorNotify: 21 }),
        update(insurance, { name: 'Liability Insurance Certificate' }),
        {
          action: 'insert',
          name: 'Fire Safety Certificate',
          licenseCheck: false,
          certificationCheck: false,
          expirationCheck: false,
          dayPriorNotify: null,
          plBusinessTypeIds: [1],
        },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after = await types();
    const byId = (id: number) => after.find((row) => row.plDocumentTypeId === id)!;
    expect(byId(coa.plDocumentTypeId)).toMatchObject({
      name: 'Certificate of Analysis (COA)',
      dayPriorNotify: 21,
      seedKey: 'certificateOfAnalysis',
    });
    expect(byId(insurance.plDocumentTypeId)).toMatchObject({
      name: 'Liability Insurance Certificate',
      seedKey: null,
    });
    expect(after.find((row) => row.name === 'Fire Safety Certificate')).toMatchObject({ seedKey: null });

    // Renaming it back to the seeded words does not make it the seeded row again: it is the admin's now.
    await post('/api/document/upsertDocumentType', {
      plDocumentTypes: [update(byId(insurance.plDocumentTypeId), { name: 'Certificate of Insurance' })],
    });
    expect((await types()).find((row) => row.plDocumentTypeId === insurance.plDocumentTypeId)).toMatchObject({
      name: 'Certificate of Insurance',
      seedKey: null,
    });
  });
});

describe('seeded rejection reasons', () => {
  it('carry their key; changing the name or the notification clears it, a created one has none', async () => {
    const seeded = await reasons();
    expect(
      Object.fromEntries(
        seeded.map((row) => [row.seedKey, { reasonName: row.reasonName, notification: row.notification }]),
      ),
    ).toEqual(SEEDED_REJECTION_REASONS);

    const [kept, renamed, reworded] = ['illegible', 'expired', 'wrongType'].map((key) =>
      seeded.find((row) => row.seedKey === key)!,
    );
    const saved = await post('/api/document/upsertReason', {
      plReasons: [
        {
          action: 'UPDATE',
          plReasonId: kept!.plReasonId,
          reasonName: kept!.reasonName,
          notification: kept!.notification,
        },
        {
          action: 'UPDATE',
          plReasonId: renamed!.plReasonId,
          reasonName: 'Out of date',
          notification: renamed!.notification,
        },
        {
          action: 'UPDATE',
          plReasonId: reworded!.plReasonId,
          reasonName: reworded!.reasonName,
          notification: 'Please upload the document type we asked for.',
        },
        { action: 'INSERT', reasonName: 'Unsigned', notification: 'Please sign the document.' },
      ],
    });
    expect(saved.statusCode, saved.body).toBe(200);
    const after: ReasonRow[] = saved.json().detail.reasons;
    const byId = (id: number) => after.find((row) => row.plReasonId === id)!;
    expect(byId(kept!.plReasonId).seedKey).toBe('illegible');
    expect(byId(renamed!.plReasonId)).toMatchObject({ reasonName: 'Out of date', seedKey: null });
    expect(byId(reworded!.plReasonId)).toMatchObject({
      notification: 'Please upload the document type we asked for.',
      seedKey: null,
    });
    expect(after.find((row) => row.reasonName === 'Unsigned')).toMatchObject({ seedKey: null });
  });
});

describe('migration 0038 on a database seeded before seed keys', () => {
  it('keys the rows that still read as seeded, and leaves renamed and created rows without', async () => {
    // The migrations up to 0037: the database as it was before this change.
    const { database, close } = await databaseBefore('0038_', 'seedkeys');
    try {
      const { pool } = database;
      await pool.query(
        `insert into document_types (name, business_type_ids) values
           ('State Cannabis License', '{1}'), ('GMP Certificate', '{1}'), ('Certificate of Insurance', '{1}'),
           ('State Cannabis License', '{2}')`,
      );
      await pool.query(
        `insert into rejection_reasons (reason_name, notification) values
           ('Illegible document', 'We could not read your document. Please upload a clear, complete scan.'),
           ('Expired document', 'Your document has expired.')`,
      );
      await runMigrations(database, migrationsFolder());

      const typeKeys = await pool.query<{ name: string; seed_key: string | null }>(
        'select name, seed_key from document_types order by id',
      );
      expect(typeKeys.rows).toEqual([
        { name: 'State Cannabis License', seed_key: 'stateCannabisLicense' },
        // Renamed by a super admin before the key existed: read as typed.
        { name: 'GMP Certificate', seed_key: null },
        { name: 'Certificate of Insurance', seed_key: 'certificateOfInsurance' },
        // A second row of a seeded name (a super admin's, since only one was seeded): no key.
        { name: 'State Cannabis License', seed_key: null },
      ]);
      const reasonKeys = await pool.query<{ reason_name: string; seed_key: string | null }>(
        'select reason_name, seed_key from rejection_reasons order by id',
      );
      expect(reasonKeys.rows).toEqual([
        { reason_name: 'Illegible document', seed_key: 'illegible' },
        // Its notification was changed: no longer the seeded words.
        { reason_name: 'Expired document', seed_key: null },
      ]);
    } finally {
      await close();
    }
  }, 60_000);
});
