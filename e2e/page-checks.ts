import AxeBuilder from '@axe-core/playwright';
import { expect, type Locator, type Page } from '@playwright/test';

/** axe on the page as it stands (or on the part `include` selects): no serious or critical violation. */
export async function expectNoSeriousViolations(page: Page, label: string, include?: string): Promise<void> {
  // Checked as the user reads the page: once its transitions (a button turning from disabled to
  // enabled as data arrives fades its colours) have finished, never a colour caught half-way. Endless
  // animations (a spinner) never finish and are not waited for.
  await page.waitForFunction(
    () =>
      document
        .getAnimations()
        .every(
          (animation) =>
            animation.playState !== 'running' || animation.effect?.getTiming().iterations === Infinity,
        ),
    undefined,
    { timeout: 10_000 },
  );
  const builder = new AxeBuilder({ page });
  const results = await (include ? builder.include(include) : builder).analyze();
  const serious = results.violations.filter((v) => v.impact === 'serious' || v.impact === 'critical');
  const summary = serious.map((v) => `${v.id}: ${v.nodes.map((n) => n.target.join(' ')).join(', ')}`);
  expect(summary, `axe violations on ${label}`).toEqual([]);
}

/** The page does not scroll sideways: the document is no wider than the window. */
export async function expectNoSidewaysScroll(page: Page, label: string): Promise<void> {
  const { scrollWidth, clientWidth } = await page.evaluate(() => {
    const root = document.scrollingElement ?? document.documentElement;
    return { scrollWidth: root.scrollWidth, clientWidth: root.clientWidth };
  });
  expect(scrollWidth, `document width on ${label} (window ${clientWidth} px)`).toBeLessThanOrEqual(
    clientWidth,
  );
}

/**
 * Nothing in the shell or a page's controls breaks onto a second line (issue 19: "nothing wraps at
 * 1024 px"): in the header, the menu's entries, buttons, tabs, chips and table headings, each text keeps
 * to one line (no part of it starts below where its first line ends). Parts laid out one above the
 * other on purpose, such as the user menu's name over the company, are separate texts. Nor is any of
 * them, or a field's label, cut short with an ellipsis ("Paramètres de la plat…", "Partner com…").
 * With `scope`, only the controls inside it.
 */
export async function expectNothingWrapped(page: Page, label: string, scope?: Locator): Promise<void> {
  const wrapped = await (scope ?? page.locator('body')).evaluate((root) => {
    const selector =
      'header a, header button, nav a, button, [role="tab"], .MuiChip-label, th, .MuiToolbar-root h1, .MuiToolbar-root h2';
    const found = new Set<string>();
    for (const element of root.querySelectorAll<HTMLElement>(selector)) {
      if (element.getClientRects().length === 0) continue;
      const texts = document.createTreeWalker(element, NodeFilter.SHOW_TEXT);
      for (let node = texts.nextNode(); node; node = texts.nextNode()) {
        const text = node.textContent?.trim();
        if (!text) continue;
        const range = document.createRange();
        range.selectNodeContents(node);
        const rects = [...range.getClientRects()].filter((rect) => rect.width > 1 && rect.height > 1);
        if (rects.length < 2) continue;
        const firstLineBottom = Math.min(...rects.map((rect) => rect.bottom));
        if (rects.some((rect) => rect.top >= firstLineBottom - 1))
          found.add(`${element.tagName.toLowerCase()} "${text.replace(/\s+/g, ' ')}"`);
      }
    }
    for (const element of root.querySelectorAll<HTMLElement>('*')) {
      if (!element.closest(`${selector}, label`) || element.getClientRects().length === 0) continue;
      if (getComputedStyle(element).textOverflow !== 'ellipsis') continue;
      if (element.scrollWidth > element.clientWidth + 1)
        found.add(`${element.tagName.toLowerCase()} "${element.textContent?.trim()}" cut short`);
    }
    return [...found];
  });
  expect(wrapped, `texts on more than one line or cut short on ${label}`).toEqual([]);
}

/**
 * Signs in through the form and waits for the landing page's heading (the sign-in page has a heading
 * of its own, so first for the address to leave it).
 */
export async function signInThroughForm(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page).not.toHaveURL(/\/auth\/sign-in/);
  await expect(page.locator('main h1')).toBeVisible();
}

/**
 * Chooses an option of a single-choice menu (MUI Select) as a person does: opens it, clicks the option,
 * and sees the menu close on the choice. A click that lands while the menu is still opening (its list
 * grows and scrolls to the selected entry) can miss the option and leave the menu open, its backdrop
 * over the page; the person then clicks the option again, and so does this.
 */
export async function chooseOption(field: Locator, option: string): Promise<void> {
  const page = field.page();
  const menu = page.getByRole('listbox');
  await expect(async () => {
    if (!(await menu.isVisible())) await field.click();
    await menu.getByRole('option', { name: option, exact: true }).click({ timeout: 3_000 });
    await expect(menu).toBeHidden({ timeout: 2_000 });
  }).toPass({ timeout: 20_000 });
  await expect(field).toHaveText(option);
}
