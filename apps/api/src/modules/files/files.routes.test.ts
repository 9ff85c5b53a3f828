import { readdir } from 'node:fs/promises';
import path from 'node:path';
import { Readable } from 'node:stream';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { bearer, createMember, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

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
  const root = path.join(t.env.DATA_DIR, 'uploads');
  try {
    return (await readdir(root, { recursive: true, withFileTypes: true }))
      .filter((e) => e.isFile())
      .map((e) => e.name);
  } catch {
    return [];
  }
}

describe('preupload', () => {
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

    const tampered = await t.app.inject({ method: 'GET', url: url.replace(/sig=[^&]+/, 'sig=forged') });
    expect(tampered.statusCode).toBe(403);
    t.clock.advance(6 * 60 * 1000);
    expect((await t.app.inject({ method: 'GET', url })).statusCode).toBe(403);
    t.clock.set(new Date());
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
});
