import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import {
  COMPANY_PASSWORD,
  companyAccount,
  DEMO_OWNER_EMAIL,
  E2E_ADMIN_EMAIL,
  E2E_ADMIN_PASSWORD,
  lastMailText,
  registerViaApi,
  postOk,
  readMailbox,
} from './accounts.ts';
import { signInThroughForm } from './page-checks.ts';

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  // A dialog still fading in has its text at part opacity, which axe reads as low contrast.
  await page.evaluate(() =>
    Promise.all(
      document
        .getAnimations()
        .filter((animation) => animation.effect?.getComputedTiming().endTime !== Infinity)
        .map((animation) => animation.finished.catch(() => undefined)),
    ),
  );
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The demo owner's password is random; set one through the emailed reset token. */
async function ownerPassword(request: APIRequestContext): Promise<string> {
  const password = `Billing-Passw0rd-${Date.now()}!`;
  await request.post('/api/user/requestResetPassword', { data: { email: DEMO_OWNER_EMAIL } });
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await readMailbox(request)).filter((m) => m.to.includes(DEMO_OWNER_EMAIL)).at(-1);
      token = /reset-password\?token=([^\s"<]+)/.exec(mail?.text ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  const reset = await request.post('/api/user/resetPassword', {
    data: { token: decodeURIComponent(token!), password },
  });
  expect(reset.ok()).toBe(true);
  return password;
}

async function createPercentPromo(request: APIRequestContext, code: string): Promise<void> {
  const login = await request.post('/api/auth/login', {
    data: { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD },
  });
  const { accessToken } = ((await login.json()) as { detail: { accessToken: string } }).detail;
  const headers = { authorization: `Bearer ${accessToken}` };
  const plans = await request.post('/api/plan/getPlans', {
    data: { region: 'US', currentPage: 1, itemsPerPage: 50 },
    headers,
  });
  const items = ((await plans.json()) as { detail: { items: { plPlanId: number }[] } }).detail.items;
  const promo = await request.post('/api/subscription/upsertPromo', {
    headers,
    data: {
      promoCode: code,
      status: 'ACTIVE',
      startDate: null,
      endDate: null,
      limitUsage: true,
      maxUsage: 10,
      promoPlans: items.map((p) => ({
        plPlanId: p.plPlanId,
        paymentFrequency: 'MONTHLY',
        discountType: 'PERCENT',
        discountAmount: 20,
      })),
    },
  });
  expect(promo.ok()).toBe(true);
}

/**
 * Starts counting the paywalls put on the page from now on, a dialog that only flashes open included;
 * the returned function reads the count.
 */
async function countPaywallOpenings(page: Page): Promise<() => Promise<number>> {
  await page.evaluate(() => {
    const w = window as unknown as { paywallOpenings: number };
    w.paywallOpenings = 0;
    new MutationObserver((records) => {
      for (const record of records)
        for (const node of record.addedNodes)
          if (
            node instanceof Element &&
            node.matches('[data-testid="paywall"], :has([data-testid="paywall"])')
          )
            w.paywallOpenings += 1;
    }).observe(document.body, { childList: true, subtree: true });
  });
  return () => page.evaluate(() => (window as unknown as { paywallOpenings: number }).paywallOpenings);
}

async function fillCard(page: Page, ccnumber: string, cvv: string): Promise<void> {
  const dialog = page.getByRole('dialog', { name: 'Credit Card' });
  await dialog.getByLabel('First name').fill('Grace');
  await dialog.getByLabel('Last name').fill('Hopper');
  await dialog.getByLabel('Card number').fill(ccnumber);
  await dialog.getByLabel('Expiry (MM/YY)').fill('12/34');
  await dialog.getByLabel('CVV').fill(cvv);
  await dialog.getByLabel('Billing address line 1').fill('1 Main St');
  await dialog.getByLabel('City').fill('Denver');
  await dialog.getByLabel('State', { exact: true }).fill('CO');
  await dialog.getByLabel('Zip / postal code').fill('80202');
  await dialog.getByTestId('card-checkout').click();
}

test('subscribe by card, promo price, same-plan switch and cancel', async ({ page, request }) => {
  const password = await ownerPassword(request);
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(DEMO_OWNER_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();

  const gated = page.locator('[data-feature="content_compliance_monitoring"]');
  await expect(gated).toHaveAttribute('data-feature-status', 'NON_INTERACTABLE');

  await page.getByTestId('nav-subscription').click();
  await expect(page.getByRole('heading', { name: 'Subscription', level: 1 })).toBeVisible();
  await expectNoSeriousViolations(page, 'subscription page');
  await page.getByTestId('open-paywall').click();
  const paywall = page.getByTestId('paywall');
  await expect(paywall.getByTestId('toggle-yearly')).toContainText('(One Month Free)');
  // Three plans: 720 px + 336 px for the one beyond two (or the viewport, whichever is smaller).
  const width = (await paywall.boundingBox())!.width;
  expect(Math.round(width)).toBe(Math.min(1056, page.viewportSize()!.width - 32));
  await expectNoSeriousViolations(page, 'paywall');

  await paywall.getByTestId('plan-Pro').getByTestId('buy-now').click();
  await fillCard(page, '4000 0000 0000 0002', '123');
  await expect(page.getByTestId('card-banner')).toHaveText('Your card was declined.');
  await expectNoSeriousViolations(page, 'credit card dialog');
  const dialog = page.getByRole('dialog', { name: 'Credit Card' });
  await dialog.getByLabel('Card number').fill('4242 4242 4242 4242');
  await dialog.getByTestId('card-checkout').click();
  await expect(page.getByText('Payment method updated')).toBeVisible();
  // The card dialog (with its own order summary) may still be fading out: read the confirmation's.
  const confirmation = page.getByRole('dialog', { name: 'Subscription' });
  await expect(confirmation.getByTestId('quote-amount-now')).toHaveText('$149.00');
  await expect(confirmation.getByTestId('confirm-price')).toHaveText('$149.00 / month');
  await page.getByTestId('start-subscription').click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(gated).toHaveAttribute('data-feature-status', 'NORMAL');
  await expect(page.getByTestId('nav-webcrawler')).toBeEnabled();
  await expect(page.getByTestId('payment-method')).toContainText('4242');

  const code = `E2E${Date.now()}`;
  await createPercentPromo(request, code);
  await page.getByTestId('open-paywall').click();
  await expect(paywall.getByTestId('plan-Basic').getByTestId('plan-price')).toContainText('$49.00');
  await paywall.getByTestId('add-promo').click();
  const promoDialog = page.getByRole('dialog', { name: 'Promo Code' });
  await expect(promoDialog.getByTestId('promo-applied')).toHaveText('No active code applied.');
  await promoDialog.getByLabel('Promo code').fill('NOT-A-CODE');
  await promoDialog.getByTestId('promo-validate').click();
  await expect(promoDialog.getByText('Invalid Promo Code.')).toBeVisible();
  await expectNoSeriousViolations(page, 'promo dialog');
  await promoDialog.getByLabel('Promo code').fill(code.toLowerCase());
  await promoDialog.getByTestId('promo-validate').click();
  await expect(promoDialog).toBeHidden();
  await expect(paywall.getByTestId('plan-Basic').getByTestId('plan-price')).toContainText('$39.20');
  await expect(paywall.getByTestId('plan-Basic').getByTestId('promo-text')).toContainText(
    'Price reduced by 20%',
  );
  await expect(paywall.getByTestId('plan-Pro').getByTestId('buy-now')).toBeDisabled();
  await paywall.getByRole('button', { name: 'Close' }).click();

  await page.getByTestId('switch-submit').click();
  await expect(page.getByText('Please select plan to switch')).toBeVisible();

  await page.getByTestId('cancel-subscription').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('subscription-header')).toHaveText(
    'Canceled subscription! Start a subscription to reactivate your company',
  );
});

const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
const NEW_ACCOUNT_PASSWORD = 'Renewal-Passw0rd-2026!';

/** Rita Renewal registers through the API as the sign-up form does, then signs in. */
function registerRita(request: APIRequestContext, email: string, extra: object) {
  const person = { email, password: NEW_ACCOUNT_PASSWORD, firstName: 'Rita', lastName: 'Renewal' };
  return registerViaApi(request, person, extra);
}

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
}

const FAILED_HEADER =
  'Failed subscription payment! Update your payment method and start a subscription to reactivate your company';

test('a failed renewal shows the failed-payment header and view-only mode; a new card recovers it', async ({
  page,
  browser,
  request,
}) => {
  // Two users, a purchase, two card changes, a renewal and five axe scans: longer than one step's budget.
  test.setTimeout(180_000);
  const ownerEmail = `renewal-owner-${unique()}@example.test`;
  const ownerToken = await registerRita(request, ownerEmail, {
    company: {
      name: `Renewal Farms ${unique()}`,
      companyType: 'RETAILER',
      officeAddress: { address: '', city: 'Denver', state: 'CO', zip: '', country: 'US' },
    },
  });
  const profile = await postOk(request, '/api/user/getMyProfile', {}, ownerToken);
  const plCompanyId = (profile.currentCompany as { plCompanyId: number }).plCompanyId;
  const memberEmail = `renewal-member-${unique()}@example.test`;
  await postOk(
    request,
    '/api/company/inviteMember',
    { plCompanyId, email: memberEmail, role: 'User' },
    ownerToken,
  );
  const inviteMemberCode = /inviteMemberCode=([\w-]+)/.exec(await lastMailText(request, memberEmail))![1]!;
  await registerRita(request, memberEmail, { inviteMemberCode });

  // Without a plan the owner stays on / (the fallback landing).
  await signIn(page, ownerEmail, NEW_ACCOUNT_PASSWORD);
  await expect(page).toHaveURL(/\/$/);
  const webcrawler = page.locator('nav [data-feature="content_compliance_monitoring"]');
  await expect(webcrawler).toHaveAttribute('data-feature-status', 'NON_INTERACTABLE');

  await page.getByTestId('nav-subscription').click();
  await page.getByTestId('open-paywall').click();
  await page.getByTestId('paywall').getByTestId('plan-Pro').getByTestId('buy-now').click();
  await fillCard(page, '4242 4242 4242 4242', '123');
  const paywallOpenings = await countPaywallOpenings(page);
  await page.getByTestId('start-subscription').click();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(webcrawler).toHaveAttribute('data-feature-status', 'NORMAL');
  // The finished purchase closes the paywall for good: it never comes back over the page.
  await expect(page).not.toHaveURL(/paywall=1/);
  await expect(page.getByTestId('paywall')).toHaveCount(0);
  expect(await paywallOpenings()).toBe(0);

  // The card on file becomes the one that tokenises but fails every charge; the period then ends.
  await page.getByTestId('update-card').click();
  await fillCard(page, '4000 0000 0000 0341', '123');
  await expect(page.getByTestId('payment-method')).toContainText('0341');
  const admin = await postOk(request, '/api/auth/login', {
    email: E2E_ADMIN_EMAIL,
    password: E2E_ADMIN_PASSWORD,
  });
  const renewed = await postOk(
    request,
    '/api/subscription/endCurrentPeriod',
    { plCompanyId },
    admin.accessToken as string,
  );
  expect(renewed.status).toBe('PAYMENT_FAILED');

  // `/` (where sign-in lands) goes on to the plan's page; the company is view-only until it pays.
  await page.goto('/');
  await expect(page).toHaveURL(/\/dashboard\/main$/);
  await expect(page.getByTestId('summary-status')).toHaveText('Payment failed');
  await expect(webcrawler).toHaveAttribute('data-feature-status', 'NON_INTERACTABLE');
  await expect(
    page.getByTestId('dashboard-webcrawler').locator('xpath=ancestor::*[@aria-disabled]'),
  ).toHaveCount(1);
  await expectNoSeriousViolations(page, 'dashboard with a failed payment');
  await page.getByTestId('nav-subscription').click();
  await expect(page.getByTestId('subscription-header')).toHaveText(FAILED_HEADER);
  await expect(page.getByTestId('subscription-status')).toHaveText('Payment failed');
  await page.getByTestId('open-paywall').click();
  const paywall = page.getByTestId('paywall');
  await expect(paywall.getByTestId('paywall-header')).toHaveText(FAILED_HEADER);
  await expectNoSeriousViolations(page, 'paywall with a failed payment');
  await paywall.getByRole('button', { name: 'Close' }).click();

  // A plain member sees the plans in viewable-only mode: no promo button, every Buy Now disabled.
  const memberContext = await browser.newContext();
  const memberPage = await memberContext.newPage();
  await signIn(memberPage, memberEmail, NEW_ACCOUNT_PASSWORD);
  await memberPage.getByTestId('nav-subscription').click();
  await expect(memberPage.getByTestId('view-only-notice')).toBeVisible();
  await expect(memberPage.getByTestId('subscription-header')).toHaveText(FAILED_HEADER);
  await expect(memberPage.getByTestId('update-card')).toHaveCount(0);
  await memberPage.getByTestId('open-paywall').click();
  const memberPaywall = memberPage.getByTestId('paywall');
  await expect(memberPaywall.getByTestId('paywall-header')).toHaveText(FAILED_HEADER);
  await expect(memberPaywall.getByTestId('add-promo')).toHaveCount(0);
  const buyButtons = memberPaywall.getByTestId('buy-now');
  expect(await buyButtons.count()).toBeGreaterThan(1);
  for (const button of await buyButtons.all()) await expect(button).toBeDisabled();
  await expectNoSeriousViolations(memberPage, 'viewable-only paywall');
  await memberContext.close();

  // Recovery: a new card retries the failed renewal at once.
  await page.getByTestId('update-card').click();
  await fillCard(page, '4111 1111 1111 1111', '123');
  await expect(page.getByText('Your subscription is active again.')).toBeVisible();
  await expect(page.getByTestId('subscription-status')).toHaveText('Active');
  await expect(page.getByTestId('subscription-header')).toHaveCount(0);
  await expect(webcrawler).toHaveAttribute('data-feature-status', 'NORMAL');

  // The other landing pages of spec 3 §2 are real pages too.
  await page.getByTestId('nav-qmonitor').click();
  await expect(page.getByRole('heading', { name: 'Q-Monitor', level: 1 })).toBeVisible();
  await expect(page.getByTestId('qmonitor-allowance')).toHaveText('25');
  await expectNoSeriousViolations(page, 'Q-Monitor');
  await page.getByTestId('nav-directory').click();
  await expect(page.getByRole('heading', { name: 'Company detail', level: 1 })).toBeVisible();
  await expect(page.getByTestId('directory-status')).not.toBeEmpty();
  await expectNoSeriousViolations(page, 'company detail');
});

test('the super admin console edits a promo’s dates and status, and refunds a payment', async ({
  page,
  request,
}) => {
  // An axe scan of the console takes most of a minute on a loaded 2-core machine.
  test.setTimeout(120_000);
  await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
  await page.getByTestId('nav-admin-billing').click();
  await expect(page.getByRole('heading', { name: 'Plans and promo codes', level: 1 })).toBeVisible();
  const code = `EDIT${Date.now()}`;
  const form = page.getByRole('form', { name: 'Create promo' });
  await form.getByLabel('Promo code').fill(code);
  await form.getByTestId('promo-submit').click();
  const row = page.locator(`[data-testid="promo-row"][data-code="${code}"]`);
  await expect(row).toContainText('Active');
  await expectNoSeriousViolations(page, 'billing admin console');

  await row.getByRole('button', { name: `Edit ${code}` }).click();
  const editForm = page.getByRole('form', { name: 'Edit promo code' });
  await editForm.getByLabel('Start date').fill('2026-12-10');
  await editForm.getByLabel('End date').fill('2026-12-01');
  await editForm.getByTestId('promo-submit').click();
  await expect(editForm.getByText('End date must be on or after the start date')).toBeVisible();
  await editForm.getByLabel('End date').fill('2026-12-31');
  await editForm.getByRole('combobox', { name: 'Status' }).click();
  await page.getByRole('option', { name: 'Inactive' }).click();
  await editForm.getByTestId('promo-submit').click();
  await expect(row).toContainText('Inactive');
  // Tables write dates one way: the day as the language writes it.
  await expect(row).toContainText('Dec 10, 2026');
  await expect(row).toContainText('Dec 31, 2026');

  // Transactions: find a company's payment by its name and refund it in full.
  const paying = await companyAccount(request, 'Pro');
  await page.getByTestId('nav-admin-transactions').click();
  await expect(page.getByRole('heading', { name: 'Transactions', level: 1 })).toBeVisible();
  await expect(page.getByTestId('financial-table')).toBeVisible();
  await page.getByLabel('Search company or description').fill(paying.companyName);
  await expect(page.getByText('1 payment', { exact: true })).toBeVisible();
  const payment = page.getByTestId('transactions-table').getByRole('row').nth(1);
  await expect(payment).toContainText(paying.companyName);
  await payment.getByRole('button', { name: /^Refund / }).click();
  const refundDialog = page.getByRole('dialog', { name: 'Refund payment' });
  await expect(refundDialog).toContainText(paying.companyName);
  await expectNoSeriousViolations(page, 'refund dialog');
  await refundDialog.getByTestId('refund-confirm').click();
  await expect(page.getByText('Payment refunded')).toBeVisible();
  await expect(payment).toContainText('Refunded');
  await expect(payment.getByRole('button', { name: /^Refund / })).toHaveCount(0);
});

async function tokenisedCard(request: APIRequestContext, ccnumber: string): Promise<string> {
  const response = await request.post('/sandbox-gateway/tokens', {
    data: { ccnumber, ccexp: '12/34', cvv: '123' },
  });
  expect(response.ok()).toBe(true);
  return ((await response.json()) as { token: string }).token;
}

async function paidAmounts(request: APIRequestContext, plCompanyId: number, token: string) {
  const listing = await postOk(request, '/api/transaction/transactionListing', { plCompanyId }, token);
  return (listing.items as { amount: number; status: string }[]).map((item) => item.amount);
}

test('a switch shows its credit and amount before any charge and charges that; resume after cancel', async ({
  page,
  request,
}) => {
  const ownerEmail = `switch-owner-${unique()}@example.test`;
  const ownerToken = await registerRita(request, ownerEmail, {
    company: {
      name: `Switch Farms ${unique()}`,
      companyType: 'RETAILER',
      officeAddress: { address: '', city: 'Denver', state: 'CO', zip: '', country: 'US' },
    },
  });
  const profile = await postOk(request, '/api/user/getMyProfile', {}, ownerToken);
  const plCompanyId = (profile.currentCompany as { plCompanyId: number }).plCompanyId;
  await postOk(
    request,
    '/api/company/updateCompanyPaymentMethod',
    {
      plCompanyId,
      paymentToken: await tokenisedCard(request, '4242424242424242'),
      firstName: 'Rita',
      lastName: 'Renewal',
      billingAddressLine1: '1 Main St',
      billingCity: 'Denver',
      billingState: 'CO',
      billingZip: '80202',
      billingCountry: 'US',
    },
    ownerToken,
  );
  const plans = await postOk(
    request,
    '/api/plan/getPlans',
    { region: 'US', currentPage: 1, itemsPerPage: 50 },
    ownerToken,
  );
  const basic = (plans.items as { plPlanId: number; name: string }[]).find((p) => p.name === 'Basic')!;
  await postOk(
    request,
    '/api/subscription/startSubscription',
    { plCompanyId, plPlanId: basic.plPlanId, paymentFrequency: 'MONTHLY' },
    ownerToken,
  );
  expect(await paidAmounts(request, plCompanyId, ownerToken)).toEqual([49]);

  await signIn(page, ownerEmail, NEW_ACCOUNT_PASSWORD);
  await page.getByTestId('nav-subscription').click();
  await expect(page.getByTestId('current-plan')).toHaveText('Basic');

  const openSwitchPreview = async () => {
    await page.getByRole('combobox', { name: 'Plan' }).click();
    await page.getByRole('option', { name: 'Pro' }).click();
    await page.getByTestId('switch-submit').click();
    const dialog = page.getByRole('dialog', { name: 'Switch plan' });
    await expect(dialog.getByTestId('quote-amount-now')).toBeVisible();
    return dialog;
  };

  // On a phone first: the preview is readable and nothing is charged by looking at it.
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousViolations(page, 'subscription page at 360×740');
  // The payment's row fits its card (a card clips what is wider than it).
  const history = page.getByRole('region', { name: 'Payment history' });
  await expect(history.getByRole('cell', { name: 'Paid' })).toBeVisible();
  const [card, table] = await Promise.all([history.boundingBox(), history.getByRole('table').boundingBox()]);
  expect(table!.x + table!.width).toBeLessThanOrEqual(card!.x + card!.width);
  let dialog = await openSwitchPreview();
  await expectNoSeriousViolations(page, 'switch preview at 360×740');
  await dialog.getByRole('button', { name: 'Cancel' }).click();
  await expect(dialog).toBeHidden();

  await page.setViewportSize({ width: 1280, height: 800 });
  dialog = await openSwitchPreview();
  await expectNoSeriousViolations(page, 'switch preview at 1280×800');
  await expect(dialog.getByTestId('quote-credit')).toHaveText(/^−\$4[89]\.\d\d$/);
  await expect(dialog.getByTestId('quote-next-renewal')).toContainText('$149.00 on ');
  await expect(dialog.getByTestId('confirm-price')).toHaveText('$149.00 / month');
  const shownNow = (await dialog.getByTestId('quote-amount-now').textContent())!;
  expect(shownNow).toMatch(/^\$10[01]\.\d\d$/);
  expect(await paidAmounts(request, plCompanyId, ownerToken)).toEqual([49]);

  await dialog.getByTestId('confirm-switch').click();
  await expect(dialog).toBeHidden();
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  expect((await paidAmounts(request, plCompanyId, ownerToken))[0]).toBe(Number(shownNow.slice(1)));

  // Cancel, then resume on the same plan: auto-renew is on again and nothing was charged.
  await page.getByTestId('cancel-subscription').click();
  await page.getByTestId('confirm-cancel').click();
  await expect(page.getByTestId('subscription-header')).toHaveText(
    'Canceled subscription! Start a subscription to reactivate your company',
  );
  await expectNoSeriousViolations(page, 'canceled subscription at 1280×800');
  await page.setViewportSize({ width: 360, height: 740 });
  await expectNoSeriousViolations(page, 'canceled subscription at 360×740');
  await page.getByTestId('resume-subscription').click();
  await expect(page.getByText('Your subscription will renew again.')).toBeVisible();
  await expect(page.getByTestId('subscription-header')).toHaveCount(0);
  await expect(page.getByTestId('current-plan')).toHaveText('Pro');
  await expect(page.getByTestId('cancel-subscription')).toBeVisible();
  expect(await paidAmounts(request, plCompanyId, ownerToken)).toHaveLength(2);
});

test('on a phone, in German, the paywall shows every plan whole: name, price and buttons', async ({
  browser,
  request,
}) => {
  const account = await companyAccount(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'en-US' });
  const page = await context.newPage();
  try {
    await signInThroughForm(page, account.email, COMPANY_PASSWORD);
    // German, whose longer words (prices as '149,00 $') are the first to be cut.
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('trustleaf')!) as { state: { language: string } };
      stored.state.language = 'de';
      localStorage.setItem('trustleaf', JSON.stringify(stored));
    });
    await page.goto('/account/subscription');
    // No card yet: the button adds one (it said 'Karte ändern', change card).
    await expect(page.getByTestId('payment-method')).toHaveText('Keine Karte hinterlegt.');
    await expect(page.getByTestId('update-card')).toHaveText('Karte hinzufügen');
    await page.getByTestId('open-paywall').click();
    const paywall = page.getByTestId('paywall');
    await expect(paywall.getByTestId('buy-now')).toHaveCount(3);
    await expect(paywall.getByTestId('buy-now').first()).toHaveText('Jetzt kaufen');
    const clipped = await paywall.evaluate((dialog) => {
      const box = dialog.getBoundingClientRect();
      const cards = [...dialog.querySelectorAll<HTMLElement>('[data-testid^="plan-"]')].filter((card) =>
        card.querySelector('[data-testid="buy-now"]'),
      );
      return cards.flatMap((card) => {
        const parts = [card, ...card.querySelectorAll<HTMLElement>('h3, [data-testid="plan-price"], button')];
        return parts
          .filter((part) => {
            const r = part.getBoundingClientRect();
            return part.scrollWidth > part.clientWidth + 1 || r.left < box.left || r.right > box.right;
          })
          .map((part) => `${card.dataset.testid}: ${part.textContent}`);
      });
    });
    expect(clipped).toEqual([]);
  } finally {
    await context.close();
  }
});
