import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { seedAdmin } from '../src/db/seed.ts';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, createMember, login } from './factories.ts';
import { fieldPaths, operationsOf, sampleOf, withField, type Operation } from './openapi.ts';

/**
 * Generated from the OpenAPI document: every operation gets the same fixed set of malformed inputs
 * as the super admin (who passes every company check, so the input reaches the deepest code), and
 * must never answer 5xx. New endpoints are covered as soon as they are registered.
 */

let t: TestApp;
let token: string;
let companyId: number;
const ADMIN = { email: 'fuzz-root@example.test', password: 'Fuzz-root-password-1!' };
// Malformed sign-ins must not lock the address the suite signs in from.
const FUZZ_ADDRESS = '198.51.100.23';

beforeAll(async () => {
  t = await buildTestApp();
  await seedAdmin(t.database.db, ADMIN);
  token = (await login(t.app, ADMIN.email, ADMIN.password)).accessToken;
  companyId = (await createMember(t.database.db)).companyId;
});
afterAll(async () => {
  console.log(
    `[fuzz] operations: ${counts.operations}, requests: ${counts.requests}, 5xx: ${failures.length}` +
      `, answers: ${JSON.stringify(counts.statuses)}`,
  );
  for (const failure of failures) console.log(`[fuzz] 5xx: ${failure}`);
  await t?.close();
});

const counts = { operations: 0, requests: 0, statuses: {} as Record<number, number> };
const failures: string[] = [];

const ONE_MB = 'x'.repeat(1_000_000);
const PROTO_KEY = '__fuzz_proto_key__';
/** `JSON.stringify` cannot write a `__proto__` key; this object is written with one, raw. */
const PROTOTYPE_KEYS = { [PROTO_KEY]: { isSuperAdmin: true }, constructor: { prototype: { polluted: 1 } } };

/** The fixed malformed values every field is given, one at a time. */
const FIELD_CASES: [string, unknown][] = [
  ['wrong type (string)', 'not-the-right-type'],
  ['wrong type (number)', 42],
  ['wrong type (boolean)', true],
  ['wrong type (object)', { nested: 'object' }],
  ['wrong type (array)', ['a', 1]],
  ['null', null],
  ['integer 2^31', 2147483648],
  ['integer −2^31−1', -2147483649],
  ['fraction', 1.5],
  ['huge number', 1e308],
  ['NUL', 'a\u0000b'],
  ['1 MB string', ONE_MB],
  ['prototype keys', PROTOTYPE_KEYS],
];

/** The fixed malformed values every query parameter is given, one at a time. */
const QUERY_CASES: [string, string | string[]][] = [
  ['text', 'not-a-number'],
  ['integer 2^31', '2147483648'],
  ['integer −2^31−1', '-2147483649'],
  ['fraction', '1.5'],
  ['overflow', '1e400'],
  ['NUL', 'a\u0000b'],
  ['1 MB string', ONE_MB],
  ['repeated', ['1', '2']],
  ['empty', ''],
];

const DEPTH = 5000;
/** Whole bodies, sent raw. */
const BODY_CASES: [string, string][] = [
  ['null body', 'null'],
  ['array body', '[]'],
  ['string body', '"text"'],
  ['number body', '2147483648'],
  ['empty object', '{}'],
  ['deep nesting (objects)', `${'{"a":'.repeat(DEPTH)}1${'}'.repeat(DEPTH)}`],
  ['deep nesting (arrays)', `${'['.repeat(DEPTH)}${']'.repeat(DEPTH)}`],
  ['prototype keys', '{"__proto__":{"isSuperAdmin":true},"constructor":{"prototype":{"polluted":1}}}'],
];

/** Real values for fields the sample would otherwise invent, so cases get past the first lookup. */
function hint(field: string): unknown {
  if (field === 'plCompanyId' || field === 'companyId') return companyId;
  return undefined;
}

function encode(body: unknown): string {
  return JSON.stringify(body).replaceAll(`"${PROTO_KEY}"`, '"__proto__"');
}

async function send(
  operation: Operation,
  label: string,
  input: { body?: string; query?: Record<string, string | string[]> },
) {
  const response = await t.app.inject({
    method: operation.method,
    url: operation.path,
    query: input.query ?? {},
    remoteAddress: FUZZ_ADDRESS,
    headers: {
      ...bearer(token),
      ...(input.body === undefined ? {} : { 'content-type': 'application/json' }),
    },
    ...(input.body === undefined ? {} : { payload: input.body }),
  });
  counts.requests++;
  counts.statuses[response.statusCode] = (counts.statuses[response.statusCode] ?? 0) + 1;
  if (response.statusCode >= 500) {
    failures.push(`${operation.name} ${label}: ${response.statusCode} ${response.body.slice(0, 200)}`);
  }
}

/** A case may sign the admin out (logout, password change); the next operation signs in again. */
async function ensureSignedIn() {
  const probe = await t.app.inject({ method: 'POST', url: '/api/user/getMyProfile', headers: bearer(token) });
  if (probe.statusCode === 401) token = (await login(t.app, ADMIN.email, ADMIN.password)).accessToken;
}

async function fuzz(operation: Operation) {
  counts.operations++;
  const query = Object.fromEntries(
    Object.entries(operation.query).map(([name, schema]) => [name, String(sampleOf(schema, hint, name))]),
  );
  const takesBody = operation.method !== 'GET' && operation.method !== 'DELETE';
  if (takesBody) {
    const body = operation.body ? sampleOf(operation.body, hint) : {};
    for (const [label, raw] of BODY_CASES) await send(operation, label, { body: raw, query });
    for (const path of fieldPaths(body, 3)) {
      for (const [label, value] of FIELD_CASES) {
        await send(operation, `${path.join('.')}: ${label}`, {
          body: encode(withField(body, path, value)),
          query,
        });
      }
    }
  }
  for (const name of Object.keys(operation.query)) {
    for (const [label, value] of QUERY_CASES) {
      await send(operation, `?${name}: ${label}`, { query: { ...query, [name]: value } });
    }
    await send(operation, `?${name}[__proto__]`, { query: { ...query, [`${name}[__proto__][x]`]: '1' } });
  }
  await ensureSignedIn();
}

describe('generated malformed input', () => {
  it('never answers 5xx, for any operation of the OpenAPI document', { timeout: 240_000 }, async () => {
    const operations = operationsOf(t.app);
    expect(operations.length).toBeGreaterThan(50);
    for (const operation of operations) await fuzz(operation);
    expect(failures).toEqual([]);
  });
});
