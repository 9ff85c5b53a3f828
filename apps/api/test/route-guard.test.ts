import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { buildTestApp, type TestApp } from './build-test-app.ts';

/**
 * Every operation needs a session unless it is listed here, with the reason it is public. A new
 * route that forgets its session check fails this test (Twenty lints the same invariant).
 */
const PUBLIC_OPERATIONS: Record<string, string> = {
  'GET /api/health': 'load balancers',
  'POST /api/general/generalInfo': 'the sign-up form lists business types and states before sign-in',
  'POST /api/user/register': 'sign-up',
  'POST /api/user/checkPromoCode': 'sign-up checks a promo code before the account exists',
  'POST /api/user/requestResetPassword': 'a forgotten password',
  'POST /api/user/resetPassword': 'the reset link carries its own single-use token',
  'POST /api/company/companyListing': 'sign-up prospect search (spec 1 §2)',
  'POST /api/company/companyFilterListing': 'sign-up prospect search (spec 1 §2)',
  'POST /api/company/getProspectDetail': 'a claim code opens its prospect before sign-up',
  'POST /api/company/getInviteMemberCodeDetail': 'an invite link opens before sign-up',
  'GET /api/storage/file': 'five-minute signed links (the signature is the credential)',
  'GET /api/document/file': 'five-minute signed links (the signature is the credential)',
  'GET /api/webcrawler/report': 'five-minute signed links (the signature is the credential)',
  'GET /api/trust/profile': 'the public trust profile a company chose to publish (issue 21)',
  'GET /api/directory/companies':
    'the public directory of companies that published their trust profile (issue 21)',
  'GET /api/siteTemplate/branding': 'a partner’s branding shows before sign-in (spec 3 siteTemplateId)',
  'GET /api/siteTemplate/image/{id}': 'logos of published site templates show on the sign-in page',
  'POST /api/trust/verifySeal': 'anyone checks a seal against the published keys and revocations',
  'GET /trust/{slug}': 'the public trust profile page (issue 21)',
  'GET /trust/{slug}/badge.svg': 'the badge other sites embed',
  'GET /trust/{slug}/seal.json': 'verifiers fetch the seal from any site',
  'GET /.well-known/trustleaf-seal-keys.json': 'verifiers check seal signatures with these keys',
  'GET /.well-known/trustleaf-seal-revocations.json': 'verifiers check revocations',
  'GET /directory': 'the public directory page (issue 21)',
};
/** Whole areas that are public by nature (sign-in, sign-up and its checks, the payment gateway). */
const PUBLIC_PREFIXES = ['/api/auth/', '/sandbox-gateway/', '/api/address/', '/api/docs'];

let t: TestApp;
beforeAll(async () => {
  t = await buildTestApp();
});
afterAll(() => t.close());

function operations(): { method: string; url: string; key: string }[] {
  const document = t.app.swagger() as { paths: Record<string, Record<string, unknown>> };
  return Object.entries(document.paths).flatMap(([path, methods]) =>
    Object.keys(methods).map((method) => {
      const url = path.replace(/\{[^}]+\}/g, '1');
      return { method: method.toUpperCase(), url, key: `${method.toUpperCase()} ${path}` };
    }),
  );
}

describe('route guard', () => {
  it('answers 401 without a session on every operation that is not listed as public', async () => {
    const open: string[] = [];
    const all = operations();
    for (const { method, url, key } of all) {
      if (PUBLIC_OPERATIONS[key] || PUBLIC_PREFIXES.some((prefix) => url.startsWith(prefix))) continue;
      const response = await t.app.inject({
        method: method as 'GET',
        url,
        ...(method === 'GET' || method === 'DELETE' ? {} : { payload: {} }),
      });
      if (response.statusCode !== 401) open.push(`${key} → ${response.statusCode}`);
    }
    expect(all.length).toBeGreaterThan(50);
    expect(open).toEqual([]);
  });

  it('lists only operations that exist', () => {
    const keys = new Set(operations().map((operation) => operation.key));
    expect(Object.keys(PUBLIC_OPERATIONS).filter((key) => !keys.has(key))).toEqual([]);
  });
});
