import { expect, test } from '@playwright/test';
import { COMPANY_PASSWORD, companyAccount, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, postOk } from './accounts.ts';
import { menuHrefs, openMenu } from './menu-walk.ts';
import { expectNothingWrapped } from './page-checks.ts';

/**
 * A laptop in the languages with the longest words: every page of the owner's and the super admin's
 * menus and a site template's editor at 1280 px (layout.spec.ts walks every page at 1024 px in
 * English). In group a (playwright.config.ts), where no other journey makes site
 * templates: one made beside it would change the editor's table.
 */
test('in French, German and Dutch at 1280 px, nothing wraps or is cut short on the owner’s and the super admin’s pages', async ({
  browser,
  request,
}) => {
  // Three languages, two accounts, two sizes: about a hundred pages, no axe run.
  test.setTimeout(480_000);
  const account = await companyAccount(request, 'Pro');
  const token = (
    await postOk(request, '/api/auth/login', { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD })
  ).accessToken as string;
  const name = `Layout ${Date.now().toString(36)}`;
  const created = await request.post('/api/siteTemplate/template', {
    data: { name },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);
  const navNames = {
    'fr-FR': 'Navigation principale',
    'de-DE': 'Hauptnavigation',
    'nl-NL': 'Hoofdnavigatie',
  };
  for (const [locale, navName] of Object.entries(navNames)) {
    const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale });
    const page = await context.newPage();
    try {
      for (const [email, password, who] of [
        [account.email, COMPANY_PASSWORD, 'owner'],
        [E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, 'super admin'],
      ] as const) {
        await page.goto('/auth/sign-in');
        await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
        await page.locator('input[name="email"]').fill(email);
        await page.locator('input[name="password"]').fill(password);
        await page.locator('button[type="submit"]').click();
        await expect(page).not.toHaveURL(/\/auth\/sign-in/);
        await expect(page.locator('main h1')).toBeVisible();
        const hrefs = await menuHrefs(await openMenu(page, false, navName));
        for (const href of hrefs) {
          await test.step(`${href} (${who}, ${locale})`, async () => {
            await (await openMenu(page, false, navName)).locator(`a[href="${href}"]`).click();
            await expect(page).toHaveURL(href);
            await expect(page.locator('main h1')).toBeVisible();
            await expectNothingWrapped(page, `${href} (${who}, ${locale}, 1280 px)`);
          });
        }
        if (who === 'super admin') {
          // A template's editor: its domain settings and each element's text field beside the switches.
          await page.goto('/admin/site-templates');
          await page.getByRole('row').filter({ hasText: name }).getByRole('button').first().click();
          await expect(page.getByTestId('domain-settings')).toBeVisible();
          await expectNothingWrapped(page, `a template's editor (${locale}, 1280 px)`);
        } else {
          await page.getByTestId('user-menu').click();
          await page.getByTestId('sign-out').click();
          await expect(page).toHaveURL(/\/auth\/sign-in/);
        }
      }
    } finally {
      await context.close();
    }
  }
});
