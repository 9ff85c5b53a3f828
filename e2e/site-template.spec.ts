import { expect, test, type APIRequestContext } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, postOk } from './accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './page-checks.ts';

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

test('a partner template renames the product and swaps the logo on sign-in and in the shell; draft then apply', async ({
  page,
  request,
}) => {
  // One sign-in, the editor and axe at two widths: generous for a loaded machine.
  test.setTimeout(120_000);
  const name = `Acme ${Date.now().toString(36)}`;
  const id = await partnerTemplate(request, name);

  await page.goto(`/auth/sign-in?siteTemplateId=${id}`);
  await expect(page.getByText('Welcome to the Acme partner portal.')).toBeVisible();
  const header = page.getByRole('banner');
  await expect(header.getByText('Acme Trust')).toBeVisible();
  await expect(header.getByTestId('brand-logo-image')).toHaveAttribute('src', /\/api\/siteTemplate\/image\//);

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
  await page.getByRole('button', { name: 'Apply draft' }).click();
  await expect(home).toHaveAccessibleName('Acme Assurance – Home');
});
