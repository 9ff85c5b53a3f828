import { mkdir, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { files } from '../../db/schema.ts';
import { bearer, createMember, login, subscribeCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { makePdf } from '../../../test/pdf-fixture.ts';
import { compressibleData, makeZip } from '../../../test/zip-fixture.ts';
import { readCoaText } from './documents.jobs.ts';

const MB = 1024 * 1024;
let t: TestApp;
/** Whether the job is inside the COA reader right now. */
let reading = false;

beforeAll(async () => {
  t = await buildTestApp({
    documentsJobs: {
      readCoaText: async (content, extension) => {
        reading = true;
        try {
          return await readCoaText(content, extension);
        } finally {
          reading = false;
        }
      },
    },
  });
});
afterAll(() => t.close());

async function preupload(token: string, companyId: number, file: { name: string; content: Buffer }) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(file.content)]), file.name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/preupload?mode=coa&plCompanyId=${companyId}`,
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** Stores an archive as an upload that predates the upload checks, so only the COA job can refuse it. */
/** The COA upload job's progress as its owner reads it. */
async function uploadJob(token: string, plUserUploadCoaId: number) {
  const response = await t.app.inject({
    method: 'GET',
    url: `/api/coa/uploadJob?plUserUploadCoaId=${plUserUploadCoaId}`,
    headers: bearer(token),
  });
  return response.json().detail;
}

async function storeDirectly(companyId: number, userId: number, content: Buffer): Promise<string> {
  const key = `2026-01-01/${crypto.randomUUID()}`;
  const target = path.join(t.env.DATA_DIR, 'uploads', key);
  await mkdir(path.dirname(target), { recursive: true });
  await writeFile(target, content);
  await t.database.db.insert(files).values({
    key,
    companyId,
    uploadedBy: userId,
    originalName: 'coas.zip',
    extension: 'zip',
    mode: 'coa',
    size: content.length,
  });
  return key;
}

describe('COA archives', () => {
  it('refuses a zip bomb while it inflates: memory stays within +100 MB and health keeps answering', async () => {
    const { user, companyId } = await createMember(t.database.db);
    await subscribeCompany(t.database.db, companyId);
    const token = (await login(t.app, user.email)).accessToken;
    // 90 entries of 4 MB that each deflate about 50:1 (under the ratio bound): 360 MB from ~5 MB.
    const bomb = makeZip([{ name: 'part.txt', data: compressibleData(4 * MB), copies: 90 }]);
    expect(bomb.length).toBeLessThan(10 * MB);
    const key = await storeDirectly(companyId, user.id, bomb);

    const before = process.memoryUsage().rss;
    let peak = before;
    const sampler = setInterval(() => {
      peak = Math.max(peak, process.memoryUsage().rss);
    }, 5);
    let done = false;
    let healthWhileReading = 0;
    const health = (async () => {
      while (!done) {
        const response = await t.app.inject({ method: 'GET', url: '/api/health' });
        expect(response.statusCode).toBe(200);
        if (reading) healthWhileReading += 1;
        // An injected request can settle without reaching the I/O phase; let the job's I/O run.
        await new Promise((resolve) => setTimeout(resolve, 2));
      }
    })();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/coa/uploadCoas',
      headers: bearer(token),
      payload: { plCompanyId: companyId, uploadKeys: [key] },
    });
    done = true;
    await health;
    clearInterval(sampler);
    peak = Math.max(peak, process.memoryUsage().rss);

    console.info(
      `zip bomb (${(bomb.length / MB).toFixed(1)} MB, 360 MB inflated): RSS +${((peak - before) / MB).toFixed(1)} MB, ` +
        `health answered ${healthWhileReading} time(s) while the archive was read`,
    );
    expect(peak - before).toBeLessThan(100 * MB);
    expect(healthWhileReading).toBeGreaterThan(0);
    expect(response.statusCode, response.body).toBe(200);
    const job = await uploadJob(token, response.json().detail.plUserUploadCoaId);
    expect(job).toMatchObject({ status: 'COMPLETED', processed: 1, total: 1 });
    expect(job.items[0]).toMatchObject({
      status: 'FAILED',
      message: 'The archive expands to more than 50 MB',
    });
  });

  it('reads the PDFs of a COA archive and refuses nested archives with a clear message', async () => {
    const { user, companyId } = await createMember(t.database.db);
    await subscribeCompany(t.database.db, companyId);
    const token = (await login(t.app, user.email)).accessToken;
    const coas = makeZip([
      { name: 'gummies.pdf', data: makePdf(['Delta-9 THC 0.01 0.03 0.412 %']) },
      { name: 'notes.txt', data: Buffer.from('lab notes') },
    ]);
    const nested = makeZip([{ name: 'inner.zip', data: coas }]);
    const renamed = makeZip([{ name: 'inner.pdf', data: coas }]);
    const keys = [
      await storeDirectly(companyId, user.id, coas),
      await storeDirectly(companyId, user.id, nested),
      await storeDirectly(companyId, user.id, renamed),
    ];
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/coa/uploadCoas',
      headers: bearer(token),
      payload: { plCompanyId: companyId, uploadKeys: keys },
    });
    expect(response.statusCode, response.body).toBe(200);
    const job = await uploadJob(token, response.json().detail.plUserUploadCoaId);
    expect(job.items.map((i: { status: string; message: string | null }) => [i.status, i.message])).toEqual([
      ['SUCCESS', null],
      ['FAILED', 'Archives inside an archive are not accepted'],
      ['FAILED', 'Archives inside an archive are not accepted'],
    ]);
    expect(job.items[1]).toMatchObject({ messageKey: 'refusals.archiveNested' });
    expect(job.items[0].violations).toEqual(['Delta-9 THC violative: 0.412% exceeds 0.3%']);
  });

  it('refuses bombs, nested archives and too many entries at upload, with the bound in the message', async () => {
    const { user, companyId } = await createMember(t.database.db);
    await subscribeCompany(t.database.db, companyId);
    const token = (await login(t.app, user.email)).accessToken;
    const pdf = makePdf(['CBD 0.01 0.03 1.2 %']);
    const pdfStart = Buffer.concat([pdf, Buffer.alloc(8 * 1024, 0x20)]);
    const cases: [Buffer, string][] = [
      [
        makeZip([{ name: 'large.pdf', data: pdfStart, declaredSize: 60 * MB }]),
        'The archive expands to more than 50 MB',
      ],
      [
        makeZip([{ name: 'part.txt', data: compressibleData(4 * MB), copies: 20 }]),
        'The archive expands to more than 50 MB',
      ],
      [
        makeZip([{ name: 'zeros.txt', data: Buffer.alloc(20 * MB) }]),
        'A file in the archive expands more than 100 times its compressed size',
      ],
      [
        makeZip([{ name: 'small.txt', data: Buffer.alloc(4 * MB), declaredSize: 1000 }]),
        'The archive cannot be read',
      ],
      [
        makeZip([{ name: 'inner.zip', data: makeZip([{ name: 'a.pdf', data: pdf }]) }]),
        'Archives inside an archive are not accepted',
      ],
      [makeZip([{ name: 'coa.pdf', data: pdf, copies: 101 }]), 'The archive holds more than 100 files'],
    ];
    for (const [archive, message] of cases) {
      const response = await preupload(token, companyId, { name: 'coas.zip', content: archive });
      expect(response.statusCode, message).toBe(400);
      expect(response.json().messages).toEqual([message]);
    }
    const fine = await preupload(token, companyId, {
      name: 'coas.zip',
      content: makeZip([{ name: 'coa.pdf', data: pdf, copies: 3 }]),
    });
    expect(fine.statusCode, fine.body).toBe(200);
  });
});
