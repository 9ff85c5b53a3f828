import { expect, test, type Locator, type Page } from '@playwright/test';
import { COMPANY_PASSWORD, companyAccount, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, postOk } from './accounts.ts';
import {
  expectNoSeriousViolations,
  expectNoSidewaysScroll,
  expectNothingWrapped,
  signInThroughForm,
} from './page-checks.ts';
import { checkNothingWrappedAt1024, menuHrefs, openMenu } from './menu-walk.ts';

/**
 * Every page of the menu, at a phone's and a laptop's size: no sideways scroll, the current page marked
 * in the navigation, axe clean. One browser context per size; a Pro company owner walks the menu, then
 * the super admin walks the pages only the super admin has.
 */
const SIZES = [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
] as const;

async function walkMenu(page: Page, isPhone: boolean, label: string, skip: readonly string[] = []) {
  const hrefs = (await menuHrefs(await openMenu(page, isPhone))).filter((href) => !skip.includes(href));
  if (isPhone) {
    await page.keyboard.press('Escape');
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
  }
  expect(hrefs.length, `menu items for ${label}`).toBeGreaterThan(0);
  for (const [index, href] of hrefs.entries()) {
    await test.step(`${href} (${label})`, () => checkPage(page, isPhone, label, href, index === 0));
  }
  return hrefs;
}

async function checkPage(page: Page, isPhone: boolean, label: string, href: string, isFirst: boolean) {
  const nav = await openMenu(page, isPhone);
  await nav.locator(`a[href="${href}"]`).click();
  await expect(page).toHaveURL(href);
  await expect(page.locator('main h1')).toBeVisible();
  if (isPhone) {
    // The drawer closed on navigation; reopened, it marks the page.
    await expect(nav).toHaveCount(0);
    await openMenu(page, isPhone);
  }
  await expect(nav.locator('[aria-current="page"]')).toHaveAttribute('href', href);
  await expect(nav.locator('[aria-current="page"]')).toHaveCount(1);
  if (isPhone) {
    if (isFirst) await expectNoSeriousViolations(page, `${href} with the menu open (${label})`);
    await page.keyboard.press('Escape');
    await expect(nav).toHaveCount(0);
    await expect(page.getByRole('button', { name: 'Open menu' })).toBeFocused();
  }
  await expectNoSidewaysScroll(page, `${href} (${label})`);
  if (!isPhone) await expectNothingWrapped(page, `${href} (${label})`);
  await expectNoSeriousViolations(page, `${href} (${label})`);
}

for (const size of SIZES) {
  test(`every menu page at ${size.width} px: no sideways scroll, current page marked, axe clean`, async ({
    browser,
    request,
  }) => {
    // Two accounts walk up to eighteen pages, each checked by axe: 3.9 min at 360 px in CI with the
    // other group of journeys running beside it (about 13 s a page), so twice that at most.
    test.setTimeout(480_000);
    const isPhone = size.width < 900;
    const account = await companyAccount(request, 'Pro');
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, account.email, COMPANY_PASSWORD);
      const ownerPages = await walkMenu(page, isPhone, `owner at ${size.width} px`);
      expect(ownerPages).toEqual(
        expect.arrayContaining(['/dashboard/main', '/webcrawler', '/documents', '/account/subscription']),
      );

      if (!isPhone) {
        await checkNothingWrappedAt1024(page, ownerPages, 'owner');

        // Folded to icons and back; the choice survives a reload.
        const nav = page.getByRole('navigation', { name: 'Main navigation' });
        await page.getByRole('button', { name: 'Collapse menu' }).click();
        await expect(nav.getByText('Webcrawler')).toHaveCount(0);
        await expect(nav.getByRole('link', { name: 'Webcrawler' })).toBeVisible();
        await page.reload();
        await expect(page.getByRole('button', { name: 'Expand menu' })).toBeVisible();
        await expectNoSidewaysScroll(page, 'folded menu');
        await page.getByRole('button', { name: 'Expand menu' }).click();
        await expect(nav.getByText('Webcrawler')).toBeVisible();
      }

      await page.getByTestId('user-menu').click();
      await page.getByTestId('sign-out').click();
      await expect(page).toHaveURL(/\/auth\/sign-in/);
      await signInThroughForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
      const adminPages = await walkMenu(page, isPhone, `super admin at ${size.width} px`, ownerPages);
      if (!isPhone) await checkNothingWrappedAt1024(page, adminPages, 'super admin');
    } finally {
      await context.close();
    }
  });
}

test('at 360 px in German, a page heading of one long word wraps instead of widening the page', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  try {
    await signInThroughForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.evaluate(() => {
      const stored = JSON.parse(localStorage.getItem('trustleaf')!) as { state: { language: string } };
      stored.state.language = 'de';
      localStorage.setItem('trustleaf', JSON.stringify(stored));
    });
    await page.goto('/admin/documents');
    await expect(page.locator('main h1')).toHaveText('Dokumenteinstellungen');
    await expectNoSidewaysScroll(page, 'German document settings at 360 px');
  } finally {
    await context.close();
  }
});

/** How the browser may break an element's words: its hyphenation, and the language it hyphenates in. */
const hyphenation = (target: Locator) =>
  target.evaluate((element) => {
    const style = getComputedStyle(element);
    return {
      hyphens: style.hyphens,
      limit: style.getPropertyValue('hyphenate-limit-chars'),
      lang: element.closest('[lang]')?.getAttribute('lang'),
    };
  });

test('at 360 px, long German and Dutch words are hyphenated in the language the app shows', async ({
  browser,
}) => {
  // A page written out in the visitor's language (its cookie), before any script runs, says so.
  const written = await browser.newContext({
    viewport: { width: 360, height: 740 },
    javaScriptEnabled: false,
  });
  try {
    const { hostname } = new URL(test.info().project.use.baseURL!);
    await written.addCookies([{ name: 'trustleaf_lang', value: 'nl', domain: hostname, path: '/' }]);
    const page = await written.newPage();
    await page.goto('/webcrawler');
    await expect(page.locator('html')).toHaveAttribute('lang', 'nl');
    expect(await hyphenation(page.locator('body'))).toEqual({ hyphens: 'auto', limit: '10 4 4', lang: 'nl' });
  } finally {
    await written.close();
  }

  // In the app, <html lang> follows the language chosen, and the menu's long words are hyphenated in it.
  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  try {
    await signInThroughForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    // English is set as written, its page headings too.
    expect((await hyphenation(page.locator('body'))).hyphens).toBe('manual');
    expect((await hyphenation(page.locator('main h1'))).hyphens, 'an English page heading').toBe('manual');
    for (const [language, openMenuLabel, billingAdmin] of [
      ['de', 'Menü öffnen', 'Abrechnungsverwaltung'],
      ['nl', 'Menu openen', 'Facturatiebeheer'],
    ] as const) {
      await page.getByTestId('language-switcher').click();
      await page.getByTestId(`language-${language}`).click();
      await expect(page.locator('html')).toHaveAttribute('lang', language);
      expect((await hyphenation(page.locator('main h1'))).hyphens, `a page heading (${language})`).toBe(
        'auto',
      );
      await page.getByRole('button', { name: openMenuLabel }).click();
      const item = page.getByRole('navigation').getByRole('link', { name: billingAdmin });
      await expect(item).toBeVisible();
      expect(await hyphenation(item.getByText(billingAdmin)), `${billingAdmin} in the menu`).toEqual({
        hyphens: 'auto',
        limit: '10 4 4',
        lang: language,
      });
      await page.keyboard.press('Escape');
      await expect(page.getByRole('navigation').getByRole('link', { name: billingAdmin })).toHaveCount(0);
    }
  } finally {
    await context.close();
  }
});

test('at 360 px in French and German, the sign-up and Webcrawler fields show their whole labels', async ({
  browser,
  request,
}) => {
  const account = await companyAccount(request);
  const cutLabels = (page: Page) =>
    page.evaluate(() =>
      [...document.querySelectorAll<HTMLElement>('main label, form label')]
        .filter((label) => label.offsetParent && label.scrollWidth > label.clientWidth + 1)
        .map((label) => label.textContent),
    );
  for (const locale of ['fr-FR', 'de-DE']) {
    const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale });
    const page = await context.newPage();
    try {
      await page.goto('/auth/sign-up');
      await expect(page.locator('html')).toHaveAttribute('lang', locale.slice(0, 2));
      await expect(page.locator('input[name="claimCode"]')).toBeEnabled();
      expect(await cutLabels(page), `sign-up in ${locale}`).toEqual([]);

      await page.goto('/auth/sign-in');
      await page.locator('input[name="email"]').fill(account.email);
      await page.locator('input[name="password"]').fill(COMPANY_PASSWORD);
      await page.locator('button[type="submit"]').click();
      await expect(page).not.toHaveURL(/\/auth\/sign-in/);
      await page.goto('/webcrawler');
      await expect(page.locator('main h1')).toHaveText('Webcrawler');
      await expect(page.locator('main form label').first()).toBeVisible();
      expect(await cutLabels(page), `Webcrawler in ${locale}`).toEqual([]);
    } finally {
      await context.close();
    }
  }
});

/** Within the window's width, and the element holding it does not scroll sideways to show it. */
async function expectOnScreen(page: Page, target: Locator, label: string): Promise<void> {
  await expect(target, label).toBeVisible();
  const box = (await target.boundingBox())!;
  const width = page.viewportSize()!.width;
  expect(box.x, `${label}: left edge`).toBeGreaterThanOrEqual(0);
  expect(box.x + box.width, `${label}: right edge (window ${width} px)`).toBeLessThanOrEqual(width);
  const scrolledSideways = await target.evaluate((element) => {
    const found: string[] = [];
    for (let parent = element.parentElement; parent; parent = parent.parentElement) {
      if (parent.scrollWidth > parent.clientWidth + 1 && getComputedStyle(parent).overflowX !== 'visible')
        found.push(`${parent.tagName.toLowerCase()}.${parent.className}`);
    }
    return found;
  });
  expect(scrolledSideways, `${label}: scrolled sideways inside`).toEqual([]);
}

test('at 360 px the vault rows, the site template rows and the reference data rows show their status and actions without scrolling sideways', async ({
  browser,
  request,
}) => {
  // Two sign-ins and three axe runs: about a minute with CI running beside it.
  test.setTimeout(180_000);
  const account = await companyAccount(request, 'Pro');
  const token = (
    await postOk(request, '/api/auth/login', { email: E2E_ADMIN_EMAIL, password: E2E_ADMIN_PASSWORD })
  ).accessToken as string;
  const name = `Phone layout ${Date.now().toString(36)}`;
  const created = await request.post('/api/siteTemplate/template', {
    data: { name },
    headers: { authorization: `Bearer ${token}` },
  });
  expect(created.status()).toBe(201);

  const context = await browser.newContext({ viewport: { width: 360, height: 740 } });
  const page = await context.newPage();
  try {
    await signInThroughForm(page, account.email, COMPANY_PASSWORD);
    await page.goto('/documents');
    const row = page.getByTestId('document-row').first();
    await expect(row).toBeVisible();
    await row.scrollIntoViewIfNeeded();
    await expectOnScreen(page, row, 'the first vault row');
    await expectOnScreen(page, row.getByTestId('document-status'), "the vault row's status");
    await expectOnScreen(page, row.getByRole('button', { name: 'Upload' }), "the vault row's Upload");
    await expectNoSidewaysScroll(page, 'the vault at 360 px');
    await expectNoSeriousViolations(page, 'the vault at 360 px');

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth\/sign-in/);
    await signInThroughForm(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await page.goto('/admin/site-templates');
    const template = page.getByRole('row').filter({ hasText: name });
    await template.scrollIntoViewIfNeeded();
    await expectOnScreen(page, template, 'the site template row');
    await expectOnScreen(page, template.getByText('Draft', { exact: true }), "the template's status");
    await expectOnScreen(
      page,
      template.getByRole('button', { name: 'Apply draft' }),
      "the template row's Apply draft",
    );
    await expectOnScreen(page, template.getByRole('button', { name: 'Delete' }), "the template row's Delete");
    await expectNoSidewaysScroll(page, 'site templates at 360 px');
    await expectNoSeriousViolations(page, 'site templates at 360 px');

    await page.goto('/admin/platform?tab=reference');
    for (const section of ['reference-segments', 'reference-business-types', 'reference-categories']) {
      // The first item (the headings' row comes first, read out only on a phone).
      const item = page.getByTestId(section).getByRole('row').nth(1);
      await item.scrollIntoViewIfNeeded();
      await expectOnScreen(page, item, `the first row of ${section}`);
      await expectOnScreen(page, item.getByRole('button', { name: /^Edit / }), `${section}: Edit`);
      await expectOnScreen(page, item.getByRole('button', { name: /^Delete / }), `${section}: Delete`);
    }
    await expectNoSidewaysScroll(page, 'reference data at 360 px');
    await expectNoSeriousViolations(page, 'reference data at 360 px');
  } finally {
    await context.close();
  }
});

test('at 360 px in Dutch, the plan-locked notice shows its whole text above View plans', async ({
  browser,
  request,
}) => {
  const account = await companyAccount(request);
  const context = await browser.newContext({ viewport: { width: 360, height: 740 }, locale: 'nl-NL' });
  const page = await context.newPage();
  try {
    await page.goto('/auth/sign-in');
    await page.locator('input[name="email"]').fill(account.email);
    await page.locator('input[name="password"]').fill(COMPANY_PASSWORD);
    await page.locator('button[type="submit"]').click();
    await expect(page).not.toHaveURL(/\/auth\/sign-in/);
    await page.goto('/documents');
    const notice = page.getByTestId('vault-locked');
    await expect(notice).toContainText('beoordelaars');
    // Beside the button the text had a column of a word or two, long words cut off inside a box that
    // scrolled sideways.
    const message = notice.locator('.MuiAlert-message');
    const { scrollWidth, clientWidth } = await message.evaluate((element) => ({
      scrollWidth: element.scrollWidth,
      clientWidth: element.clientWidth,
    }));
    expect(scrollWidth, 'the notice text is cut off').toBeLessThanOrEqual(clientWidth);
    expect(clientWidth, 'the notice text has the width of the notice').toBeGreaterThan(200);
    await expectOnScreen(page, notice.getByRole('link', { name: 'Abonnementen bekijken' }), 'View plans');
    await expectNoSeriousViolations(page, 'the locked vault at 360 px in Dutch');
  } finally {
    await context.close();
  }
});

test('at 1280 px in German, a plan feature with a limit shows the limit field whole, clear of the next column', async ({
  browser,
}) => {
  const context = await browser.newContext({ viewport: { width: 1280, height: 800 }, locale: 'de-DE' });
  const page = await context.newPage();
  try {
    await page.goto('/auth/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'de');
    await page.getByLabel('E-Mail-Adresse').fill(E2E_ADMIN_EMAIL);
    await page.getByLabel('Passwort', { exact: true }).fill(E2E_ADMIN_PASSWORD);
    await page.getByRole('button', { name: 'Anmelden' }).click();
    await expect(page).not.toHaveURL(/\/auth\/sign-in/);
    await expect(page.locator('main h1')).toBeVisible();
    await page.goto('/admin/billing');
    const editor = page.locator('[data-testid^="admin-plan-"]').first();
    // 'Aktive Unternehmensüberwachung mit Benachrichtigungen' has a limit beside it.
    const feature = editor.getByRole('checkbox', {
      name: 'Aktive Unternehmensüberwachung mit Benachrichtigungen',
    });
    await expect(feature).toBeVisible();
    const limit = editor.getByRole('spinbutton', { name: 'Limit' }).first();
    await expectNothingWrapped(page, 'the plan editor in German at 1280 px', editor);
    const limitBox = (await limit
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]')
      .boundingBox())!;
    expect(Math.round(limitBox.width), 'the limit field keeps its width').toBeGreaterThanOrEqual(89);
    // It stays within its feature's cell of the grid, clear of the next column.
    const cell = (await limit
      .locator('xpath=ancestor::div[contains(@class,"MuiFormControl-root")][1]/../..')
      .boundingBox())!;
    expect(limitBox.x + limitBox.width, 'the limit field ends within its column').toBeLessThanOrEqual(
      cell.x + cell.width + 0.5,
    );
  } finally {
    await context.close();
  }
});

test('the Webcrawler form’s placeholder is as tall as the form at 360 and 1280 px in every language: nothing grows as the form arrives', async ({
  browser,
  request,
}) => {
  test.setTimeout(180_000);
  const account = await companyAccount(request);
  for (const size of [
    { width: 360, height: 740 },
    { width: 1280, height: 800 },
  ]) {
    const context = await browser.newContext({ viewport: size });
    const page = await context.newPage();
    try {
      await signInThroughForm(page, account.email, COMPANY_PASSWORD);
      // The placeholder stands for one commit: its height is read on every frame until the form is in.
      await page.addInitScript(() => {
        const seen: number[] = [];
        (window as unknown as { placeholderHeights: number[] }).placeholderHeights = seen;
        const read = () => {
          const card = document.querySelector('main .MuiCard-root[aria-hidden="true"]');
          if (card) seen.push(card.getBoundingClientRect().height);
          if (!document.querySelector('[data-testid="scan-form"]')) requestAnimationFrame(read);
        };
        requestAnimationFrame(read);
      });
      for (const language of ['en', 'fr', 'de', 'nl']) {
        // The language the app keeps (the store's root key), as the language menu sets it.
        await page.evaluate((chosen) => {
          const stored = JSON.parse(localStorage.getItem('trustleaf')!) as { state: { language: string } };
          stored.state.language = chosen;
          localStorage.setItem('trustleaf', JSON.stringify(stored));
        }, language);
        await page.goto('/webcrawler');
        await expect(page.locator('html')).toHaveAttribute('lang', language);
        const form = page.locator('section', { has: page.getByTestId('scan-form') });
        await expect(form).toBeVisible();
        const formHeight = (await form.boundingBox())!.height;
        const placeholders = await page.evaluate(
          () => (window as unknown as { placeholderHeights: number[] }).placeholderHeights,
        );
        const label = `${language} at ${size.width} px`;
        expect(placeholders.length, `${label}: placeholder seen`).toBeGreaterThan(0);
        for (const height of new Set(placeholders)) expect(height, label).toBeCloseTo(formHeight, 0);
      }
    } finally {
      await context.close();
    }
  }
});
