import { expect, test, type Locator, type Page } from '@playwright/test';
import { expectNoSidewaysScroll, expectNothingWrapped } from './page-checks.ts';

/** The signed-in menu as the layout journeys walk it (layout.spec.ts, layout-languages.spec.ts). */
/** The usable (not plan-locked) links of the menu, in order, once the plan has loaded. */
export async function menuHrefs(nav: Locator): Promise<string[]> {
  await expect(nav.locator('a[href]').first()).toBeVisible();
  await expect(nav.locator('[data-feature-status="LOADING"]')).toHaveCount(0);
  const usable = () =>
    nav
      .locator('a[href]')
      .evaluateAll((links) =>
        links
          .filter((link) => !link.closest('[aria-disabled="true"]'))
          .map((link) => link.getAttribute('href')!),
      );
  // Right after sign-in the menu is drawn again as the session's company and plan arrive: read it
  // once two readings a moment apart agree and name at least one page.
  let hrefs: string[] = [];
  await expect(async () => {
    const first = await usable();
    await new Promise((resolve) => setTimeout(resolve, 300));
    hrefs = await usable();
    expect(hrefs.length).toBeGreaterThan(0);
    expect(hrefs).toEqual(first);
  }).toPass({ timeout: 15_000 });
  return hrefs;
}

/** On a phone the menu is a drawer behind the header's button; elsewhere it is always there. */
export async function openMenu(page: Page, isPhone: boolean, name = 'Main navigation'): Promise<Locator> {
  const nav = page.getByRole('navigation', { name });
  if (isPhone) {
    // Right after sign-in the app may still move on to the plan's landing page, which closes the
    // drawer (it closes on navigation), and a drawer closing after Escape is still on screen for a
    // moment: open it again until it stays open with the focus inside.
    await expect(async () => {
      if (!(await nav.isVisible())) {
        await expect(nav).toHaveCount(0);
        await page.getByRole('button', { name: 'Open menu' }).click();
      }
      await expect(nav).toBeVisible({ timeout: 2_000 });
      await expect
        .poll(() => nav.evaluate((element) => element.contains(document.activeElement)), { timeout: 3_000 })
        .toBe(true);
    }).toPass({ timeout: 20_000 });
  }
  await expect(nav).toBeVisible();
  return nav;
}

/** At 1024 px (a small laptop) nothing wraps on these pages, each reached through the menu. */
export async function checkNothingWrappedAt1024(
  page: Page,
  hrefs: readonly string[],
  label: string,
  navName?: string,
) {
  const size = page.viewportSize()!;
  await page.setViewportSize({ width: 1024, height: 768 });
  for (const href of hrefs) {
    await test.step(`${href} at 1024 px (${label})`, async () => {
      await (await openMenu(page, false, navName)).locator(`a[href="${href}"]`).click();
      await expect(page).toHaveURL(href);
      await expect(page.locator('main h1')).toBeVisible();
      await expectNothingWrapped(page, `${href} at 1024 px (${label})`);
      await expectNoSidewaysScroll(page, `${href} at 1024 px (${label})`);
    });
  }
  await page.setViewportSize(size);
}
