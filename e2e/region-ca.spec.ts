import { expect, test } from '@playwright/test';
import { readMailbox } from './accounts.ts';
import { chooseOption } from './page-checks.ts';

/** playwright.config.ts serves the Canadian build (VITE_REGION=CA) on the port after the main one. */
const CA_BASE = `http://localhost:${Number(process.env.E2E_PORT ?? 3210) + 1}`;
test.use({ baseURL: CA_BASE });

const PASSWORD = 'Sign-up-Passw0rd!';

test('the Canadian build offers no segment choice and signs a cannabis company up', async ({
  page,
  request,
}) => {
  const email = `canada-${Date.now().toString(36)}@example.test`;
  await page.goto('/auth/sign-up');
  await expect(page.getByLabel('Company name')).toBeVisible();
  await expect(page.getByRole('combobox', { name: 'Business segment' })).toHaveCount(0);
  await expect(page.getByLabel('Province')).toBeVisible();

  await page.getByLabel('Company name').fill(`Maple Leaf ${Date.now().toString(36)}`);
  await page.getByRole('combobox', { name: 'Type of company' }).click();
  // The cannabis segment applies automatically: hemp-only types are not offered.
  await expect(page.getByRole('option', { name: 'Processor' })).toHaveCount(0);
  await chooseOption(page.getByRole('combobox', { name: 'Type of company' }), 'Retailer');
  await page.getByLabel('Province').fill('ON');
  await page.getByLabel('Postal code').pressSequentially('m5v2t6');
  await expect(page.getByLabel('Postal code')).toHaveValue('m5v 2t6');
  await page.getByLabel('First name').fill('Terry');
  await page.getByLabel('Last name').fill('Fox');
  await page.getByLabel('Phone').pressSequentially('4165550199');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByLabel(/I agree to the end-user licence agreement/).click();
  // The text is loaded in the page's language when the dialog opens.
  await expect(page.getByTestId('licence-sections')).toBeVisible();
  await page.getByTestId('licence-text').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await page.getByRole('button', { name: 'Agree' }).click();
  await page.getByRole('button', { name: 'Create account' }).click();

  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(dialog).toBeVisible();
  let code = '';
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec((await readMailbox(request, email)).at(-1)?.text ?? '')?.[1] ?? '';
      return code;
    })
    .not.toBe('');
  for (const [index, digit] of [...code].entries()) {
    await dialog.getByLabel(`Digit ${index + 1} of 6`).fill(digit);
  }
  await dialog.getByRole('button', { name: 'Verify' }).click();
  await expect(page.getByTestId('welcome')).toHaveText('Welcome, Terry');
  await expect(page.getByText('Region: Canada')).toBeVisible();

  // Without a plan the web crawler is gated; in Canada that opens the members-only dialog, not the paywall.
  const gated = page.locator('[data-feature-status="NON_INTERACTABLE"]').first();
  await expect(gated).toBeVisible();
  await gated.getByRole('button').last().click();
  const membersOnly = page.getByRole('dialog', { name: 'Members only' });
  await expect(membersOnly).toContainText('exclusively for association members');
  await page.context().grantPermissions(['clipboard-read', 'clipboard-write']);
  await membersOnly.getByRole('button', { name: 'Copy contact email' }).click();
  await expect(page.getByText('Contact Email successfully copied to your clipboard.')).toBeVisible();
  await membersOnly.getByRole('button', { name: 'Okay' }).click();
  await expect(page).not.toHaveURL(/paywall/);
});
