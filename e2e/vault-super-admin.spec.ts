import { expect, test } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './accounts.ts';

/**
 * Issue 15 item 13: a super admin (no company membership) opening the vault from the dashboard got
 * React error #185 (maximum update depth), and "Try again?" looped.
 */
test('a super admin opens the vault from the dashboard without an error', async ({ page }) => {
  const errors: string[] = [];
  page.on('pageerror', (error) => errors.push(error.message));
  page.on('console', (message) => {
    if (message.type() === 'error') errors.push(message.text());
  });
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();

  await page.goto('/dashboard/main');
  await page.getByRole('link', { name: 'Open the vault' }).click();
  await expect(page).toHaveURL(/\/documents$/);
  await expect(page.getByRole('heading', { name: 'Company documents' })).toBeVisible();
  await expect(page.getByRole('table', { name: /documents/i })).toBeVisible();
  await expect(page.getByText('Oops, there is an error!')).toHaveCount(0);
  expect(errors.filter((e) => /#185|Maximum update depth/i.test(e))).toEqual([]);
});
