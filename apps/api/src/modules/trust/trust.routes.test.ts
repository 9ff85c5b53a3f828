import { generateKeyPairSync } from 'node:crypto';
import type { AddressInfo } from 'node:net';
import { PassThrough } from 'node:stream';
import { addDays, todayIn } from '@trustleaf/domain/rules/document-status';
import { businessTypeIdOf } from '@trustleaf/domain/schemas/company';
import { publicSealJwk, signSeal, verifySeal, type SealPayload } from '@trustleaf/scanner/seal';
import { verifyMain } from '@trustleaf/scanner/verify-cli';
import { eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  businessTypes,
  companies,
  companyDocuments,
  companySubscriptions,
  documentTypes,
} from '../../db/schema.ts';
import { seedAdmin } from '../../db/seed.ts';
import {
  bearer,
  createAcceptedLicence,
  createMember,
  login,
  subscribeCompany,
} from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let adminToken: string;
let businessTypeId: number;
let licenceTypeId: number;
let reasonId: number;
const DAY = 864e5;

beforeAll(async () => {
  t = await buildTestApp({ env: { APP_URL: 'https://trust.example.test' } });
  const admin = await seedAdmin(t.database.db, {
    email: 'root@example.test',
    password: 'Root-password-123!',
  });
  adminToken = (await login(t.app, admin.email, 'Root-password-123!')).accessToken;
  // A business type of its own, requiring exactly one licence that expires.
  businessTypeId = 9000 + Math.floor(Math.random() * 1000);
  await t.database.db.insert(businessTypes).values({
    id: businessTypeId,
    name: 'Seal Test Type',
    type: `SEAL_TEST_${businessTypeId}`,
    segmentIds: [],
  });
  const [type] = await t.database.db
    .insert(documentTypes)
    .values({
      name: 'Seal Test Licence',
      licenseCheck: true,
      expirationCheck: true,
      dayPriorNotify: 30,
      businessTypeIds: [businessTypeId],
    })
    .returning();
  licenceTypeId = type!.id;
  const reasons = await t.app.inject({
    method: 'POST',
    url: '/api/document/reasonListing',
    headers: bearer(adminToken),
    payload: { reasonType: 'REJECT' },
  });
  reasonId = reasons.json().detail.reasons[0].plReasonId;
});
afterAll(() => t.close());

/** A company meeting every condition but publication: accepted licence expiring in `days`, Basic plan. */
async function compliantCompany(days = 30) {
  const db = t.database.db;
  const owner = await createMember(db, 'Company Owner');
  await db
    .update(companies)
    .set({ businessTypeId, name: `Green Valley ${owner.companyId}`, city: 'Denver', state: 'CO' })
    .where(eq(companies.id, owner.companyId));
  await subscribeCompany(db, owner.companyId, 'Basic', t.clock.now());
  const document = await createAcceptedLicence(db, {
    companyId: owner.companyId,
    uploadedBy: owner.user.id,
    documentTypeId: licenceTypeId,
    expirationDate: addDays(todayIn(t.clock.now()), days),
  });
  const token = (await login(t.app, owner.user.email)).accessToken;
  return { ...owner, token, documentId: document.id };
}

async function publish(companyId: number, token: string, published = true) {
  return t.app.inject({
    method: 'POST',
    url: '/api/trust/publishProfile',
    headers: bearer(token),
    payload: { plCompanyId: companyId, published },
  });
}

async function publishedCompany(days = 30) {
  const company = await compliantCompany(days);
  const response = await publish(company.companyId, company.token);
  expect(response.statusCode, response.body).toBe(200);
  return { ...company, slug: response.json().detail.slug as string, settings: response.json().detail };
}

const profile = (slug: string) => t.app.inject({ method: 'GET', url: `/api/trust/profile?slug=${slug}` });
const verify = (seal: string) =>
  t.app.inject({ method: 'POST', url: '/api/trust/verifySeal', payload: { seal } });
async function keysAndRevocations() {
  const keys = (await t.app.inject({ method: 'GET', url: '/.well-known/trustleaf-seal-keys.json' })).json();
  const revocations = (
    await t.app.inject({ method: 'GET', url: '/.well-known/trustleaf-seal-revocations.json' })
  ).json();
  return { keys, revocations };
}

describe('public trust profile', () => {
  it('is published by its owner at a stable address and shows the seal of a compliant company', async () => {
    const company = await publishedCompany();
    expect(company.slug).toBe(`green-valley-${company.companyId}-${company.companyId}`);
    expect(company.settings).toMatchObject({ published: true, eligible: true, blockers: [] });
    expect(company.settings.profileUrl).toBe(`https://trust.example.test/trust/${company.slug}`);

    const response = await profile(company.slug);
    expect(response.statusCode).toBe(200);
    const detail = response.json().detail;
    expect(detail.company).toMatchObject({
      plCompanyId: company.companyId,
      businessType: 'Seal Test Type',
      locations: [{ city: 'Denver', state: 'CO', country: 'US' }],
    });
    expect(detail.documents).toEqual([
      {
        name: 'Seal Test Licence',
        seedKey: null,
        verified: true,
        expires: addDays(todayIn(t.clock.now()), 30),
      },
    ]);
    expect(detail.scan).toBeNull();
    expect(detail.seal.seal.split('.')).toHaveLength(3);
    // Nothing of the document itself (file, number) is public.
    expect(response.body).not.toContain('licence.pdf');
    expect(response.body).not.toContain('L-1');

    // Publishing again keeps the address, even after a rename.
    await t.database.db
      .update(companies)
      .set({ name: 'Renamed Co' })
      .where(eq(companies.id, company.companyId));
    expect((await publish(company.companyId, company.token)).json().detail.slug).toBe(company.slug);
  });

  it('is a server-rendered page, in the visitor’s language, readable without scripts', async () => {
    const company = await publishedCompany();
    const page = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}` });
    expect(page.statusCode, page.body).toBe(200);
    expect(page.headers['content-type']).toContain('text/html');
    expect(page.headers['cache-control']).toBe('no-cache');
    expect(page.body).toContain(`<h1 id="company-name">Green Valley ${company.companyId}</h1>`);
    expect(page.body).toContain('Trustleaf verified');
    expect(page.body).toContain('Seal Test Licence');
    expect(page.body).not.toMatch(/<script/i);

    const french = await t.app.inject({
      method: 'GET',
      url: `/trust/${company.slug}`,
      headers: { 'accept-language': 'de;q=0.5, fr-CA, en;q=0.1' },
    });
    expect(french.body).toContain('<html lang="fr">');
    expect(french.body).toContain('Vérifié par Trustleaf');
    const dutch = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}?lang=nl` });
    expect(dutch.body).toContain('Geverifieerd door Trustleaf');
  });

  it('names the company type in the visitor’s language', async () => {
    const company = await publishedCompany();
    // 'Cultivator' of the reference data (spec 1 §1 company types).
    await t.database.db
      .update(companies)
      .set({ businessTypeId: businessTypeIdOf('CULTIVATOR') })
      .where(eq(companies.id, company.companyId));
    const page = async (lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/trust/${company.slug}?lang=${lang}` })).body;
    expect(await page('en')).toContain('<dd>Cultivator</dd>');
    expect(await page('fr')).toContain('<dd>Cultivateur</dd>');
    expect(await page('de')).toContain('<dd>Anbauer</dd>');
    expect(await page('nl')).not.toContain('<dd>Cultivator</dd>');
  });

  it('names a seeded required document in the visitor’s language, and one a super admin named as typed', async () => {
    const company = await publishedCompany();
    // A cultivator needs seeded types (the State Cannabis License among them).
    await t.database.db
      .update(companies)
      .set({ businessTypeId: businessTypeIdOf('CULTIVATOR') })
      .where(eq(companies.id, company.companyId));
    const page = async (lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/trust/${company.slug}?lang=${lang}` })).body;
    expect(await page('en')).toMatch(/<li>State Cannabis License: /);
    expect(await page('fr')).toMatch(/<li>Licence cannabis de l’État : /);
    expect(await page('de')).toMatch(/<li>Cannabislizenz des Bundesstaats: /);
    expect(await page('nl')).toMatch(/<li>Cannabisvergunning van de staat: /);
    expect(await page('fr')).not.toContain('State Cannabis License');
  });

  it('puts each required document’s status after its name with the language’s punctuation', async () => {
    const company = await publishedCompany();
    const page = async (lang: string) =>
      (await t.app.inject({ method: 'GET', url: `/trust/${company.slug}?lang=${lang}` })).body;
    expect(await page('en')).toMatch(/<li>Seal Test Licence: <span class="ok">/);
    expect(await page('fr')).toMatch(/<li>Seal Test Licence : <span class="ok">Accepté/);
    expect(await page('de')).toMatch(/<li>Seal Test Licence: <span class="ok">/);
  });

  it('answers 404 for an unknown or withdrawn profile, and withdrawing revokes the seal', async () => {
    expect((await profile('no-such-company-1')).statusCode).toBe(404);
    const missingPage = await t.app.inject({ method: 'GET', url: '/trust/no-such-company-1' });
    expect(missingPage.statusCode).toBe(404);
    expect(missingPage.body).toContain('Profile not found');
    expect((await profile('Bad Slug!')).statusCode).toBe(400);

    const company = await publishedCompany();
    const seal = (await profile(company.slug)).json().detail.seal.seal as string;
    expect((await publish(company.companyId, company.token, false)).statusCode).toBe(200);
    expect((await profile(company.slug)).statusCode).toBe(404);
    expect((await verify(seal)).json().detail).toMatchObject({ valid: false, reason: 'revoked' });
  });

  it('shows no seal without an active subscription or without the seal in the plan', async () => {
    const company = await publishedCompany();
    await t.database.db
      .update(companySubscriptions)
      .set({ status: 'EXPIRED' })
      .where(eq(companySubscriptions.companyId, company.companyId));
    const detail = (await profile(company.slug)).json().detail;
    expect(detail.seal).toBeNull();
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/trust/profileSettings?plCompanyId=${company.companyId}`,
      headers: bearer(company.token),
    });
    expect(settings.json().detail).toMatchObject({
      eligible: false,
      blockers: [{ reason: 'SUBSCRIPTION_INACTIVE' }],
    });
  });
});

describe('nobody acts on another company’s profile', () => {
  it('refuses publishing, withdrawing and reading settings of another company, and plain members publishing', async () => {
    const victim = await publishedCompany();
    const stranger = await compliantCompany();
    for (const published of [true, false]) {
      const response = await publish(victim.companyId, stranger.token, published);
      expect(response.statusCode).toBe(404);
    }
    const settings = await t.app.inject({
      method: 'GET',
      url: `/api/trust/profileSettings?plCompanyId=${victim.companyId}`,
      headers: bearer(stranger.token),
    });
    expect(settings.statusCode).toBe(404);
    // A plain member of the company itself reads but may not publish or withdraw.
    const member = await createMember(t.database.db, 'User', victim.companyId);
    const memberToken = (await login(t.app, member.user.email)).accessToken;
    expect((await publish(victim.companyId, memberToken, false)).statusCode).toBe(403);
    expect((await profile(victim.slug)).json().detail.seal).not.toBeNull();
    // Only a super admin withholds a seal.
    const hold = (token: string) =>
      t.app.inject({
        method: 'POST',
        url: '/api/trust/holdSeal',
        headers: bearer(token),
        payload: { plCompanyId: victim.companyId, held: true, reason: 'Under investigation' },
      });
    expect((await hold(victim.token)).statusCode).toBe(403);
    expect((await hold(stranger.token)).statusCode).toBe(403);
    const held = await hold(adminToken);
    expect(held.json().detail).toMatchObject({ held: true, eligible: false, seal: null });
    expect((await profile(victim.slug)).json().detail.seal).toBeNull();
  });

  it('gives the QR code to the company’s members only, once the profile is published', async () => {
    const company = await publishedCompany();
    const stranger = await compliantCompany();
    const qr = (companyId: number, token: string, embed = 'NONE') =>
      t.app.inject({
        method: 'GET',
        url: `/api/company/companyQrCode?plCompanyId=${companyId}&embedLogoType=${embed}`,
        headers: bearer(token),
      });
    const own = await qr(company.companyId, company.token);
    expect(own.statusCode).toBe(200);
    expect(own.headers['content-type']).toContain('image/svg+xml');
    expect(own.body).toContain('<svg');
    const maxAge = Number(/max-age=(\d+)/.exec(String(own.headers['cache-control']))?.[1]);
    expect(maxAge).toBeGreaterThan(0);
    expect(maxAge).toBeLessThanOrEqual(300);
    expect((await qr(company.companyId, stranger.token)).statusCode).toBe(404);
    expect((await qr(stranger.companyId, stranger.token)).statusCode).toBe(409);
    // No logo uploaded: asking for one is a clear 409, not a broken image.
    expect((await qr(company.companyId, company.token, 'COMPANY_LOGO')).statusCode).toBe(409);
    expect(
      (
        await t.app.inject({
          method: 'GET',
          url: `/api/company/companyQrCode?plCompanyId=${company.companyId}`,
        })
      ).statusCode,
    ).toBe(401);
  });
});

describe('the seal', () => {
  it('is verified by the server and by the offline rule alike: valid, expired, tampered, revoked, wrong key', async () => {
    const company = await publishedCompany(3);
    const seal = (await profile(company.slug)).json().detail.seal.seal as string;
    const agree = async (token: string) => {
      const server = (await verify(token)).json().detail;
      const { keys, revocations } = await keysAndRevocations();
      const offline = verifySeal(token, {
        keys,
        revocations,
        now: t.clock.now(),
        issuer: 'https://trust.example.test',
      });
      expect(server.valid).toBe(offline.valid);
      expect(server.reason).toBe(offline.valid ? undefined : offline.reason);
      return server as { valid: boolean; reason?: string };
    };

    expect(await agree(seal)).toMatchObject({ valid: true });

    const [header, body, signature] = seal.split('.');
    const claims = JSON.parse(Buffer.from(body!, 'base64url').toString()) as SealPayload;
    const tampered = Buffer.from(JSON.stringify({ ...claims, exp: claims.exp + 365 * 86400 })).toString(
      'base64url',
    );
    expect(await agree(`${header}.${tampered}.${signature}`)).toMatchObject({ reason: 'bad-signature' });

    const otherKey = generateKeyPairSync('ed25519').privateKey;
    expect(await agree(signSeal(claims, otherKey))).toMatchObject({ reason: 'unknown-key' });
    const { keys } = await keysAndRevocations();
    expect(keys.keys[0].kid).toBe(JSON.parse(Buffer.from(header!, 'base64url').toString()).kid);
    expect(publicSealJwk).toBeTypeOf('function');

    expect(await agree('not-a-seal')).toMatchObject({ reason: 'malformed' });

    // The licence expires in 3 days: the window ends with it, so four days on the seal has expired.
    t.clock.advance(4 * DAY);
    expect(await agree(seal)).toMatchObject({ valid: false, reason: 'expired' });
    expect((await profile(company.slug)).json().detail.seal).toBeNull();
    t.clock.advance(-4 * DAY);
  });

  it('is revoked at once when a required document is rejected, and the revocation list names it', async () => {
    const company = await publishedCompany();
    const seal = (await profile(company.slug)).json().detail.seal;
    const review = await t.app.inject({
      method: 'POST',
      url: '/api/document/updateDocumentReviewStatus',
      headers: bearer(adminToken),
      payload: {
        documentId: company.documentId,
        reviewStatus: 'rejected',
        rejectReasonId: reasonId,
        reviewComment: 'Wrong company name',
        expirationDate: addDays(todayIn(t.clock.now()), 30),
        licenseNumber: 'L-1',
        validationMethod: 'DOCUMENT_PROVIDED',
      },
    });
    expect(review.statusCode, review.body).toBe(200);
    // The revocation list is current at the next check, before anyone opens the profile.
    const { revocations } = await keysAndRevocations();
    expect(revocations.revoked).toContainEqual(
      expect.objectContaining({ jti: seal.sealId, reason: 'no-longer-eligible' }),
    );
    expect((await verify(seal.seal)).json().detail).toMatchObject({ valid: false, reason: 'revoked' });
    const detail = (await profile(company.slug)).json().detail;
    expect(detail.seal).toBeNull();
    expect(detail.documents).toEqual([
      { name: 'Seal Test Licence', seedKey: null, verified: false, expires: null },
    ]);
  });

  it('is served as an embeddable badge and a seal file cached no longer than the seal is valid', async () => {
    const company = await publishedCompany(0);
    const badge = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/badge.svg` });
    expect(badge.statusCode).toBe(200);
    expect(badge.headers['content-type']).toContain('image/svg+xml');
    expect(badge.headers['cross-origin-resource-policy']).toBe('cross-origin');
    expect(badge.body).toContain('Trustleaf verified');
    const file = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/seal.json` });
    expect(file.statusCode).toBe(200);
    const remaining = Math.floor((Date.parse(file.json().expiresAt) - t.clock.now().getTime()) / 1000);
    for (const response of [badge, file]) {
      const maxAge = Number(/max-age=(\d+)/.exec(String(response.headers['cache-control']))?.[1]);
      expect(maxAge).toBeLessThanOrEqual(Math.min(300, remaining));
    }
    // The licence expires today: a minute before the day ends, the cache lifetime is that minute.
    t.clock.set(new Date(Date.parse(file.json().expiresAt) - 60_000));
    const late = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/seal.json` });
    expect(late.headers['cache-control']).toBe('public, max-age=60');
    t.clock.set(new Date(Date.parse(file.json().expiresAt) + 1000));
    const after = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/badge.svg` });
    expect(after.body).toContain('Seal not active');
    expect(after.headers['cache-control']).toBe('public, max-age=0');
    expect((await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/seal.json` })).statusCode).toBe(
      404,
    );
    t.clock.set(new Date());
  });

  it('gets the same verdict from the trustleaf-scan verify command over HTTP as from the server', async () => {
    const company = await publishedCompany();
    await t.app.listen({ port: 0, host: '127.0.0.1' });
    const { port } = t.app.server.address() as AddressInfo;
    const base = `http://127.0.0.1:${port}`;
    const cli = async (source: string) => {
      const out = new PassThrough();
      const chunks: Buffer[] = [];
      out.on('data', (c: Buffer) => chunks.push(c));
      const code = await verifyMain(
        [
          source,
          '--keys',
          `${base}/.well-known/trustleaf-seal-keys.json`,
          '--revocations',
          `${base}/.well-known/trustleaf-seal-revocations.json`,
          '--issuer',
          'https://trust.example.test',
          '--at',
          t.clock.now().toISOString(),
          '--allow-host',
          `127.0.0.1:${port}`,
          '--json',
        ],
        out,
        new PassThrough(),
      );
      return {
        code,
        verdict: JSON.parse(Buffer.concat(chunks).toString()) as { valid: boolean; reason?: string },
      };
    };
    const sealUrl = `${base}/trust/${company.slug}/seal.json`;
    const file = await t.app.inject({ method: 'GET', url: `/trust/${company.slug}/seal.json` });
    const seal = file.json<{ seal: string }>().seal;
    expect(await cli(sealUrl)).toMatchObject({ code: 0, verdict: { valid: true } });
    expect((await verify(seal)).json().detail.valid).toBe(true);

    // Withdrawn: the command, reading the list at its next check, says revoked as the server does.
    await t.database.db
      .update(companyDocuments)
      .set({ reviewStatus: 'rejected' })
      .where(eq(companyDocuments.id, company.documentId));
    const dir = await import('node:fs/promises').then((fs) => fs.mkdtemp('/tmp/seal-'));
    const saved = `${dir}/seal.txt`;
    await import('node:fs/promises').then((fs) => fs.writeFile(saved, seal));
    const offline = await cli(saved);
    expect(offline).toMatchObject({ code: 4, verdict: { valid: false, reason: 'revoked' } });
    expect((await verify(seal)).json().detail).toMatchObject({ valid: false, reason: 'revoked' });
  });
});
