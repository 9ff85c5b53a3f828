import { rm } from 'node:fs/promises';
import path from 'node:path';
import { addDays, todayIn } from '@trustleaf/domain/rules/document-status';
import { eq, inArray } from 'drizzle-orm';
import { DOCUMENT_CONVERTED_EVENT } from '@trustleaf/domain/schemas/document';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  companyDocuments,
  companySubscriptions,
  mailOutbox,
  rejectionReasons,
  users,
} from '../../db/schema.ts';
import { seedAdmin } from '../../db/seed.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import type { Db } from '../../db/client.ts';
import type { CompanyRole } from '../../lib/authz.ts';
import {
  bearer,
  createMember as createMemberWithoutPlan,
  login,
  subscribeCompany,
} from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makePdf } from '../../../test/pdf-fixture.ts';
import { createTestServices } from '../../../test/test-services.ts';

let t: TestApp;
let adminToken: string;
let licenceTypeId: number;
let genericTypeId: number;
let reasonId: number;

const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);
const ENCRYPTED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n2 0 obj << /Filter /Standard /V 2 /R 3 >> endobj\ntrailer << /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF\n',
);
const LICENCE_PDF = makePdf(['State of Colorado', 'Marijuana Enforcement Division', 'License 402-00123']);

beforeAll(async () => {
  t = await buildTestApp({
    documentsJobs: {
      // LibreOffice may be missing where tests run; a failing converter gives the FAILED path.
      convertOffice: () => Promise.reject(new Error('libreoffice not installed')),
    },
  });
  const admin = await seedAdmin(t.database.db, {
    email: 'root@example.test',
    password: 'Root-password-123!',
  });
  adminToken = (await login(t.app, admin.email, 'Root-password-123!')).accessToken;
  const types = (await post('/api/document/documentTypeListing', {}, adminToken)).json().detail
    .plDocumentTypes;
  licenceTypeId = types.find((x: { name: string }) => x.name === 'State Cannabis License').plDocumentTypeId;
  genericTypeId = types.find((x: { name: string }) => x.name === 'Business Registration').plDocumentTypeId;
  reasonId = (await post('/api/document/reasonListing', { reasonType: 'REJECT' }, adminToken)).json().detail
    .reasons[0].plReasonId;
});
afterAll(() => t.close());

/** A member of a new company whose plan grants the vault, or of the given company. */
async function createMember(db: Db, role: CompanyRole = 'Company Owner', companyId?: number) {
  const member = await createMemberWithoutPlan(db, role, companyId);
  if (companyId === undefined) await subscribeCompany(db, member.companyId, 'Basic', t.clock.now());
  return member;
}

function post(url: string, payload: object, token: string) {
  return t.app.inject({ method: 'POST', url, payload, headers: bearer(token) });
}
function get(url: string, token: string) {
  return t.app.inject({ method: 'GET', url, headers: bearer(token) });
}

/** Stores files as preupload does; a null company and mode leave them out, as spec 1 §7 calls it. */
async function preupload(
  token: string,
  companyId: number | null,
  mode: string | null,
  files: { name: string; content: Buffer }[],
) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
  const request = new Request('http://x', { method: 'POST', body: form });
  const query = new URLSearchParams({
    ...(mode === null ? {} : { mode }),
    ...(companyId === null ? {} : { plCompanyId: String(companyId) }),
  });
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/preupload?${query.toString()}`,
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** The licence block a licence type asks for on upload. */
const LICENCE_PLACE = {
  licenseNumber: '402-00123',
  licenseCountry: 'US',
  licenseState: 'CO',
  licenseAddress: '120 Orchard Road, Boulder',
};

/** A Word file with no text: LibreOffice is replaced by a failing converter here, so it ends FAILED. */
function emptyDocx(): Promise<Buffer> {
  return import('fflate').then(({ zipSync, strToU8 }) =>
    Buffer.from(
      zipSync({
        '[Content_Types].xml': strToU8(
          '<?xml version="1.0"?><Types><Override ContentType="application/vnd.openxmlformats-officedocument.wordprocessingml.document.main+xml"/></Types>',
        ),
        'word/document.xml': strToU8('<w:document/>'),
      }),
    ),
  );
}

async function uploadLicence(token: string, companyId: number, overrides: object = {}) {
  const stored = await preupload(token, companyId, 'document', [
    { name: 'licence.pdf', content: LICENCE_PDF },
  ]);
  expect(stored.statusCode).toBe(200);
  const response = await post(
    '/api/document/document',
    {
      plCompanyId: companyId,
      documentTypeId: licenceTypeId,
      uploadKey: stored.json().detail[0].key,
      expirationDate: addDays(todayIn(t.clock.now()), 200),
      ...LICENCE_PLACE,
      ...overrides,
    },
    token,
  );
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail as { documentId: number; version: number; conversionStatus: string };
}

/** A company with an owner, and a merchant processor assigned as its reviewer. */
async function companyWithReviewer() {
  const client = await createMember(t.database.db, 'Company Owner');
  const processor = await createMember(t.database.db, 'Company Owner');
  const clientToken = (await login(t.app, client.user.email)).accessToken;
  const processorToken = (await login(t.app, processor.user.email)).accessToken;
  const assigned = await post(
    '/api/document/reviewer',
    { plCompanyId: client.companyId, reviewerCompanyId: processor.companyId },
    clientToken,
  );
  expect(assigned.statusCode).toBe(200);
  return { client, processor, clientToken, processorToken };
}

const mailsTo = (email: string) => t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));

describe('document types', () => {
  it('are seeded per business type and edited by the super admin only', async () => {
    const { user } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const change = {
      plDocumentTypes: [
        {
          action: 'insert',
          name: 'Fire Safety Certificate',
          licenseCheck: false,
          certificationCheck: true,
          expirationCheck: false,
          dayPriorNotify: 14,
          plBusinessTypeIds: [1, 3],
        },
      ],
    };
    expect((await post('/api/document/upsertDocumentType', change, token)).statusCode).toBe(403);
    const saved = await post('/api/document/upsertDocumentType', change, adminToken);
    expect(saved.statusCode).toBe(200);
    const inserted = saved
      .json()
      .detail.plDocumentTypes.find((x: { name: string }) => x.name === 'Fire Safety Certificate');
    // Certification forces expiration on.
    expect(inserted).toMatchObject({
      certificationCheck: true,
      expirationCheck: true,
      plBusinessTypeIds: [1, 3],
    });
    const removed = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ action: 'delete', plDocumentTypeId: inserted.plDocumentTypeId }] },
      adminToken,
    );
    expect(removed.json().detail.plDocumentTypes.map((x: { name: string }) => x.name)).not.toContain(
      'Fire Safety Certificate',
    );
  });

  it('refuses a row without a business type or with days-prior notify of 0', async () => {
    const row = {
      action: 'insert',
      name: 'X',
      licenseCheck: false,
      certificationCheck: false,
      expirationCheck: true,
    };
    const noType = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ ...row, dayPriorNotify: 5, plBusinessTypeIds: [] }] },
      adminToken,
    );
    expect(noType.statusCode).toBe(400);
    const zero = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ ...row, dayPriorNotify: 0, plBusinessTypeIds: [1] }] },
      adminToken,
    );
    expect(zero.statusCode).toBe(400);
    expect(zero.json().messages.join(' ')).toContain('Must be greater than 0');
  });

  it('names a refused row by its change index, with the key the editor shows it by', async () => {
    const row = {
      action: 'insert',
      name: 'Y',
      licenseCheck: false,
      certificationCheck: false,
      expirationCheck: false,
      dayPriorNotify: null,
      plBusinessTypeIds: [1],
    };
    const tooLong = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [row, { ...row, name: 'x'.repeat(101) }] },
      adminToken,
    );
    expect(tooLong.statusCode).toBe(400);
    expect(tooLong.json().details.issues).toEqual([
      {
        field: 'plDocumentTypes.1.name',
        message: 'Maximum 100 characters',
        key: 'documents.messages.max100',
      },
    ]);
    const noDays = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [row, { ...row, licenseCheck: true }] },
      adminToken,
    );
    expect(noDays.statusCode).toBe(400);
    expect(noDays.json().details.issues).toEqual([
      {
        field: 'plDocumentTypes.1.dayPriorNotify',
        message: 'This field is required',
        key: 'documents.messages.fieldRequired',
      },
    ]);
  });

  it('takes a row without expiration that leaves days-prior notify out, and refuses one with expiration by its message', async () => {
    const { dayPriorNotify: _left, ...row } = {
      action: 'insert',
      name: 'No Expiry Permit',
      licenseCheck: false,
      certificationCheck: false,
      expirationCheck: false,
      dayPriorNotify: null,
      plBusinessTypeIds: [1],
    };
    const saved = await post('/api/document/upsertDocumentType', { plDocumentTypes: [row] }, adminToken);
    expect(saved.statusCode, saved.body).toBe(200);
    const added = saved
      .json()
      .detail.plDocumentTypes.find((x: { name: string }) => x.name === 'No Expiry Permit');
    expect(added).toMatchObject({ expirationCheck: false, dayPriorNotify: null });
    const withExpiry = await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ ...row, name: 'Expiring Permit', expirationCheck: true }] },
      adminToken,
    );
    expect(withExpiry.statusCode).toBe(400);
    expect(withExpiry.json().details.issues).toEqual([
      {
        field: 'plDocumentTypes.0.dayPriorNotify',
        message: 'This field is required',
        key: 'documents.messages.fieldRequired',
      },
    ]);
    await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ action: 'delete', plDocumentTypeId: added.plDocumentTypeId }] },
      adminToken,
    );
  });
});

describe('uploads and versions', () => {
  it('files one upload as one version, even when the same filing is sent four times at once', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const stored = await preupload(token, companyId, 'document', [
      { name: 'licence.pdf', content: LICENCE_PDF },
    ]);
    const filing = {
      plCompanyId: companyId,
      documentTypeId: licenceTypeId,
      uploadKey: stored.json().detail[0].key,
      expirationDate: addDays(todayIn(t.clock.now()), 200),
      ...LICENCE_PLACE,
    };
    const answers = await Promise.all([1, 2, 3, 4].map(() => post('/api/document/document', filing, token)));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().details.issues).toEqual([
      {
        field: '',
        message: 'This file is already filed: upload it again to add another version',
        key: 'documents.messages.uploadAlreadyFiled',
      },
    ]);
    // Filed again later, as another type: still refused; a new upload of the same file is a new version.
    const again = await post('/api/document/document', { ...filing, documentTypeId: genericTypeId }, token);
    expect(again.statusCode).toBe(409);
    const versions = await t.database.db
      .select({ version: companyDocuments.version })
      .from(companyDocuments)
      .where(eq(companyDocuments.companyId, companyId));
    expect(versions).toEqual([{ version: 1 }]);
    expect((await uploadLicence(token, companyId)).version).toBe(2);
  });

  it('checks uploads by content for documents', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const exe = await preupload(token, companyId, 'document', [{ name: 'licence.pdf', content: EXE }]);
    expect(exe.statusCode).toBe(400);
    expect(exe.json().messages[0]).toBe('File Type Is Not Supported');
    const encrypted = await preupload(token, companyId, 'document', [
      { name: 'l.pdf', content: ENCRYPTED_PDF },
    ]);
    expect(encrypted.json().messages[0]).toBe('Cannot upload a password protected document');
    // A file stored for another purpose cannot be attached as a document.
    const coa = await preupload(token, companyId, 'coa', [{ name: 'coa.pdf', content: LICENCE_PDF }]);
    const attach = await post(
      '/api/document/document',
      { plCompanyId: companyId, documentTypeId: genericTypeId, uploadKey: coa.json().detail[0].key },
      token,
    );
    expect(attach.statusCode).toBe(400);
  });

  it("files a version from the caller's own preupload sent with neither company nor mode (spec 1 §7 s3Preupload), not another user's", async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const stored = await preupload(token, null, null, [{ name: 'licence.pdf', content: LICENCE_PDF }]);
    expect(stored.statusCode, stored.body).toBe(200);
    const uploadKey = stored.json().detail[0].key;
    const body = {
      plCompanyId: companyId,
      documentTypeId: licenceTypeId,
      uploadKey,
      expirationDate: addDays(todayIn(t.clock.now()), 200),
      ...LICENCE_PLACE,
    };
    const other = await createMember(t.database.db);
    const otherToken = (await login(t.app, other.user.email)).accessToken;
    const stolen = await post(
      '/api/document/document',
      { ...body, plCompanyId: other.companyId },
      otherToken,
    );
    expect(stolen.statusCode).toBe(404);
    expect(stolen.json().messages).toEqual(['Cannot upload your document']);
    const filed = await post('/api/document/document', body, token);
    expect(filed.statusCode, filed.body).toBe(200);
    expect(filed.json().detail).toMatchObject({
      plCompanyId: companyId,
      version: 1,
      fileName: 'licence.pdf',
    });
  });

  it('numbers each upload as a new version, newest first, and converts PDFs at once', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const first = await uploadLicence(token, companyId);
    const second = await uploadLicence(token, companyId);
    expect([first.version, second.version]).toEqual([1, 2]);
    expect(second.conversionStatus).toBe('COMPLETED');
    const detail = await get(`/api/document/document?plDocumentId=${first.documentId}`, token);
    expect(detail.json().detail.versions.map((v: { version: number }) => v.version)).toEqual([2, 1]);
    const listing = await get(
      `/api/document/documents?plCompanyId=${companyId}&classification=LICENSE`,
      token,
    );
    const row = listing
      .json()
      .detail.documents.find(
        (d: { documentType: { documentTypeId: number } }) => d.documentType.documentTypeId === licenceTypeId,
      );
    expect(row).toMatchObject({ versionCount: 2, latest: { version: 2, reviewStatus: 'pending' } });
    // Requires the licence fields the type asks for.
    const stored = await preupload(token, companyId, 'document', [{ name: 'l.pdf', content: LICENCE_PDF }]);
    const missing = await post(
      '/api/document/document',
      { plCompanyId: companyId, documentTypeId: licenceTypeId, uploadKey: stored.json().detail[0].key },
      token,
    );
    expect(missing.json().messages[0]).toBe('Expiration Date is required');
  });

  it('filters the list by every document kind the spec names, in its spelling; no type is an attestation or a verification', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    await uploadLicence(token, companyId);
    const listed = async (classification: string) => {
      const response = await get(
        `/api/document/documents?plCompanyId=${companyId}&classification=${classification}`,
        token,
      );
      expect(response.statusCode, `${classification}: ${response.body}`).toBe(200);
      const rows: { documentType: { classification: string } }[] = response.json().detail.documents;
      return [...new Set(rows.map((row) => row.documentType.classification))];
    };
    expect(await listed('License')).toEqual(['LICENSE']);
    // This company's business type asks for no certificate: the kind is accepted and lists none other.
    expect(['CERTIFICATION']).toEqual(expect.arrayContaining(await listed('Certification')));
    expect(await listed('GENERIC')).toEqual(['GENERIC']);
    expect(await listed('Attestation')).toEqual([]);
    expect(await listed('Verification')).toEqual([]);
    const unknown = await get(
      `/api/document/documents?plCompanyId=${companyId}&classification=Notarial`,
      token,
    );
    expect(unknown.statusCode).toBe(400);
  });

  it("refuses an upload by the dialog's rule: each field the type asks for, and no expiry in the past", async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const stored = await preupload(token, companyId, 'document', [{ name: 'l.pdf', content: LICENCE_PDF }]);
    const upload = (values: object) =>
      post(
        '/api/document/document',
        {
          plCompanyId: companyId,
          documentTypeId: licenceTypeId,
          uploadKey: stored.json().detail[0].key,
          ...values,
        },
        token,
      );
    const missing = await upload({});
    expect(missing.statusCode).toBe(400);
    expect(missing.json().details.issues.map((issue: { field: string }) => issue.field)).toEqual([
      'expirationDate',
      'licenseNumber',
      'licenseCountry',
      'licenseState',
      'licenseAddress',
    ]);
    const past = await upload({
      ...LICENCE_PLACE,
      expirationDate: addDays(todayIn(t.clock.now()), -1),
      licenseState: '  ',
    });
    expect(past.statusCode).toBe(400);
    expect(past.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['Expiration Date cannot be earlier than today'],
      details: {
        issues: [
          {
            field: 'expirationDate',
            message: 'Expiration Date cannot be earlier than today',
            key: 'documents.messages.expirationPast',
          },
          {
            field: 'licenseState',
            message: 'State of License is required',
            key: 'documents.messages.stateRequired',
          },
        ],
      },
    });
    const today = await upload({ ...LICENCE_PLACE, expirationDate: todayIn(t.clock.now()) });
    expect(today.statusCode, today.body).toBe(200);
  });

  it('numbers 10 concurrent new versions of one document 1 to 10, without a 500', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const stored = await preupload(
      token,
      companyId,
      'document',
      Array.from({ length: 10 }, (_, i) => ({ name: `licence-${i}.pdf`, content: LICENCE_PDF })),
    );
    expect(stored.statusCode, stored.body).toBe(200);
    const responses = await Promise.all(
      stored.json().detail.map((file: { key: string }) =>
        post(
          '/api/document/document',
          {
            plCompanyId: companyId,
            documentTypeId: licenceTypeId,
            uploadKey: file.key,
            expirationDate: addDays(todayIn(t.clock.now()), 200),
            ...LICENCE_PLACE,
          },
          token,
        ),
      ),
    );
    expect(responses.map((r) => r.statusCode)).toEqual(Array(10).fill(200));
    const versions = responses.map((r) => r.json().detail.version as number).sort((a, b) => a - b);
    expect(versions).toEqual([1, 2, 3, 4, 5, 6, 7, 8, 9, 10]);
  });

  it('serves the file through a short-lived signed link only', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const { documentId } = await uploadLicence(token, companyId);
    const link = (await post('/api/document/getDownloadLink', { documentId, variant: 'view' }, token)).json()
      .detail;
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('application/pdf');
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const tampered = await t.app.inject({
      method: 'GET',
      url: link.url.replace(/documentId=\d+/, `documentId=${documentId + 1}`),
    });
    expect(tampered.statusCode).toBe(403);
    t.clock.advance(6 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: link.url })).statusCode).toBe(403);
  });

  it('names the original file in documentResource.url (spec 3 §3), through the same signed link', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const { documentId } = await uploadLicence(token, companyId);
    const detail = await post(
      '/api/document/getDocumentTypeDetail',
      { plCompanyId: companyId, documentTypeId: licenceTypeId },
      token,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    const [version] = detail.json().detail.documents;
    expect(version.documentResource.resourceId).toBe(documentId);
    expect(version.documentResource.url).toMatch(/^\/api\/document\/file\?/);
    const file = await t.app.inject({ method: 'GET', url: version.documentResource.url });
    expect(file.statusCode, file.body).toBe(200);
    expect(file.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const single = await t.app.inject({
      method: 'GET',
      url: `/api/document/document?plDocumentId=${documentId}`,
      headers: { authorization: `Bearer ${token}` },
    });
    expect(single.json().detail.document.documentResource.url).toMatch(/variant=original/);
    // The link lapses as getDownloadLink's does: it is not a standing address of the file.
    t.clock.advance(6 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url: version.documentResource.url })).statusCode).toBe(403);
  });

  it('answers a signed link whose file is gone with a plain 404', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const { documentId } = await uploadLicence(token, companyId);
    const link = (
      await post('/api/document/getDownloadLink', { documentId, variant: 'original' }, token)
    ).json().detail;
    const [row] = await t.database.db
      .select()
      .from(companyDocuments)
      .where(eq(companyDocuments.id, documentId));
    await rm(path.join(t.env.DATA_DIR, 'uploads', row!.fileKey));
    const file = await t.app.inject({ method: 'GET', url: link.url });
    expect(file.statusCode).toBe(404);
    expect(file.headers['content-type']).toMatch(/^application\/json/);
    expect(file.headers['content-disposition']).toBeUndefined();
    expect(file.json()).toMatchObject({ code: 'NOT_FOUND', messages: ['File not found'] });
  });

  it('marks an office file FAILED when it cannot be converted, with the spec message', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const docx = await emptyDocx();
    const stored = await preupload(token, companyId, 'document', [
      { name: 'registration.docx', content: docx },
    ]);
    expect(stored.statusCode, stored.body).toBe(200);
    const uploaded = await post(
      '/api/document/document',
      { plCompanyId: companyId, documentTypeId: genericTypeId, uploadKey: stored.json().detail[0].key },
      token,
    );
    expect(uploaded.json().detail.conversionStatus).toBe('FAILED');
    const view = await post(
      '/api/document/getDownloadLink',
      { documentId: uploaded.json().detail.documentId, variant: 'view' },
      token,
    );
    expect(view.json().messages[0]).toBe('Document was FAILED to process');
  });

  it("tells the company's open pages when a version's conversion ends, whether it succeeded or failed", async () => {
    const { user, companyId } = await createMember(t.database.db);
    const other = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const otherToken = (await login(t.app, other.user.email)).accessToken;
    const sent = vi.spyOn(t.app.live, 'toCompany');
    try {
      const pdf = await uploadLicence(token, companyId);
      await uploadLicence(otherToken, other.companyId);
      const stored = await preupload(token, companyId, 'document', [
        { name: 'registration.docx', content: await emptyDocx() },
      ]);
      const docx = await post(
        '/api/document/document',
        { plCompanyId: companyId, documentTypeId: genericTypeId, uploadKey: stored.json().detail[0].key },
        token,
      );
      expect(docx.statusCode, docx.body).toBe(200);
      const converted = sent.mock.calls.filter(
        ([toCompany, event]) => toCompany === companyId && event === DOCUMENT_CONVERTED_EVENT,
      );
      expect(converted.map(([, , payload]) => payload)).toEqual([
        {
          plCompanyId: companyId,
          documentTypeId: licenceTypeId,
          documentId: pdf.documentId,
          conversionStatus: 'COMPLETED',
        },
        {
          plCompanyId: companyId,
          documentTypeId: genericTypeId,
          documentId: docx.json().detail.documentId,
          conversionStatus: 'FAILED',
        },
      ]);
      // The other company's version is told to its own room only.
      const toOther = sent.mock.calls.filter(([, event]) => event === DOCUMENT_CONVERTED_EVENT);
      expect(toOther.map(([toCompany]) => toCompany)).toEqual([companyId, other.companyId, companyId]);
    } finally {
      sent.mockRestore();
    }
  });
});

describe('deleting versions', () => {
  it('lets owners and admins delete a version, not plain users; the previous one becomes the latest', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const plain = await createMember(t.database.db, 'User', owner.companyId);
    const ownerToken = (await login(t.app, owner.user.email)).accessToken;
    const plainToken = (await login(t.app, plain.user.email)).accessToken;
    await uploadLicence(ownerToken, owner.companyId);
    const second = await uploadLicence(ownerToken, owner.companyId);
    const body = { plCompanyId: owner.companyId, documentIds: [second.documentId] };
    expect((await post('/api/document/deleteDocuments', body, plainToken)).statusCode).toBe(403);
    expect((await post('/api/document/deleteDocuments', body, ownerToken)).json().detail).toEqual({
      deleted: 1,
    });
    expect(
      (await get(`/api/document/document?plDocumentId=${second.documentId}`, ownerToken)).statusCode,
    ).toBe(404);
    const listing = await get(`/api/document/documents?plCompanyId=${owner.companyId}`, ownerToken);
    const row = listing
      .json()
      .detail.documents.find(
        (d: { documentType: { documentTypeId: number } }) => d.documentType.documentTypeId === licenceTypeId,
      );
    expect(row).toMatchObject({ versionCount: 1, latest: { version: 1 } });
  });
});

describe('review', () => {
  it('refuses a non-super-admin reviewer sending stateOfLicense, and accepts the allowed fields', async () => {
    const { client, clientToken, processorToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const base = {
      documentId,
      reviewStatus: 'accepted',
      licenseNumber: '402-00123',
      validationMethod: 'STATE_VERIFIED',
    };
    const refused = await post(
      '/api/document/updateDocumentReviewStatus',
      { ...base, stateOfLicense: 'CA' },
      processorToken,
    );
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages[0]).toBe('You may not change stateOfLicense');
    const unknown = await post(
      '/api/document/updateDocumentReviewStatus',
      { ...base, licenseState: 'CA' },
      processorToken,
    );
    expect(unknown.statusCode).toBe(400);
    const accepted = await post(
      '/api/document/updateDocumentReviewStatus',
      { ...base, rtqRequired: true },
      processorToken,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().detail).toMatchObject({
      reviewStatus: 'accepted',
      licenseState: 'CO',
      rtqRequired: true,
    });
  });

  it("takes spec 3 §3's review statuses GOOD and BAD in any case, and names the statuses it reads for another", async () => {
    const { client, clientToken, processorToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const review = (reviewStatus: string) =>
      post(
        '/api/document/updateDocumentReviewStatus',
        { documentId, reviewStatus, licenseNumber: '402-00123', validationMethod: 'STATE_VERIFIED' },
        processorToken,
      );
    const bad = await review('Bad');
    // Read as a rejection: one needs its reason.
    expect(bad.statusCode).toBe(400);
    expect(bad.json().messages[0]).toContain('Reject Reason is required');
    const unknown = await review('IN_REVIEW');
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.issues).toEqual([
      {
        field: 'reviewStatus',
        message: 'Use one of: accepted, rejected',
        key: 'refusals.oneOf',
        params: { values: 'accepted, rejected' },
      },
    ]);
    const good = await review('good');
    expect(good.statusCode, good.body).toBe(200);
    expect(good.json().detail).toMatchObject({ reviewStatus: 'accepted' });
  });

  it('takes review values as spec 3 spells them: ACCEPTED, "state verified", rtqRequired Yes', async () => {
    const { client, clientToken, processorToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const accepted = await post(
      '/api/document/updateDocumentReviewStatus',
      {
        documentId,
        reviewStatus: 'ACCEPTED',
        licenseNumber: '402-00123',
        validationMethod: 'state verified',
        rtqRequired: 'Yes',
      },
      processorToken,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().detail).toMatchObject({
      reviewStatus: 'accepted',
      validationMethod: 'STATE_VERIFIED',
      rtqRequired: true,
    });
    const licences = await get(
      `/api/document/documents?plCompanyId=${client.companyId}&classification=License`,
      clientToken,
    );
    expect(licences.statusCode, licences.body).toBe(200);
    // Change rows: spec 3 writes the action INSERT, spec 2 insert; each list takes both.
    const reason = await post(
      '/api/document/upsertReason',
      {
        plReasons: [{ action: 'insert', reasonName: 'Blurred scan', notification: 'Upload a sharper scan.' }],
      },
      adminToken,
    );
    expect(reason.statusCode, reason.body).toBe(200);
    // Saving with no change answers the list as it is.
    const unchanged = await post('/api/document/upsertReason', { plReasons: [] }, adminToken);
    expect(unchanged.statusCode, unchanged.body).toBe(200);
    expect(unchanged.json().detail).toEqual(reason.json().detail);
    const type = await post(
      '/api/document/upsertDocumentType',
      {
        plDocumentTypes: [
          {
            action: 'INSERT',
            name: 'Spelling Check Certificate',
            licenseCheck: false,
            certificationCheck: false,
            expirationCheck: false,
            dayPriorNotify: null,
            plBusinessTypeIds: [1],
          },
        ],
      },
      adminToken,
    );
    expect(type.statusCode, type.body).toBe(200);
    const added = type
      .json()
      .detail.plDocumentTypes.find((x: { name: string }) => x.name === 'Spelling Check Certificate');
    await post(
      '/api/document/upsertDocumentType',
      { plDocumentTypes: [{ action: 'Delete', plDocumentTypeId: added.plDocumentTypeId }] },
      adminToken,
    );
  });

  it('reads a document type detail given a null address and business type, and refuses an unknown company', async () => {
    const { client, clientToken, processorToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const detail = await post(
      '/api/document/getDocumentTypeDetail',
      {
        plCompanyId: client.companyId,
        documentTypeId: licenceTypeId,
        addressOfLicense: null,
        businessTypeId: null,
      },
      processorToken,
    );
    expect(detail.statusCode, detail.body).toBe(200);
    expect(detail.json().detail.documents.map((d: { documentId: number }) => d.documentId)).toEqual([
      documentId,
    ]);
    const unknown = await post(
      '/api/document/getDocumentTypeDetail',
      { plCompanyId: 2_000_000_000, documentTypeId: licenceTypeId },
      adminToken,
    );
    expect(unknown.statusCode, unknown.body).toBe(404);
    expect(unknown.json().code).toBe('NOT_FOUND');
  });

  it('lets the super admin change the licence location', async () => {
    const { client, clientToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const response = await post(
      '/api/document/updateDocumentReviewStatus',
      {
        documentId,
        reviewStatus: 'accepted',
        licenseNumber: '402-00123',
        validationMethod: 'THIRD_PARTY',
        stateOfLicense: 'CA',
        countryOfLicense: 'US',
        addressOfLicense: '1 Market St',
        businessTypeId: 3,
      },
      adminToken,
    );
    expect(response.statusCode, response.body).toBe(200);
    expect(response.json().detail).toMatchObject({
      licenseState: 'CA',
      licenseAddress: '1 Market St',
      businessTypeId: 3,
    });
  });

  it('refuses the super admin a type of company the platform does not have, and changes nothing', async () => {
    const { client, clientToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const review = {
      documentId,
      reviewStatus: 'accepted',
      licenseNumber: '402-00123',
      validationMethod: 'THIRD_PARTY',
      businessTypeId: 999_999,
    };
    const refused = await post('/api/document/updateDocumentReviewStatus', review, adminToken);
    expect(refused.statusCode, refused.body).toBe(400);
    expect(refused.json().details.issues).toEqual([
      { field: 'businessTypeId', message: 'Unknown business type', key: 'refusals.unknownBusinessType' },
    ]);
    const [stored] = await t.database.db
      .select({ reviewStatus: companyDocuments.reviewStatus })
      .from(companyDocuments)
      .where(eq(companyDocuments.id, documentId));
    expect(stored).toEqual({ reviewStatus: 'pending' });
  });

  it("refuses a review's empty fields with the review form's messages (spec 3 §5) and reads its Accept/Reject and '3rd Party'", async () => {
    const { client, clientToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const full = {
      documentId,
      reviewStatus: 'accepted',
      licenseNumber: '402-00123',
      validationMethod: 'STATE_VERIFIED',
      countryOfLicense: 'US',
      stateOfLicense: 'CA',
      addressOfLicense: '1 Market St',
    };
    const refusals: [Record<string, unknown>, string, string][] = [
      [{ reviewStatus: '' }, 'reviewStatus', 'Review Status is required'],
      [{ licenseNumber: '' }, 'licenseNumber', 'License Number is required'],
      [{ validationMethod: '' }, 'validationMethod', 'Validation Method is required'],
      [{ countryOfLicense: '' }, 'countryOfLicense', 'Country of License is required'],
      [{ stateOfLicense: ' ' }, 'stateOfLicense', 'State of License is required'],
      [{ addressOfLicense: '' }, 'addressOfLicense', 'Address of License is required'],
    ];
    for (const [change, field, message] of refusals) {
      const response = await post(
        '/api/document/updateDocumentReviewStatus',
        { ...full, ...change },
        adminToken,
      );
      expect(response.statusCode, JSON.stringify(change)).toBe(400);
      const issue = response.json().details.issues[0];
      expect(issue, JSON.stringify(change)).toMatchObject({ field, message });
    }
    const accepted = await post(
      '/api/document/updateDocumentReviewStatus',
      { ...full, reviewStatus: 'Accept', validationMethod: '3rd Party' },
      adminToken,
    );
    expect(accepted.statusCode, accepted.body).toBe(200);
    expect(accepted.json().detail).toMatchObject({
      reviewStatus: 'accepted',
      validationMethod: 'THIRD_PARTY',
      licenseCountry: 'US',
    });
  });

  it('does not let a company review its own documents', async () => {
    const { client, clientToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const response = await post(
      '/api/document/updateDocumentReviewStatus',
      { documentId, reviewStatus: 'accepted', validationMethod: 'STATE_VERIFIED' },
      clientToken,
    );
    expect(response.statusCode).toBe(403);
  });

  it('rejects with a reason and emails the owners and admins the notification text', async () => {
    const { client, clientToken, processorToken } = await companyWithReviewer();
    const admin = await createMember(t.database.db, 'Company Admin', client.companyId);
    const plain = await createMember(t.database.db, 'User', client.companyId);
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const noReason = await post(
      '/api/document/updateDocumentReviewStatus',
      { documentId, reviewStatus: 'rejected', validationMethod: 'STATE_VERIFIED' },
      processorToken,
    );
    expect(noReason.json().messages[0]).toBe('Reject Reason is required');
    // The client's owner reads the app in German; its admin in English.
    await t.database.db.update(users).set({ language: 'de' }).where(eq(users.id, client.user.id));
    const rejected = await post(
      '/api/document/updateDocumentReviewStatus',
      {
        documentId,
        reviewStatus: 'rejected',
        rejectReasonId: reasonId,
        validationMethod: 'STATE_VERIFIED',
        reviewComment: 'Blurry',
      },
      processorToken,
    );
    expect(rejected.statusCode, rejected.body).toBe(200);
    const reason = (await post('/api/document/reasonListing', {}, adminToken)).json().detail.reasons[0];
    expect(reason.reasonName).toBe('Illegible document');
    for (const email of [client.user.email, admin.user.email]) {
      const [mail] = await mailsTo(email);
      expect(mail?.text).toContain('Blurry');
    }
    // The seeded type and reason read in each recipient's language; the reviewer's comment as written.
    const [german] = await mailsTo(client.user.email);
    expect(german!.subject).toBe('Ihr Dokument „Cannabislizenz des Bundesstaats“ wurde abgelehnt');
    expect(german!.text).toContain(
      'Wir konnten Ihr Dokument nicht lesen. Bitte laden Sie einen klaren, vollständigen Scan hoch.',
    );
    expect(german!.text).not.toContain(reason.notification);
    expect(german!.text).toContain('Kommentar des Prüfers: Blurry');
    expect(german!.text).toMatch(/Laden Sie eine neue Version hoch: https?:\/\/\S+\/documents(\s|$)/);
    const [english] = await mailsTo(admin.user.email);
    expect(english!.subject).toBe('Your State Cannabis License was rejected');
    expect(english!.text).toContain(reason.notification);
    expect(english!.text).toContain("Reviewer's comment: Blurry");
    expect(await mailsTo(plain.user.email)).toHaveLength(0);
    // A new version is the one to review; the old rejected one can only stay rejected.
    const next = await uploadLicence(clientToken, client.companyId);
    const oldAccept = await post(
      '/api/document/updateDocumentReviewStatus',
      { documentId, reviewStatus: 'accepted', validationMethod: 'STATE_VERIFIED' },
      processorToken,
    );
    expect(oldAccept.statusCode).toBe(400);
    const accepted = await post(
      '/api/document/updateDocumentReviewStatus',
      { documentId: next.documentId, reviewStatus: 'accepted', validationMethod: 'STATE_VERIFIED' },
      processorToken,
    );
    expect(accepted.json().detail.reviewStatus).toBe('accepted');
    // Both reviews are in the reviewed company's log, by the reviewer, with the document and outcome.
    const log = await post(
      '/api/user/activity',
      { scope: 'company', plCompanyId: client.companyId },
      clientToken,
    );
    const reviews = (log.json().detail.items as { action: string; detail: Record<string, unknown> }[])
      .filter((item) => item.action === 'DOCUMENT_REVIEWED')
      .map((item) => [item.detail.name, item.detail.reviewStatus]);
    expect(reviews).toEqual([
      [expect.stringMatching(/ v2$/), 'accepted'],
      [expect.stringMatching(/ v1$/), 'rejected'],
    ]);
  });
});

describe('rejection reasons', () => {
  const save = (plReasons: object[]) => post('/api/document/upsertReason', { plReasons }, adminToken);
  const named = async (name: string) =>
    (await post('/api/document/reasonListing', {}, adminToken))
      .json()
      .detail.reasons.filter(
        (r: { reasonName: string }) => r.reasonName.toLowerCase() === name.toLowerCase(),
      );

  it('keeps reason names unique: one insert sent four times at once adds one reason', async () => {
    const insert = { action: 'INSERT', reasonName: 'Cropped page', notification: 'Upload every page.' };
    const answers = await Promise.all([1, 2, 3, 4].map(() => save([insert])));
    expect(answers.map((answer) => answer.statusCode).sort()).toEqual([200, 409, 409, 409]);
    expect(answers.find((answer) => answer.statusCode === 409)!.json().details.issues).toEqual([
      {
        field: '',
        message: 'A rejection reason named Cropped page already exists',
        key: 'documents.messages.reasonNameExists',
        params: { name: 'Cropped page' },
      },
    ]);
    expect(await named('Cropped page')).toHaveLength(1);
  });

  it('refuses a name in another case or twice in one save, and lets a renamed or deleted reason free its name', async () => {
    await save([{ action: 'INSERT', reasonName: 'Wrong holder', notification: 'Upload your own licence.' }]);
    const [held] = await named('Wrong holder');
    const other = { action: 'INSERT', reasonName: 'WRONG HOLDER ', notification: 'x' };
    expect((await save([other])).statusCode).toBe(409);
    const twice = { action: 'INSERT', reasonName: 'Torn page', notification: 'x' };
    expect((await save([twice, twice])).statusCode).toBe(409);
    expect(await named('Torn page')).toEqual([]);
    const kept = {
      action: 'UPDATE',
      plReasonId: held.plReasonId,
      reasonName: 'Wrong holder',
      notification: 'New text.',
    };
    expect((await save([kept])).statusCode).toBe(200);
    const renamed = { ...kept, reasonName: 'Another holder' };
    expect((await save([renamed, other])).statusCode).toBe(200);
    expect((await named('Wrong holder')).map((r: { reasonName: string }) => r.reasonName)).toEqual([
      'WRONG HOLDER',
    ]);
  });
});

describe('rejection reasons stored twice under one name (before names were unique)', () => {
  const save = (plReasons: object[]) => post('/api/document/upsertReason', { plReasons }, adminToken);

  it('saves each under the name it has, and still refuses that name to a new or renamed reason', async () => {
    const [first, second] = await t.database.db
      .insert(rejectionReasons)
      .values([
        { reasonName: 'Faded stamp', notification: 'Old text.' },
        { reasonName: 'faded stamp', notification: 'Old text too.' },
      ])
      .returning();
    const update = (id: number, reasonName: string, notification: string) => ({
      action: 'UPDATE',
      plReasonId: id,
      reasonName,
      notification,
    });
    const one = await save([update(first!.id, 'Faded stamp', 'New text.')]);
    expect(one.statusCode, one.body).toBe(200);
    const both = await save([
      update(first!.id, 'Faded Stamp', 'Newer text.'),
      update(second!.id, 'faded stamp', 'New text too.'),
    ]);
    expect(both.statusCode, both.body).toBe(200);
    const rows = await t.database.db
      .select()
      .from(rejectionReasons)
      .where(inArray(rejectionReasons.id, [first!.id, second!.id]))
      .orderBy(rejectionReasons.id);
    expect(rows.map((row) => [row.reasonName, row.notification])).toEqual([
      ['Faded Stamp', 'Newer text.'],
      ['faded stamp', 'New text too.'],
    ]);
    const inserted = { action: 'INSERT', reasonName: 'FADED STAMP', notification: 'x' };
    expect((await save([inserted])).statusCode).toBe(409);
    expect((await save([inserted, update(first!.id, 'Faded Stamp', 'x')])).statusCode).toBe(409);
    const [other] = await t.database.db
      .insert(rejectionReasons)
      .values({ reasonName: 'Smudged seal', notification: 'x' })
      .returning();
    expect((await save([update(other!.id, 'Faded stamp', 'x')])).statusCode).toBe(409);
  });
});

describe('company scope on every document endpoint', () => {
  it("refuses company B reading, downloading, reviewing or changing company A's documents", async () => {
    const a = await createMember(t.database.db);
    const b = await createMember(t.database.db);
    const aToken = (await login(t.app, a.user.email)).accessToken;
    const bToken = (await login(t.app, b.user.email)).accessToken;
    const { documentId } = await uploadLicence(aToken, a.companyId);
    const bKey = (
      await preupload(bToken, b.companyId, 'document', [{ name: 'x.pdf', content: LICENCE_PDF }])
    ).json().detail[0].key;
    const attempts = [
      get(`/api/document/documents?plCompanyId=${a.companyId}`, bToken),
      get(`/api/document/document?plDocumentId=${documentId}`, bToken),
      post(
        '/api/document/getDocumentTypeDetail',
        { plCompanyId: a.companyId, documentTypeId: licenceTypeId },
        bToken,
      ),
      post('/api/document/getDownloadLink', { documentId, variant: 'original' }, bToken),
      get(`/api/document/notes?plDocumentId=${documentId}`, bToken),
      post('/api/document/notes', { plDocumentId: documentId, note: 'peek' }, bToken),
      post('/api/document/deleteDocuments', { plCompanyId: a.companyId, documentIds: [documentId] }, bToken),
      post('/api/document/deleteDocuments', { plCompanyId: b.companyId, documentIds: [documentId] }, bToken),
      post(
        '/api/document/updateDocumentReviewStatus',
        { documentId, reviewStatus: 'rejected', rejectReasonId: reasonId },
        bToken,
      ),
      post(
        '/api/document/document',
        { plCompanyId: a.companyId, documentTypeId: genericTypeId, uploadKey: bKey },
        bToken,
      ),
      post('/api/document/reviewer', { plCompanyId: a.companyId, reviewerCompanyId: b.companyId }, bToken),
      post('/api/coa/uploadCoas', { plCompanyId: a.companyId, uploadKeys: [bKey] }, bToken),
    ];
    for (const response of await Promise.all(attempts)) {
      expect([403, 404], `${response.statusCode} ${response.body}`).toContain(response.statusCode);
      expect(response.body).not.toContain('402-00123');
    }
    const own = await get(`/api/document/document?plDocumentId=${documentId}`, aToken);
    expect(own.json().detail.document.reviewStatus).toBe('pending');
  });
});

describe('reviewer companies', () => {
  it('lists the assigned reviewers by name for owners and admins, and stops listing a removed one', async () => {
    const { client, processor, clientToken } = await companyWithReviewer();
    const listing = () => get(`/api/document/reviewers?plCompanyId=${client.companyId}`, clientToken);
    const found = await listing();
    expect(found.statusCode, found.body).toBe(200);
    expect(found.json().detail.reviewers).toEqual([
      { plCompanyId: processor.companyId, companyName: expect.any(String) },
    ]);
    const admin = await createMember(t.database.db, 'Company Admin', client.companyId);
    const adminListing = await get(
      `/api/document/reviewers?plCompanyId=${client.companyId}`,
      (await login(t.app, admin.user.email)).accessToken,
    );
    expect(adminListing.json().detail.reviewers).toHaveLength(1);
    const removed = await post(
      '/api/document/reviewer',
      { plCompanyId: client.companyId, reviewerCompanyId: processor.companyId, remove: true },
      clientToken,
    );
    expect(removed.statusCode).toBe(200);
    expect((await listing()).json().detail.reviewers).toEqual([]);
  });

  it('refuses the listing to a plain User, the reviewer itself and another company (403/404)', async () => {
    const { client, processorToken } = await companyWithReviewer();
    const user = await createMember(t.database.db, 'User', client.companyId);
    const url = `/api/document/reviewers?plCompanyId=${client.companyId}`;
    expect((await get(url, (await login(t.app, user.user.email)).accessToken)).statusCode).toBe(403);
    const outsider = await get(url, processorToken);
    expect([403, 404]).toContain(outsider.statusCode);
    expect(outsider.body).not.toContain('reviewers');
  });

  it('refuses assigning the company to itself', async () => {
    const { client, clientToken } = await companyWithReviewer();
    const self = await post(
      '/api/document/reviewer',
      { plCompanyId: client.companyId, reviewerCompanyId: client.companyId },
      clientToken,
    );
    expect(self.statusCode).toBe(400);
    expect(self.json().messages).toEqual(['A company cannot review its own documents']);
  });
});

describe('expiry reminders', () => {
  it('sends exactly one email per threshold, however often the job runs', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const token = (await login(t.app, owner.user.email)).accessToken;
    const today = todayIn(t.clock.now());
    // The licence type notifies 30 days prior.
    await uploadLicence(token, owner.companyId, { expirationDate: addDays(today, 20) });
    const definitions = createTestServices({
      env: t.env,
      database: t.database,
      jobs: t.jobs,
      clock: t.clock,
      storage: createLocalStorage(path.join(t.env.DATA_DIR, 'uploads')),
    }).jobs;
    const runJob = () => definitions.documents.expiryReminders.handler({});
    await runJob();
    await runJob();
    let mails = await mailsTo(owner.user.email);
    expect(mails.map((m) => m.subject)).toEqual(['State Cannabis License expires soon']);
    t.clock.advance(20 * 864e5);
    await runJob();
    await runJob();
    mails = await mailsTo(owner.user.email);
    expect(mails.map((m) => m.subject).sort()).toEqual([
      'State Cannabis License expires soon',
      'State Cannabis License has expired',
    ]);
  });

  it("is written in each owner's language, the day as that language writes it, with the link to the documents", async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    await t.database.db.update(users).set({ language: 'fr' }).where(eq(users.id, owner.user.id));
    const token = (await login(t.app, owner.user.email)).accessToken;
    const expires = addDays(todayIn(t.clock.now()), 20);
    await uploadLicence(token, owner.companyId, { expirationDate: expires });
    const definitions = createTestServices({
      env: t.env,
      database: t.database,
      jobs: t.jobs,
      clock: t.clock,
      storage: createLocalStorage(path.join(t.env.DATA_DIR, 'uploads')),
    }).jobs;
    await definitions.documents.expiryReminders.handler({});
    const [mail] = await mailsTo(owner.user.email);
    expect(mail!.subject).toBe('Licence cannabis de l’État : expire bientôt');
    const day = new Intl.DateTimeFormat('fr-FR', { dateStyle: 'long', timeZone: 'UTC' }).format(
      new Date(`${expires}T00:00:00Z`),
    );
    expect(mail!.text).toContain(`Votre document « Licence cannabis de l’État » expire le ${day}.`);
    expect(mail!.text).not.toContain(expires);
    expect(mail!.text).toMatch(/Vos documents : https?:\/\/\S+\/documents(\s|$)/);
  });
});

describe('COA batch', () => {
  it('processes the files one by one, flags Delta-9 THC and reports a corrupt file while the others complete', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const token = (await login(t.app, user.email)).accessToken;
    const events: { status: string; processed: number; total: number }[] = [];
    const spy = vi.spyOn(t.app.live, 'toCompany').mockImplementation((id, _event, payload) => {
      if (id === companyId) events.push(payload as never);
    });
    const corrupt = Buffer.concat([Buffer.from('%PDF-1.7\n'), Buffer.alloc(400, 0x41)]);
    const stored = await preupload(token, companyId, 'coa', [
      {
        name: 'gummies.pdf',
        content: makePdf([
          'Cannabinoid LOD LOQ Result',
          'Delta-9 THC 0.01 0.03 0.412 %',
          'CBD 0.01 0.03 1.2 %',
        ]),
      },
      { name: 'broken.pdf', content: corrupt },
      { name: 'tincture.pdf', content: makePdf(['CBDA 0.01 0.03 12.41 %', 'Delta-9 THC 0.01 0.03 0.21 %']) },
    ]);
    expect(stored.statusCode, stored.body).toBe(200);
    const response = await post(
      '/api/coa/uploadCoas',
      { plCompanyId: companyId, uploadKeys: stored.json().detail.map((f: { key: string }) => f.key) },
      token,
    );
    spy.mockRestore();
    expect(response.statusCode, response.body).toBe(200);
    const job = (
      await get(`/api/coa/uploadJob?plUserUploadCoaId=${response.json().detail.plUserUploadCoaId}`, token)
    ).json().detail;
    expect(job).toMatchObject({ status: 'COMPLETED', processed: 3, total: 3 });
    expect(job.items.map((i: { status: string }) => i.status)).toEqual(['SUCCESS', 'FAILED', 'SUCCESS']);
    expect(job.items[0].violations).toEqual(['Delta-9 THC violative: 0.412% exceeds 0.3%']);
    expect(job.items[0].cannabinoids).toMatchObject({ delta9Thc: 0.412, cbd: 1.2 });
    expect(job.items[1].message).toBe('Cannot upload your file');
    expect(job.items[1].messageKey).toBe('refusals.cannotUploadFile');
    expect(job.items[2].violations).toEqual([]);
    expect(events.map((e) => `${e.processed}/${e.total} ${e.status}`)).toEqual([
      '0/3 PROCESSING',
      '1/3 PROCESSING',
      '2/3 PROCESSING',
      '3/3 PROCESSING',
      '3/3 COMPLETED',
    ]);
  });
});

describe('COA validation rule (system setting)', () => {
  it('checks COAs against the Delta-9 THC limit and the maximum age a super admin set', async () => {
    const rule = await post(
      '/api/system/updateSystemSetting',
      { key: 'coa_validation_rule', value: { delta9ThcLimitPercent: 0.2, maxCoaAgeDays: 30 } },
      adminToken,
    );
    expect(rule.statusCode, rule.body).toBe(200);
    try {
      const { user, companyId } = await createMember(t.database.db);
      const token = (await login(t.app, user.email)).accessToken;
      const tested = addDays(todayIn(t.clock.now()), -45);
      const stored = await preupload(token, companyId, 'coa', [
        {
          name: 'old.pdf',
          content: makePdf([`Date Tested: ${tested}`, 'Delta-9 THC 0.01 0.03 0.25 %']),
        },
      ]);
      expect(stored.statusCode, stored.body).toBe(200);
      const response = await post(
        '/api/coa/uploadCoas',
        { plCompanyId: companyId, uploadKeys: stored.json().detail.map((f: { key: string }) => f.key) },
        token,
      );
      expect(response.statusCode, response.body).toBe(200);
      const job = (
        await get(`/api/coa/uploadJob?plUserUploadCoaId=${response.json().detail.plUserUploadCoaId}`, token)
      ).json().detail;
      expect(job.items[0].violations).toEqual([
        'Delta-9 THC violative: 0.25% exceeds 0.2%',
        `COA is older than 30 days: tested ${tested}`,
      ]);
    } finally {
      await post(
        '/api/system/updateSystemSetting',
        { key: 'coa_validation_rule', value: { delta9ThcLimitPercent: 0.3, maxCoaAgeDays: 365 } },
        adminToken,
      );
    }
  });
});

describe('plan gating (q_vault)', () => {
  it('answers 402 PLAN_LIMIT_REACHED to every documents operation of a company without a subscription', async () => {
    const owner = await createMember(t.database.db, 'Company Owner');
    const token = (await login(t.app, owner.user.email)).accessToken;
    const { documentId } = await uploadLicence(token, owner.companyId);
    const coaFile = await preupload(token, owner.companyId, 'coa', [{ name: 'c.pdf', content: LICENCE_PDF }]);
    const coaJob = await post(
      '/api/coa/uploadCoas',
      { plCompanyId: owner.companyId, uploadKeys: [coaFile.json().detail[0].key] },
      token,
    );
    expect(coaJob.statusCode, coaJob.body).toBe(200);
    const newFile = await preupload(token, owner.companyId, 'document', [
      { name: 'l.pdf', content: LICENCE_PDF },
    ]);
    const reviewer = await createMember(t.database.db, 'Company Owner');
    // The subscription ends: the plan no longer grants the vault.
    await t.database.db
      .update(companySubscriptions)
      .set({ status: 'EXPIRED', endedAt: t.clock.now() })
      .where(eq(companySubscriptions.companyId, owner.companyId));

    const company = owner.companyId;
    const operations = {
      documents: () => get(`/api/document/documents?plCompanyId=${company}`, token),
      document: () => get(`/api/document/document?plDocumentId=${documentId}`, token),
      getDocumentTypeDetail: () =>
        post(
          '/api/document/getDocumentTypeDetail',
          { plCompanyId: company, documentTypeId: licenceTypeId },
          token,
        ),
      upload: () =>
        post(
          '/api/document/document',
          {
            plCompanyId: company,
            documentTypeId: licenceTypeId,
            uploadKey: newFile.json().detail[0].key,
            expirationDate: addDays(todayIn(t.clock.now()), 200),
            ...LICENCE_PLACE,
          },
          token,
        ),
      deleteDocuments: () =>
        post('/api/document/deleteDocuments', { plCompanyId: company, documentIds: [documentId] }, token),
      getDownloadLink: () =>
        post('/api/document/getDownloadLink', { documentId, variant: 'original' }, token),
      listNotes: () => get(`/api/document/notes?plDocumentId=${documentId}`, token),
      addNote: () => post('/api/document/notes', { plDocumentId: documentId, note: 'Checked' }, token),
      assignReviewer: () =>
        post(
          '/api/document/reviewer',
          { plCompanyId: company, reviewerCompanyId: reviewer.companyId },
          token,
        ),
      uploadCoas: () =>
        post(
          '/api/coa/uploadCoas',
          { plCompanyId: company, uploadKeys: [coaFile.json().detail[0].key] },
          token,
        ),
      uploadJob: () =>
        get(`/api/coa/uploadJob?plUserUploadCoaId=${coaJob.json().detail.plUserUploadCoaId}`, token),
    };
    for (const [name, call] of Object.entries(operations)) {
      const response = await call();
      expect(`${name} ${response.statusCode} ${response.json().code}`).toBe(`${name} 402 PLAN_LIMIT_REACHED`);
    }
    // Nothing changed: the version is still there for the super admin, who is not gated.
    const asAdmin = await get(`/api/document/document?plDocumentId=${documentId}`, adminToken);
    expect(asAdmin.statusCode).toBe(200);
    expect(asAdmin.json().detail.versions).toHaveLength(1);
    expect(
      (await get(`/api/document/notes?plDocumentId=${documentId}`, adminToken)).json().detail.notes,
    ).toEqual([]);
  });

  it("gates a reviewer by its own company's plan, not by the client's", async () => {
    const { client, clientToken, processor, processorToken } = await companyWithReviewer();
    const { documentId } = await uploadLicence(clientToken, client.companyId);
    const review = () =>
      post(
        '/api/document/updateDocumentReviewStatus',
        {
          documentId,
          reviewStatus: 'accepted',
          licenseNumber: '402-00123',
          validationMethod: 'STATE_VERIFIED',
        },
        processorToken,
      );
    const read = () => get(`/api/document/document?plDocumentId=${documentId}`, processorToken);
    // The client's plan ends: its reviewer still reviews what was uploaded.
    await t.database.db
      .update(companySubscriptions)
      .set({ status: 'EXPIRED', endedAt: t.clock.now() })
      .where(eq(companySubscriptions.companyId, client.companyId));
    expect((await read()).statusCode).toBe(200);
    expect((await post('/api/document/reviewQueue', {}, processorToken)).json().detail.items).toHaveLength(1);
    // The reviewer's plan ends: its Document Review module is locked.
    await t.database.db
      .update(companySubscriptions)
      .set({ status: 'EXPIRED', endedAt: t.clock.now() })
      .where(eq(companySubscriptions.companyId, processor.companyId));
    for (const response of [
      await read(),
      await review(),
      await post('/api/document/reviewQueue', {}, processorToken),
    ]) {
      expect(response.statusCode).toBe(402);
      expect(response.json().code).toBe('PLAN_LIMIT_REACHED');
    }
    // The super admin reviews any company's documents, whatever its plan.
    const byAdmin = await post(
      '/api/document/updateDocumentReviewStatus',
      {
        documentId,
        reviewStatus: 'accepted',
        licenseNumber: '402-00123',
        validationMethod: 'STATE_VERIFIED',
      },
      adminToken,
    );
    expect(byAdmin.statusCode, byAdmin.body).toBe(200);
  });
});
