import { UPGRADE_TO_VIEW_ISSUES } from '@trustleaf/domain/schemas/webcrawler';
import { and, eq, ne } from 'drizzle-orm';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it, vi } from 'vitest';
import {
  complianceFindings,
  mailOutbox,
  scanJobs,
  siteTemplateElements,
  siteTemplates,
  violationChecks,
  webcrawlerWebsites,
} from '../../db/schema.ts';
import { createLocalStorage } from '../../lib/storage.ts';
import { bearer, createMember, createUser, login, subscribeCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startFixtureSite, type FixtureSite } from '../../../test/fixture-site.ts';
import { createTestServices } from '../../../test/test-services.ts';

let t: TestApp;
let site: FixtureSite;

interface Who {
  token: string;
  companyId: number;
  email: string;
}

beforeAll(async () => {
  site = await startFixtureSite();
  t = await buildTestApp({ env: { SCANNER_ALLOWED_HOSTS: site.host } });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

function call(method: 'GET' | 'POST' | 'PATCH', url: string, token: string, payload?: object) {
  return t.app.inject({ method, url, headers: bearer(token), ...(payload ? { payload } : {}) });
}

async function member(
  role: Parameters<typeof createMember>[1] = 'Company Owner',
  companyId?: number,
): Promise<Who> {
  const m = await createMember(t.database.db, role, companyId);
  return {
    token: (await login(t.app, m.user.email)).accessToken,
    companyId: m.companyId,
    email: m.user.email,
  };
}

/** The Pro plan (it grants the Webcrawler feature), paid and live. */
const subscribePro = (companyId: number) => subscribeCompany(t.database.db, companyId, 'Pro', t.clock.now());

const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);
const GIF = Buffer.from('R0lGODlhAQABAIAAAAAAAP///yH5BAEAAAAALAAAAAABAAEAAAIBRAA7', 'base64');

/** A 1×1 image uploaded as an image (checked by content), for a site template's logo. */
async function uploadPng(token: string, image = PNG, name = 'logo.png'): Promise<string> {
  const form = new FormData();
  form.append('files', new Blob([image]), name);
  const request = new Request('http://x', { method: 'POST', body: form });
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/storage/preupload?mode=image',
    headers: { ...bearer(token), 'content-type': request.headers.get('content-type')! },
    payload: Buffer.from(await request.arrayBuffer()),
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail[0].key as string;
}

async function scan(who: Who, extra: object = {}) {
  const response = await call('POST', '/api/webcrawler/scanUrl', who.token, {
    plCompanyId: who.companyId,
    url: `${site.origin}/`,
    additionalWords: [],
    isIncludedVideo: false,
    verifyProduct: false,
    analyzeImage: false,
    autoCreateProduct: false,
    ...extra,
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail as { jobId: string; status: string; plViolationCheckId: number | null };
}

describe('scanning a website', () => {
  let owner: Who;
  let outsider: Who;
  let started: Awaited<ReturnType<typeof scan>>;

  beforeAll(async () => {
    owner = await member();
    outsider = await member();
    await subscribePro(owner.companyId);
    started = await scan(owner, { additionalWords: ['  ', 'family farm'] });
  });

  it('runs the scan as a job and stores the result (jobs run inline in tests)', async () => {
    expect(started.status).toBe('completed');
    expect(started.plViolationCheckId).toEqual(expect.any(Number));
    const job = await call('POST', '/api/webcrawler/getScanUrlJob', owner.token, { jobId: started.jobId });
    expect(job.statusCode).toBe(200);
    expect(job.json().detail).toMatchObject({
      jobId: started.jobId,
      type: 'job',
      status: 'completed',
      plCompanyId: owner.companyId,
      plViolationCheckId: started.plViolationCheckId,
      isQueued: false,
    });
    // A scan that ends between two of its progress writes still reads every page done.
    const [check] = await t.database.db
      .select({ pagesScanned: violationChecks.pagesScanned })
      .from(violationChecks)
      .where(eq(violationChecks.id, started.plViolationCheckId!));
    expect(check!.pagesScanned).toBeGreaterThan(0);
    expect(job.json().detail.progress).toEqual({ done: check!.pagesScanned, queued: check!.pagesScanned });
    const task = await call('GET', `/api/webcrawler/task/${started.jobId}/status`, owner.token);
    expect(task.json().detail.status).toBe('completed');
    const listing = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=completed,failed`,
      owner.token,
    );
    expect(listing.json().detail.jobs.map((j: { jobId: string }) => j.jobId)).toEqual([started.jobId]);
    const processing = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=processing`,
      owner.token,
    );
    expect(processing.json().detail.jobs).toEqual([]);
    const repeated = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=processing&statuses=completed`,
      owner.token,
    );
    expect(repeated.statusCode, repeated.body).toBe(200);
    expect(repeated.json().detail.jobs.map((j: { jobId: string }) => j.jobId)).toEqual([started.jobId]);
    const unknown = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=completed&statuses=done`,
      owner.token,
    );
    expect(unknown.statusCode).toBe(400);
    expect(unknown.json().details.issues).toEqual([
      {
        field: 'statuses',
        message: 'Unknown status done: use processing, completed, failed or cancelled',
        key: 'webcrawler.refusals.unknownStatus',
        params: { status: 'done' },
      },
    ]);
    // Spec 3 §4 also writes statuses in upper case (PROCESSING): any case is read.
    const upper = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=PROCESSING,Completed`,
      owner.token,
    );
    expect(upper.statusCode, upper.body).toBe(200);
    expect(upper.json().detail.jobs.map((j: { jobId: string }) => j.jobId)).toEqual([started.jobId]);
    // Spec 3 §4's local statuses name their remote ones: SUCCESS is completed, SCANNING is processing.
    const local = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=SUCCESS`,
      owner.token,
    );
    expect(local.statusCode, local.body).toBe(200);
    expect(local.json().detail.jobs.map((j: { jobId: string }) => j.jobId)).toEqual([started.jobId]);
    const scanning = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=SCANNING&statuses=FAILED`,
      owner.token,
    );
    expect(scanning.statusCode, scanning.body).toBe(200);
    expect(scanning.json().detail.jobs).toEqual([]);
    const log = await call('POST', '/api/user/activity', owner.token, {
      scope: 'company',
      plCompanyId: owner.companyId,
    });
    expect(
      (log.json().detail.items as { action: string; detail: { name?: string } }[]).filter(
        (item) => item.action === 'SCAN_STARTED',
      ),
    ).toEqual([expect.objectContaining({ detail: { name: `${site.origin}/` } })]);
  });

  it('lists the result with its counts and shows its findings with rule and hint', async () => {
    const listing = await call('POST', '/api/webcrawler/violationCheckListing', owner.token, {
      plCompanyId: owner.companyId,
    });
    const [row] = listing.json().detail.violationChecks;
    expect(row).toMatchObject({
      plViolationCheckId: started.plViolationCheckId,
      newCount: 0,
      resolvedCount: 0,
    });
    expect(row.violationCount).toBeGreaterThan(0);
    const detail = await call('POST', '/api/webcrawler/violationCheckDetail', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: started.plViolationCheckId,
    });
    expect(detail.statusCode).toBe(200);
    const body = detail.json().detail;
    expect(body.totalFindings).toBe(row.totalFindings);
    expect(body.pagesScanned).toBeGreaterThanOrEqual(5);
    const disease = body.violations.find((v: { evidence: string }) => v.evidence.includes('cures anxiety'));
    expect(disease).toMatchObject({ severity: 'HIGH', violationType: 'NON_COMPLIANCE', isNew: false });
    expect(disease.ruleRef).not.toBe('');
    expect(disease.hint).not.toBe('');
    const disclaimer = body.violations.find(
      (v: { violationType: string }) => v.violationType === 'FDA_DISCLAIMER',
    );
    expect(disclaimer.url).toContain('calm-drops.html');
    expect(body.violations.some((v: { term: string }) => v.term === 'family farm')).toBe(true);
    expect(
      body.violations.some((v: { imageUrl: string | null }) => v.imageUrl?.endsWith('calm-drops.png')),
    ).toBe(true);
  });

  it('reviews findings one by one and in bulk', async () => {
    const [first, second] = await t.database.db
      .select()
      .from(complianceFindings)
      .where(eq(complianceFindings.checkId, started.plViolationCheckId!));
    const severity = await call('PATCH', `/api/webcrawler/complianceFinding/${first!.id}`, owner.token, {
      severity: 'COMPLIANCE',
      isCompliant: true,
    });
    expect(severity.statusCode).toBe(200);
    expect(severity.json().detail).toMatchObject({ severity: 'COMPLIANCE', isCompliant: true });
    // Spec 3 §3 gives each level a letter (H, M, L, C): a severity sent as its letter is that level.
    const byLetter = await call('PATCH', `/api/webcrawler/complianceFinding/${second!.id}`, owner.token, {
      severity: 'M',
      isCompliant: false,
    });
    expect(byLetter.statusCode, byLetter.body).toBe(200);
    expect(byLetter.json().detail).toMatchObject({ severity: 'MEDIUM', isCompliant: false });
    const unknownLevel = await call('PATCH', `/api/webcrawler/complianceFinding/${second!.id}`, owner.token, {
      severity: 'X',
      isCompliant: false,
    });
    expect(unknownLevel.statusCode).toBe(400);
    const reviewed = await call('PATCH', `/api/webcrawler/complianceFinding/${first!.id}`, owner.token, {
      isReviewed: true,
    });
    expect(reviewed.json().detail.isReviewed).toBe(true);
    const neither = await call('PATCH', `/api/webcrawler/complianceFinding/${first!.id}`, owner.token, {});
    expect(neither.statusCode).toBe(400);
    const bulk = await call('PATCH', '/api/webcrawler/complianceFinding/bulk', owner.token, {
      complianceFindingIds: [first!.id, second!.id],
      isReviewed: true,
    });
    expect(bulk.json().detail).toEqual({ updated: 2 });
    const listing = await call('POST', '/api/webcrawler/violationCheckListing', owner.token, {
      plCompanyId: owner.companyId,
    });
    const row = listing.json().detail.violationChecks[0];
    expect(row.violationCount).toBe(row.totalFindings - 1);
  });

  it('exports the report as "Website Compliance Report.pdf" through a signed link', async () => {
    const link = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: started.plViolationCheckId,
    });
    expect(link.statusCode).toBe(200);
    expect(link.json().detail.fileName).toBe('Website Compliance Report.pdf');
    const pdf = await t.app.inject({ method: 'GET', url: link.json().detail.url });
    expect(pdf.statusCode).toBe(200);
    expect(pdf.headers['content-type']).toBe('application/pdf');
    expect(pdf.headers['content-disposition']).toBe('attachment; filename="Website Compliance Report.pdf"');
    expect(pdf.rawPayload.subarray(0, 5).toString()).toBe('%PDF-');
    const forged = await t.app.inject({
      method: 'GET',
      url: link.json().detail.url.replace(/sig=[^&]+/, 'sig=x'),
    });
    expect(forged.statusCode).toBe(403);
    expect(forged.json().messages).toEqual(['This link is not valid']);

    // In the page's language: the report's own words and its date; an unknown language is refused.
    const german = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: started.plViolationCheckId,
      language: 'de',
    });
    expect(german.json().detail.url).toContain('lang=de');
    const germanPdf = await t.app.inject({ method: 'GET', url: german.json().detail.url });
    expect(germanPdf.statusCode).toBe(200);
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(germanPdf.rawPayload)), {
      mergePages: true,
    });
    expect(text).toContain('Website-Compliance-Bericht');
    expect(text).toMatch(/Der Scan hat \d+ mögliche/);
    expect(text).not.toContain('Scan Information');

    // The findings too, as the report dialog reads them: framing, category, severity and hint.
    const textIn = async (language: string) => {
      const linked = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
        plCompanyId: owner.companyId,
        plViolationCheckId: started.plViolationCheckId,
        language,
      });
      const file = await t.app.inject({ method: 'GET', url: linked.json().detail.url });
      const read = await extractText(await getDocumentProxy(new Uint8Array(file.rawPayload)), {
        mergePages: true,
      });
      return read.text.replace(/\s+/g, ' ');
    };
    const english = await textIn('en');
    expect(english).toContain('Product page without the FDA disclaimer');
    expect(english).toContain('HIGH - DISEASE CLAIM');
    expect(english).toContain('Remove the claim that the product cures');
    const french = await textIn('fr');
    expect(french).toContain("Page produit sans l'avertissement FDA");
    expect(french).toContain('Élevée - Allégation thérapeutique');
    expect(french).toContain("Supprimez l'allégation selon laquelle le produit guérit");
    expect(french).toMatch(/Allégation thérapeutique : « [^»]+ » avec « [^»]+ »/);
    for (const english of ['Product page without the FDA disclaimer', 'DISEASE CLAIM', 'Remove the claim']) {
      expect(french).not.toContain(english);
    }
    expect(await textIn('nl')).toContain('Medische claim');
    const klingon = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: started.plViolationCheckId,
      language: 'tlh',
    });
    expect(klingon.statusCode).toBe(400);
    const badQuery = await t.app.inject({
      method: 'GET',
      url: german.json().detail.url.replace('lang=de', 'lang=tlh'),
    });
    expect(badQuery.statusCode).toBe(400);
  });

  it('refuses a report link for a site template no page shows (unknown or a draft) with a message', async () => {
    const [draft] = await t.database.db
      .insert(siteTemplates)
      .values({ name: 'Unpublished partner', status: 'DRAFT' })
      .returning();
    for (const siteTemplateId of [2_000_000_000, draft!.id]) {
      const refused = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
        plCompanyId: owner.companyId,
        plViolationCheckId: started.plViolationCheckId,
        siteTemplateId,
      });
      expect(refused.statusCode).toBe(400);
      expect(refused.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        details: {
          issues: [
            {
              field: 'siteTemplateId',
              message: 'Site template not found',
              key: 'siteTemplate.messages.notFound',
            },
          ],
        },
      });
    }
  });

  it('draws the PDF with the site template the page shows: renamed product, its sentences and its logo', async () => {
    const logoKey = await uploadPng(owner.token);
    const [bound] = await t.database.db
      .insert(siteTemplates)
      .values({ name: 'Acme', status: 'UNIVERSAL', companyId: owner.companyId })
      .returning();
    const [chosen] = await t.database.db
      .insert(siteTemplates)
      .values({ name: 'Other partner', status: 'UNIVERSAL' })
      .returning();
    const term = (templateId: number, elementName: string, textOverride: string) => ({
      templateId,
      elementName,
      elementType: 'TERMINOLOGY' as const,
      useTextOverride: true,
      textOverride,
      phrase: elementName,
    });
    await t.database.db.insert(siteTemplateElements).values([
      term(bound!.id, 'productName', 'Acme Trust'),
      term(bound!.id, 'reportSubtitle', 'Checked for Acme partners'),
      {
        templateId: bound!.id,
        elementName: 'logo',
        elementType: 'IMAGE',
        phrase: 'Logo',
        imageKey: logoKey,
      },
      term(chosen!.id, 'productName', 'Beacon Assurance'),
    ]);
    const pdfOf = async (extra: object = {}) => {
      const link = await call('POST', '/api/webcrawler/violationCheckReportLink', owner.token, {
        plCompanyId: owner.companyId,
        plViolationCheckId: started.plViolationCheckId,
        ...extra,
      });
      expect(link.statusCode, link.body).toBe(200);
      const pdf = await t.app.inject({ method: 'GET', url: link.json().detail.url });
      expect(pdf.statusCode).toBe(200);
      const doc = await getDocumentProxy(new Uint8Array(pdf.rawPayload));
      const { text } = await extractText(doc, { mergePages: true });
      // The default logo is drawn as vector paths: its tile's green is a fill colour of page 1.
      const { OPS } = await getResolvedPDFJS();
      const { fnArray, argsArray } = await (await doc.getPage(1)).getOperatorList();
      const defaultLogo = fnArray.some(
        (op, i) =>
          op === OPS.setFillRGBColor && String((argsArray[i] as unknown[])[0]).toLowerCase() === '#17694a',
      );
      const raw = pdf.rawPayload.toString('latin1');
      // Line breaks as spaces: a long title wraps beside the logo.
      return { text: text.replace(/\s+/g, ' '), raw, defaultLogo, url: link.json().detail.url as string };
    };

    // The company's template: its product name in the title, its report sentence, its logo drawn.
    const company = await pdfOf();
    expect(company.text).toContain('Acme Trust Website Compliance Report');
    expect(company.text).toContain('Checked for Acme partners');
    expect(company.text).not.toContain('Trustleaf');
    expect(company.raw).toContain('/Subtype /Image');
    expect(company.defaultLogo).toBe(false);

    // The template the page shows (the session's choice) wins, and the link signs it.
    const page = await pdfOf({ siteTemplateId: chosen!.id });
    expect(page.text).toContain('Beacon Assurance Website Compliance Report');
    expect(page.text).toContain('Independent webcrawler scan');
    expect(page.raw).not.toContain('/Subtype /Image');
    expect(page.defaultLogo).toBe(true);
    const swapped = await t.app.inject({
      method: 'GET',
      url: page.url.replace(`siteTemplateId=${chosen!.id}`, `siteTemplateId=${bound!.id}`),
    });
    expect(swapped.statusCode).toBe(403);

    // A logo turned off is left out; an unknown element changes nothing; without a template, the defaults.
    await t.database.db
      .update(siteTemplateElements)
      .set({ enabled: false })
      .where(
        and(eq(siteTemplateElements.templateId, bound!.id), eq(siteTemplateElements.elementName, 'logo')),
      );
    await t.database.db.insert(siteTemplateElements).values(term(bound!.id, 'noLongerKnown', 'Ignored'));
    const hidden = await pdfOf();
    expect(hidden.text).toContain('Acme Trust Website Compliance Report');
    expect(hidden.text).not.toContain('Ignored');
    expect(hidden.raw).not.toContain('/Subtype /Image');
    expect(hidden.defaultLogo).toBe(false);

    // A GIF logo is drawn too (converted to an image the PDF can hold).
    await t.database.db
      .update(siteTemplateElements)
      .set({ enabled: true, imageKey: await uploadPng(owner.token, GIF, 'logo.gif') })
      .where(
        and(eq(siteTemplateElements.templateId, bound!.id), eq(siteTemplateElements.elementName, 'logo')),
      );
    const gif = await pdfOf();
    expect(gif.raw).toContain('/Subtype /Image');
    expect(gif.defaultLogo).toBe(false);

    await t.database.db.delete(siteTemplates).where(eq(siteTemplates.id, bound!.id));
    const defaults = await pdfOf();
    expect(defaults.text).toContain('Trustleaf Website Compliance Report');
    expect(defaults.defaultLogo).toBe(true);
  });

  it('serves an image of its own findings as a data URL, and nothing else', async () => {
    const imageUrl = `${site.origin}/images/calm-drops.png`;
    const ok = await call(
      'GET',
      `/api/url-to-base64?cache=true&imageUrl=${encodeURIComponent(imageUrl)}`,
      owner.token,
    );
    expect(ok.statusCode, ok.body).toBe(200);
    expect(ok.json().detail.base64).toMatch(/^data:image\/png;base64,/);
    const before = site.requests;
    await call('GET', `/api/url-to-base64?cache=true&imageUrl=${encodeURIComponent(imageUrl)}`, owner.token);
    expect(site.requests).toBe(before);

    const notMine = await call(
      'GET',
      `/api/url-to-base64?imageUrl=${encodeURIComponent(`${site.origin}/big.png`)}`,
      owner.token,
    );
    expect(notMine.statusCode).toBe(404);
    const otherCompany = await call(
      'GET',
      `/api/url-to-base64?imageUrl=${encodeURIComponent(imageUrl)}`,
      outsider.token,
    );
    expect(otherCompany.statusCode).toBe(404);

    // A page may name any image address; the guard refuses the private and metadata ones.
    const planted = async (url: string) => {
      const [finding] = await t.database.db
        .select()
        .from(complianceFindings)
        .where(eq(complianceFindings.checkId, started.plViolationCheckId!));
      const { id: _id, ...rest } = finding!;
      await t.database.db
        .insert(complianceFindings)
        .values({ ...rest, position: 1000 + Math.floor(Math.random() * 1e6), imageUrl: url });
    };
    const metadata = 'http://169.254.169.254/latest/meta-data/iam.png';
    await planted(metadata);
    const refused = await call(
      'GET',
      `/api/url-to-base64?imageUrl=${encodeURIComponent(metadata)}`,
      owner.token,
    );
    expect(refused.statusCode).toBe(403);
    expect(refused.json().messages[0]).toBe('This image address cannot be fetched');

    await planted(`${site.origin}/big.png`);
    const big = await call(
      'GET',
      `/api/url-to-base64?imageUrl=${encodeURIComponent(`${site.origin}/big.png`)}`,
      owner.token,
    );
    expect(big.statusCode).toBe(413);
  });

  it('refuses every call about another company', async () => {
    const { token } = outsider;
    const id = owner.companyId;
    const checkId = started.plViolationCheckId;
    const [finding] = await t.database.db
      .select()
      .from(complianceFindings)
      .where(eq(complianceFindings.checkId, checkId!));
    const attempts = [
      call('POST', '/api/webcrawler/scanUrl', token, { plCompanyId: id, url: `${site.origin}/` }),
      call('POST', '/api/webcrawler/getScanUrlJob', token, { jobId: started.jobId }),
      call('GET', `/api/webcrawler/task/${started.jobId}/status`, token),
      call('GET', `/api/webcrawler/scanUrlListing?plCompanyId=${id}`, token),
      call('POST', '/api/webcrawler/cancelScanUrlJob', token, { jobId: started.jobId }),
      call('POST', '/api/webcrawler/violationCheckListing', token, { plCompanyId: id }),
      call('POST', '/api/webcrawler/violationCheckDetail', token, {
        plCompanyId: id,
        plViolationCheckId: checkId,
      }),
      call('POST', '/api/webcrawler/violationCheckReportLink', token, {
        plCompanyId: id,
        plViolationCheckId: checkId,
      }),
      call('PATCH', `/api/webcrawler/complianceFinding/${finding!.id}`, token, { isReviewed: false }),
      call('PATCH', '/api/webcrawler/complianceFinding/bulk', token, {
        complianceFindingIds: [finding!.id],
        isReviewed: false,
      }),
      call('GET', `/api/webcrawler/scanProduct?plCompanyId=${id}`, token),
      call('POST', '/api/webcrawler/scanProduct', token, { plCompanyId: id, url: `${site.origin}/` }),
      call('GET', `/api/webcrawler/scanProduct/histories?plCompanyId=${id}`, token),
      call('GET', `/api/webcrawler/websites?plCompanyId=${id}`, token),
      call('POST', '/api/webcrawler/upsertWebsite', token, { plCompanyId: id, url: `${site.origin}/` }),
      call('POST', '/api/webcrawler/deleteWebsite', token, { plCompanyId: id, plWebsiteId: 1 }),
      call('GET', `/api/webcrawler/products?plCompanyId=${id}`, token),
      call('POST', '/api/webcrawler/createProduct', token, { plCompanyId: id, name: 'Calm Drops' }),
      call('POST', '/api/webcrawler/updateProduct', token, {
        plCompanyId: id,
        plProductId: 1,
        status: 'INACTIVE',
      }),
      call('POST', '/api/webcrawler/deleteProduct', token, { plCompanyId: id, plProductId: 1 }),
    ];
    for (const response of await Promise.all(attempts)) {
      expect(response.statusCode, response.body).toBe(404);
    }
    // Nothing changed: the finding is still reviewed and no scan was added.
    const [after] = await t.database.db
      .select()
      .from(complianceFindings)
      .where(eq(complianceFindings.id, finding!.id));
    expect(after!.isReviewed).toBe(true);
  });

  it('needs a session', async () => {
    const response = await t.app.inject({
      method: 'POST',
      url: '/api/webcrawler/violationCheckListing',
      payload: {},
    });
    expect(response.statusCode).toBe(401);
  });
});

describe('violation phrases (system setting)', () => {
  it('finds the phrases a super admin added in every scan, besides its own words', async () => {
    const root = await createUser(t.database.db, { isSuperAdmin: true });
    const admin = (await login(t.app, root.email)).accessToken;
    const set = (value: string[]) =>
      call('POST', '/api/system/updateSystemSetting', admin, { key: 'violation_phrase', value });
    expect((await set(['Moonbeam Elixir'])).statusCode).toBe(200);
    site.extraClaim = 'Try our moonbeam elixir today.';
    try {
      const owner = await member();
      await subscribePro(owner.companyId);
      const started = await scan(owner);
      expect(started.status).toBe('completed');
      const detail = await call('POST', '/api/webcrawler/violationCheckDetail', owner.token, {
        plCompanyId: owner.companyId,
        plViolationCheckId: started.plViolationCheckId,
      });
      const terms = detail.json().detail.violations.map((v: { term: string }) => v.term.toLowerCase());
      expect(terms).toContain('moonbeam elixir');
    } finally {
      site.extraClaim = null;
      await set([]);
    }
  });
});

describe('issue viewing by plan', () => {
  it('refuses issue details with 402 and the upgrade banner when the plan does not allow them', async () => {
    const owner = await member();
    const started = await scan(owner);
    const listing = await call('POST', '/api/webcrawler/violationCheckListing', owner.token, {
      plCompanyId: owner.companyId,
    });
    expect(listing.json().detail.violationChecks[0].violationCount).toBeGreaterThan(0);
    for (const url of ['/api/webcrawler/violationCheckDetail', '/api/webcrawler/violationCheckReportLink']) {
      const refused = await call('POST', url, owner.token, {
        plCompanyId: owner.companyId,
        plViolationCheckId: started.plViolationCheckId,
      });
      expect(refused.statusCode).toBe(402);
      expect(refused.json()).toMatchObject({
        code: 'PLAN_LIMIT_REACHED',
        messages: [UPGRADE_TO_VIEW_ISSUES],
        details: { reason: 'content_compliance_monitoring' },
      });
    }
    const image = await call(
      'GET',
      `/api/url-to-base64?imageUrl=${encodeURIComponent(`${site.origin}/images/calm-drops.png`)}`,
      owner.token,
    );
    expect(image.statusCode).toBe(402);
  });
});

describe('the URL check', () => {
  it('answers for a site that is up and 404 "Url not connected" otherwise', async () => {
    const owner = await member();
    const up = await call(
      'GET',
      `/api/check-valid-url?scanUrl=${encodeURIComponent(`${site.origin}/`)}`,
      owner.token,
    );
    expect(up.statusCode).toBe(200);
    expect(up.json().detail.status).toBe('SUCCESS');
    for (const url of [`${site.origin}/missing/`, 'http://169.254.169.254/latest/']) {
      const down = await call('GET', `/api/check-valid-url?scanUrl=${encodeURIComponent(url)}`, owner.token);
      expect(down.statusCode).toBe(404);
      expect(down.json().messages).toEqual(['Url not connected']);
    }
  });

  it('refuses a scan, and a check, of something that is not a URL', async () => {
    const owner = await member();
    const response = await call('POST', '/api/webcrawler/scanUrl', owner.token, {
      plCompanyId: owner.companyId,
      url: 'ftp://example.com/',
    });
    expect(response.statusCode).toBe(400);
    const invalid = {
      key: 'company.errors.url',
      message: 'Please enter a valid URL (e.g., https://example.com)',
    };
    expect(response.json().details.issues).toEqual([{ field: 'url', ...invalid }]);
    for (const scanUrl of ['ftp://example.com/', 'http://', 'not a url at all']) {
      const check = await call(
        'GET',
        `/api/check-valid-url?scanUrl=${encodeURIComponent(scanUrl)}`,
        owner.token,
      );
      expect(check.statusCode).toBe(400);
      expect(check.json().details.issues).toEqual([{ field: 'scanUrl', ...invalid }]);
    }
  });

  it('refuses a scan of a word that is not a website address, as the scan form does, and starts no job', async () => {
    const owner = await member();
    for (const url of ['notaurl', 'https://notaurl/']) {
      const response = await call('POST', '/api/webcrawler/scanUrl', owner.token, {
        plCompanyId: owner.companyId,
        url,
      });
      expect(response.statusCode, url).toBe(400);
      expect(response.json()).toMatchObject({
        code: 'VALIDATION_FAILED',
        messages: ['Please enter a valid URL (e.g., https://example.com)'],
        details: { issues: [{ field: 'url', key: 'company.errors.url' }] },
      });
    }
    const jobs = await t.database.db
      .select({ id: scanJobs.id })
      .from(scanJobs)
      .where(eq(scanJobs.companyId, owner.companyId));
    expect(jobs).toEqual([]);
    const bareHost = await call('POST', '/api/webcrawler/scanUrl', owner.token, {
      plCompanyId: owner.companyId,
      url: site.host,
    });
    expect(bareHost.statusCode, bareHost.body).toBe(200);
  });

  it('takes additional words sent as an empty string or null as none (spec 3 §5), and refuses any other text', async () => {
    const owner = await member();
    for (const additionalWords of ['', '  ', null]) {
      const started = await scan(owner, { url: `${site.origin}/missing/`, additionalWords });
      const [job] = await t.database.db
        .select({ options: scanJobs.options })
        .from(scanJobs)
        .where(eq(scanJobs.id, started.jobId));
      expect(job!.options).toMatchObject({ additionalWords: [] });
    }
    const text = await call('POST', '/api/webcrawler/scanUrl', owner.token, {
      plCompanyId: owner.companyId,
      url: `${site.origin}/`,
      additionalWords: 'family farm',
    });
    expect(text.statusCode).toBe(400);
    expect(text.json().code).toBe('VALIDATION_FAILED');
  });

  it('records a failed scan when the site does not answer', async () => {
    const owner = await member();
    const started = await scan(owner, { url: `${site.origin}/missing/` });
    expect(started.status).toBe('failed');
    const job = await call('POST', '/api/webcrawler/getScanUrlJob', owner.token, { jobId: started.jobId });
    expect(job.json().detail.message).toMatch(/^Url not connected/);
  });
});

describe('cancel', () => {
  it('stops a running scan within seconds and records "cancelled"', async () => {
    const owner = await member();
    const pending = scan(owner, { url: `${site.origin}/slow/` });
    await vi.waitFor(
      async () => {
        const listing = await call(
          'GET',
          `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}&statuses=processing`,
          owner.token,
        );
        expect(listing.json().detail.jobs[0]?.startedAt).toEqual(expect.any(String));
      },
      { timeout: 10_000, interval: 50 },
    );
    const listing = await call(
      'GET',
      `/api/webcrawler/scanUrlListing?plCompanyId=${owner.companyId}`,
      owner.token,
    );
    const jobId = listing.json().detail.jobs[0].jobId;
    const cancel = await call('POST', '/api/webcrawler/cancelScanUrlJob', owner.token, { jobId });
    expect(cancel.statusCode).toBe(200);
    const finished = await pending;
    expect(finished.status).toBe('cancelled');
    const job = await call('POST', '/api/webcrawler/getScanUrlJob', owner.token, { jobId });
    expect(job.json().detail).toMatchObject({ status: 'cancelled', message: 'Webcrawler is cancelled' });
  });
});

describe('products', () => {
  it('keeps a catalogue, compares it with the site and adds the unknown products when asked', async () => {
    const owner = await member();
    await subscribePro(owner.companyId);
    const created = await call('POST', '/api/webcrawler/createProduct', owner.token, {
      plCompanyId: owner.companyId,
      name: 'Calm Drops',
    });
    expect(created.statusCode).toBe(200);
    const again = await call('POST', '/api/webcrawler/createProduct', owner.token, {
      plCompanyId: owner.companyId,
      name: ' calm drops ',
    });
    expect(again.statusCode).toBe(409);
    await call('POST', '/api/webcrawler/createProduct', owner.token, {
      plCompanyId: owner.companyId,
      name: 'Hemp Soap',
    });

    const task = await call('POST', '/api/webcrawler/scanProduct', owner.token, {
      plCompanyId: owner.companyId,
      url: `${site.origin}/`,
      autoCreateProduct: true,
    });
    expect(task.statusCode).toBe(200);
    const open = await call('GET', `/api/webcrawler/scanProduct?plCompanyId=${owner.companyId}`, owner.token);
    expect(open.json().detail.tasks).toEqual([]);
    const history = await call(
      'GET',
      `/api/webcrawler/scanProduct/histories?plCompanyId=${owner.companyId}`,
      owner.token,
    );
    expect(history.json().detail.tasks).toMatchObject([{ type: 'productScanTask', status: 'completed' }]);

    const detail = await call('POST', '/api/webcrawler/violationCheckDetail', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: task.json().detail.plViolationCheckId,
    });
    const verification = detail.json().detail.productVerification;
    expect(verification.authorizedProducts).toEqual([
      { productName: 'Calm Drops', found: true },
      { productName: 'Hemp Soap', found: false },
    ]);
    const unauthorized = verification.unauthorizedProducts.map((p: { productName: string }) => p.productName);
    expect(unauthorized).toEqual(expect.arrayContaining(['Night Balm', 'Sunrise Gummies']));

    const products = await call(
      'GET',
      `/api/webcrawler/products?plCompanyId=${owner.companyId}`,
      owner.token,
    );
    const names = products
      .json()
      .detail.products.map((p: { name: string; source: string }) => `${p.name}/${p.source}`);
    expect(names).toEqual([
      'Calm Drops/MANUAL',
      'Hemp Soap/MANUAL',
      'Night Balm/SCAN',
      'Sunrise Gummies/SCAN',
    ]);

    const soap = products.json().detail.products[1].plProductId;
    const updated = await call('POST', '/api/webcrawler/updateProduct', owner.token, {
      plCompanyId: owner.companyId,
      plProductId: soap,
      status: 'INACTIVE',
    });
    expect(updated.json().detail.status).toBe('INACTIVE');
    const removed = await call('POST', '/api/webcrawler/deleteProduct', owner.token, {
      plCompanyId: owner.companyId,
      plProductId: soap,
    });
    expect(removed.statusCode).toBe(200);
  });
});

describe('the product record (spec 3 §3 Product)', () => {
  it('keeps the tracking numbers and days, clears one with a blank, and refuses an expiry before the day received', async () => {
    const owner = await member();
    const add = (body: Record<string, unknown>) =>
      call('POST', '/api/webcrawler/createProduct', owner.token, { plCompanyId: owner.companyId, ...body });
    const created = await add({
      name: 'Calm Drops 500mg',
      metrcNumber: ' 1A4060300002EE1000012345 ',
      lotNumber: 'LOT-7',
      batchNumber: '',
      receivedProductAt: '2026-03-01',
      expireDate: '2027-03-01',
    });
    expect(created.statusCode).toBe(200);
    const product = created.json().detail;
    expect(product).toMatchObject({
      metrcNumber: '1A4060300002EE1000012345',
      sampleNumber: null,
      lotNumber: 'LOT-7',
      batchNumber: null,
      receivedProductAt: '2026-03-01',
      expireDate: '2027-03-01',
    });

    const update = (body: Record<string, unknown>) =>
      call('POST', '/api/webcrawler/updateProduct', owner.token, {
        plCompanyId: owner.companyId,
        plProductId: product.plProductId,
        ...body,
      });
    // One day alone is checked against the other as stored.
    const early = await update({ expireDate: '2026-02-28' });
    expect(early.statusCode).toBe(400);
    expect(early.json()).toMatchObject({
      code: 'VALIDATION_FAILED',
      messages: ['The expiry date cannot be before the received date'],
      details: {
        issues: [
          {
            field: 'expireDate',
            message: 'The expiry date cannot be before the received date',
            key: 'company.products.errors.expiryBeforeReceived',
          },
        ],
      },
    });
    const both = await add({ name: 'Night Balm', receivedProductAt: '2026-05-02', expireDate: '2026-05-01' });
    expect(both.statusCode).toBe(400);
    expect(both.json().details.issues).toEqual([
      expect.objectContaining({ field: 'expireDate', key: 'company.products.errors.expiryBeforeReceived' }),
    ]);
    for (const day of ['2026-02-30', '01/02/2026']) {
      const bad = await update({ receivedProductAt: day });
      expect(bad.statusCode, day).toBe(400);
    }
    const long = await update({ sampleNumber: 'x'.repeat(101) });
    expect(long.statusCode).toBe(400);

    const changed = await update({ lotNumber: '', sampleNumber: 'S-12', expireDate: '2028-01-31' });
    expect(changed.statusCode).toBe(200);
    expect(changed.json().detail).toMatchObject({
      name: 'Calm Drops 500mg',
      lotNumber: null,
      sampleNumber: 'S-12',
      metrcNumber: '1A4060300002EE1000012345',
      expireDate: '2028-01-31',
    });

    // Another company's owner can neither read nor change it.
    const other = await member();
    const foreign = await call('POST', '/api/webcrawler/updateProduct', other.token, {
      plCompanyId: owner.companyId,
      plProductId: product.plProductId,
      lotNumber: 'MINE',
    });
    expect(foreign.statusCode).toBe(404);
    const listed = await call('GET', `/api/webcrawler/products?plCompanyId=${owner.companyId}`, owner.token);
    expect(listed.json().detail.products[0]).toMatchObject({ lotNumber: null, sampleNumber: 'S-12' });
  });
});

describe('scheduled re-scans', () => {
  /** The jobs as a worker runs them, to call the hourly re-scan sweep at a chosen time. */
  function jobDefinitions() {
    return createTestServices({
      env: { ...t.env, SCANNER_ALLOWED_HOSTS: [site.host], SCAN_TIME_LIMIT_SECONDS: 60, SCAN_MAX_PAGES: 100 },
      database: t.database,
      jobs: t.jobs,
      clock: t.clock,
      storage: createLocalStorage(t.env.DATA_DIR),
    }).jobs;
  }

  /** The sweep re-scans every company's due websites: the earlier tests' companies are left out. */
  async function onlyCompanyDue(companyId: number) {
    await t.database.db
      .update(webcrawlerWebsites)
      .set({ rescanEnabled: false })
      .where(ne(webcrawlerWebsites.companyId, companyId));
  }

  it('re-scans weekly, marks new and resolved findings and mails owners about new HIGH findings', async () => {
    const owner = await member();
    await subscribePro(owner.companyId);
    const first = await scan(owner);
    const websites = await call(
      'GET',
      `/api/webcrawler/websites?plCompanyId=${owner.companyId}`,
      owner.token,
    );
    expect(websites.json().detail.websites).toMatchObject([
      { rescanEnabled: true, rescanFrequency: 'WEEKLY' },
    ]);

    const definitions = jobDefinitions();
    expect(await definitions.webcrawler.runRescans()).toBe(0);
    await onlyCompanyDue(owner.companyId);

    site.extraClaim = 'Our hemp balm heals arthritis overnight.';
    try {
      t.clock.advance(8 * 864e5);
      expect(await definitions.webcrawler.runRescans()).toBe(1);
    } finally {
      site.extraClaim = null;
    }
    const checks = await t.database.db
      .select()
      .from(violationChecks)
      .where(eq(violationChecks.companyId, owner.companyId));
    expect(checks).toHaveLength(2);
    const latest = checks.find((c) => c.id !== first.plViolationCheckId)!;
    const detail = await call('POST', '/api/webcrawler/violationCheckDetail', owner.token, {
      plCompanyId: owner.companyId,
      plViolationCheckId: latest.id,
    });
    const body = detail.json().detail;
    expect(body.previousViolationCheckId).toBe(first.plViolationCheckId);
    const fresh = body.violations.filter((v: { isNew: boolean }) => v.isNew);
    expect(fresh).toMatchObject([{ severity: 'HIGH', evidence: expect.stringContaining('heals arthritis') }]);
    expect(body.violations.length).toBeGreaterThan(1);
    expect(body.resolvedViolations).toEqual([]);

    const mails = await t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, owner.email));
    expect(mails.map((m) => m.subject)).toEqual([`New high-severity findings on ${site.origin}/`]);

    // The week after, the claim is gone: resolved.
    t.clock.advance(8 * 864e5);
    await definitions.webcrawler.runRescans();
    const third = await call('POST', '/api/webcrawler/violationCheckListing', owner.token, {
      plCompanyId: owner.companyId,
    });
    expect(third.json().detail.violationChecks[0]).toMatchObject({ newCount: 0, resolvedCount: 1 });
  });

  it('mails each owner and admin once per re-scan, in their own language', async () => {
    const owner = await member();
    const admin = await member('Company Admin', owner.companyId);
    const plain = await member('User', owner.companyId);
    await subscribePro(owner.companyId);
    for (const [who, language] of [
      [owner, 'fr'],
      [admin, 'de'],
    ] as const) {
      const chosen = await call('POST', '/api/user/updateLanguage', who.token, { language });
      expect(chosen.statusCode, chosen.body).toBe(200);
    }
    await scan(owner);
    await onlyCompanyDue(owner.companyId);
    const definitions = jobDefinitions();
    site.extraClaim = 'Our hemp balm heals arthritis overnight.';
    try {
      t.clock.advance(8 * 864e5);
      await definitions.webcrawler.runRescans();
    } finally {
      site.extraClaim = null;
    }
    const [rescan] = await t.database.db
      .select()
      .from(scanJobs)
      .where(and(eq(scanJobs.companyId, owner.companyId), eq(scanJobs.isRescan, true)));
    expect(rescan).toMatchObject({ status: 'completed', violationCheckId: expect.any(Number) });
    const mailsTo = (email: string) =>
      t.database.db.select().from(mailOutbox).where(eq(mailOutbox.to, email));
    const link = `/webcrawler?view=${rescan!.violationCheckId}`;

    const french = await mailsTo(owner.email);
    expect(french.map((m) => m.subject)).toEqual([`Nouveaux constats de gravité élevée sur ${site.origin}/`]);
    expect(french[0]!.text).toContain('a trouvé 1 nouveau constat de gravité élevée');
    expect(french[0]!.text).toContain(link);
    const german = await mailsTo(admin.email);
    expect(german.map((m) => m.subject)).toEqual([`Neue Befunde mit hohem Schweregrad auf ${site.origin}/`]);
    expect(german[0]!.text).toContain('1 neuen Befund mit hohem Schweregrad');
    expect(german[0]!.html).toContain(link);
    expect(await mailsTo(plain.email)).toEqual([]);

    // The job runs again after its result was stored (a worker lost after the commit): no second email.
    await t.database.db.update(scanJobs).set({ status: 'running' }).where(eq(scanJobs.id, rescan!.id));
    await definitions.webcrawler.runScan(rescan!.id);
    expect(await mailsTo(owner.email)).toHaveLength(1);
    expect(await mailsTo(admin.email)).toHaveLength(1);
  });

  it('makes scheduled re-scans a plan feature', async () => {
    const owner = await member();
    const refused = await call('POST', '/api/webcrawler/upsertWebsite', owner.token, {
      plCompanyId: owner.companyId,
      url: `${site.origin}/`,
    });
    expect(refused.statusCode).toBe(402);
    const off = await call('POST', '/api/webcrawler/upsertWebsite', owner.token, {
      plCompanyId: owner.companyId,
      url: `${site.origin}/`,
      rescanEnabled: false,
    });
    expect(off.json().detail).toMatchObject({ rescanEnabled: false, nextScanAt: null });
    const removed = await call('POST', '/api/webcrawler/deleteWebsite', owner.token, {
      plCompanyId: owner.companyId,
      plWebsiteId: off.json().detail.plWebsiteId,
    });
    expect(removed.statusCode).toBe(200);
  });
});
