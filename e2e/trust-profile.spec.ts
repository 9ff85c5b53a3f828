import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, registerViaApi } from './accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './page-checks.ts';

/**
 * The public trust profile and its seal (issue 21): a new laboratory registers, pays for Basic, has
 * its required documents accepted and publishes its profile; a visitor with no account sees the seal.
 * The server's clock is moved past the documents' expiry (the test clock, TEST_CLOCK=true), and a
 * document is rejected: each time the seal is gone at the next view.
 */

const PASSWORD = `Seal-Owner-Passw0rd-${Date.now()}!`;
const DAY = 864e5;
const unique = () => Math.random().toString(36).slice(2, 8);
const day = (offsetDays: number) =>
  new Date(Date.now() + offsetDays * DAY).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

function minimalPdf(text: string): Buffer {
  const stream = `BT /F1 12 Tf 50 780 Td (${text}) Tj ET`;
  const objects = [
    '<< /Type /Catalog /Pages 2 0 R >>',
    '<< /Type /Pages /Kids [3 0 R] /Count 1 >>',
    '<< /Type /Page /Parent 2 0 R /MediaBox [0 0 612 792] /Contents 4 0 R /Resources << /Font << /F1 5 0 R >> >> >>',
    `<< /Length ${stream.length} >>\nstream\n${stream}\nendstream`,
    '<< /Type /Font /Subtype /Type1 /BaseFont /Helvetica >>',
  ];
  let body = '%PDF-1.4\n';
  const offsets: number[] = [];
  objects.forEach((object, index) => {
    offsets.push(body.length);
    body += `${index + 1} 0 obj\n${object}\nendobj\n`;
  });
  const xref = body.length;
  body += `xref\n0 ${objects.length + 1}\n0000000000 65535 f \n`;
  body += offsets.map((o) => `${String(o).padStart(10, '0')} 00000 n \n`).join('');
  body += `trailer\n<< /Size ${objects.length + 1} /Root 1 0 R >>\nstartxref\n${xref}\n%%EOF\n`;
  return Buffer.from(body, 'latin1');
}

async function call(
  request: APIRequestContext,
  method: 'GET' | 'POST',
  url: string,
  token?: string,
  data?: object,
): Promise<Record<string, unknown>> {
  const headers: Record<string, string> = token ? { authorization: `Bearer ${token}` } : {};
  const response =
    method === 'GET' ? await request.get(url, { headers }) : await request.post(url, { headers, data });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { detail: Record<string, unknown> }).detail;
}

async function login(request: APIRequestContext, email: string, password: string) {
  return (await call(request, 'POST', '/api/auth/login', undefined, { email, password }))
    .accessToken as string;
}

/** Registers a laboratory through the API as the sign-up form does, and signs its owner in. */
async function registerLab(request: APIRequestContext) {
  const email = `seal-owner-${unique()}@example.test`;
  const name = `Seal Labs ${unique()}`;
  const person = { email, password: PASSWORD, firstName: 'Sally', lastName: 'Seal' };
  const token = await registerViaApi(request, person, {
    company: {
      name,
      companyType: 'LAB',
      officeAddress: { address: '', city: 'Boulder', state: 'CO', zip: '', country: 'US' },
    },
  });
  const profile = await call(request, 'POST', '/api/user/getMyProfile', token, {});
  return { email, token, name, plCompanyId: (profile.currentCompany as { plCompanyId: number }).plCompanyId };
}

async function subscribeBasic(request: APIRequestContext, token: string, plCompanyId: number) {
  const card = await request.post('/sandbox-gateway/tokens', {
    data: { ccnumber: '4111 1111 1111 1111', ccexp: '12/34', cvv: '381' },
  });
  const paymentToken = ((await card.json()) as { token: string }).token;
  await call(request, 'POST', '/api/company/updateCompanyPaymentMethod', token, {
    plCompanyId,
    paymentToken,
    firstName: 'Sally',
    lastName: 'Seal',
    billingAddressLine1: '1 Main St',
    billingCity: 'Boulder',
    billingState: 'CO',
    billingZip: '80302',
    billingCountry: 'US',
  });
  const plans = await call(request, 'POST', '/api/plan/getPlans', token, { status: 'ACTIVE', region: 'US' });
  const basic = (plans.items as { plPlanId: number; name: string }[]).find((p) => p.name === 'Basic')!;
  await call(request, 'POST', '/api/subscription/startSubscription', token, {
    plCompanyId,
    plPlanId: basic.plPlanId,
    paymentFrequency: 'MONTHLY',
  });
}

interface Blocker {
  reason: string;
  documentType?: string;
}

/** Uploads each missing required document (valid through tomorrow) and has the super admin accept it. */
async function provideDocuments(
  request: APIRequestContext,
  owner: { token: string; plCompanyId: number },
  adminToken: string,
) {
  const settings = await call(
    request,
    'GET',
    `/api/trust/profileSettings?plCompanyId=${owner.plCompanyId}`,
    owner.token,
  );
  const missing = (settings.blockers as Blocker[])
    .filter((b) => b.reason === 'DOCUMENT_MISSING')
    .map((b) => b.documentType!);
  expect(missing.length).toBeGreaterThan(0);
  const types = (await call(request, 'POST', '/api/document/documentTypeListing', owner.token, {}))
    .plDocumentTypes as { plDocumentTypeId: number; name: string; expirationCheck: boolean }[];
  const documentIds: number[] = [];
  for (const name of missing) {
    const type = types.find((t) => t.name === name)!;
    const upload = await request.post(
      `/api/storage/preupload?mode=document&plCompanyId=${owner.plCompanyId}`,
      {
        headers: { authorization: `Bearer ${owner.token}` },
        multipart: { files: { name: 'document.pdf', mimeType: 'application/pdf', buffer: minimalPdf(name) } },
      },
    );
    expect(upload.status(), await upload.text()).toBe(200);
    const key = ((await upload.json()) as { detail: { key: string }[] }).detail[0]!.key;
    const expiry = type.expirationCheck ? day(1) : null;
    const version = await call(request, 'POST', '/api/document/document', owner.token, {
      plCompanyId: owner.plCompanyId,
      documentTypeId: type.plDocumentTypeId,
      uploadKey: key,
      expirationDate: expiry,
      licenseNumber: 'LAB-17025',
      licenseCountry: 'US',
      licenseState: 'CO',
      licenseAddress: '120 Orchard Road, Boulder',
    });
    await call(request, 'POST', '/api/document/updateDocumentReviewStatus', adminToken, {
      documentId: version.documentId,
      reviewStatus: 'accepted',
      expirationDate: expiry,
      licenseNumber: 'LAB-17025',
      validationMethod: 'DOCUMENT_PROVIDED',
    });
    documentIds.push(version.documentId as number);
  }
  return documentIds;
}

async function moveServerClock(request: APIRequestContext, adminToken: string, offsetDays: number) {
  await call(request, 'POST', '/api/dev/clock', adminToken, { offsetDays });
}

async function expectSeal(page: Page, shown: boolean) {
  const seal = page.getByTestId('seal');
  if (shown) {
    await expect(seal.getByText('Trustleaf verified', { exact: true })).toBeVisible();
  } else {
    await expect(seal.getByText('No active seal')).toBeVisible();
    await expect(seal.getByText('Trustleaf verified', { exact: true })).toHaveCount(0);
  }
}

test.describe.configure({ mode: 'serial' });

/**
 * The language links of a public page's footer stand evenly apart: the gap after the current
 * language (not a link) is the gap after each link.
 */
async function expectLanguagesEvenlySpaced(page: Page, label: string) {
  const gaps = await page.getByRole('navigation', { name: 'Language' }).evaluate((nav) => {
    const boxes = [...nav.children].map((child) => child.getBoundingClientRect());
    return boxes
      .slice(1)
      .map((box, i) => ({ box, before: boxes[i]! }))
      .filter(({ box, before }) => Math.abs(box.top - before.top) < 1)
      .map(({ box, before }) => Math.round(box.left - before.right));
  });
  expect(gaps.length, `languages side by side on ${label}`).toBeGreaterThan(1);
  expect(new Set(gaps).size, `gaps between the languages on ${label}: ${gaps.join(', ')}`).toBe(1);
}

test('the public profile shows the seal of a compliant company and loses it when a document expires or is rejected', async ({
  browser,
  request,
}) => {
  // A whole journey (sign-up by API, publishing, the directory, three reloads across clock moves).
  test.setTimeout(120_000);
  const adminToken = await login(request, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  const owner = await registerLab(request);
  await subscribeBasic(request, owner.token, owner.plCompanyId);
  const documentIds = await provideDocuments(request, owner, adminToken);

  // The owner publishes the profile from its settings page.
  const ownerPage = await (await browser.newContext()).newPage();
  await ownerPage.goto('/auth/sign-in');
  await ownerPage.getByLabel('Email address').fill(owner.email);
  await ownerPage.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await ownerPage.getByRole('button', { name: 'Sign in' }).click();
  await expect(ownerPage.getByTestId('welcome')).toBeVisible();
  await ownerPage.getByTestId('nav-trust-profile').click();
  await expect(ownerPage.getByRole('heading', { name: 'Public trust profile', level: 1 })).toBeVisible();
  await expect(ownerPage.getByText('The profile is not published.')).toBeVisible();
  // The switch follows the saved state: it turns on once the server has published the profile.
  const publishSwitch = ownerPage.getByLabel('Publish my trust profile');
  await publishSwitch.click();
  await expect(publishSwitch).toBeChecked();
  await expect(ownerPage.getByText('Your verified seal is active')).toBeVisible();
  const axeSettings = await new AxeBuilder({ page: ownerPage }).analyze();
  expect(
    axeSettings.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical').map((v) => v.id),
  ).toEqual([]);
  const profileUrl = (await ownerPage.getByTestId('trust-profile-link').getAttribute('href'))!;
  const profilePath = new URL(profileUrl).pathname;
  await ownerPage.context().close();

  // A visitor without an account finds the company in the directory (server-rendered, a plain form:
  // it reads without scripts), narrows the search, and opens its profile from the list.
  const visitor = await (await browser.newContext({ viewport: { width: 360, height: 800 } })).newPage();
  try {
    await visitor.goto(`/directory?q=${encodeURIComponent(owner.name)}`);
    await visitor.getByLabel('Business type').selectOption({ label: 'Lab' });
    await visitor.getByLabel('State or province').selectOption('CO');
    await visitor.getByLabel('Only companies with a verified seal').check();
    await visitor.getByRole('button', { name: 'Search' }).click();
    await expect(visitor).toHaveURL(/plBusinessTypeId=7/);
    const listing = visitor.getByRole('link', { name: owner.name, exact: true });
    await expect(listing).toBeVisible();
    await expect(visitor.getByText('Verified seal', { exact: true })).toBeVisible();
    await expectNoSeriousViolations(visitor, 'directory at 360 px');
    await expectNoSidewaysScroll(visitor, 'directory at 360 px');
    await expectLanguagesEvenlySpaced(visitor, 'directory');
    await visitor.setViewportSize({ width: 1280, height: 800 });
    await expectNoSeriousViolations(visitor, 'directory at 1280 px');
    await listing.click();
    await expect(visitor).toHaveURL(new RegExp(`${profilePath}\\?lang=en$`));
    await expect(visitor.getByRole('heading', { level: 1, name: owner.name })).toBeVisible();
    await expectSeal(visitor, true);
    await expect(visitor.getByText('ISO/IEC 17025 Accreditation')).toBeVisible();
    const axe = await new AxeBuilder({ page: visitor }).analyze();
    expect(axe.violations.map((v) => v.id)).toEqual([]);
    await visitor.setViewportSize({ width: 360, height: 800 });
    await expectNoSeriousViolations(visitor, 'trust profile at 360 px');
    await expectNoSidewaysScroll(visitor, 'trust profile at 360 px');
    await expectLanguagesEvenlySpaced(visitor, 'trust profile');
    await visitor.setViewportSize({ width: 1280, height: 800 });

    // The "how it is verified" tooltip appears after half a second and hides again (spec 2 §2).
    const tooltip = visitor.getByRole('tooltip');
    await expect(tooltip).toBeHidden();
    await visitor.getByRole('button', { name: 'Cryptographically signed' }).hover();
    await expect(tooltip).toBeVisible({ timeout: 3_000 });
    await expect(tooltip).toContainText('no blockchain is used');
    await expect(tooltip).toBeHidden({ timeout: 8_000 });

    // Three days on, the documents valid through tomorrow have expired: the seal is gone at once.
    await moveServerClock(request, adminToken, 3);
    await visitor.reload();
    await expectSeal(visitor, false);
    await expect(visitor.getByText('Not verified').first()).toBeVisible();

    await moveServerClock(request, adminToken, 0);
    await visitor.reload();
    await expectSeal(visitor, true);

    // A reviewer rejects one of the documents: the seal is gone at the next view.
    const reasons = await call(request, 'POST', '/api/document/reasonListing', adminToken, {
      reasonType: 'REJECT',
    });
    await call(request, 'POST', '/api/document/updateDocumentReviewStatus', adminToken, {
      documentId: documentIds[0],
      reviewStatus: 'rejected',
      rejectReasonId: (reasons.reasons as { plReasonId: number }[])[0]!.plReasonId,
      expirationDate: day(1),
      licenseNumber: 'LAB-17025',
      validationMethod: 'DOCUMENT_PROVIDED',
    });
    await visitor.reload();
    await expectSeal(visitor, false);
  } finally {
    await moveServerClock(request, adminToken, 0);
    await visitor.context().close();
  }
});

test('robots.txt lets search engines read the public profiles and the directory, not the API or the demo site, which the app’s own scanner reads', async ({
  request,
}) => {
  const response = await request.get('/robots.txt');
  expect(response.status()).toBe(200);
  expect(response.headers()['content-type']).toMatch(/^text\/plain/);
  // Its rules without comments, by group: every crawler's, then the app's own scanner's (a crawler
  // follows the group naming it, else the one for every crawler). Paths are blocked by prefix.
  const groups = new Map<string, string[]>();
  let rules: string[] = [];
  for (const line of (await response.text()).split('\n').map((text) => text.replace(/#.*/, '').trim())) {
    const agent = /^user-agent:\s*(.+)$/i.exec(line);
    if (agent) groups.set(agent[1]!, (rules = []));
    else if (line !== '') rules.push(line);
  }
  expect([...groups.keys()]).toEqual(['*', 'TrustleafScanner']);
  const blocked = (agent: string, pathname: string) =>
    groups
      .get(agent)!
      .filter((rule) => /^disallow:/i.test(rule))
      .map((rule) => rule.slice('disallow:'.length).trim())
      .some((prefix) => prefix !== '' && pathname.startsWith(prefix));
  expect(blocked('*', '/trust/green-valley-hemp-co')).toBe(false);
  expect(blocked('*', '/directory')).toBe(false);
  expect(blocked('*', '/directory/company-detail')).toBe(false);
  expect(blocked('*', '/api/directory/companies')).toBe(true);
  expect(blocked('*', '/demo-site/')).toBe(true);
  // The scanner's user agent (packages/scanner ROBOTS_AGENT) honours robots.txt.
  expect(blocked('TrustleafScanner', '/demo-site/calm-drops.html')).toBe(false);
  expect(blocked('TrustleafScanner', '/api/directory/companies')).toBe(true);
});
