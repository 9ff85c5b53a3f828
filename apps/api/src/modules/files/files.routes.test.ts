import { randomUUID } from 'node:crypto';
import { mkdir, readdir, rm, utimes, writeFile } from 'node:fs/promises';
import http from 'node:http';
import path from 'node:path';
import { Readable } from 'node:stream';
import { eq, inArray } from 'drizzle-orm';
import { zipSync } from 'fflate';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { companies, companyDocuments, documentTypes, files } from '../../db/schema.ts';
import { createInlineQueue, type JobDefinition } from '../../lib/jobs.ts';
import { bearer, createMember, login, subscribeCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makePdf } from '../../../test/pdf-fixture.ts';
import { startS3Server, type S3Server } from '../../../test/s3-server.ts';

let t: TestApp;
/** Set while the suite runs on S3-compatible storage instead of local disk. */
let s3: S3Server | null = null;
let registered: JobDefinition<never>[] = [];

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const EXE = Buffer.concat([Buffer.from('MZ'), Buffer.alloc(62), Buffer.from('PE\0\0'), Buffer.alloc(200, 1)]);
const PDF = Buffer.from('%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\ntrailer << /Root 1 0 R >>\n%%EOF\n');
const ENCRYPTED_PDF = Buffer.from(
  '%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n2 0 obj << /Filter /Standard /V 2 /R 3 >> endobj\ntrailer << /Root 1 0 R /Encrypt 2 0 R >>\n%%EOF\n',
);

async function multipart(files: { name: string; content: Buffer }[]) {
  const form = new FormData();
  for (const file of files) form.append('files', new Blob([file.content]), file.name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return {
    payload: Buffer.from(await request.arrayBuffer()),
    contentType: request.headers.get('content-type')!,
  };
}

async function upload(token: string, query: string, files: { name: string; content: Buffer }[]) {
  const { payload, contentType } = await multipart(files);
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/preupload?${query}`,
    headers: { ...bearer(token), 'content-type': contentType },
    payload,
  });
}

async function storedFiles(): Promise<string[]> {
  if (s3) return (await s3.keys()).map((key) => path.basename(key));
  const root = path.join(t.env.DATA_DIR, 'uploads');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

// The same behaviour on both storages the configuration chooses between.
describe.each(['local disk', 'S3'] as const)('preupload (%s)', (storage) => {
  beforeAll(async () => {
    s3 = storage === 'S3' ? await startS3Server() : null;
    registered = [];
    const inline = createInlineQueue();
    t = await buildTestApp({
      jobs: { ...inline, register: (definitions) => void registered.push(...definitions) },
      ...(s3 ? { env: s3.env } : {}),
    });
  });
  afterAll(async () => {
    await t.close();
    await s3?.close();
  });

  it('stores an image checked by content and serves it through a signed link', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await upload(accessToken, `mode=image&plCompanyId=${companyId}`, [
      { name: 'logo.png', content: PNG },
    ]);
    expect(response.statusCode).toBe(200);
    const [stored] = response.json().detail;
    expect(stored).toMatchObject({ name: 'logo.png', size: PNG.length, extension: 'png' });

    const link = await t.app.inject({
      method: 'POST',
      url: '/api/storage/getFileUrl',
      headers: bearer(accessToken),
      payload: { key: stored.key },
    });
    const { url } = link.json().detail;
    const file = await t.app.inject({ method: 'GET', url });
    expect(file.statusCode).toBe(200);
    expect(file.headers['content-type']).toBe('image/png');
    expect(file.rawPayload.equals(PNG)).toBe(true);

    // An altered link is not valid, whatever its time; only the link as signed can expire.
    const notValid = { code: 'FORBIDDEN', messages: ['This link is not valid'] };
    const tampered = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(tampered.statusCode).toBe(403);
    expect(tampered.json()).toMatchObject(notValid);
    expect(tampered.json().details.issues[0].key).toBe('refusals.linkInvalid');
    const later = url.replace(
      /expires=(\d+)/,
      (_match: string, ms: string) => `expires=${Number(ms) + 3600_000}`,
    );
    expect(later).not.toBe(url);
    expect((await t.app.inject({ method: 'GET', url: later })).json()).toMatchObject(notValid);
    const otherKey = url.replace(/key=[^&]+/, (key: string) => `${key}x`);
    expect((await t.app.inject({ method: 'GET', url: otherKey })).json()).toMatchObject(notValid);
    t.clock.advance(6 * 60 * 1000);
    const expired = await t.app.inject({ method: 'GET', url });
    expect(expired.statusCode).toBe(403);
    expect(expired.json()).toMatchObject({ code: 'FORBIDDEN', messages: ['This link has expired'] });
    expect(expired.json().details.issues[0].key).toBe('refusals.linkExpired');
    expect((await t.app.inject({ method: 'GET', url: later })).json()).toMatchObject(notValid);
    t.clock.set(new Date());
  });

  it('answers 404, not an error part way, for a link whose file is gone', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const [stored] = (
      await upload(accessToken, `mode=image&plCompanyId=${companyId}`, [{ name: 'logo.png', content: PNG }])
    ).json().detail;
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/storage/getFileUrl',
      headers: bearer(accessToken),
      payload: { key: stored.key },
    });
    if (s3) await s3.remove(stored.key);
    else await rm(path.join(t.env.DATA_DIR, 'uploads', stored.key));
    const file = await t.app.inject({ method: 'GET', url: link.json().detail.url });
    expect(file.statusCode).toBe(404);
    expect(file.json()).toMatchObject({ code: 'NOT_FOUND', messages: ['File not found'] });
  });

  it('refuses a renamed executable whatever its name says', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const before = await storedFiles();
    const image = await upload(accessToken, 'mode=image', [{ name: 'logo.png', content: EXE }]);
    expect(image.statusCode).toBe(400);
    expect(image.json().messages).toEqual(['Please upload file image only.']);
    const document = await upload(accessToken, 'mode=document', [{ name: 'licence.pdf', content: EXE }]);
    expect(document.json().messages).toEqual(['File Type Is Not Supported']);
    expect(await storedFiles()).toEqual(before);
  });

  it('refuses a password-protected PDF and accepts a plain one', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const refused = await upload(accessToken, 'mode=pdf', [{ name: 'licence.pdf', content: ENCRYPTED_PDF }]);
    expect(refused.statusCode).toBe(400);
    expect(refused.json().messages).toEqual(['Cannot upload a password protected document']);
    expect((await upload(accessToken, 'mode=pdf', [{ name: 'licence.pdf', content: PDF }])).statusCode).toBe(
      200,
    );
  });

  it('checks CSV as text', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const csv = Buffer.from('companyName,state\nGreen Leaf,CO\n');
    expect((await upload(accessToken, 'mode=csv', [{ name: 'p.csv', content: csv }])).statusCode).toBe(200);
    const binary = await upload(accessToken, 'mode=csv', [{ name: 'p.csv', content: PNG }]);
    expect(binary.json().messages).toEqual(['Please upload file csv only.']);
  });

  it('stops an 11 MB upload at the 10 MB limit while streaming and keeps nothing', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const before = await storedFiles();
    const boundary = 'trustleafboundary';
    let sent = 0;
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    async function* body() {
      yield Buffer.from(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      while (sent < 11 * 1024 * 1024) {
        sent += chunk.length;
        yield chunk;
      }
      yield Buffer.from(`\r\n--${boundary}--\r\n`);
    }
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage/preupload?mode=document',
      headers: { ...bearer(accessToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      payload: Readable.from(body()),
    });
    expect(response.statusCode).toBe(413);
    expect(response.json()).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      messages: ['The file is larger than 10 MB'],
    });
    expect(await storedFiles()).toEqual(before);
  });

  it("keeps another company's files out of reach", async () => {
    const a = await createMember(t.database.db);
    const b = await createMember(t.database.db);
    const tokenA = (await login(t.app, a.user.email)).accessToken;
    const tokenB = (await login(t.app, b.user.email)).accessToken;
    const stored = (
      await upload(tokenA, `mode=image&plCompanyId=${a.companyId}`, [{ name: 'a.png', content: PNG }])
    ).json().detail[0];
    const link = await t.app.inject({
      method: 'POST',
      url: '/api/storage/getFileUrl',
      headers: bearer(tokenB),
      payload: { key: stored.key },
    });
    expect(link.statusCode).toBe(404);
    const intoA = await upload(tokenB, `mode=image&plCompanyId=${a.companyId}`, [
      { name: 'b.png', content: PNG },
    ]);
    expect(intoA.statusCode).toBe(404);
  });

  it('names a file sent with an empty file name after its content', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const response = await upload(accessToken, `mode=image&plCompanyId=${companyId}`, [
      { name: '', content: PNG },
    ]);
    expect(response.statusCode).toBe(200);
    expect(response.json().detail[0]).toMatchObject({ name: 'file.png', extension: 'png' });
  });

  it('shortens a file name over 255 characters, keeping its extension, and answers it as stored', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const cases = [
      { sent: `${'a'.repeat(5000)}.png`, kept: `${'a'.repeat(251)}.png` },
      // Characters, not UTF-16 units: an emoji is never cut in half.
      { sent: `${'😀'.repeat(300)}.png`, kept: `${'😀'.repeat(251)}.png` },
      { sent: 'b'.repeat(5000), kept: 'b'.repeat(255) },
      { sent: 'c'.repeat(255), kept: 'c'.repeat(255) },
    ];
    for (const { sent, kept } of cases) {
      const response = await upload(accessToken, `mode=image&plCompanyId=${companyId}`, [
        { name: sent, content: PNG },
      ]);
      expect(response.statusCode).toBe(200);
      const [answer] = response.json().detail;
      expect(answer).toMatchObject({ name: kept, extension: 'png' });
      const [row] = await t.database.db.select().from(files).where(eq(files.key, answer.key));
      expect(row?.originalName).toBe(kept);
    }
  });

  it('needs a session and a multipart body', async () => {
    expect((await t.app.inject({ method: 'POST', url: '/api/storage/preupload' })).statusCode).toBe(401);
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const json = await t.app.inject({
      method: 'POST',
      url: '/api/storage/preupload',
      headers: bearer(accessToken),
      payload: { file: 'x' },
    });
    expect(json.statusCode).toBe(400);
  });

  it('answers 413 at the limit of a 64 MB stream on a real socket, without reading the rest', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as { port: number };
    const total = 64 * 1024 * 1024;
    const boundary = 'trustleafboundary';
    const chunk = Buffer.alloc(64 * 1024, 0x41);
    const result = await new Promise<{ status: number; body: string; sent: number }>((resolve, reject) => {
      let sent = 0;
      let answered = false;
      const request = http.request({
        host: '127.0.0.1',
        port,
        method: 'POST',
        path: '/api/storage/preupload?mode=pdf',
        headers: { ...bearer(accessToken), 'content-type': `multipart/form-data; boundary=${boundary}` },
      });
      request.on('response', (response) => {
        answered = true;
        let body = '';
        response.on('data', (data: Buffer) => (body += data.toString()));
        response.on('end', () => resolve({ status: response.statusCode!, body, sent }));
      });
      // Writes after the answer fail once the server closes the connection; that is the point.
      request.on('error', (error) => {
        if (!answered) reject(error);
      });
      request.write(
        `--${boundary}\r\nContent-Disposition: form-data; name="files"; filename="big.pdf"\r\nContent-Type: application/pdf\r\n\r\n%PDF-1.4\n`,
      );
      const pump = () => {
        while (!answered && sent < total) {
          sent += chunk.length;
          if (!request.write(chunk)) {
            request.once('drain', pump);
            return;
          }
        }
        if (!answered) request.end(`\r\n--${boundary}--\r\n`);
      };
      pump();
    });
    expect(result.status).toBe(413);
    expect(JSON.parse(result.body)).toMatchObject({
      code: 'PAYLOAD_TOO_LARGE',
      messages: ['The file is larger than 10 MB'],
    });
    // The answer came at the limit (plus what the sockets buffer), not after the whole stream.
    expect(result.sent).toBeLessThan(total / 2);
  });

  it('refuses an encrypted PDF however the key is written, alone and inside a ZIP', async () => {
    const { user, companyId } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const encryptDict = '2 0 obj << /Filter /Standard /V 2 /R 3 /O <00> /U <00> /P -4 >> endobj\n';
    const variants = {
      escaped: `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${encryptDict}trailer << /Root 1 0 R /Encr#79pt 2 0 R >>\n%%EOF\n`,
      comment: `%PDF-1.4\n1 0 obj << /Type /Catalog >> endobj\n${encryptDict}trailer << /Root 1 0 R /Encrypt % key\n 2 0 R >>\n%%EOF\n`,
      xrefStream: `%PDF-1.5\n1 0 obj << /Type /Catalog >> endobj\n${encryptDict}3 0 obj << /Type /XRef /Size 4 /Root 1 0 R /E#6Ecrypt 2 0 R /W [1 1 1] /Length 0 >>\nstream\n\nendstream\nendobj\nstartxref\n0\n%%EOF\n`,
    };
    for (const [name, text] of Object.entries(variants)) {
      const content = Buffer.from(text, 'latin1');
      const alone = await upload(accessToken, 'mode=pdf', [{ name: 'licence.pdf', content }]);
      expect(alone.statusCode, name).toBe(400);
      expect(alone.json().messages).toEqual(['Cannot upload a password protected document']);
      const zipped = Buffer.from(zipSync({ 'coa.pdf': new Uint8Array(content) }));
      const inZip = await upload(accessToken, `mode=coa&plCompanyId=${companyId}`, [
        { name: 'coas.zip', content: zipped },
      ]);
      expect(inZip.statusCode, `${name} in a ZIP`).toBe(400);
      expect(inZip.json().messages).toEqual(['Cannot upload a password protected document']);
    }
    const plain = Buffer.from(zipSync({ 'coa.pdf': new Uint8Array(makePdf(['CBD 1.2 %'])) }));
    const accepted = await upload(accessToken, `mode=coa&plCompanyId=${companyId}`, [
      { name: 'coas.zip', content: plain },
    ]);
    expect(accepted.statusCode, accepted.body).toBe(200);
  });

  it('accepts CSV only when it parses', async () => {
    const { user } = await createMember(t.database.db);
    const { accessToken } = await login(t.app, user.email);
    const good = Buffer.from('\uFEFFcompanyName,state\n"Leaf, Inc.",CO\n"Say ""hi""",WA\n');
    expect((await upload(accessToken, 'mode=csv', [{ name: 'p.csv', content: good }])).statusCode).toBe(200);
    for (const text of [
      'Dear team,\nplease find attached our list.\nThanks, Jo\n',
      'just some words without a separator\n',
      'companyName,state\n"Green Leaf,CO\n',
    ]) {
      const response = await upload(accessToken, 'mode=csv', [{ name: 'p.csv', content: Buffer.from(text) }]);
      expect(response.statusCode, text).toBe(400);
      expect(response.json().messages).toEqual(['Please upload file csv only.']);
    }
  });

  it.runIf(storage === 'local disk')(
    'removes partial files an interrupted process left behind when the app starts',
    async () => {
      const uploads = path.join(t.env.DATA_DIR, 'restart', 'uploads', '2026-01-01');
      await mkdir(uploads, { recursive: true });
      const stale = path.join(uploads, `${randomUUID()}.part`);
      const live = path.join(uploads, `${randomUUID()}.part`);
      const kept = path.join(uploads, randomUUID());
      for (const file of [stale, live, kept]) await writeFile(file, 'x');
      const hourAgo = new Date(Date.now() - 3600 * 1000);
      await utimes(stale, hourAgo, hourAgo);
      await utimes(kept, hourAgo, hourAgo);
      const restarted = await buildTestApp({ env: { DATA_DIR: path.join(t.env.DATA_DIR, 'restart') } });
      try {
        await restarted.app.ready();
        expect((await readdir(uploads)).sort()).toEqual([path.basename(live), path.basename(kept)].sort());
      } finally {
        await restarted.close();
      }
    },
  );

  it('removes, once a day, uploads that nothing refers to after 24 hours', async () => {
    const job = registered.find((d) => d.name === 'files.remove-unreferenced')!;
    expect(job.cron).toBeDefined();
    const { user, companyId } = await createMember(t.database.db);
    await subscribeCompany(t.database.db, companyId);
    const { accessToken } = await login(t.app, user.email);
    const store = async (mode: string, name: string, content: Buffer) =>
      (await upload(accessToken, `mode=${mode}&plCompanyId=${companyId}`, [{ name, content }])).json()
        .detail[0].key as string;
    const orphan = await store('image', 'a.png', PNG);
    const coa = await store('coa', 'coa.pdf', makePdf(['CBD 1.2 %']));
    const logo = await store('image', 'logo.png', PNG);
    const document = await store('document', 'licence.pdf', makePdf(['Licence']));
    const batch = await t.app.inject({
      method: 'POST',
      url: '/api/coa/uploadCoas',
      headers: bearer(accessToken),
      payload: { plCompanyId: companyId, uploadKeys: [coa] },
    });
    expect(batch.statusCode, batch.body).toBe(200);
    const logoQuery = new URLSearchParams({ key: logo, expires: '1', sig: 'x' });
    await t.database.db
      .update(companies)
      .set({ logoUrl: `/api/storage/file?${logoQuery.toString()}` })
      .where(eq(companies.id, companyId));
    const [type] = await t.database.db.select({ id: documentTypes.id }).from(documentTypes).limit(1);
    await t.database.db.insert(companyDocuments).values({
      companyId,
      documentTypeId: type!.id,
      version: 1,
      fileKey: document,
      fileName: 'licence.pdf',
      mimeType: 'pdf',
      sizeBytes: 10,
    });
    const keys = [orphan, coa, logo, document];
    const present = async () => {
      const rows = await t.database.db.select({ key: files.key }).from(files).where(inArray(files.key, keys));
      const onDisk = new Set(await storedFiles());
      return keys.filter((key) => rows.some((r) => r.key === key) && onDisk.has(path.basename(key)));
    };

    // A scheduled run carries no payload (pg-boss sends null).
    const run = () => job.handler(job.payload.parse(null));
    await run();
    expect(await present()).toEqual(keys);
    t.clock.advance(25 * 3600 * 1000);
    try {
      await run();
      expect(await present()).toEqual([coa, logo, document]);
    } finally {
      t.clock.set(new Date());
    }
  });
});
