import { imageFor, type AppliedElement } from '@trustleaf/domain/rules/site-template';
import { hiddenScreens } from '@trustleaf/domain/rules/site-template-screens';
import { MESSAGES } from '@trustleaf/domain/schemas/site-template';
import { and, eq } from 'drizzle-orm';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import { siteTemplateElements, users } from '../../db/schema.ts';
import { seedAdmin } from '../../db/seed.ts';
import { bearer, createMember, createUpload, login } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';

let t: TestApp;
let admin: string;
let adminId: number;

beforeAll(async () => {
  t = await buildTestApp();
  const root = await seedAdmin(t.database.db, {
    email: 'templates-root@example.test',
    password: 'Root-password-123!',
  });
  const [row] = await t.database.db.select({ id: users.id }).from(users).where(eq(users.email, root.email));
  adminId = row!.id;
  admin = (await login(t.app, root.email, 'Root-password-123!')).accessToken;
});
afterAll(() => t.close());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

type Method = 'GET' | 'POST' | 'PUT' | 'DELETE';
const call = (method: Method, url: string, token: string | null, payload?: object) =>
  t.app.inject({
    method,
    url: `/api/siteTemplate${url}`,
    ...(payload ? { payload } : {}),
    ...(token ? { headers: bearer(token) } : {}),
  });

let counter = 0;
async function template(overrides: object = {}) {
  const response = await call('POST', '/template', admin, { name: `Partner ${++counter}`, ...overrides });
  expect(response.statusCode, response.body).toBe(201);
  return response.json().detail as { plSiteTemplateId: number; status: string };
}

async function uploadImage(token: string, content = PNG, name = 'logo.png') {
  const form = new FormData();
  form.append('files', new Blob([content]), name);
  const request = new Request('http://x', { method: 'POST', body: form });
  return t.app.inject({
    method: 'POST',
    url: '/api/storage/preupload?mode=image',
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
}

/** A published template renaming the product, with a logo, bound as given. */
async function publishedPartner(bindings: object = {}) {
  const draft = await template(bindings);
  const key = (await uploadImage(admin)).json().detail[0].key as string;
  const added = await Promise.all([
    call('POST', '/templateElement', admin, {
      plSiteTemplateId: draft.plSiteTemplateId,
      elementName: 'productName',
      elementType: 'TERMINOLOGY',
      useTextOverride: true,
      textOverride: 'Acme Trust',
    }),
    call('POST', '/templateElement', admin, {
      plSiteTemplateId: draft.plSiteTemplateId,
      elementName: 'logo',
      elementType: 'IMAGE',
      imageUploadKey: key,
    }),
  ]);
  for (const response of added) expect(response.statusCode, response.body).toBe(201);
  const applied = await call('POST', '/applyDraft', admin, { plSiteTemplateId: draft.plSiteTemplateId });
  expect(applied.json().detail.status).toBe('UNIVERSAL');
  return draft.plSiteTemplateId;
}

describe('site templates: add, list, get, update, delete', () => {
  it('adds a draft, lists it, reads it with its elements, renames it and deletes it', async () => {
    const created = await template({ domain: 'Partner-One.Example.com' });
    expect(created).toMatchObject({
      status: 'DRAFT',
      parentSiteTemplateId: null,
      domain: 'partner-one.example.com',
    });
    const list = await call('GET', '/templates', admin);
    expect(list.statusCode).toBe(200);
    expect(
      list.json().detail.siteTemplates.map((row: { plSiteTemplateId: number }) => row.plSiteTemplateId),
    ).toContain(created.plSiteTemplateId);
    const element = await call('POST', '/templateElement', admin, {
      plSiteTemplateId: created.plSiteTemplateId,
      elementName: 'qVault',
      elementType: 'TERMINOLOGY',
      useTextOverride: true,
      textOverride: 'Acme Vault',
    });
    expect(element.statusCode, element.body).toBe(201);
    expect(element.json().detail).toMatchObject({ phrase: 'Q-Vault', enabled: true, imageResource: null });
    const detail = await call('GET', `/template/${created.plSiteTemplateId}`, admin);
    expect(detail.json().detail.templateElements).toMatchObject([
      { elementName: 'qVault', textOverride: 'Acme Vault', useTextOverride: true },
    ]);
    const renamed = await call('PUT', '/template', admin, {
      plSiteTemplateId: created.plSiteTemplateId,
      name: 'Renamed',
      domain: null,
    });
    expect(renamed.json().detail).toMatchObject({ name: 'Renamed', domain: null, status: 'DRAFT' });
    const deleted = await call('DELETE', `/template/${created.plSiteTemplateId}`, admin);
    expect(deleted.json().detail).toEqual({ ok: true });
    expect((await call('GET', `/template/${created.plSiteTemplateId}`, admin)).statusCode).toBe(404);
    expect((await call('DELETE', `/template/${created.plSiteTemplateId}`, admin)).statusCode).toBe(404);
  });

  it('refuses bad input with a clear 400 and bindings another template holds with 409', async () => {
    const bad = await Promise.all([
      call('POST', '/template', admin, { name: '' }),
      call('POST', '/template', admin, { name: 'x', status: 'PUBLISHED' }),
      call('POST', '/template', admin, { name: 'x', domain: 'https://not a host/' }),
      call('GET', '/template/abc', admin),
      call('POST', '/createDraft', admin, {}),
    ]);
    for (const response of bad) {
      expect(response.statusCode, response.body).toBe(400);
      expect(response.json()).toMatchObject({ code: 'VALIDATION_FAILED' });
      expect(response.json().messages[0]).toEqual(expect.any(String));
    }
    const { companyId } = await createMember(t.database.db);
    await template({ domain: 'taken.example.com', plCompanyId: companyId });
    const domain = await call('POST', '/template', admin, { name: 'x', domain: 'TAKEN.example.com' });
    expect(domain.statusCode).toBe(409);
    expect(domain.json().messages).toEqual([MESSAGES.domainTaken]);
    const company = await call('POST', '/template', admin, { name: 'x', plCompanyId: companyId });
    expect(company.json().messages).toEqual([MESSAGES.companyTaken]);
    const unknownCompany = await call('POST', '/template', admin, { name: 'x', plCompanyId: 2_000_000_000 });
    expect(unknownCompany.statusCode).toBe(404);
  });

  it('moves a published template between UNIVERSAL and INACTIVE, never to or from DRAFT by update', async () => {
    const published = await template({ status: 'UNIVERSAL' });
    const inactive = await call('PUT', '/template', admin, {
      plSiteTemplateId: published.plSiteTemplateId,
      status: 'INACTIVE',
    });
    expect(inactive.json().detail.status).toBe('INACTIVE');
    const toDraft = await call('PUT', '/template', admin, {
      plSiteTemplateId: published.plSiteTemplateId,
      status: 'DRAFT',
    });
    expect(toDraft.statusCode).toBe(409);
    const draft = await template();
    const fromDraft = await call('PUT', '/template', admin, {
      plSiteTemplateId: draft.plSiteTemplateId,
      status: 'UNIVERSAL',
    });
    expect(fromDraft.json()).toMatchObject({ code: 'CONFLICT', messages: [MESSAGES.draftStatus] });
  });
});

describe('site templates: drafts', () => {
  it('copies a template into one draft, edits only the draft, and applying it publishes the change', async () => {
    const id = await publishedPartner();
    const [first, second] = await Promise.all([
      call('POST', '/createDraft', admin, { plSiteTemplateId: id }),
      call('POST', '/createDraft', admin, { plSiteTemplateId: id }),
    ]);
    const draft = first.json().detail;
    expect(draft).toMatchObject({ status: 'DRAFT', parentSiteTemplateId: id });
    expect(second.json().detail.plSiteTemplateId).toBe(draft.plSiteTemplateId);

    const published = (await call('GET', `/template/${id}`, admin)).json().detail.templateElements;
    const onPublished = await call('PUT', '/templateElement', admin, {
      plSiteTemplateElementId: published[0].plSiteTemplateElementId,
      textOverride: 'Sneaky',
    });
    expect(onPublished.statusCode).toBe(409);
    expect(onPublished.json().messages).toEqual([MESSAGES.onlyDraftEditable]);
    expect(
      (await call('DELETE', `/templateElement/${published[0].plSiteTemplateElementId}`, admin)).statusCode,
    ).toBe(409);

    const copied = (await call('GET', `/template/${draft.plSiteTemplateId}`, admin)).json().detail
      .templateElements;
    const product = copied.find((element: { elementName: string }) => element.elementName === 'productName');
    const logo = copied.find((element: { elementName: string }) => element.elementName === 'logo');
    expect(logo.imageResource.url).toMatch(/^\/api\/storage\/file\?/);
    const updated = await call('PUT', '/templateElement', admin, {
      plSiteTemplateElementId: product.plSiteTemplateElementId,
      textOverride: 'Acme Assurance',
    });
    expect(updated.json().detail).toMatchObject({ textOverride: 'Acme Assurance', useTextOverride: true });
    const removed = await call('DELETE', `/templateElement/${logo.plSiteTemplateElementId}`, admin);
    expect(removed.json().detail).toEqual({ ok: true });

    // The public still sees the published template until the draft is applied.
    const before = (await call('GET', `/branding?siteTemplateId=${id}`, null)).json().detail;
    expect(before.elements.find((e: { elementName: string }) => e.elementName === 'productName').text).toBe(
      'Acme Trust',
    );
    const applied = await call('POST', '/applyDraft', admin, { plSiteTemplateId: draft.plSiteTemplateId });
    expect(applied.json().detail).toMatchObject({ plSiteTemplateId: id, status: 'UNIVERSAL' });
    const after = (await call('GET', `/branding?siteTemplateId=${id}`, null)).json().detail;
    expect(after.elements).toEqual([
      {
        elementName: 'productName',
        elementType: 'TERMINOLOGY',
        enabled: true,
        text: 'Acme Assurance',
        imageUrl: null,
      },
    ]);
    expect((await call('GET', `/template/${draft.plSiteTemplateId}`, admin)).statusCode).toBe(404);
    const again = await call('POST', '/applyDraft', admin, { plSiteTemplateId: id });
    expect(again.json()).toMatchObject({ code: 'CONFLICT', messages: [MESSAGES.notDraft] });
  });

  it('refuses a draft of a draft, unknown elements, a wrong type, a duplicate and a foreign image', async () => {
    const draft = await template();
    const element = (body: object) =>
      call('POST', '/templateElement', admin, { plSiteTemplateId: draft.plSiteTemplateId, ...body });
    expect(
      (await call('POST', '/createDraft', admin, { plSiteTemplateId: draft.plSiteTemplateId })).statusCode,
    ).toBe(409);
    const unknown = await element({ elementName: 'noSuchThing', elementType: 'TERMINOLOGY' });
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().messages[0]).toContain(MESSAGES.unknownElement);
    expect((await element({ elementName: 'logo', elementType: 'TERMINOLOGY' })).json().messages).toEqual([
      MESSAGES.wrongType,
    ]);
    const tooLong = await element({
      elementName: 'qMonitor',
      elementType: 'TERMINOLOGY',
      textOverride: 'x'.repeat(501),
    });
    expect(tooLong.statusCode).toBe(400);
    expect((await element({ elementName: 'qMonitor', elementType: 'TERMINOLOGY' })).statusCode).toBe(201);
    expect((await element({ elementName: 'qMonitor', elementType: 'TERMINOLOGY' })).json().messages).toEqual([
      MESSAGES.elementExists,
    ]);
    const someone = await createMember(t.database.db);
    const theirs = await createUpload(t.database.db, {
      uploadedBy: someone.user.id,
      mode: 'image',
      extension: 'png',
    });
    const foreign = await element({ elementName: 'logo', elementType: 'IMAGE', imageUploadKey: theirs.key });
    expect(foreign.statusCode).toBe(400);
    expect(foreign.json().messages).toEqual([MESSAGES.imageNotFound]);
    const pdf = await createUpload(t.database.db, { uploadedBy: adminId, mode: 'document' });
    expect(
      (await element({ elementName: 'logo', elementType: 'IMAGE', imageUploadKey: pdf.key })).statusCode,
    ).toBe(400);
    expect((await call('POST', '/applyDraft', admin, { plSiteTemplateId: 2_000_000_000 })).statusCode).toBe(
      404,
    );
  });

  it('takes the element type as spec 3 §3 writes it, image or terminology, and answers IMAGE or TERMINOLOGY', async () => {
    const draft = await template();
    const element = (body: object) =>
      call('POST', '/templateElement', admin, { plSiteTemplateId: draft.plSiteTemplateId, ...body });
    const terminology = await element({
      elementName: 'productName',
      elementType: 'terminology',
      useTextOverride: true,
      textOverride: 'Acme Trust',
    });
    expect(terminology.statusCode, terminology.body).toBe(201);
    expect(terminology.json().detail.elementType).toBe('TERMINOLOGY');
    const key = (await uploadImage(admin)).json().detail[0].key as string;
    const image = await element({ elementName: 'logo', elementType: 'image', imageUploadKey: key });
    expect(image.statusCode, image.body).toBe(201);
    expect(image.json().detail.elementType).toBe('IMAGE');
    const other = await element({ elementName: 'qMonitor', elementType: 'video' });
    expect(other.statusCode).toBe(400);
    expect(other.json().code).toBe('VALIDATION_FAILED');
  });

  it('accepts as a logo only an upload whose content is an image', async () => {
    const disguised = await uploadImage(admin, Buffer.from('<svg onload="alert(1)"></svg>'), 'logo.png');
    expect(disguised.statusCode).toBe(400);
  });
});

describe('site templates: who may call', () => {
  it('refuses every template call to company members, a partner’s own owner included, and to no session', async () => {
    const partner = await createMember(t.database.db, 'Company Owner');
    const id = await publishedPartner({ plCompanyId: partner.companyId });
    const draft = (await call('POST', '/createDraft', admin, { plSiteTemplateId: id })).json().detail;
    const element = (await call('GET', `/template/${draft.plSiteTemplateId}`, admin)).json().detail
      .templateElements[0];
    const other = await createMember(t.database.db, 'Company Admin');
    const calls = (token: string | null) => [
      call('GET', '/templates', token),
      call('GET', `/template/${id}`, token),
      call('POST', '/template', token, { name: 'Mine', plCompanyId: partner.companyId }),
      call('PUT', '/template', token, { plSiteTemplateId: id, name: 'Hijacked' }),
      call('DELETE', `/template/${id}`, token),
      call('POST', '/createDraft', token, { plSiteTemplateId: id }),
      call('POST', '/applyDraft', token, { plSiteTemplateId: draft.plSiteTemplateId }),
      call('POST', '/templateElement', token, {
        plSiteTemplateId: draft.plSiteTemplateId,
        elementName: 'qMonitor',
        elementType: 'TERMINOLOGY',
      }),
      call('PUT', '/templateElement', token, {
        plSiteTemplateElementId: element.plSiteTemplateElementId,
        enabled: false,
      }),
      call('DELETE', `/templateElement/${element.plSiteTemplateElementId}`, token),
    ];
    const partnerToken = (await login(t.app, partner.user.email)).accessToken;
    const otherToken = (await login(t.app, other.user.email)).accessToken;
    for (const [token, status] of [
      [partnerToken, 403],
      [otherToken, 403],
      [null, 401],
    ] as const) {
      const responses = await Promise.all(calls(token));
      expect(responses.map((response) => response.statusCode)).toEqual(Array(10).fill(status));
    }
    const unchanged = (await call('GET', `/template/${id}`, admin)).json().detail.siteTemplate;
    expect(unchanged).toMatchObject({ plSiteTemplateId: id, plCompanyId: partner.companyId });
    expect(unchanged.name).not.toBe('Hijacked');
  });
});

describe('site templates: what pages show', () => {
  it('serves the published template by id, else the company’s, else the host’s, and its logo publicly', async () => {
    const partner = await createMember(t.database.db);
    const byCompany = await publishedPartner({ plCompanyId: partner.companyId });
    const byHost = await publishedPartner({ domain: 'brand.partner.test' });
    const branding = (query: string, host = 'localhost') =>
      t.app.inject({ method: 'GET', url: `/api/siteTemplate/branding${query}`, headers: { host } });
    expect((await branding('')).json().detail).toEqual({ plSiteTemplateId: null, elements: [] });
    expect((await branding(`?plCompanyId=${partner.companyId}`)).json().detail.plSiteTemplateId).toBe(
      byCompany,
    );
    expect((await branding('', 'brand.partner.test')).json().detail.plSiteTemplateId).toBe(byHost);
    const chosen = (await branding(`?siteTemplateId=${byCompany}`, 'brand.partner.test')).json().detail;
    expect(chosen.plSiteTemplateId).toBe(byCompany);
    const logo = chosen.elements.find((element: { elementName: string }) => element.elementName === 'logo');
    const image = await t.app.inject({ method: 'GET', url: logo.imageUrl });
    expect(image.statusCode).toBe(200);
    expect(image.headers['content-type']).toBe('image/png');
    expect(image.rawPayload.equals(PNG)).toBe(true);

    await call('PUT', '/template', admin, { plSiteTemplateId: byCompany, status: 'INACTIVE' });
    expect((await branding(`?siteTemplateId=${byCompany}`)).statusCode).toBe(404);
    expect((await branding(`?plCompanyId=${partner.companyId}`)).json().detail.plSiteTemplateId).toBeNull();
    expect((await t.app.inject({ method: 'GET', url: logo.imageUrl })).statusCode).toBe(404);
    expect((await branding('?siteTemplateId=abc')).statusCode).toBe(400);
  });
});

describe('site templates: feature flags and domain settings', () => {
  const branding = (headers: Record<string, string>, query = '') =>
    t.app.inject({ method: 'GET', url: `/api/siteTemplate/branding${query}`, headers });

  it('lists an element the template turns off as off, and leaves out elements it does not know', async () => {
    const id = await publishedPartner();
    await t.database.db
      .update(siteTemplateElements)
      .set({ enabled: false })
      .where(and(eq(siteTemplateElements.templateId, id), eq(siteTemplateElements.elementName, 'logo')));
    await t.database.db.insert(siteTemplateElements).values({
      templateId: id,
      elementName: 'retiredMascot',
      elementType: 'IMAGE',
      phrase: 'Mascot',
    });
    const elements = (await branding({}, `?siteTemplateId=${id}`)).json().detail.elements as AppliedElement[];
    expect(elements.map((element) => element.elementName).sort()).toEqual(['logo', 'productName']);
    expect(imageFor(elements, 'logo')).toBeNull();
    expect(imageFor(elements, 'retiredMascot')).toBeNull();
    expect(imageFor([], 'logo')).toBe('/site-template/logo.svg');
  });

  it('turns screens off with menu elements, and the API behind them answers as before', async () => {
    const partner = await createMember(t.database.db, 'Company Owner');
    const token = (await login(t.app, partner.user.email)).accessToken;
    const behind = async () => {
      const answers = await Promise.all(
        [
          `/api/webcrawler/scanUrlListing?plCompanyId=${partner.companyId}`,
          `/api/trust/profileSettings?plCompanyId=${partner.companyId}`,
          '/api/directory/companies',
        ].map((url) => t.app.inject({ method: 'GET', url, headers: bearer(token) })),
      );
      return answers.map((answer) => answer.statusCode);
    };
    const before = await behind();
    expect(before).toEqual([200, 200, 200]);

    const draft = await template({ plCompanyId: partner.companyId });
    const element = (body: object) =>
      call('POST', '/templateElement', admin, { plSiteTemplateId: draft.plSiteTemplateId, ...body });
    const off = await element({ elementName: 'menuWebcrawler', elementType: 'TERMINOLOGY', enabled: false });
    expect(off.statusCode, off.body).toBe(201);
    expect(off.json().detail).toMatchObject({ phrase: 'Webcrawler', enabled: false });
    const renamed = await element({
      elementName: 'menuTrustProfile',
      elementType: 'TERMINOLOGY',
      useTextOverride: true,
      textOverride: 'Partner profile',
    });
    expect(renamed.statusCode, renamed.body).toBe(201);
    // A menu element is a phrase, as every element but the logo.
    const wrongType = await element({ elementName: 'menuDirectory', elementType: 'IMAGE', enabled: false });
    expect(wrongType.statusCode).toBe(400);
    await call('POST', '/applyDraft', admin, { plSiteTemplateId: draft.plSiteTemplateId });

    const shown = await t.app.inject({
      method: 'GET',
      url: `/api/siteTemplate/branding?plCompanyId=${partner.companyId}`,
      headers: bearer(token),
    });
    const elements = shown.json().detail.elements as AppliedElement[];
    expect(shown.json().detail.plSiteTemplateId).toBe(draft.plSiteTemplateId);
    expect(hiddenScreens(elements)).toEqual(new Set(['webcrawler']));
    expect(elements.find((row) => row.elementName === 'menuTrustProfile')).toMatchObject({
      enabled: true,
      text: 'Partner profile',
    });
    // Hiding a screen is branding, not an access rule: its calls answer as they did.
    expect(await behind()).toEqual(before);
  });

  it('shows a partner’s branding before sign-in only on the exact host name its domain settings give', async () => {
    const id = await publishedPartner({ domain: 'trust.acme-partner.test' });
    const shown = async (headers: Record<string, string>) =>
      (await branding(headers)).json().detail.plSiteTemplateId as number | null;
    expect(await shown({ host: 'trust.acme-partner.test' })).toBe(id);
    expect(await shown({ host: 'TRUST.Acme-Partner.test:8443' })).toBe(id);
    for (const host of [
      'acme-partner.test',
      'evil.trust.acme-partner.test',
      'trust.acme-partner.test.evil.example',
      'trust.acme-partner.test.',
    ]) {
      expect(await shown({ host }), host).toBeNull();
    }
    // A forwarded host is believed only from a trusted proxy, and none is trusted here.
    expect(await shown({ host: 'localhost', 'x-forwarded-host': 'trust.acme-partner.test' })).toBeNull();

    const moved = await call('PUT', '/template', admin, {
      plSiteTemplateId: id,
      domain: 'Brand.Acme-Partner.test',
    });
    expect(moved.json().detail.domain).toBe('brand.acme-partner.test');
    expect(await shown({ host: 'brand.acme-partner.test' })).toBe(id);
    expect(await shown({ host: 'trust.acme-partner.test' })).toBeNull();
    const cleared = await call('PUT', '/template', admin, { plSiteTemplateId: id, domain: null });
    expect(cleared.json().detail.domain).toBeNull();
    expect(await shown({ host: 'brand.acme-partner.test' })).toBeNull();
  });
});
