import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { COMPANY_PASSWORD, companyAccount, lastMailText, registerViaApi } from './accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './page-checks.ts';

/**
 * Issue 20's customer journey: an owner invites a person, who accepts and signs in; the owner changes
 * their role and removes them (their open page is signed out at once and they cannot be invited back);
 * the owner changes email by code and password; the activity log shows each of those actions.
 */
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const INVITEE_PASSWORD = 'Invitee-Passw0rd-2026!';
const NEW_PASSWORD = 'Changed-Passw0rd-2026!';

async function signIn(page: Page, email: string, password: string, redirectUrl: string) {
  await page.goto(`/auth/sign-in?redirectUrl=${encodeURIComponent(redirectUrl)}`);
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.locator('main h1')).toBeVisible();
}

/** The invitee accepts through the personal sign-up's calls (sign-up.spec.ts drives that form). */
async function acceptInvite(request: APIRequestContext, email: string) {
  const inviteMemberCode = /inviteMemberCode=([\w-]+)/.exec(await lastMailText(request, email))![1]!;
  const person = { email, password: INVITEE_PASSWORD, firstName: 'Ivy', lastName: 'Invitee' };
  await registerViaApi(request, person, { inviteMemberCode });
}

test('team, email, password and activity log', async ({ browser, request }) => {
  test.setTimeout(120_000);
  const owner = await companyAccount(request);
  const inviteeEmail = `invitee-${unique()}@example.test`;
  const ownerPage = await (await browser.newContext({ viewport: { width: 1280, height: 800 } })).newPage();
  await signIn(ownerPage, owner.email, COMPANY_PASSWORD, '/account/member-setting');

  await test.step('invite', async () => {
    await ownerPage.getByTestId('invite-email').fill(inviteeEmail);
    await ownerPage.getByTestId('invite-submit').click();
    await expect(ownerPage.getByTestId(`invite-${inviteeEmail}`)).toBeVisible();
    await expectNoSeriousViolations(ownerPage, 'team');
  });

  await acceptInvite(request, inviteeEmail);
  // The owner's open team page shows the new member without a reload (the live channel).
  await expect(ownerPage.getByTestId(`member-${inviteeEmail}`)).toBeVisible();
  const inviteePage = await (await browser.newContext({ viewport: { width: 360, height: 740 } })).newPage();
  await signIn(inviteePage, inviteeEmail, INVITEE_PASSWORD, '/account/member-setting');
  await expect(inviteePage.getByTestId(`member-${owner.email}`)).toBeVisible();
  await expectNoSidewaysScroll(inviteePage, 'team at 360 px');

  await test.step('change role', async () => {
    await ownerPage.getByTestId(`member-${inviteeEmail}`).getByRole('combobox', { name: 'Role' }).click();
    await ownerPage.getByRole('option', { name: 'Weak User' }).click();
    await expect(ownerPage.getByText('Role changed')).toBeVisible();
  });

  await test.step('remove: the removed member is signed out at once and cannot be invited back', async () => {
    await ownerPage.getByTestId(`remove-${inviteeEmail}`).click();
    await expect(ownerPage.getByRole('dialog')).toContainText('banned from the company permanently');
    await ownerPage.getByTestId('confirm-action').click();
    await expect(ownerPage.getByTestId(`member-${inviteeEmail}`)).toHaveCount(0);
    // The live channel ends the removed member's socket; the open page signs out without a click.
    await expect(inviteePage).toHaveURL(/\/auth\/sign-(in|out)/, { timeout: 20_000 });
    await ownerPage.getByTestId('invite-email').fill(inviteeEmail);
    await ownerPage.getByTestId('invite-submit').click();
    await expect(ownerPage.getByTestId('invite-error')).toContainText('cannot rejoin');
  });

  const newEmail = `moved-${unique()}@example.test`;
  await test.step('email change by code', async () => {
    await ownerPage.getByTestId('nav-account-setting').click();
    await ownerPage.getByTestId('new-email').fill(newEmail);
    await ownerPage.getByTestId('email-password').fill(COMPANY_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Send code' }).click();
    const code = /\b(\d{6})\b/.exec(await lastMailText(request, newEmail))![1]!;
    await ownerPage.getByTestId('email-code').fill(code);
    await ownerPage.getByRole('button', { name: 'Confirm new email' }).click();
    await expect(ownerPage.getByTestId('current-email')).toHaveText(newEmail);
    await expectNoSeriousViolations(ownerPage, 'account settings');
  });

  await test.step('password change', async () => {
    await ownerPage.getByTestId('oldPassword').fill(COMPANY_PASSWORD);
    await ownerPage.getByTestId('newPassword').fill(NEW_PASSWORD);
    await ownerPage.getByTestId('confirmPassword').fill(`${NEW_PASSWORD}x`);
    await ownerPage.getByRole('button', { name: 'Change password' }).click();
    await expect(ownerPage.getByText('Passwords do not match')).toBeVisible();
    await ownerPage.getByTestId('confirmPassword').fill(NEW_PASSWORD);
    await ownerPage.getByRole('button', { name: 'Change password' }).click();
    await expect(ownerPage.getByText('Password changed successfully')).toBeVisible();
    const relogin = await request.post('/api/auth/login', {
      data: { email: newEmail, password: NEW_PASSWORD },
    });
    expect(relogin.status()).toBe(200);
  });

  await test.step('company page: rename the company and add a location', async () => {
    await ownerPage.getByTestId('nav-company-page').click();
    await ownerPage.getByTestId('company-edit').click();
    const renamed = `Renamed Farms ${unique()}`;
    await ownerPage.getByLabel('Company name').fill(renamed);
    await ownerPage.getByTestId('company-save').click();
    await expect(ownerPage.getByTestId('company-name')).toHaveText(renamed);
    await ownerPage.getByTestId('company-tab-locations').click();
    await ownerPage.getByTestId('location-add').click();
    const dialog = ownerPage.getByRole('dialog');
    await dialog.getByLabel('Location name').fill('Main warehouse');
    await dialog.getByRole('combobox', { name: 'Function of location' }).click();
    await ownerPage.getByRole('option', { name: 'Distribution / warehouse' }).click();
    await dialog.getByLabel('Address', { exact: true }).fill('2 Dock Road');
    await dialog.getByLabel('State (2 letters)').fill('co');
    await ownerPage.getByTestId('location-save').click();
    await expect(ownerPage.getByTestId('location-Main warehouse')).toContainText('Distribution / warehouse');
  });

  await test.step('the activity log shows those actions', async () => {
    await ownerPage.getByTestId('nav-activity-log').click();
    await ownerPage.getByTestId('activity-company').click();
    const list = ownerPage.getByTestId('activity-list');
    for (const action of [
      'Member invited',
      'Member joined',
      'Role changed',
      'Member removed',
      'Email changed',
      'Password changed',
      'Company details updated',
      'Location added',
    ]) {
      await expect(list.getByText(action, { exact: true }).first()).toBeVisible();
    }
    await expectNoSeriousViolations(ownerPage, 'activity log');
    const download = ownerPage.waitForEvent('download');
    await ownerPage.getByTestId('activity-export').click();
    const csv = await (await download).createReadStream();
    const chunks: Buffer[] = [];
    for await (const chunk of csv) chunks.push(chunk as Buffer);
    expect(Buffer.concat(chunks).toString('utf8')).toContain('Member removed');
  });

  await test.step('the language saved in the profile is the one the app speaks, after a reload too', async () => {
    await ownerPage.getByTestId('nav-account-setting').click();
    await ownerPage.getByRole('combobox', { name: 'Preferred language' }).click();
    await ownerPage.getByRole('option', { name: 'Nederlands' }).click();
    await ownerPage.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Accountinstellingen' })).toBeVisible();
    await ownerPage.reload();
    await expect(ownerPage.getByRole('heading', { level: 1, name: 'Accountinstellingen' })).toBeVisible();
  });
});
