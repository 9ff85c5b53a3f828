import { expect, test, type APIRequestContext } from '@playwright/test';
import { COMPANY_PASSWORD, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, companyAccount, postOk } from './accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './page-checks.ts';

/** Allowed for the scanner in playwright.config.ts (SCANNER_ALLOWED_HOSTS). */
const DEMO_SITE = `http://localhost:${Number(process.env.E2E_PORT ?? 3210)}/demo-site/`;

/** A 1×1 PNG: the logo a partner uploads (checked by content on upload). */
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

/** A published partner template made through the API: renamed product phrases and its own logo. */
async function partnerTemplate(request: APIRequestContext, name: string) {
  const token = (
    await postOk(request, '/api/auth/login', { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD })
  ).accessToken as string;
  const headers = { authorization: `Bearer ${token}` };
  const created = await request.post('/api/siteTemplate/template', { data: { name }, headers });
  expect(created.status()).toBe(201);
  const id = ((await created.json()) as { detail: { plSiteTemplateId: number } }).detail.plSiteTemplateId;
  const uploaded = await request.post('/api/storage/preupload?mode=image', {
    headers,
    multipart: { files: { name: 'logo.png', mimeType: 'image/png', buffer: PNG } },
  });
  expect(uploaded.status()).toBe(200);
  const key = ((await uploaded.json()) as { detail: { key: string }[] }).detail[0]!.key;
  const elements = [
    {
      elementName: 'productName',
      elementType: 'TERMINOLOGY',
      useTextOverride: true,
      textOverride: 'Acme Trust',
    },
    { elementName: 'qVault', elementType: 'TERMINOLOGY', useTextOverride: true, textOverride: 'Acme Vault' },
    {
      elementName: 'signInSubtitle',
      elementType: 'TERMINOLOGY',
      useTextOverride: true,
      textOverride: 'Welcome to the Acme partner portal.',
    },
    { elementName: 'logo', elementType: 'IMAGE', imageUploadKey: key },
    // The partner's users have no trust profile screen.
    { elementName: 'menuTrustProfile', elementType: 'TERMINOLOGY', enabled: false },
  ];
  for (const element of elements) {
    const added = await request.post('/api/siteTemplate/templateElement', {
      data: { plSiteTemplateId: id, ...element },
      headers,
    });
    expect(added.status(), await added.text()).toBe(201);
  }
  await postOk(request, '/api/siteTemplate/applyDraft', { plSiteTemplateId: id }, token);
  return id;
}

/** A company (no plan: the report shows its header and summary) with one finished scan, through the API. */
async function scannedCompany(request: APIRequestContext) {
  const account = await companyAccount(request);
  const token = (
    await postOk(request, '/api/auth/login', { email: account.email, password: COMPANY_PASSWORD })
  ).accessToken as string;
  const started = (await postOk(
    request,
    '/api/webcrawler/scanUrl',
    {
      plCompanyId: account.plCompanyId,
      url: DEMO_SITE,
      additionalWords: [],
      isIncludedVideo: false,
      verifyProduct: false,
      analyzeImage: false,
      autoCreateProduct: false,
    },
    token,
  )) as { jobId: string };
  let plViolationCheckId: number | null = null;
  await expect
    .poll(
      async () => {
        const job = await postOk(request, '/api/webcrawler/getScanUrlJob', { jobId: started.jobId }, token);
        plViolationCheckId = job.plViolationCheckId as number | null;
        return job.status;
      },
      { timeout: 45_000 },
    )
    .toBe('completed');
  return { ...account, plViolationCheckId: plViolationCheckId! };
}

test('a partner template renames the product and swaps the logo on sign-in, in the shell, the agreement and the report; draft then apply', async ({
  page,
  request,
}) => {
  // Two sign-ins, the editor and axe at two widths: generous for a loaded machine.
  test.setTimeout(120_000);
  const name = `Acme ${Date.now().toString(36)}`;
  const [id, customer] = await Promise.all([partnerTemplate(request, name), scannedCompany(request)]);

  await page.goto(`/auth/sign-in?siteTemplateId=${id}`);
  await expect(page.getByText('Welcome to the Acme partner portal.')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Acme Trust')).toBeVisible();
  await expect(header.getByTestId('brand-logo-image')).toHaveAttribute('src', /\/api\/siteTemplate\/image\//);

  // The licence agreement gives the service the partner's name, in lower and upper case (spec 3 §2).
  await page.goto('/auth/sign-up/personal');
  await page.getByLabel(/I agree to the end-user licence agreement/).click();
  const agreement = page.getByRole('dialog', { name: 'Licence agreement and privacy policy' });
  await expect(
    agreement.getByRole('heading', { name: 'ACME TRUST END-USER LICENCE AGREEMENT' }),
  ).toBeVisible();
  await expect(agreement.getByText(/and Acme Trust, the software vendor/)).toBeVisible();
  await expect(agreement.getByText(/Trustleaf|TRUSTLEAF/)).toHaveCount(0);
  await agreement.getByRole('button', { name: 'Decline' }).click();
  await page.goto('/auth/sign-in');

  await page.getByLabel('Email address').fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
  // The choice outlives the address it came with: the shell keeps the partner's names and logo.
  const appBar = page.getByRole('banner');
  await expect(appBar.getByText('Acme Trust')).toBeVisible();
  await expect(appBar.getByTestId('brand-logo-image')).toBeVisible();
  const nav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(nav.getByText('Acme Vault')).toBeVisible();

  await nav.getByRole('link', { name: 'Site templates' }).click();
  await expect(page.getByRole('heading', { name: 'Site templates', level: 1 })).toBeVisible();
  const row = page.getByRole('row').filter({ hasText: name });
  await row.getByRole('button', { name: 'Create draft' }).click();
  const product = page.getByTestId('element-productName');
  await expect(product.getByText('Trustleaf', { exact: true })).toBeVisible();
  await expect(product.getByLabel('New text for Product name')).toHaveValue('Acme Trust');
  await product.getByLabel('New text for Product name').fill('Acme Assurance');
  const preview = page.getByTestId('site-template-preview');
  await expect(preview.getByText('Acme Assurance', { exact: true })).toBeVisible();
  // The shell around the editor is checked on every menu page by layout.spec.ts.
  await expectNoSeriousViolations(page, 'site templates at 1280 px', 'main');
  await page.setViewportSize({ width: 360, height: 780 });
  await expectNoSeriousViolations(page, 'site templates at 360 px', 'main');
  await expectNoSidewaysScroll(page, 'site templates at 360 px');
  await page.setViewportSize({ width: 1280, height: 800 });

  await product.getByRole('button', { name: 'Save Product name' }).click();
  await expect(page.getByText('Saved', { exact: true })).toBeVisible();
  // Saved on the draft only: the shell keeps the published name until the draft is applied.
  const home = page.getByRole('banner').getByRole('link', { name: /– Home$/ });
  await expect(home).toHaveAccessibleName('Acme Trust – Home');
  // Its own row's: journeys beside this one may have templates with drafts of their own.
  await row.getByRole('button', { name: 'Apply draft' }).click();
  await expect(home).toHaveAccessibleName('Acme Assurance – Home');
  // The published template opens with its domain settings (the host name shown before sign-in).
  await expect(page.getByRole('heading', { name: 'Domain settings' })).toBeVisible();
  await expectNoSeriousViolations(page, 'domain settings', '[data-testid="domain-settings"]');

  // A partner's customer: the Website Compliance Report carries the applied name and the partner's logo.
  await page.getByTestId('user-menu').click();
  await page.getByTestId('sign-out').click();
  await expect(page).toHaveURL(/\/auth\/sign-in$/);
  await page.getByLabel('Email address').fill(customer.email);
  await page.getByLabel('Password', { exact: true }).fill(COMPANY_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('user-menu')).toBeVisible();
  await page.goto(`/webcrawler?view=${customer.plViolationCheckId}`);
  const report = page.getByRole('dialog', { name: 'Acme Assurance Website Compliance Report' });
  await expect(report.getByTestId('brand-logo-image')).toHaveAttribute('src', /\/api\/siteTemplate\/image\//);

  // The template turns the trust profile off: no menu entry, and its address shows not-found in the shell.
  await page.goto('/');
  const customerNav = page.getByRole('navigation', { name: 'Main navigation' });
  await expect(customerNav.getByTestId('nav-company-page')).toBeVisible();
  await expect(customerNav.getByTestId('nav-trust-profile')).toHaveCount(0);
  await page.goto('/company/trust-profile');
  await expect(page.getByRole('heading', { name: 'Page not found' })).toBeVisible();
  await expect(page.getByTestId('user-menu')).toBeVisible();
});
