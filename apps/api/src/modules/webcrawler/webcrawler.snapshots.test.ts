import { createHash, randomUUID } from 'node:crypto';
import { existsSync } from 'node:fs';
import { mkdir, rm, writeFile } from 'node:fs/promises';
import path from 'node:path';
import { scanSite, ScanError, type ScanOptions, type ScanResult, type Violation } from '@trustleaf/scanner';
import { eq, inArray } from 'drizzle-orm';
import { extractText, getDocumentProxy, getResolvedPDFJS } from 'unpdf';
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import {
  companies,
  complianceFindingSnapshots,
  complianceFindings,
  pendingSnapshotKeys,
  violationChecks,
} from '../../db/schema.ts';
import { createInlineQueue, type JobDefinition } from '../../lib/jobs.ts';
import { bearer, createMember, login, subscribeCompany } from '../../../test/factories.ts';
import { buildTestApp, type TestApp } from '../../../test/build-test-app.ts';
import { startFixtureSite, type FixtureSite } from '../../../test/fixture-site.ts';

/** A snapshot as the engine writes it: an opaque PNG (48 × 27), a claim highlighted. */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAADAAAAAbCAIAAAC1C5slAAAACXBIWXMAAAPoAAAD6AG1e1JrAAAAOUlEQVRIx+3UMQ0AMAwDwfAKfzRl0KVh0C2Sh7MewE2uG7YCAgICAvqA3umlgICAQkGOEQgICCgQNFqhMNGYThjtAAAAAElFTkSuQmCC',
  'base64',
);
/** A PNG over the 512 KB a single snapshot may have. */
const HUGE_PNG = Buffer.concat([PNG, Buffer.alloc(600 * 1024)]);

let t: TestApp;
let site: FixtureSite;
/** The jobs the app registered with its queue (the scheduled ones with their cron). */
const registered: JobDefinition<never>[] = [];
/** The engine calls of scans of `/fake/…` addresses (a made-up site whose findings the test chooses). */
const calls: { url: string; options: ScanOptions }[] = [];
const snapshotDirs: string[] = [];

function finding(
  page: string,
  evidence: string,
  severity: Violation['severity'],
  extra: Partial<Violation> = {},
) {
  return {
    description: `Claim: ${evidence}`,
    url: `${site.origin}/fake/${page}`,
    imageUrl: null,
    isInVideo: false,
    startTime: null,
    evidence,
    category: 'DISEASE_CLAIM',
    term: evidence.split(' ')[0]!,
    severity,
    ruleRef: 'FD&C Act §201(g)(1)',
    hint: 'Remove the claim.',
    ...extra,
  } satisfies Violation;
}

/** The findings of a fake site, by its start page. */
function fakeFindings(start: string): Violation[] {
  if (start.endsWith('/fake/many.html')) {
    return Array.from({ length: 30 }, (_, i) => finding('many.html', `claim number ${i} cures pain`, 'HIGH'));
  }
  if (start.endsWith('/fake/pdf/')) {
    // The most severe finding is in a PDF the catalogue page links to: no page shows it.
    return [
      finding('pdf/catalogue.html', 'eases joint pain', 'HIGH', {
        description: 'Claim: eases joint pain (PDF catalogue.pdf, page 2)',
        pdfUrl: `${site.origin}/fake/pdf/catalogue.pdf`,
        pdfPage: 2,
      }),
      finding('pdf/a.html', 'relieves migraines', 'MEDIUM'),
      finding('pdf/b.html', 'lowers blood pressure', 'MEDIUM'),
      finding('pdf/c.html', 'stops hair loss', 'LOW'),
    ];
  }
  return [
    finding('a.html', 'a low claim', 'LOW'),
    finding('b.html', 'heals arthritis overnight', 'HIGH'),
    { ...finding('b.html', 'heals arthritis overnight', 'HIGH'), term: 'overnight' },
    finding('b.html', 'cures insomnia', 'HIGH'),
    finding('b.html', 'Calm Drops cure anxiety', 'HIGH', {
      imageUrl: `${site.origin}/images/calm-drops.png`,
    }),
    finding('c.html', 'prevents colds', 'MEDIUM'),
    finding('d.html', 'treats eczema', 'MEDIUM'),
    finding('e.html', 'another low claim', 'LOW'),
  ];
}

async function fakeScan(url: string, options: ScanOptions = {}): Promise<ScanResult> {
  if (!new URL(url).pathname.startsWith('/fake/')) return scanSite(url, options);
  calls.push({ url, options });
  if (url.endsWith('/fake/down.html')) throw new ScanError('HTTP_ERROR', 'Url not connected');
  const result = (violations: Violation[]): ScanResult => ({
    url,
    checkTime: new Date().toISOString(),
    violationCount: violations.length,
    violations,
    pagesScanned: 1,
    productVerification: { authorizedProducts: [], unauthorizedProducts: [] },
  });
  if (!options.snapshotDir) return result(fakeFindings(url));
  // A snapshot pass: the one page, rendered; the engine crops each sentence of the page's text once.
  const dir = options.snapshotDir;
  snapshotDirs.push(dir);
  const start = url.includes('many.html')
    ? url
    : url.includes('/fake/pdf/')
      ? `${site.origin}/fake/pdf/`
      : `${site.origin}/fake/`;
  // A pass reads no PDFs: their findings are not on the page.
  const onPage = fakeFindings(start).filter(
    (v) => v.url === url && !(options.readPdfs === false && v.pdfUrl),
  );
  for (const v of onPage) {
    if (v.imageUrl) continue;
    const file = path.join(
      dir,
      `${createHash('sha1')
        .update(url + v.evidence)
        .digest('hex')}.png`,
    );
    await writeFile(file, url.endsWith('/d.html') ? HUGE_PNG : PNG);
    v.snapshot = file;
  }
  return result(onPage);
}

beforeAll(async () => {
  site = await startFixtureSite();
  t = await buildTestApp({
    env: { SCANNER_ALLOWED_HOSTS: site.host, SCAN_SNAPSHOT_PAGES: '3' },
    scan: fakeScan,
    jobs: { ...createInlineQueue(), register: (definitions) => void registered.push(...definitions) },
  });
});
afterAll(async () => {
  await t.close();
  await site.close();
});

interface Who {
  token: string;
  companyId: number;
}

async function member(companyId?: number): Promise<Who> {
  const m = await createMember(t.database.db, 'Company Owner', companyId);
  return { token: (await login(t.app, m.user.email)).accessToken, companyId: m.companyId };
}

/** The Pro plan (it grants the Webcrawler feature, so issues may be viewed), paid and live. */
const subscribePro = (companyId: number) => subscribeCompany(t.database.db, companyId, 'Pro', t.clock.now());

async function scanAndRead(who: Who, url: string) {
  const started = await t.app.inject({
    method: 'POST',
    url: '/api/webcrawler/scanUrl',
    headers: bearer(who.token),
    payload: { plCompanyId: who.companyId, url, analyzeImage: false },
  });
  expect(started.statusCode, started.body).toBe(200);
  const { status, plViolationCheckId } = started.json().detail;
  expect(status).toBe('completed');
  return plViolationCheckId as number;
}

async function detailOf(who: Who, plViolationCheckId: number) {
  const response = await t.app.inject({
    method: 'POST',
    url: '/api/webcrawler/violationCheckDetail',
    headers: bearer(who.token),
    payload: { plCompanyId: who.companyId, plViolationCheckId },
  });
  expect(response.statusCode, response.body).toBe(200);
  return response.json().detail.violations as {
    complianceFindingId: number;
    url: string;
    evidence: string;
    term: string;
    imageUrl: string | null;
    hasSnapshot: boolean;
  }[];
}

/** The report PDF of a check, exported as the dialog's Export does. */
async function reportOf(who: Who, plViolationCheckId: number) {
  const link = await t.app.inject({
    method: 'POST',
    url: '/api/webcrawler/violationCheckReportLink',
    headers: bearer(who.token),
    payload: { plCompanyId: who.companyId, plViolationCheckId },
  });
  expect(link.statusCode, link.body).toBe(200);
  const pdf = await t.app.inject({ method: 'GET', url: link.json().detail.url });
  expect(pdf.statusCode, pdf.body).toBe(200);
  return pdf.rawPayload;
}

/** The images a PDF draws, page after page, by their size in pixels. */
async function imagesIn(pdf: Buffer) {
  const { OPS } = await getResolvedPDFJS();
  const doc = await getDocumentProxy(new Uint8Array(pdf));
  const sizes: [number, number][] = [];
  for (let n = 1; n <= doc.numPages; n++) {
    const { fnArray, argsArray } = await (await doc.getPage(n)).getOperatorList();
    fnArray.forEach((op, i) => {
      const args = argsArray[i] as number[];
      if (op === OPS.paintImageXObject) sizes.push([args[1]!, args[2]!]);
    });
  }
  return sizes;
}

const snapshotOf = (who: Who, findingId: number) =>
  t.app.inject({
    method: 'GET',
    url: `/api/webcrawler/complianceFinding/${findingId}/snapshot`,
    headers: bearer(who.token),
  });

describe('snapshots of findings', () => {
  let owner: Who;
  let violations: Awaited<ReturnType<typeof detailOf>>;

  beforeAll(async () => {
    owner = await member();
    await subscribePro(owner.companyId);
    calls.length = 0;
    violations = await detailOf(owner, await scanAndRead(owner, `${site.origin}/fake/`));
  });

  it('renders again only the pages with findings, the most severe first, up to SCAN_SNAPSHOT_PAGES', () => {
    const passes = calls.filter((c) => c.options.snapshotDir);
    expect(passes.map((c) => c.url.replace(site.origin, ''))).toEqual([
      '/fake/b.html',
      '/fake/c.html',
      '/fake/d.html',
    ]);
    for (const pass of passes) {
      expect(pass.options).toMatchObject({
        maxPages: 1,
        render: true,
        analyzeImages: false,
        readPdfs: false,
      });
    }
    // The scan itself did not render or take snapshots.
    expect(calls[0]!.options.snapshotDir).toBeUndefined();
    // The engine's files are gone once stored.
    expect(snapshotDirs.length).toBeGreaterThan(0);
    for (const dir of snapshotDirs) expect(existsSync(dir)).toBe(false);
  });

  it('references the stored images from the findings of the page text, within the size cap', async () => {
    const marks = violations.map((v) => [v.url.replace(site.origin, ''), v.term, v.hasSnapshot]);
    expect(marks).toEqual([
      ['/fake/a.html', 'a', false],
      ['/fake/b.html', 'heals', true],
      ['/fake/b.html', 'overnight', true],
      ['/fake/b.html', 'cures', true],
      // An image finding shows its image, not a snapshot.
      ['/fake/b.html', 'Calm', false],
      ['/fake/c.html', 'prevents', true],
      // d.html's snapshot is over 512 KB: not stored.
      ['/fake/d.html', 'treats', false],
      ['/fake/e.html', 'another', false],
    ]);
    const rows = await t.database.db
      .select()
      .from(complianceFindingSnapshots)
      .where(eq(complianceFindingSnapshots.companyId, owner.companyId));
    expect(rows).toHaveLength(4);
    // One image for the two findings of one sentence.
    expect(new Set(rows.map((r) => r.storageKey)).size).toBe(3);
    expect(rows.every((r) => r.bytes === PNG.length)).toBe(true);
  });

  it('serves a snapshot to its own company as a PNG data URL', async () => {
    const withSnapshot = violations.find((v) => v.hasSnapshot)!;
    const response = await snapshotOf(owner, withSnapshot.complianceFindingId);
    expect(response.statusCode, response.body).toBe(200);
    const { base64, contentType } = response.json().detail;
    expect(contentType).toBe('image/png');
    expect(Buffer.from(base64.replace('data:image/png;base64,', ''), 'base64').equals(PNG)).toBe(true);
  });

  it('draws each finding’s snapshot in the exported report, and leaves out one gone from Storage', async () => {
    const checkId = await scanAndRead(owner, `${site.origin}/fake/`);
    const found = await detailOf(owner, checkId);
    expect(found.filter((v) => v.hasSnapshot)).toHaveLength(4);
    const report = await reportOf(owner, checkId);
    expect(await imagesIn(report)).toEqual(Array(4).fill([48, 27]));
    // Three stored images (two findings of one sentence share one), each embedded once.
    expect(report.toString('latin1').match(/\/Subtype \/Image/g)).toHaveLength(3);
    // The image of one finding removed from Storage (not the shared one): the report is still written.
    const rows = await t.database.db
      .select()
      .from(complianceFindingSnapshots)
      .innerJoin(complianceFindings, eq(complianceFindings.id, complianceFindingSnapshots.findingId))
      .where(eq(complianceFindings.checkId, checkId));
    const alone = rows.find(
      (r) =>
        rows.filter(
          (o) => o.compliance_finding_snapshots.storageKey === r.compliance_finding_snapshots.storageKey,
        ).length === 1,
    )!;
    await rm(path.join(t.env.DATA_DIR, 'uploads', alone.compliance_finding_snapshots.storageKey));
    const pdf = await reportOf(owner, checkId);
    expect(await imagesIn(pdf)).toEqual(Array(3).fill([48, 27]));
    const { text } = await extractText(await getDocumentProxy(new Uint8Array(pdf)), { mergePages: true });
    expect(text).toContain(alone.compliance_findings.evidence);
  });

  it("refuses another company's snapshot and unknown ones with 404", async () => {
    const withSnapshot = violations.find((v) => v.hasSnapshot)!;
    const outsider = await member();
    await subscribePro(outsider.companyId);
    const refused = await snapshotOf(outsider, withSnapshot.complianceFindingId);
    expect(refused.statusCode).toBe(404);
    expect(refused.body).not.toContain('base64,');
    const without = violations.find((v) => !v.hasSnapshot)!;
    expect((await snapshotOf(owner, without.complianceFindingId)).statusCode).toBe(404);
    expect((await snapshotOf(owner, 2_000_000_000)).statusCode).toBe(404);
    const bad = await t.app.inject({
      method: 'GET',
      url: '/api/webcrawler/complianceFinding/abc/snapshot',
      headers: bearer(owner.token),
    });
    expect(bad.statusCode).toBe(400);
    const anonymous = await t.app.inject({
      method: 'GET',
      url: `/api/webcrawler/complianceFinding/${withSnapshot.complianceFindingId}/snapshot`,
    });
    expect(anonymous.statusCode).toBe(401);
  });

  it('refuses a snapshot when the plan does not allow viewing issues (402)', async () => {
    const free = await member();
    const checkId = await scanAndRead(free, `${site.origin}/fake/`);
    const [row] = await t.database.db
      .select()
      .from(complianceFindingSnapshots)
      .where(eq(complianceFindingSnapshots.companyId, free.companyId));
    expect(checkId).toEqual(expect.any(Number));
    const response = await snapshotOf(free, row!.findingId);
    expect(response.statusCode).toBe(402);
  });

  it('stores at most 25 images per scan', async () => {
    const many = await member();
    await subscribePro(many.companyId);
    const found = await detailOf(many, await scanAndRead(many, `${site.origin}/fake/many.html`));
    expect(found).toHaveLength(30);
    expect(found.map((v) => v.hasSnapshot)).toEqual([...Array(25).fill(true), ...Array(5).fill(false)]);
  });
});

describe('a snapshot pass taken again (the first one’s worker died)', () => {
  it('spends no page on a finding in a linked PDF, so the pages with findings keep their snapshots', async () => {
    const owner = await member();
    await subscribePro(owner.companyId);
    calls.length = 0;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/webcrawler/scanUrl',
      headers: bearer(owner.token),
      payload: { plCompanyId: owner.companyId, url: `${site.origin}/fake/pdf/`, analyzeImage: false },
    });
    expect(started.statusCode, started.body).toBe(200);
    const { jobId, plViolationCheckId } = started.json().detail as {
      jobId: string;
      plViolationCheckId: number;
    };
    const passes = () =>
      calls.filter((c) => c.options.snapshotDir).map((c) => c.url.replace(`${site.origin}/fake/pdf/`, ''));
    const marks = async () =>
      (await detailOf(owner, plViolationCheckId)).map((v) => [
        v.url.replace(`${site.origin}/fake/pdf/`, ''),
        v.hasSnapshot,
      ]);
    const taken = [
      ['catalogue.html', false],
      ['a.html', true],
      ['b.html', true],
      ['c.html', true],
    ];
    expect(passes()).toEqual(['a.html', 'b.html', 'c.html']);
    expect(await marks()).toEqual(taken);

    // What a worker that died in the pass leaves: the check waiting for its snapshots, none referenced.
    await t.database.db
      .delete(complianceFindingSnapshots)
      .where(eq(complianceFindingSnapshots.companyId, owner.companyId));
    await t.database.db
      .update(violationChecks)
      .set({ snapshotsPending: true })
      .where(eq(violationChecks.id, plViolationCheckId));
    calls.length = 0;

    // The scan job delivered again, as pg-boss retries it: the pass is taken from the stored findings.
    const scanJob = registered.find((d) => d.name === 'webcrawler.scan')!;
    await scanJob.handler({ scanJobId: jobId } as never);
    expect(passes()).toEqual(['a.html', 'b.html', 'c.html']);
    expect(await marks()).toEqual(taken);
    const [check] = await t.database.db
      .select()
      .from(violationChecks)
      .where(eq(violationChecks.id, plViolationCheckId));
    expect(check!.snapshotsPending).toBe(false);
  });
});

describe('snapshots taken by the engine in Chromium', () => {
  it('stores PNG crops of the demo site findings and serves them', async () => {
    const owner = await member();
    await subscribePro(owner.companyId);
    const checkId = await scanAndRead(owner, `${site.origin}/`);
    const violations = await detailOf(owner, checkId);
    const shown = violations.filter((v) => v.hasSnapshot);
    expect(shown.length).toBeGreaterThan(0);
    expect(shown.every((v) => v.imageUrl === null)).toBe(true);
    const response = await snapshotOf(owner, shown[0]!.complianceFindingId);
    expect(response.statusCode, response.body).toBe(200);
    const bytes = Buffer.from(response.json().detail.base64.split(',')[1], 'base64');
    expect(bytes.subarray(0, 8).toString('hex')).toBe('89504e470d0a1a0a');
    expect(bytes.length).toBeGreaterThan(PNG.length);
    // The report PDF draws them at their own size in pixels (the engine crops 400 to 800 px wide).
    const drawn = await imagesIn(await reportOf(owner, checkId));
    expect(drawn).toHaveLength(shown.length);
    expect(drawn[0]).toEqual([bytes.readUInt32BE(16), bytes.readUInt32BE(20)]);
    for (const [width] of drawn) expect(width).toBeGreaterThanOrEqual(400);
  }, 60_000);
});

describe('one Chromium per scan job', () => {
  it('gives the scan and its snapshot passes one browser, closed once the job ends', async () => {
    const owner = await member();
    calls.length = 0;
    await scanAndRead(owner, `${site.origin}/fake/`);
    const browsers = new Set(calls.map((c) => c.options.browser));
    expect(calls.length).toBe(4);
    expect(browsers.size).toBe(1);
    const [browser] = [...browsers];
    expect(browser).toBeDefined();
    // Closed: asking it for the browser launches nothing and says so.
    expect(await browser!.get()).toEqual({ warning: expect.stringMatching(/closed/) });
  });

  it('closes the browser of a scan that failed', async () => {
    const owner = await member();
    calls.length = 0;
    const started = await t.app.inject({
      method: 'POST',
      url: '/api/webcrawler/scanUrl',
      headers: bearer(owner.token),
      payload: { plCompanyId: owner.companyId, url: `${site.origin}/fake/down.html`, analyzeImage: false },
    });
    expect(started.statusCode, started.body).toBe(200);
    expect(started.json().detail.status).toBe('failed');
    expect(calls).toHaveLength(1);
    expect(await calls[0]!.options.browser!.get()).toEqual({ warning: expect.stringMatching(/closed/) });
  });
});

describe('snapshot images of deleted rows', () => {
  const stored = (key: string) => existsSync(path.join(t.env.DATA_DIR, 'uploads', key));
  const removeReleased = async () => {
    const job = registered.find((d) => d.name === 'webcrawler.remove-released-snapshots');
    expect(job?.cron).toBeDefined();
    await job!.handler(null as never);
  };
  const snapshotRows = (companyId: number) =>
    t.database.db
      .select()
      .from(complianceFindingSnapshots)
      .where(eq(complianceFindingSnapshots.companyId, companyId));

  it('are removed from Storage by the scheduled job once the finding, the check or the company is gone', async () => {
    const owner = await member();
    const checkId = await scanAndRead(owner, `${site.origin}/fake/`);
    const rows = await snapshotRows(owner.companyId);
    expect(rows).toHaveLength(4);
    for (const row of rows) expect(stored(row.storageKey)).toBe(true);
    const keyCount = new Map<string, number>();
    for (const row of rows) keyCount.set(row.storageKey, (keyCount.get(row.storageKey) ?? 0) + 1);
    const shared = rows.filter((r) => keyCount.get(r.storageKey) === 2);
    const alone = rows.find((r) => keyCount.get(r.storageKey) === 1)!;
    expect(shared).toHaveLength(2);

    // A finding deleted: its own image goes; one shared with another finding stays until both are gone.
    await t.database.db.delete(complianceFindings).where(eq(complianceFindings.id, alone.findingId));
    await t.database.db.delete(complianceFindings).where(eq(complianceFindings.id, shared[0]!.findingId));
    await removeReleased();
    expect(stored(alone.storageKey)).toBe(false);
    expect(stored(shared[0]!.storageKey)).toBe(true);

    // The check deleted: the rest of its images go.
    await t.database.db.delete(violationChecks).where(eq(violationChecks.id, checkId));
    await removeReleased();
    for (const row of rows) expect(stored(row.storageKey)).toBe(false);

    // Another company's images are not touched by this one's deletions.
    const other = await member();
    await scanAndRead(other, `${site.origin}/fake/`);
    const otherRows = await snapshotRows(other.companyId);
    expect(otherRows.length).toBeGreaterThan(0);
    for (const row of otherRows) expect(stored(row.storageKey)).toBe(true);

    // A company deleted with everything it owns: its scans' images go too.
    const leaving = await member();
    await scanAndRead(leaving, `${site.origin}/fake/`);
    const leavingRows = await snapshotRows(leaving.companyId);
    expect(leavingRows.length).toBeGreaterThan(0);
    await t.database.db.delete(companies).where(eq(companies.id, leaving.companyId));
    expect(
      await t.database.db
        .select()
        .from(complianceFindingSnapshots)
        .where(
          inArray(
            complianceFindingSnapshots.findingId,
            leavingRows.map((r) => r.findingId),
          ),
        ),
    ).toEqual([]);
    await removeReleased();
    for (const row of leavingRows) expect(stored(row.storageKey)).toBe(false);
    for (const row of otherRows) expect(stored(row.storageKey)).toBe(true);
  });

  it('removes images a scan attempt recorded but never referenced once older than any attempt runs', async () => {
    // The last attempt of a scan died in its snapshot pass: no later attempt releases its images.
    const old = { storageKey: 'stale-day/dead-attempt.png', scanJobId: randomUUID(), attempt: 3 };
    const fresh = { storageKey: 'fresh-day/running-attempt.png', scanJobId: randomUUID(), attempt: 1 };
    for (const { storageKey } of [old, fresh]) {
      const file = path.join(t.env.DATA_DIR, 'uploads', storageKey);
      await mkdir(path.dirname(file), { recursive: true });
      await writeFile(file, PNG);
    }
    // Older than the time limit (1800 s here) and an hour; the other one still being written.
    await t.database.db
      .insert(pendingSnapshotKeys)
      .values([{ ...old, createdAt: new Date(Date.now() - (1800 + 3600 + 60) * 1000) }, fresh]);
    await removeReleased();
    expect(stored(old.storageKey)).toBe(false);
    expect(stored(fresh.storageKey)).toBe(true);
    const pending = await t.database.db.select().from(pendingSnapshotKeys);
    expect(pending.map((k) => k.storageKey)).toEqual([fresh.storageKey]);
    await t.database.db.delete(pendingSnapshotKeys);
  });
});
