import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Browser, type Page } from '@playwright/test';
import { DEMO_OWNER_EMAIL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, readMailbox } from './accounts.ts';
import { chooseOption, expectNothingWrapped } from './page-checks.ts';

const OWNER_PASSWORD = `Vault-Owner-Passw0rd-${Date.now()}!`;
const DAY = 864e5;

/** A minimal valid PDF whose text layer holds `lines`. */
function makePdf(lines: string[]): Buffer {
  const stream = ['BT', '/F1 11 Tf', '14 TL', '50 780 Td', ...lines.map((l) => `(${l}) Tj T*`), 'ET'].join(
    '\n',
  );
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

const day = (offsetDays: number, from = Date.now()) =>
  new Date(from + offsetDays * DAY).toLocaleDateString('en-CA', { timeZone: 'America/New_York' });

async function signIn(page: Page, email: string, password: string) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
}

async function expectNoSeriousViolations(page: Page, label: string) {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  expect(
    serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`),
    `axe violations on ${label}`,
  ).toEqual([]);
}

async function mailsTo(request: APIRequestContext, email: string) {
  return readMailbox(request, email);
}

/** The demo owner's password is random; set a known one through the emailed reset link. */
async function setOwnerPassword(request: APIRequestContext) {
  await request.post('/api/user/requestResetPassword', { data: { email: DEMO_OWNER_EMAIL } });
  let token: string | undefined;
  await expect
    .poll(async () => {
      const mail = (await mailsTo(request, DEMO_OWNER_EMAIL)).at(-1);
      token = /reset-password\?token=([^\s"<]+)/.exec(mail?.text ?? '')?.[1];
      return token;
    })
    .toBeTruthy();
  const reset = await request.post('/api/user/resetPassword', {
    data: { token: decodeURIComponent(token!), password: OWNER_PASSWORD },
  });
  expect(reset.status()).toBe(200);
}

async function postDetail(request: APIRequestContext, url: string, data: object, token?: string) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { detail: Record<string, unknown> }).detail;
}

/**
 * The vault is gated by the plan (q_vault): the demo company subscribes to Basic by card, unless it
 * already has a live subscription (the billing journey leaves one).
 */
async function ensureVaultPlan(request: APIRequestContext) {
  const { accessToken } = await postDetail(request, '/api/auth/login', {
    email: DEMO_OWNER_EMAIL,
    password: OWNER_PASSWORD,
  });
  const token = accessToken as string;
  const profile = await postDetail(request, '/api/user/getMyProfile', {}, token);
  const plCompanyId = (profile.currentCompany as { plCompanyId: number }).plCompanyId;
  const listing = await postDetail(
    request,
    '/api/subscription/companySubscriptionListing',
    { plCompanyId },
    token,
  );
  const live = (listing.companySubscriptions as { status: string }[]).some((s) =>
    ['AVAILABLE', 'TRIAL'].includes(s.status),
  );
  if (live) return;
  const card = await request.post('/sandbox-gateway/tokens', {
    data: { ccnumber: '4111 1111 1111 1111', ccexp: '12/34', cvv: '381' },
  });
  const paymentToken = ((await card.json()) as { token: string }).token;
  await postDetail(
    request,
    '/api/company/updateCompanyPaymentMethod',
    {
      plCompanyId,
      paymentToken,
      firstName: 'Grace',
      lastName: 'Hopper',
      billingAddressLine1: '1 Main St',
      billingCity: 'Denver',
      billingState: 'CO',
      billingZip: '80202',
      billingCountry: 'US',
    },
    token,
  );
  const plans = await postDetail(request, '/api/plan/getPlans', { status: 'ACTIVE', region: 'US' }, token);
  const basic = (plans.items as { plPlanId: number; name: string }[]).find((p) => p.name === 'Basic')!;
  await postDetail(
    request,
    '/api/subscription/startSubscription',
    { plCompanyId, plPlanId: basic.plPlanId, paymentFrequency: 'MONTHLY' },
    token,
  );
}

async function pick(page: Page, label: string, option: string) {
  await chooseOption(page.getByRole('combobox', { name: label }), option);
}

function documentRow(page: Page, type: string) {
  return page.locator(`[data-testid="document-row"][data-type="${type}"]`);
}

async function uploadVersion(page: Page, type: string, fields: Record<string, string>) {
  await documentRow(page, type).getByRole('button', { name: 'Upload' }).click();
  const dialog = page.getByRole('dialog', { name: `Upload ${type}` });
  await dialog.getByTestId('document-file').setInputFiles({
    name: 'licence.pdf',
    mimeType: 'application/pdf',
    buffer: makePdf(['State of Colorado', 'Marijuana Enforcement Division', 'License 403R-00017']),
  });
  for (const [label, value] of Object.entries(fields)) await dialog.getByLabel(label).fill(value);
  await dialog.getByRole('button', { name: 'Upload' }).click();
  await expect(dialog).toBeHidden();
}

async function ownerPage(browser: Browser, now?: number) {
  const context = await browser.newContext();
  const page = await context.newPage();
  if (now !== undefined) await page.clock.setFixedTime(now);
  await signIn(page, DEMO_OWNER_EMAIL, OWNER_PASSWORD);
  await page.goto('/documents');
  await expect(page.getByRole('heading', { name: 'Company documents' })).toBeVisible();
  return page;
}

test.describe.configure({ mode: 'serial' });

test.describe('document vault', () => {
  test.beforeAll(async ({ request }) => {
    await setOwnerPassword(request);
    await ensureVaultPlan(request);
  });

  test('licence upload, rejection with a reason and email, new version accepted', async ({
    browser,
    request,
  }) => {
    // Two users, two reviews, two uploads and an email: longer than one step's budget on a loaded machine.
    test.setTimeout(150_000);
    const owner = await ownerPage(browser);
    await expectNoSeriousViolations(owner, 'company documents');
    const licence = 'State Cannabis License';
    await uploadVersion(owner, licence, {
      'Document Number': '403R-00017',
      Country: 'US',
      State: 'CO',
      Address: '120 Orchard Road, Boulder',
      'Expiration Date': day(200),
    });
    await expect(documentRow(owner, licence).getByTestId('document-status')).toHaveText('Pending');

    const admin = await (await browser.newContext()).newPage();
    await signIn(admin, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await admin.goto('/documents/review');
    const row = admin.locator('[data-testid="queue-row"][data-company="Green Valley Hemp Co."]').first();
    // On a narrow phone each upload is a block, every value at the line's end after its heading: a
    // document type's name on two lines keeps to that edge too, as one-line names do.
    await admin.setViewportSize({ width: 320, height: 740 });
    await expect(row).toBeVisible();
    const typeLines = await admin
      .locator('[data-testid="queue-row"] td[data-label="Document type"]')
      .evaluateAll((cells) =>
        cells.map((cell) => {
          const range = document.createRange();
          range.selectNodeContents(cell);
          const box = cell.getBoundingClientRect();
          const lines = [...range.getClientRects()].filter((rect) => rect.width > 0);
          return {
            lines: new Set(lines.map((rect) => Math.round(rect.top))).size,
            gaps: lines.map((rect) =>
              Math.round(box.right - parseFloat(getComputedStyle(cell).paddingRight) - rect.right),
            ),
          };
        }),
      );
    expect(
      typeLines.some((cell) => cell.lines > 1),
      'a name on two lines at 320 px',
    ).toBe(true);
    for (const cell of typeLines) for (const gap of cell.gaps) expect(Math.abs(gap)).toBeLessThanOrEqual(1);
    await admin.setViewportSize({ width: 1280, height: 720 });
    await row.getByRole('button', { name: 'Review' }).click();
    const review = admin.getByRole('dialog', { name: /Review/ });
    await expect(review.getByText('Audit document')).toBeVisible();
    await expectNoSeriousViolations(admin, 'review dialog');
    // Enter in a field does not submit; Submit shows every missing field's message.
    await pick(admin, 'Review Status', 'Reject');
    await review.getByLabel('Comments').press('Enter');
    await review.getByRole('button', { name: 'Submit' }).click();
    await expect(review.getByText('Reject Reason is required')).toBeVisible();
    await expect(review.getByText('Validation Method is required')).toBeVisible();
    await pick(admin, 'Reject Reason', 'Illegible document');
    await pick(admin, 'Validation Method', 'Document Provided');
    await review.getByLabel('Document Number').fill('403R 00017!');
    await review.getByRole('button', { name: 'Submit' }).click();
    await expect(review.getByText('Please enter a valid license number')).toBeVisible();
    await review.getByLabel('Document Number').fill('403R-00017');
    await review.getByLabel('Comments').fill('The scan is blurred.');
    await review.getByRole('button', { name: 'Submit' }).click();
    await expect(admin.getByText('Data was saved successfully')).toBeVisible();
    await expect(review.getByTestId('version-tab').first()).toHaveAttribute('data-status', 'rejected');
    await review.getByLabel('Add a note').fill('Page 2 is missing the seal.');
    await review.getByRole('button', { name: 'Add note' }).click();
    await expect(review.getByTestId('document-notes')).toContainText('Page 2 is missing the seal.');
    await review.getByRole('button', { name: 'Close' }).click();

    await owner.reload();
    const ownerRow = documentRow(owner, licence);
    await expect(ownerRow.getByTestId('document-status')).toHaveText('Rejected');
    await expect(ownerRow.getByTestId('document-indicator')).toHaveAttribute('data-state', 'rejected');
    await ownerRow.getByRole('button', { name: 'Versions' }).click();
    await expect(owner.getByTestId('document-notes')).toContainText('Page 2 is missing the seal.');
    // On a phone the note's button keeps its words on one line (it goes under the field instead).
    await owner.setViewportSize({ width: 360, height: 740 });
    const notes = owner.getByRole('region', { name: 'Notes' });
    await expectNothingWrapped(owner, 'the notes at 360 px', notes);
    // The document type's field shows the whole name (wrapping if it must), and its View button stays
    // within the form.
    const typeField = owner.getByRole('textbox', { name: 'Document Type' });
    await expect(typeField).toHaveValue(licence);
    const typeFits = await typeField.evaluate(
      (field) => field.scrollWidth <= field.clientWidth && field.scrollHeight <= field.clientHeight,
    );
    expect(typeFits, 'the document type at 360 px shows its whole name').toBe(true);
    const form = (await owner.getByTestId('review-form').first().boundingBox())!;
    const view = (await owner
      .getByTestId('review-form')
      .first()
      .getByRole('button', { name: 'View' })
      .boundingBox())!;
    expect(view.x + view.width, 'View at 360 px ends within the form').toBeLessThanOrEqual(
      form.x + form.width + 1,
    );
    await owner.setViewportSize({ width: 1280, height: 720 });
    await owner.getByRole('button', { name: 'Close' }).click();
    await expect
      .poll(async () => (await mailsTo(request, DEMO_OWNER_EMAIL)).map((m) => m.subject))
      .toContain(`Your ${licence} was rejected`);
    const mail = (await mailsTo(request, DEMO_OWNER_EMAIL)).findLast((m) => m.subject.includes('rejected'));
    expect(mail?.text).toContain('We could not read your document. Please upload a clear, complete scan.');

    await uploadVersion(owner, licence, { 'Expiration Date': day(200) });
    await admin.goto('/documents/review');
    await admin
      .locator('[data-testid="queue-row"][data-company="Green Valley Hemp Co."]')
      .first()
      .getByRole('button', { name: 'Review' })
      .click();
    const second = admin.getByRole('dialog', { name: /Review/ });
    await expect(second.getByTestId('version-tab')).toHaveCount(2);
    await pick(admin, 'Review Status', 'Accept');
    await pick(admin, 'Validation Method', 'State Verified');
    await second.getByRole('button', { name: 'Submit' }).click();
    await expect(admin.getByText('Data was saved successfully')).toBeVisible();
    // The older, rejected version offers only Reject.
    await second.getByTestId('version-tab').nth(1).click();
    await admin.getByRole('combobox', { name: 'Review Status' }).click();
    await expect(admin.getByRole('option')).toHaveText(['Reject']);
    await admin.keyboard.press('Escape');

    await owner.reload();
    await expect(ownerRow.getByTestId('document-status')).toHaveText('Accepted');
    await expect(ownerRow.getByTestId('document-indicator')).toHaveAttribute('data-colour', 'green');
  });

  test('the indicator turns amber inside the notify window and red after expiry', async ({ browser }) => {
    const insurance = 'Certificate of Insurance';
    const owner = await ownerPage(browser);
    // The type notifies 30 days prior: 10 days left is inside the window.
    await uploadVersion(owner, insurance, { 'Expiration Date': day(10) });
    const row = documentRow(owner, insurance);
    await expect(row.getByTestId('document-indicator')).toHaveAttribute('data-colour', 'amber');
    await expect(row.getByText('Expiring soon!')).toBeVisible();
    // The browser's clock moved 11 days on: the same version is past its expiration date.
    const later = await ownerPage(browser, Date.now() + 11 * DAY);
    const laterRow = documentRow(later, insurance);
    await expect(laterRow.getByTestId('document-indicator')).toHaveAttribute('data-colour', 'red');
    await expect(laterRow.getByText('Expired')).toBeVisible();
  });

  test('a COA batch of three files shows live progress to completion', async ({ browser }) => {
    const owner = await ownerPage(browser);
    await owner.getByTestId('coa-files').setInputFiles([
      {
        name: 'gummies.pdf',
        mimeType: 'application/pdf',
        buffer: makePdf(['Delta-9 THC 0.01 0.03 0.452 %', 'CBD 0.01 0.03 2.1 %']),
      },
      {
        name: 'tincture.pdf',
        mimeType: 'application/pdf',
        buffer: makePdf(['Delta-9 THC 0.01 0.03 0.12 %']),
      },
      { name: 'flower.pdf', mimeType: 'application/pdf', buffer: makePdf(['CBDA 0.01 0.03 14.2 %']) },
    ]);
    await expect(owner.getByTestId('coa-progress')).toContainText(/\d\/3 Documents Uploaded\.\.\./);
    await expect(owner.getByText('COA uploaded successfully')).toBeVisible({ timeout: 20_000 });
    await expect(owner.getByTestId('coa-progress')).toBeHidden();
    const results = owner.getByTestId('coa-results');
    await expect(results).toContainText('gummies.pdf: Delta-9 THC violative: 0.452% exceeds 0.3%');
    await expect(results).toContainText('tincture.pdf: no violation found');
  });

  test('the super admin edits document types and rejection reasons behind the unsaved-changes prompt', async ({
    page,
  }) => {
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto('/admin/documents');
    await expect(page.getByRole('heading', { name: 'Document settings', level: 1 })).toBeVisible();
    await expect(page.getByRole('button', { name: 'Edit rejection reasons' })).toBeEnabled();
    await expect(page.getByRole('button', { name: 'Edit document types' })).toBeEnabled();
    await expectNoSeriousViolations(page, 'document settings');

    await page.getByRole('button', { name: 'Edit document types' }).click();
    const types = page.getByTestId('document-types-dialog');
    // Nothing changed: Cancel closes without a prompt and sends nothing.
    await types.getByRole('button', { name: 'Cancel' }).click();
    await expect(types).toBeHidden();

    await page.getByRole('button', { name: 'Edit document types' }).click();
    await types.getByRole('button', { name: 'Add' }).click();
    const row = types.getByTestId('document-type-row').last();
    await row.getByLabel(/^Name \d+$/).fill('Fire Safety Certificate');
    await row.getByRole('checkbox', { name: 'License' }).check();
    await expect(row.getByRole('checkbox', { name: 'Expiration' })).toBeChecked();
    await expect(row.getByRole('checkbox', { name: 'Expiration' })).toBeDisabled();
    await row.getByRole('checkbox', { name: 'Certification' }).check();
    await expect(row.getByRole('checkbox', { name: 'License' })).not.toBeChecked();
    await row.getByLabel('Days prior notify').fill('14');
    await row.getByRole('combobox', { name: 'Business types' }).click();
    await page.getByRole('option', { name: 'Retailer' }).click();
    await page.keyboard.press('Escape');
    await types.getByRole('button', { name: 'Cancel' }).click();
    const prompt = page.getByTestId('unsaved-dialog');
    await expect(prompt).toContainText('Your unsaved changes will be lost. Save changes before closing?');
    await prompt.getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Document types saved')).toBeVisible();
    await expect(types).toBeHidden();

    await page.getByRole('button', { name: 'Edit rejection reasons' }).click();
    const reasons = page.getByTestId('reasons-dialog');
    await expect(reasons.getByText('Edit rejection reasons')).toBeVisible();
    await reasons.getByRole('button', { name: 'Add' }).click();
    await reasons.getByRole('button', { name: 'Save' }).click();
    await expect(reasons.getByText('This field is required').first()).toBeVisible();
    const last = reasons.getByTestId('reason-row').last();
    await last.getByLabel(/^Reason \d+$/).fill('Missing signature');
    await last.getByLabel(/^Notification \d+$/).fill('x'.repeat(151));
    await reasons.getByRole('button', { name: 'Save' }).click();
    await expect(reasons.getByText('Maximum 150 characters')).toBeVisible();
    await last
      .getByLabel(/^Notification \d+$/)
      .fill('Your document must be signed by an officer of the company.');
    // A backdrop click does not close it; Escape with changes asks first.
    await page.mouse.click(5, 5);
    await expect(reasons).toBeVisible();
    await page.keyboard.press('Escape');
    await page.getByTestId('unsaved-dialog').getByRole('button', { name: 'Save', exact: true }).click();
    await expect(page.getByText('Saved successfully')).toBeVisible();
    await page.getByRole('button', { name: 'Edit rejection reasons' }).click();
    await expect(
      page
        .getByTestId('reason-row')
        .last()
        .getByLabel(/^Reason \d+$/),
    ).toHaveValue('Missing signature');
    await page.getByTestId('reasons-dialog').getByRole('button', { name: 'Cancel' }).click();
    await expect(page.getByTestId('reasons-dialog')).toBeHidden();
  });
});
