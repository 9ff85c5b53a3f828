import { expect, test } from '@playwright/test';
import { COMPANY_PASSWORD, companyAccount, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, postOk } from './accounts.ts';
import { expectNoSeriousViolations, signInThroughForm } from './page-checks.ts';

const OPERATIONAL = { key: 'system_status', value: { status: 'OPERATIONAL', note: '', until: null } };

/**
 * Issue 20's platform console: a prospect import reports its bad line by number, a super admin acts for
 * a company chosen in the shell's selector (recorded in that company's log with the admin's name), and
 * the maintenance status a super admin sets shows as a banner to a signed-in customer, in the
 * customer's language.
 */
test('a super admin imports prospects, acts for a company and announces maintenance; a signed-in customer sees the banner', async ({
  page,
  browser,
  request,
}) => {
  // Two users, two languages and three axe scans: more than one step's budget on a busy machine.
  test.setTimeout(180_000);
  const adminToken = (await postOk(request, '/api/auth/login', {
    email: E2E_ADMIN_EMAIL,
    password: E2E_ADMIN_PASSWORD,
  }).then((detail) => detail.accessToken)) as string;
  const customer = await companyAccount(request);
  await page.setViewportSize({ width: 1280, height: 800 });
  await signInThroughForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);

  await test.step('import: a bad line is reported by its line number', async () => {
    // Through the menu: the page keeps its signed-in session (a reload would have to refresh it first).
    await page.getByTestId('nav-admin-platform').click();
    await expect(page.getByRole('heading', { name: 'Platform settings', level: 1 })).toBeVisible();
    await page.getByTestId('platform-tab-import').click();
    await expect(page.getByRole('heading', { name: 'Prospect import' })).toBeVisible();
    const csv = [
      'Company Name,Contact Email',
      `Import Leaf ${Date.now()},import-${Date.now()}@example.test`,
      'Broken Email Co,not-an-email',
    ].join('\n');
    await page.getByTestId('prospect-csv-input').setInputFiles({
      name: 'prospects.csv',
      mimeType: 'text/csv',
      buffer: Buffer.from(csv),
    });
    await expect(page.getByTestId('import-status')).toHaveText(/1 of 2 lines imported, 1 with errors/);
    const errors = page.getByRole('table', { name: 'Lines with errors' });
    await expect(errors.getByRole('row', { name: /Line 3/ })).toContainText('contactEmail');
    await expectNoSeriousViolations(page, 'import tab');
  });

  await test.step('reference data renders axe clean', async () => {
    await page.getByTestId('platform-tab-reference').click();
    await expect(page.getByRole('heading', { name: 'Business types' })).toBeVisible();
    await expectNoSeriousViolations(page, 'reference data tab');
  });

  try {
    await test.step('the super admin puts the platform under maintenance', async () => {
      await page.getByTestId('platform-tab-settings').click();
      const status = page.getByTestId('setting-system-status');
      await status.getByLabel('Status').click();
      await page.getByRole('option', { name: 'Under maintenance' }).click();
      await status.getByLabel('Note shown under the banner (optional)').fill('Database upgrade tonight');
      await status.getByRole('button', { name: 'Save' }).click();
      await expect(page.getByText('Data was saved successfully')).toBeVisible();
      // The admin's own shell shows it too.
      await expect(page.getByTestId('maintenance-banner')).toBeVisible();
    });

    await test.step('a signed-in customer sees the banner in French, announced politely', async () => {
      const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
      const customerPage = await context.newPage();
      await signInThroughForm(customerPage, customer.email, COMPANY_PASSWORD);
      const banner = customerPage.getByRole('status').filter({ hasText: 'Scheduled maintenance' });
      await expect(banner).toContainText('Database upgrade tonight');
      await expectNoSeriousViolations(customerPage, 'customer page with the maintenance banner');
      await customerPage.getByTestId('language-switcher').click();
      await customerPage.getByRole('menuitem', { name: /Français/ }).click();
      await expect(
        customerPage.getByRole('status').filter({ hasText: 'Une maintenance planifiée est en cours' }),
      ).toBeVisible();
      await context.close();
    });
  } finally {
    await postOk(request, '/api/system/updateSystemSetting', OPERATIONAL, adminToken);
  }

  await test.step('the super admin selects a company and acts for it; its activity log records the admin', async () => {
    const invitee = `acted-for-${Date.now()}@example.test`;
    await page.getByTestId('admin-company-selector').fill(customer.companyName);
    await page.getByRole('option', { name: customer.companyName, exact: true }).click();
    await expect(page.getByTestId('admin-company-selector')).toHaveValue(customer.companyName);
    // The company pages now show the selected company: its team is the customer's.
    await page.getByTestId('nav-team').click();
    await expect(page.getByTestId(`member-${customer.email}`)).toBeVisible();
    await page.getByTestId('invite-email').fill(invitee);
    await page.getByTestId('invite-submit').click();
    await expect(page.getByTestId(`invite-${invitee}`)).toBeVisible();
    await page.getByTestId('nav-activity-log').click();
    await page.getByTestId('activity-company').click();
    const entry = page.getByTestId('activity-list').getByRole('listitem').filter({ hasText: invitee });
    await expect(entry).toContainText('Member invited');
    await expect(entry).toContainText('By Super Admin');
  });
});
