import { connect, type AddressInfo } from 'node:net';
import { sql } from 'drizzle-orm';
import Fastify from 'fastify';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { registerErrorHandler } from '../src/plugins/error-handler.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, createMember, login } from './factories.ts';

let t: TestApp;
let token: string;
let companyId: number;
beforeAll(async () => {
  t = await buildTestApp();
  const owner = await createMember(t.database.db);
  companyId = owner.companyId;
  token = (await login(t.app, owner.user.email)).accessToken;
});
afterAll(() => t.close());

const post = (url: string, payload: unknown, headers: Record<string, string> = bearer(token)) =>
  t.app.inject({ method: 'POST', url, headers, payload: payload as object });

describe('a field left out', () => {
  it("is refused as missing with the spec's required messages, not as zod's 'received undefined'", async () => {
    const login = await post('/api/auth/login', {}, {});
    expect(login.statusCode).toBe(400);
    expect(login.json()).toMatchObject({
      messages: ['email: Email address is required'],
      details: {
        issues: [
          { field: 'email', message: 'Email address is required', key: 'validation.emailRequired' },
          { field: 'password', message: 'Password is required', key: 'validation.passwordRequired' },
        ],
      },
    });
    const promo = await post('/api/subscription/getPromoDiscount', {
      plCompanyId: companyId,
      plPlanId: 1,
      promoCode: 'X',
    });
    expect(promo.json().details.issues).toEqual([
      { field: 'paymentFrequency', message: 'This field is required', key: 'validation.required' },
    ]);
    const query = await t.app.inject({ method: 'GET', url: '/api/check-valid-url', headers: bearer(token) });
    expect(query.json().messages).toEqual(['scanUrl: This field is required']);
    // A value of the wrong type is still refused as such.
    const wrongType = await post('/api/auth/login', { email: 5, password: 'x' }, {});
    expect(wrongType.json().messages).toEqual(['email: Invalid input: expected string, received number']);
  });
});

describe('integers beyond PostgreSQL integer and strings with NUL are refused at the edge', () => {
  it('answers an identifier above 2^31−1 with 400 and a message', async () => {
    const response = await post('/api/company/getCompanyDetail', { plCompanyId: 2147483648 });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['plCompanyId: Must be a whole number between 1 and 2147483647'],
    });
  });

  it('answers an identifier in a query string above 2^31−1 with 400', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: `/api/document/documents?plCompanyId=2147483648`,
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it('answers an upload for a company id above 2^31−1 with 400', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/storage/preupload?mode=image&plCompanyId=2147483648',
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=x' },
      payload: '--x--\r\n',
    });
    expect(response.statusCode).toBe(400);
  });

  it('answers a NUL in a string with 400 and a message', async () => {
    const response = await post('/api/storage/getFileUrl', { key: 'a\u0000b' });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['key: Must not contain NUL characters'],
    });
  });

  it('answers a NUL in an unauthenticated form with 400', async () => {
    const response = await post(
      '/api/auth/login',
      { email: 'a\u0000@example.test', password: 'x\u0000' },
      {},
    );
    expect(response.statusCode).toBe(400);
    expect(response.json().code).toBe('VALIDATION_FAILED');
  });

  it("answers a NUL in an upload's file name with 400 and keeps nothing", async () => {
    const png = Buffer.from(
      'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
      'base64',
    );
    const payload = Buffer.concat([
      Buffer.from(
        '--b0undary\r\nContent-Disposition: form-data; name="files"; filename="lo\u0000go.png"\r\n' +
          'Content-Type: image/png\r\n\r\n',
      ),
      png,
      Buffer.from('\r\n--b0undary--\r\n'),
    ]);
    const response = await t.app.inject({
      method: 'POST',
      url: `/api/storage/preupload?mode=image&plCompanyId=${companyId}`,
      headers: { ...bearer(token), 'content-type': 'multipart/form-data; boundary=b0undary' },
      payload,
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['File name: Must not contain NUL characters'],
    });
    const { rows } = await t.database.pool.query('SELECT count(*)::int AS n FROM files');
    expect(rows[0].n).toBe(0);
  });

  it('still accepts the largest identifier', async () => {
    const response = await post('/api/company/getCompanyDetail', { plCompanyId: 2147483647 });
    expect(response.statusCode).toBe(404);
  });
});

describe('a value PostgreSQL refuses is the client error it is', () => {
  const cases = [
    { name: 'NUL in text', query: sql`SELECT ${'a\u0000b'}::text`, message: /NUL/ },
    { name: 'NUL in JSON', query: sql`SELECT ${'"a\\u0000b"'}::jsonb->>0`, message: /NUL/ },
    { name: 'integer out of range', query: sql`SELECT ${'2147483648'}::int`, message: /out of range/ },
    { name: 'invalid text representation', query: sql`SELECT ${'12ab'}::int`, message: /format/ },
    {
      name: 'string too long',
      query: sql`INSERT INTO probe_values VALUES (${'abcdef'})`,
      message: /too long/,
    },
  ];

  it.each(cases)('answers $name with 400 and keeps the parameters out of the log', async (entry) => {
    const lines: string[] = [];
    const app = Fastify({ logger: { level: 'info', stream: { write: (line: string) => lines.push(line) } } });
    registerErrorHandler(app);
    app.post('/probe', async () =>
      t.database.db.transaction(async (tx) => {
        await tx.execute(sql`CREATE TEMP TABLE probe_values (value varchar(3)) ON COMMIT DROP`);
        return tx.execute(entry.query);
      }),
    );
    try {
      const response = await app.inject({ method: 'POST', url: '/probe' });
      expect(response.statusCode).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().messages[0]).toMatch(entry.message);
      const log = lines.join('\n');
      expect(log).toContain('database refused a client value');
      expect(log).not.toMatch(/abcdef|12ab|2147483648|a\\u0000b|SELECT/);
    } finally {
      await app.close();
    }
  });

  it('still answers 500 for a database failure that is not about a value', async () => {
    const app = Fastify({ logger: false });
    registerErrorHandler(app);
    app.post('/probe', async () => t.database.db.execute(sql`SELECT * FROM no_such_table`));
    try {
      expect((await app.inject({ method: 'POST', url: '/probe' })).statusCode).toBe(500);
    } finally {
      await app.close();
    }
  });
});

describe("an address the router refuses answers in the API's error shape", () => {
  it('answers a broken percent-encoding in a path with 400 and a message', async () => {
    const response = await t.app.inject({
      method: 'GET',
      url: '/api/webcrawler/task/%E0%A4%A/status',
      headers: bearer(token),
    });
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['The address is not valid'],
    });
  });

  it('answers a path parameter over the length limit with 414 and a message', async () => {
    const response = await t.app.inject({ method: 'GET', url: `/trust/${'a'.repeat(5000)}` });
    expect(response.statusCode).toBe(414);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['The address is too long'],
    });
  });
});

/** What the listening app answers to raw bytes on a real socket (inject() skips Node's HTTP parser). */
async function rawExchange(request: string): Promise<{ head: string[]; json: unknown }> {
  const { port } = t.app.server.address() as AddressInfo;
  const answer = await new Promise<string>((resolve, reject) => {
    const socket = connect(port, '127.0.0.1', () => socket.end(request));
    let received = '';
    socket.setEncoding('utf8');
    socket.on('data', (chunk: string) => (received += chunk));
    socket.on('error', reject);
    socket.on('close', () => resolve(received));
  });
  const [head = '', rest = ''] = answer.split('\r\n\r\n', 2);
  return { head: head.split('\r\n'), json: JSON.parse(rest) };
}

describe("a request Node's HTTP parser refuses answers in the API's error shape", () => {
  beforeAll(async () => {
    await t.app.listen({ port: 0, host: '127.0.0.1' });
  });

  it('answers headers over the size limit with 431 and a message', async () => {
    const { head, json } = await rawExchange(
      'POST /api/user/getMyProfile HTTP/1.1\r\nhost: localhost\r\n' +
        `authorization: Bearer ${'a'.repeat(100_000)}\r\ncontent-type: application/json\r\n` +
        'content-length: 2\r\n\r\n{}',
    );
    expect(head[0]).toBe('HTTP/1.1 431 Request Header Fields Too Large');
    expect(head).toContain('content-type: application/json; charset=utf-8');
    expect(head).toContain('x-content-type-options: nosniff');
    expect(json).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ["The request's headers are too large"],
      details: {
        issues: [{ field: '', message: "The request's headers are too large", key: 'validation.custom' }],
      },
      requestId: expect.any(String),
    });
  });

  it('answers a request that is not HTTP with 400 and a message', async () => {
    const { head, json } = await rawExchange('NOT HTTP AT ALL\r\n\r\n');
    expect(head[0]).toBe('HTTP/1.1 400 Bad Request');
    expect(json).toMatchObject({ code: 'VALIDATION_FAILED', messages: ['The request is not valid HTTP'] });
  });
});

describe('a JSON body in another encoding than UTF-8 is refused, never read into garbage', () => {
  const credentials = '{"email":"nobody@example.test","password":"Wrong-password-1"}';
  const login = (payload: Buffer, contentType = 'application/json') =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': contentType },
      payload,
    });
  const utf16be = (text: string) => Buffer.from(text, 'utf16le').swap16();

  it.each([
    ['UTF-16LE with a byte order mark', Buffer.from(`\uFEFF${credentials}`, 'utf16le'), undefined],
    ['UTF-16LE without one', Buffer.from(credentials, 'utf16le'), undefined],
    ['UTF-16BE with a byte order mark', utf16be(`\uFEFF${credentials}`), undefined],
    ['UTF-16BE without one', utf16be(credentials), undefined],
    [
      'UTF-16 declared in the charset',
      Buffer.from(credentials, 'utf16le'),
      'application/json; charset=utf-16',
    ],
    ['ASCII text declared as UTF-16', Buffer.from(credentials), 'application/json; charset=UTF-16LE'],
    [
      'Latin-1 bytes that are not UTF-8',
      Buffer.from(credentials.replace('nobody', 'nob\u00f6dy'), 'latin1'),
      undefined,
    ],
  ])('answers %s with 415 in the error shape', async (_name, payload, contentType) => {
    const response = await login(payload, contentType);
    expect(response.statusCode).toBe(415);
    const message = 'Send the request body as JSON encoded in UTF-8';
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: [message],
      details: { issues: [{ field: '', message }] },
    });
  });

  it('reads UTF-8, declared or not, with or without a byte order mark', async () => {
    for (const [payload, contentType] of [
      [Buffer.from(credentials), 'application/json'],
      [Buffer.from(credentials), 'application/json; charset=UTF-8'],
      [Buffer.from(credentials), 'application/json;charset="utf8"'],
      [Buffer.from(`\uFEFF${credentials}`), 'application/json'],
      [Buffer.from(credentials.replace('Wrong', 'Wröng')), 'application/json'],
    ] as const) {
      const response = await login(payload, contentType);
      expect(response.statusCode, `${contentType} ${payload.toString('hex', 0, 4)}`).toBe(401);
    }
  });
});

describe('a JSON body with a key that could poison a prototype is refused by name', () => {
  const login = (payload: string) =>
    t.app.inject({
      method: 'POST',
      url: '/api/auth/login',
      headers: { 'content-type': 'application/json' },
      payload,
    });

  it.each([
    ['__proto__', '{"__proto__":{"a":1}}', '__proto__'],
    ['an escaped __proto__', '{"email":"a@example.test","\\u005f_proto__":{"a":1}}', '__proto__'],
    ['a nested __proto__', '{"list":[{"x":{"__proto__":{}}}]}', 'list.0.x.__proto__'],
    ['constructor.prototype', '{"constructor":{"prototype":{"a":1}}}', 'constructor.prototype'],
  ])('answers %s with 400 and names the key', async (_name, payload, field) => {
    const response = await login(payload);
    expect(response.statusCode).toBe(400);
    const key = field.endsWith('__proto__') ? '__proto__' : 'constructor.prototype';
    const message = `The request body contains a forbidden key (${key})`;
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: [message],
      details: { issues: [{ field, message, key: 'validation.custom' }] },
    });
  });

  it('answers text that is not JSON with 400 and says so', async () => {
    const response = await login('{"email":');
    expect(response.statusCode).toBe(400);
    expect(response.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['Request body is not valid JSON'],
    });
  });

  it('still reads a body whose values merely mention them', async () => {
    const response = await login('{"email":"__proto__@example.test","password":"constructor.prototype"}');
    expect(response.statusCode).toBe(401);
  });
});
