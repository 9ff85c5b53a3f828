import { crc32, deflateSync } from 'node:zlib';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, login, subscribeCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

const MB = 1024 * 1024;
let t: TestApp;

beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

/** A one-page PDF whose page content (or an object stream) is `inflated`, stored deflated. */
function pdfWithStream(kind: 'content' | 'objectStream', inflated: Buffer): Buffer {
  const stream = deflateSync(inflated, { level: 9 });
  const page =
    kind === 'content'
      ? '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]/Resources<</Font<</F1 5 0 R>>>>/Contents 4 0 R>>endobj 5 0 obj<</Type/Font/Subtype/Type1/BaseFont/Helvetica>>endobj '
      : '3 0 obj<</Type/Page/Parent 2 0 R/MediaBox[0 0 200 200]>>endobj ';
  const dictionary = kind === 'content' ? '' : '/Type/ObjStm/N 1/First 4';
  return Buffer.concat([
    Buffer.from(
      `%PDF-1.5\n1 0 obj<</Type/Catalog/Pages 2 0 R>>endobj 2 0 obj<</Type/Pages/Kids[3 0 R]/Count 1>>endobj ${page}` +
        `4 0 obj<<${dictionary}/Length ${stream.length}/Filter/FlateDecode>>stream\n`,
    ),
    stream,
    Buffer.from('\nendstream endobj\ntrailer<</Root 1 0 R>>\n%%EOF\n'),
  ]);
}

/** A grey PNG of `width` × `height` pixels: a few hundred KB that decode to width × height bytes. */
function greyPng(width: number, height: number): Buffer {
  const chunk = (type: string, data: Buffer) => {
    const length = Buffer.alloc(4);
    length.writeUInt32BE(data.length);
    const body = Buffer.concat([Buffer.from(type, 'latin1'), data]);
    const crc = Buffer.alloc(4);
    crc.writeUInt32BE(crc32(body));
    return Buffer.concat([length, body, crc]);
  };
  const header = Buffer.alloc(13);
  header.writeUInt32BE(width, 0);
  header.writeUInt32BE(height, 4);
  header[8] = 8; // bit depth; colour type 0 (grey), no interlace
  // Each row: filter byte 0, then white pixels.
  const row = Buffer.alloc(width + 1, 0xff);
  row[0] = 0;
  const pixels = deflateSync(Buffer.concat(Array.from({ length: height }, () => row)));
  return Buffer.concat([
    Buffer.from('89504e470d0a1a0a', 'hex'),
    chunk('IHDR', header),
    chunk('IDAT', pixels),
    chunk('IEND', Buffer.alloc(0)),
  ]);
}

async function preupload(token: string, companyId: number, name: string, content: Buffer) {
  const form = new FormData();
  form.append('files', new Blob([new Uint8Array(content)]), name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: `/api/storage/preupload?mode=coa&plCompanyId=${companyId}`,
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/**
 * Runs `work` while asking /api/health every 20 ms; returns its result and the longest time between
 * two answers. The PDF is parsed off the event loop, so the API keeps answering.
 */
async function whileHealthAnswers<T>(work: () => Promise<T>): Promise<{ result: T; longestMs: number }> {
  let done = false;
  let longestMs = 0;
  let lastAnswer = Date.now();
  const health = (async () => {
    while (!done) {
      const response = await t.app.inject({ method: 'GET', url: '/api/health' });
      expect(response.statusCode).toBe(200);
      longestMs = Math.max(longestMs, Date.now() - lastAnswer);
      lastAnswer = Date.now();
      await new Promise((resolve) => setTimeout(resolve, 20));
    }
  })();
  const started = Date.now();
  const result = await work();
  // Until the end of the work: a loop held to the end shows as one long wait.
  longestMs = Math.max(longestMs, Date.now() - lastAnswer);
  done = true;
  await health;
  console.info(`PDF work took ${Date.now() - started} ms; longest wait for health ${longestMs} ms`);
  return { result, longestMs };
}

describe('crafted PDFs and images', () => {
  it(
    'checks an upload whose object stream inflates to 400 MB off the event loop',
    { timeout: 60_000 },
    async () => {
      const { user, companyId } = await createMember(t.database.db);
      await subscribeCompany(t.database.db, companyId);
      const token = (await login(t.app, user.email)).accessToken;
      const bomb = pdfWithStream(
        'objectStream',
        Buffer.concat([Buffer.from('5 0 '), Buffer.alloc(400 * MB, 0x20), Buffer.from('<<>>')]),
      );
      expect(bomb.length).toBeLessThan(MB);

      const { result: response, longestMs } = await whileHealthAnswers(() =>
        preupload(token, companyId, 'coa.pdf', bomb),
      );
      // Parsed in a worker, the file is checked (or refused at the worker's limits) while the API answers.
      expect(longestMs).toBeLessThan(1000);
      if (response.statusCode !== 200) {
        expect(response.statusCode).toBe(400);
        expect(response.json().messages).toEqual([
          'The PDF cannot be read: it is too large or too complex to process',
        ]);
      }
    },
  );

  it(
    'stops reading a COA whose one page runs millions of text operators, with a clear message',
    { timeout: 90_000 },
    async () => {
      const { user, companyId } = await createMember(t.database.db);
      await subscribeCompany(t.database.db, companyId);
      const token = (await login(t.app, user.email)).accessToken;
      const bomb = pdfWithStream(
        'content',
        Buffer.from('BT /F1 12 Tf 10 10 Td (Delta-9 THC 0.412 %) Tj ET\n'.repeat(3_000_000)),
      );
      const uploaded = await preupload(token, companyId, 'coa.pdf', bomb);
      expect(uploaded.statusCode, uploaded.body).toBe(200);

      const { result: response, longestMs } = await whileHealthAnswers(() =>
        t.app.inject({
          method: 'POST',
          url: '/api/coa/uploadCoas',
          headers: bearer(token),
          payload: { plCompanyId: companyId, uploadKeys: [uploaded.json().detail[0].key] },
        }),
      );
      expect(longestMs).toBeLessThan(1000);
      expect(response.statusCode, response.body).toBe(200);
      const job = await t.app.inject({
        method: 'GET',
        url: `/api/coa/uploadJob?plUserUploadCoaId=${response.json().detail.plUserUploadCoaId}`,
        headers: bearer(token),
      });
      expect(job.json().detail.items[0]).toMatchObject({
        status: 'FAILED',
        message: 'The PDF cannot be read: it is too large or too complex to process',
        messageKey: 'refusals.pdfUnreadable',
      });
    },
  );

  it('refuses to read a COA image of 64 million pixels, by its header, with the bound in the message', async () => {
    const { user, companyId } = await createMember(t.database.db);
    await subscribeCompany(t.database.db, companyId);
    const token = (await login(t.app, user.email)).accessToken;
    const image = greyPng(8000, 8000);
    expect(image.length).toBeLessThan(MB);
    const uploaded = await preupload(token, companyId, 'coa.png', image);
    expect(uploaded.statusCode, uploaded.body).toBe(200);

    const started = Date.now();
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/coa/uploadCoas',
      headers: bearer(token),
      payload: { plCompanyId: companyId, uploadKeys: [uploaded.json().detail[0].key] },
    });
    expect(response.statusCode, response.body).toBe(200);
    // Read by its header only: no decoding of the 64 million pixels.
    expect(Date.now() - started).toBeLessThan(5000);
    const job = await t.app.inject({
      method: 'GET',
      url: `/api/coa/uploadJob?plUserUploadCoaId=${response.json().detail.plUserUploadCoaId}`,
      headers: bearer(token),
    });
    expect(job.json().detail.items[0]).toMatchObject({
      status: 'FAILED',
      message: 'The image cannot be read: it has more than 40 million pixels',
      messageKey: 'refusals.imageTooLargeToRead',
      messageParams: { megapixels: 40 },
    });
  });
});
