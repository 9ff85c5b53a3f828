import AxeBuilder from '@axe-core/playwright';
import { expect, test, type APIRequestContext, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, readMailbox, registerViaApi } from './accounts.ts';
import { chooseOption } from './page-checks.ts';

const PASSWORD = 'Sign-up-Passw0rd!';
const unique = () => `${Date.now().toString(36)}${Math.floor(Math.random() * 1e4)}`;
// A 1×1 PNG is enough for the crop dialog and the server's content check.
const PNG = Buffer.from(
  'iVBORw0KGgoAAAANSUhEUgAAAAEAAAABCAYAAAAfFcSJAAAADUlEQVR42mNk+M9QDwADhgGAWjR9awAAAABJRU5ErkJggg==',
  'base64',
);

async function lastMail(request: APIRequestContext, to: string): Promise<string> {
  return (await readMailbox(request, to)).at(-1)?.text ?? '';
}

async function codeFromMailbox(request: APIRequestContext, to: string): Promise<string> {
  let code: string | undefined;
  await expect
    .poll(async () => {
      code = /\b(\d{6})\b/.exec(await lastMail(request, to))?.[1];
      return code;
    })
    .toBeTruthy();
  return code!;
}

async function expectNoSeriousViolations(page: Page, label: string): Promise<void> {
  const results = await new AxeBuilder({ page }).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

async function post(request: APIRequestContext, url: string, data: object, token?: string) {
  const response = await request.post(url, {
    data,
    headers: token ? { authorization: `Bearer ${token}` } : {},
  });
  expect(response.status(), `${url}: ${await response.text()}`).toBe(200);
  return ((await response.json()) as { detail: Record<string, unknown> }).detail;
}

/** Registers through the API the way the form does (code, verify, register), then signs in. */
function registerApiUser(request: APIRequestContext, email: string, extra: object = {}) {
  return registerViaApi(request, { email, password: PASSWORD, firstName: 'Api', lastName: 'User' }, extra);
}

async function acceptEula(page: Page) {
  await page.getByLabel(/I agree to the end-user licence agreement/).click();
  const dialog = page.getByRole('dialog', { name: 'Licence agreement and privacy policy' });
  await expect(dialog.getByRole('button', { name: 'Agree' })).toBeDisabled();
  // The text is loaded in the page's language when the dialog opens.
  await expect(dialog.getByTestId('licence-sections')).toBeVisible();
  await page.getByTestId('licence-text').evaluate((element) => {
    element.scrollTop = element.scrollHeight;
  });
  await dialog.getByRole('button', { name: 'Agree' }).click();
  await expect(page.getByLabel(/I agree to the end-user licence agreement/)).toBeChecked();
}

async function pasteCode(page: Page, code: string) {
  const dialog = page.getByRole('dialog', { name: 'Verify your email' });
  await expect(dialog).toBeVisible();
  await dialog.getByLabel('Digit 1 of 6').evaluate((element, text) => {
    const data = new DataTransfer();
    data.setData('text', text);
    element.dispatchEvent(
      new ClipboardEvent('paste', { clipboardData: data, bubbles: true, cancelable: true }),
    );
  }, code);
  await expect(dialog.getByLabel('Digit 6 of 6')).toHaveValue(code[5]!);
  await dialog.getByRole('button', { name: 'Verify' }).click();
}

async function fillPerson(page: Page, email: string) {
  await page.getByLabel('First name').fill('Grace');
  await page.getByLabel('Last name').fill('Hopper');
  // Typed like a person: the mask formats each key stroke.
  await page.getByLabel('Phone').pressSequentially('3035550100');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
}

test.describe('sign-up', () => {
  test('a processor who manufactures for others signs up with the emailed code and lands on /', async ({
    page,
    request,
  }) => {
    const email = `processor-${unique()}@example.test`;
    const companyName = `Hemp Works ${unique()}`;
    await page.goto('/auth/sign-in');
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-up$/);
    await expectNoSeriousViolations(page, 'company sign-up');

    await page.getByLabel('Company name').fill(companyName);
    await chooseOption(page.getByRole('combobox', { name: 'Business segment' }), 'Hemp');
    await page.getByRole('combobox', { name: 'Type of company' }).click();
    await expect(page.getByRole('option', { name: 'Manufacturer' })).toHaveCount(0);
    await chooseOption(page.getByRole('combobox', { name: 'Type of company' }), 'Processor');
    const manufactures = page.getByRole('radiogroup', { name: 'Do you manufacture for others?' });
    await expect(manufactures.getByLabel('Yes')).toBeChecked();
    await page.getByRole('radiogroup', { name: "Do you require MOQ's?" }).getByLabel('Yes').check();

    await page.getByRole('combobox', { name: 'Office address' }).fill('1 Main St, 80202');
    await page.getByRole('option', { name: /Denver, CO, 80202/ }).click();
    await expect(page.getByLabel('City')).toHaveValue('Denver');
    await expect(page.getByLabel('State')).toHaveValue('CO');
    await page.getByLabel('Sign-up code (optional)').fill('123456');
    await fillPerson(page, email);
    await expect(page.getByLabel('Phone')).toHaveValue('(303) 555-0100');
    await expect(page.getByRole('button', { name: 'Create account' })).toBeDisabled();
    await acceptEula(page);
    await page.getByRole('button', { name: 'Create account' }).click();

    await pasteCode(page, await codeFromMailbox(request, email));
    await expect(page).toHaveURL(/\/$/);
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, Grace');
    await expect(page.getByTestId('profile-company')).toContainText(companyName);

    // No plan yet: the vault says what it is for and where the plans are; no payment is listed.
    await page.goto('/documents');
    await expect(page.getByTestId('vault-locked')).toContainText(
      'Your plan does not include the document vault.',
    );
    await page.getByRole('link', { name: 'View plans' }).click();
    const plans = page.getByRole('dialog', { name: 'Choose your plan' });
    await plans.getByRole('button', { name: 'Close' }).click();
    await expect(plans).toBeHidden();
    await expect(page.getByRole('region', { name: 'Payment history' })).toContainText('No payments yet.');
  });

  test('a wrong or used-up promo code marks the promo field; a good one is redeemed at sign-up', async ({
    page,
    request,
  }) => {
    const admin = (
      await post(request, '/api/auth/login', {
        email: E2E_ADMIN_EMAIL,
        password: E2E_ADMIN_PASSWORD,
      })
    ).accessToken as string;
    const plans = await post(
      request,
      '/api/plan/getPlans',
      { region: 'US', currentPage: 1, itemsPerPage: 50 },
      admin,
    );
    const promo = (code: string, maxUsage: number) =>
      post(
        request,
        '/api/subscription/upsertPromo',
        {
          promoCode: code,
          status: 'ACTIVE',
          startDate: null,
          endDate: null,
          limitUsage: true,
          maxUsage,
          promoPlans: (plans.items as { plPlanId: number }[]).map((plan) => ({
            plPlanId: plan.plPlanId,
            paymentFrequency: 'MONTHLY',
            discountType: 'PERCENT',
            discountAmount: 10,
          })),
        },
        admin,
      );
    const used = `FULL${unique()}`.toUpperCase();
    const good = `GOOD${unique()}`.toUpperCase();
    await promo(used, 0);
    await promo(good, 5);

    const email = `promo-${unique()}@example.test`;
    await page.goto('/auth/sign-up');
    await page.getByLabel('Company name').fill(`Promo Growers ${unique()}`);
    await chooseOption(page.getByRole('combobox', { name: 'Business segment' }), 'Cannabis');
    await chooseOption(page.getByRole('combobox', { name: 'Type of company' }), 'Retailer');
    await page.getByLabel('State').fill('NM');
    await fillPerson(page, email);
    await acceptEula(page);
    const field = page.getByLabel('Promo code (optional)');
    const submit = page.getByRole('button', { name: 'Create account' });

    await field.fill('NO-SUCH-CODE');
    await submit.click();
    await expect(field).toHaveAccessibleDescription('Invalid Promo Code.');
    await expect(field).toHaveAttribute('aria-invalid', 'true');
    await expect(page.getByTestId('sign-up-error')).toHaveText('Invalid Promo Code.');

    await field.fill(used.toLowerCase());
    await submit.click();
    await expect(field).toHaveAccessibleDescription('This promo code has reached its maximum usage.');
    await expectNoSeriousViolations(page, 'company sign-up with a promo error');

    await field.fill(good);
    await submit.click();
    await pasteCode(page, await codeFromMailbox(request, email));
    await expect(page).toHaveURL(/\/$/);
    const detail = await post(request, '/api/subscription/promoDetail', { promoCode: good }, admin);
    expect(detail.totalUsage).toBe(1);
  });

  test('shows the validation messages, then "Duplicate" for a registered name in the same state', async ({
    page,
    request,
  }) => {
    const existing = `Duplicate Farms ${unique()}`;
    await registerApiUser(request, `owner-${unique()}@example.test`, {
      company: {
        name: existing,
        companyType: 'RETAILER',
        officeAddress: { address: '', city: 'Denver', state: 'CO', zip: '', country: 'US' },
      },
    });

    await page.goto('/auth/sign-up');
    await page.getByLabel('Company name').fill('x'.repeat(41));
    await page.getByLabel('Phone').pressSequentially('1234567890');
    await page.getByLabel('Password', { exact: true }).fill('weakpassword');
    await page.getByLabel('First name').click();
    await expect(page.getByText('Character limit')).toBeVisible();
    await expect(page.getByText('Phone number is invalid')).toBeVisible();
    // The rule is the password's hint from the start; once broken it is the field's error.
    await expect(
      page.getByText('Include 12 characters, upper and lowercase letters, numbers, and special symbols'),
    ).toBeVisible();
    await expect(page.getByLabel('Password', { exact: true })).toHaveAttribute('aria-invalid', 'true');

    await page.getByLabel('Company name').fill(` ${existing.toUpperCase()} `);
    await chooseOption(page.getByRole('combobox', { name: 'Business segment' }), 'Cannabis');
    await chooseOption(page.getByRole('combobox', { name: 'Type of company' }), 'Retailer');
    await page.getByLabel('State').fill('CO');
    await page.getByLabel('Phone').click();
    await page.keyboard.press('End');
    for (let i = 0; i < 14; i++) await page.keyboard.press('Backspace');
    await fillPerson(page, `dup-${unique()}@example.test`);
    await acceptEula(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await expect(page.getByTestId('sign-up-error')).toHaveText('Duplicate');
    await expect.poll(() => page.evaluate(() => window.scrollY)).toBe(0);
  });

  test('an imported prospect is claimed with its code, prefilled and converted', async ({
    page,
    request,
  }) => {
    const admin = await post(request, '/api/auth/login', {
      email: E2E_ADMIN_EMAIL,
      password: E2E_ADMIN_PASSWORD,
    });
    const contact = `prospect-${unique()}@example.test`;
    const companyName = `Prospect Gardens ${unique()}`.slice(0, 40);
    const csv = [
      'Company Name,Company Type,Address,City,State,Zip,Country,Segments,Contact First Name,Contact Last Name,Contact Email,Contact Phone',
      `${companyName},Cultivator,9 Farm Rd,Boulder,CO,80301,US,Cannabis,Pat,Prospect,${contact},(303) 555-0101`,
      'No Email Co,Retailer,,,,,US,,,,,',
    ].join('\n');
    const { jobId } = await post(
      request,
      '/api/company/importProspects',
      { csv },
      admin.accessToken as string,
    );
    await expect
      .poll(
        async () =>
          (await post(request, '/api/company/getProspectImportJob', { jobId }, admin.accessToken as string))
            .status,
      )
      .toBe('DONE');
    const job = await post(
      request,
      '/api/company/getProspectImportJob',
      { jobId },
      admin.accessToken as string,
    );
    expect(job.importedRows).toBe(1);
    expect((job.errors as { line: number }[])[0]!.line).toBe(3);

    let claimCode = '';
    await expect
      .poll(
        async () =>
          (claimCode = /claim code is ([A-Z0-9]+)/.exec(await lastMail(request, contact))?.[1] ?? ''),
      )
      .not.toBe('');
    await page.goto(`/auth/sign-up?claimCode=${claimCode}`);
    await expect(page.getByTestId('claim-banner')).toContainText(companyName);
    await expect(page.getByLabel('Company name')).toHaveValue(companyName);
    await expect(page.getByLabel('City')).toHaveValue('Boulder');
    await expect(page.getByLabel('Email address')).toHaveValue(contact);
    await expect(page.getByLabel('First name')).toHaveValue('Pat');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await acceptEula(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await pasteCode(page, await codeFromMailbox(request, contact));
    await expect(page.getByTestId('profile-company')).toContainText(companyName);
    const search = await post(request, '/api/company/companyListing', {
      searchFor: 'sign-up',
      companyType: ['prospect'],
      companyName,
      paginationOption: { itemsPerPage: 5, currentPage: 1 },
    });
    expect(search.items).toEqual([]);
  });

  test('an invited person signs up with the short form and joins the inviter’s company', async ({
    page,
    request,
  }) => {
    const companyName = `Inviting Co ${unique()}`;
    const ownerToken = await registerApiUser(request, `inviter-${unique()}@example.test`, {
      company: {
        name: companyName,
        companyType: 'LAB',
        officeAddress: { address: '', city: '', state: 'NJ', zip: '', country: 'US' },
      },
    });
    const profile = await post(request, '/api/user/getMyProfile', {}, ownerToken);
    const plCompanyId = (profile.currentCompany as { plCompanyId: number }).plCompanyId;
    const email = `invitee-${unique()}@example.test`;
    await post(
      request,
      '/api/company/inviteMember',
      { plCompanyId, email, role: 'Company Admin' },
      ownerToken,
    );
    const token = /inviteMemberCode=([\w-]+)/.exec(await lastMail(request, email))![1]!;

    await page.goto(`/auth/sign-up/personal?inviteMemberCode=${token}`);
    await expect(page.getByTestId('invite-banner')).toHaveText(
      `You are invited to join ${companyName} as Company Admin.`,
    );
    await expectNoSeriousViolations(page, 'personal sign-up');
    await expect(page.getByLabel('Email address')).toHaveValue(email);
    await page.getByLabel('First name').fill('Ivy');
    await page.getByLabel('Last name').fill('Invitee');
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await acceptEula(page);
    await page.getByRole('button', { name: 'Create account' }).click();
    await pasteCode(page, await codeFromMailbox(request, email));
    await expect(page.getByTestId('profile-company')).toContainText(companyName);
  });

  test('the licence agreement opens in Dutch when the page is in Dutch, and still needs scrolling', async ({
    page,
  }) => {
    await page.goto('/auth/sign-up/personal');
    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-nl').click();
    await page
      .getByLabel('Ik ga akkoord met de licentieovereenkomst voor eindgebruikers en het privacybeleid')
      .click();
    const dialog = page.getByRole('dialog', { name: 'Licentieovereenkomst en privacybeleid' });
    const sections = dialog.getByTestId('licence-sections');
    await expect(sections).toHaveAttribute('lang', 'nl');
    await expect(
      dialog.getByRole('heading', { name: 'TRUSTLEAF LICENTIEOVEREENKOMST VOOR EINDGEBRUIKERS' }),
    ).toBeVisible();
    await expect(dialog.getByRole('heading', { name: '7. Toepasselijk recht' })).toBeAttached();
    await expect(dialog.getByText(/English/)).toHaveCount(0);
    await expectNoSeriousViolations(page, 'licence agreement in Dutch');
    await expect(dialog.getByRole('button', { name: 'Akkoord' })).toBeDisabled();
    await page.getByTestId('licence-text').evaluate((element) => {
      element.scrollTop = element.scrollHeight;
    });
    await dialog.getByRole('button', { name: 'Akkoord' }).click();
    await expect(
      page.getByLabel('Ik ga akkoord met de licentieovereenkomst voor eindgebruikers en het privacybeleid'),
    ).toBeChecked();
  });

  test('the crawler link opens the iframe page in a new tab with isVideo and the encoded address', async ({
    page,
    context,
  }) => {
    const site = 'https://shop.example/products?x=1&y=2';
    await page.goto('/auth/sign-up');
    const panel = page.getByRole('region', { name: 'Check your website' });
    await panel.getByLabel('Website URL').fill(site);
    await panel.getByLabel('Video Analysis (Scan may take longer if enabled)').check();
    const [tab] = await Promise.all([
      context.waitForEvent('page'),
      panel.getByRole('link', { name: 'Open the website scan (opens in a new tab)' }).click(),
    ]);
    await tab.waitForLoadState();
    expect(tab.url()).toContain(`/webcrawler/iframe?isVideo=1&data=${encodeURIComponent(site)}`);
    await expect(tab.getByRole('heading', { level: 1, name: 'Webcrawler' })).toBeVisible();
    await expect(tab.getByLabel('Website URL')).toHaveValue(site);
    await expect(tab.getByLabel('Video Analysis (Scan may take longer if enabled)')).toBeChecked();
    await expect(tab.getByRole('img', { name: 'Valid website address' })).toBeVisible();
    await expectNoSeriousViolations(tab, 'crawler iframe page');
    await tab.getByRole('button', { name: 'Scan' }).click();
    await expect(tab).toHaveURL(/\/auth\/sign-in\?redirectUrl=/);
    expect(new URL(tab.url()).searchParams.get('redirectUrl')).toBe(
      `/webcrawler?url=${encodeURIComponent(site)}&isVideo=1`,
    );
  });

  test('a signed-in user without a company crops and uploads a logo in the Create Company dialog', async ({
    page,
    request,
  }) => {
    const email = `nocompany-${unique()}@example.test`;
    await registerApiUser(request, email);
    await page.goto('/auth/sign-in');
    await page.getByLabel('Email address').fill(email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    const dialog = page.getByRole('dialog', { name: 'Create your company' });
    await expect(dialog).toBeVisible();
    await expectNoSeriousViolations(page, 'create company');

    await page
      .getByTestId('upload-input-image')
      .setInputFiles({ name: 'logo.png', mimeType: 'image/png', buffer: PNG });
    const crop = page.getByRole('dialog', { name: 'Crop Image' });
    await expect(crop).toBeVisible();
    await expect(page.getByTestId('crop-viewer')).toHaveCSS('height', '400px');
    await crop.getByRole('button', { name: 'Crop' }).click();
    await expect(dialog.getByTestId('uploaded-name')).toHaveText('logo.png');

    const companyName = `Logo Labs ${unique()}`;
    await dialog.getByLabel('Company name').fill(companyName);
    await dialog.getByLabel('Company name').press('Enter');
    await expect(dialog).toBeVisible();
    await chooseOption(dialog.getByRole('combobox', { name: 'Business segment' }), 'Ancillary');
    await chooseOption(dialog.getByRole('combobox', { name: 'Type of company' }), 'Marketer');
    await dialog.getByRole('button', { name: 'Create' }).click();
    await expect(page.getByTestId('profile-company')).toContainText(companyName);
    const session = await post(request, '/api/auth/login', { email, password: PASSWORD });
    const profile = await post(request, '/api/user/getMyProfile', {}, session.accessToken as string);
    const photo = (profile.currentCompany as { resourcePhoto: { url: string } | null }).resourcePhoto;
    expect(photo?.url).toMatch(/^\/api\/storage\/file\?/);
    const image = await request.get(photo!.url);
    expect(image.headers()['content-type']).toBe('image/png');
  });
});
