import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';
import { bearer, createMember, login } from './factories.ts';
import { operationsOf, sampleOf, type Operation } from './openapi.ts';

/**
 * Generated from the OpenAPI document: a Weak User (the least a member can be) calls every signed-in
 * operation for its own company with a well-formed input. Wherever that is refused (403: an owner's,
 * an admin's or a super admin's call), the same call with a malformed input must be refused the same
 * way, never answered with what is wrong with the input. New endpoints are covered once registered.
 */

let t: TestApp;
let weak: { email: string; companyId: number; token: string };

async function signInWeakUser(companyId?: number) {
  const { user, companyId: id } = await createMember(t.database.db, 'Weak User', companyId);
  weak = { email: user.email, companyId: id, token: (await login(t.app, user.email)).accessToken };
}

/** Values that fail every field's schema: a text, a number, an enum, a list and a date alike. */
const MALFORMED_BODY_FIELD = { malformed: [true] };
const MALFORMED_QUERY_FIELD = '%not-valid%'.repeat(400);

function wellFormed(operation: Operation) {
  const hint = (field: string) => (field === 'plCompanyId' ? weak.companyId : undefined);
  const body = operation.body ? sampleOf(operation.body, hint) : undefined;
  const query = Object.fromEntries(
    Object.entries(operation.query).map(([name, schema]) => [name, String(sampleOf(schema, hint, name))]),
  );
  return { body, query, path: operation.path.replace(/\{[^}]+\}/g, '1') };
}

/** Every field but the company malformed; or, with `company`, the company id alone. */
function malformed(operation: Operation, company: boolean) {
  const { body, query, path } = wellFormed(operation);
  const spoil = (fields: Record<string, unknown>, bad: unknown) =>
    Object.fromEntries(
      Object.entries(fields).map(([name, value]) =>
        (name === 'plCompanyId') === company ? [name, company ? 'not-a-company' : bad] : [name, value],
      ),
    );
  return {
    body:
      body && typeof body === 'object' && !Array.isArray(body)
        ? spoil(body as Record<string, unknown>, MALFORMED_BODY_FIELD)
        : body,
    query: spoil(query, MALFORMED_QUERY_FIELD) as Record<string, string>,
    path: company ? path : operation.path.replace(/\{[^}]+\}/g, 'x'),
  };
}

function takesCompany(operation: Operation) {
  const { body, query } = wellFormed(operation);
  return 'plCompanyId' in query || (!!body && typeof body === 'object' && 'plCompanyId' in body);
}

async function call(
  operation: Operation,
  input: { body: unknown; query: Record<string, string>; path: string },
) {
  return t.app.inject({
    method: operation.method,
    url: input.path,
    query: input.query,
    headers: bearer(weak.token),
    payload: input.body ?? {},
  });
}

beforeAll(async () => {
  t = await buildTestApp();
  await signInWeakUser();
});
afterAll(() => t?.close());

describe('role checks come before input checks', () => {
  it(
    'refuses a member without the right 403 on a malformed input wherever a well-formed one is refused',
    { timeout: 240_000 },
    async () => {
      const refused: string[] = [];
      const answeredOtherwise: string[] = [];
      for (const operation of operationsOf(t.app)) {
        const probe = await call(operation, wellFormed(operation));
        if (probe.statusCode === 401) continue;
        // A public call's 403 (a signed link's) is not about who calls.
        const anonymous = await t.app.inject({ method: operation.method, url: wellFormed(operation).path });
        if (anonymous.statusCode !== 401) continue;
        // A call the Weak User may make may have changed its membership (leaving the company).
        if (probe.statusCode < 300) await signInWeakUser(weak.companyId);
        if (probe.statusCode !== 403) continue;
        refused.push(operation.name);
        const variants = [
          malformed(operation, false),
          ...(takesCompany(operation) ? [malformed(operation, true)] : []),
        ];
        for (const input of variants) {
          const response = await call(operation, input);
          if (response.statusCode !== 403) {
            answeredOtherwise.push(
              `${operation.name}: ${response.statusCode} ${response.body.slice(0, 160)}`,
            );
          }
        }
      }
      expect(answeredOtherwise).toEqual([]);
      // The owner's, admins' and super admins' calls the refusals above must at least include.
      expect(refused).toEqual(
        expect.arrayContaining([
          'POST /api/company/inviteMember',
          'POST /api/company/transferOwnership',
          'POST /api/company/updateCompanyDetail',
          'POST /api/subscription/startSubscription',
          'POST /api/company/updateCompanyPaymentMethod',
          'POST /api/transaction/transactionListing',
          'POST /api/general/category',
          'POST /api/document/document',
          'POST /api/user/setUserDisabled',
          'POST /api/document/reviewer',
          'POST /api/trust/publishProfile',
        ]),
      );
    },
  );
});
