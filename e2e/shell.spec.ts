import { expect, test, type Page } from '@playwright/test';
import { DEMO_MEMBER_EMAIL, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD, readMailbox } from './accounts.ts';
import { expectNoSeriousViolations } from './page-checks.ts';

const ROOT_KEY = 'trustleaf';
const THEMES = ['default', 'dark', 'light', 'blue', 'green', 'indigo'] as const;
const SCREENSHOTS = 'test-results/screenshots';

interface PersistedRoot {
  version: number;
  state: { language: string; theme: string; session: { accessToken: string } | null };
}

async function readRoot(page: Page): Promise<PersistedRoot | null> {
  const raw = await page.evaluate((key) => window.localStorage.getItem(key), ROOT_KEY);
  return raw ? (JSON.parse(raw) as PersistedRoot) : null;
}

async function signIn(page: Page, email: string, password: string): Promise<void> {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(password);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

async function setStoredTheme(page: Page, theme: string): Promise<void> {
  await page.evaluate(
    ({ key, name }) => {
      const root = JSON.parse(window.localStorage.getItem(key) ?? '{"state":{},"version":1}') as {
        state: Record<string, unknown>;
        version: number;
      };
      root.state.theme = name;
      window.localStorage.setItem(key, JSON.stringify(root));
    },
    { key: ROOT_KEY, name: theme },
  );
}

test.describe('app shell', () => {
  test('sign-in page passes axe in every theme and shows a wrong password', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await expect(page.locator('html')).toHaveAttribute('lang', 'en');
    await expect(page).toHaveTitle(/Trustleaf/);
    for (const theme of THEMES) {
      await setStoredTheme(page, theme);
      await page.reload();
      // The page written out at build time shows first, its button disabled, in the default theme; the
      // app then renders it in the stored one.
      await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
      await expectNoSeriousViolations(page, `sign-in (${theme})`);
      if (theme === 'default' || theme === 'dark') {
        await page.screenshot({ path: `${SCREENSHOTS}/sign-in-${theme}.png`, fullPage: true });
      }
    }
    await setStoredTheme(page, 'default');

    await signIn(page, E2E_ADMIN_EMAIL, 'not-the-password');
    await expect(page.getByTestId('sign-in-error')).toHaveText('Email or password incorrect');
    await expect(page).toHaveURL(/\/auth\/sign-in/);
  });

  test('an unknown stored theme warns and falls back to the default', async ({ page }) => {
    const warnings: string[] = [];
    page.on('console', (message) => {
      if (message.type() === 'warning') warnings.push(message.text());
    });
    await page.goto('/auth/sign-in');
    await setStoredTheme(page, 'neon');
    await page.reload();
    // The page written out at build time shows first, its controls disabled, until the app has read
    // the stored theme and rendered over it.
    const switcher = page.getByTestId('theme-switcher');
    await expect(switcher).toBeEnabled();
    await expect(switcher).toHaveAttribute('aria-label', 'Theme: Default');
    await expect.poll(() => warnings.some((text) => text.includes('Unknown theme "neon"'))).toBe(true);
  });

  test('a page whose file a deploy removed loads the new build, not the error screen', async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
    // A deploy replaced the build while the tab was open: the activity log's file, not loaded yet,
    // is gone (the server answers 404 for it once); the next load of the page gets the build again.
    let gone = 0;
    await page.route(/\/assets\/activity-log-[\w-]+\.js$/, async (route) => {
      gone += 1;
      if (gone === 1) await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.getByTestId('nav-activity-log').click();
    await expect(page).toHaveURL('/account/activity-log');
    await expect(page.getByTestId('activity-list')).toBeVisible();
    expect(gone).toBeGreaterThanOrEqual(2);
    expect(loads).toBe(1);
  });

  test('a written-out page whose start-up file a deploy removed loads anew and takes over', async ({
    page,
  }) => {
    // The page was sent just before a deploy: one of the app's start-up steps is gone (404 once); the
    // sign-in form would stay disabled. The page is loaded again and gets the build it names.
    let gone = 0;
    await page.route(/\/assets\/boot-3-[\w-]+\.js$/, async (route) => {
      gone += 1;
      if (gone === 1) await route.fulfill({ status: 404, contentType: 'application/json', body: '{}' });
      else await route.continue();
    });
    let loads = 0;
    page.on('load', () => (loads += 1));
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    await expect(page.getByLabel('Email address')).toBeEditable();
    expect(gone).toBeGreaterThanOrEqual(2);
    expect(loads).toBe(2);
  });

  test("a written-out page asks for the app's files at low priority, a page the app draws at the default", async ({
    page,
  }) => {
    // The written-out page is painted from its own markup; the app's files only take it over.
    const cdp = await page.context().newCDPSession(page);
    await cdp.send('Network.enable');
    const priorities = new Map<string, string>();
    cdp.on('Network.requestWillBeSent', ({ request }) => {
      if (/\/assets\/[^/]+\.js$/.test(request.url)) priorities.set(request.url, request.initialPriority);
    });
    // The preloads the page is sent with (the app adds its own for what it loads later).
    const preloadsSent = async (path: string) => {
      const html = (await (await page.goto(path))?.text()) ?? '';
      return [...html.matchAll(/<link rel="modulepreload"[^>]* href="(?<href>[^"]+)"/g)].map(
        (link) => new URL(link.groups?.href ?? '', page.url()).href,
      );
    };
    const preloaded = await preloadsSent('/auth/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    expect(preloaded.length).toBeGreaterThan(3);
    for (const url of preloaded) expect(priorities.get(url), url).toBe('Low');

    // A path with no written-out page is drawn by the app: nothing shows until its files arrive.
    priorities.clear();
    const drawn = await preloadsSent('/auth/forgot-password');
    await expect(page.getByRole('heading', { level: 1 })).toBeVisible();
    expect(drawn.length).toBeGreaterThan(3);
    for (const url of drawn) expect(priorities.get(url), url).not.toBe('Low');
  });

  test('a signed-out page whose file a deploy removed loads anew on "Try again?"', async ({ page }) => {
    await page.goto('/auth/sign-in');
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeEnabled();
    // The sign-up page's files of the old build are gone; the error screen's "Try again?" loads the
    // page again (a lazy page keeps its failure, so rendering again would fail again).
    const signUpFiles = /\/assets\/sign-up-[\w-]+\.js$/;
    await page.route(signUpFiles, (route) =>
      route.fulfill({ status: 404, contentType: 'application/json', body: '{}' }),
    );
    await page.getByRole('link', { name: 'Create an account' }).click();
    await expect(page.getByRole('heading', { name: 'Oops, there is an error!' })).toBeVisible();
    await page.unroute(signUpFiles);
    const reloaded = page.waitForEvent('load');
    await page.getByRole('button', { name: 'Try again?' }).click();
    await reloaded;
    await expect(page).toHaveURL('/auth/sign-up');
    await expect(page.getByRole('heading', { name: 'Create your company account' })).toBeVisible();
    // Taken over by the app: its fields are enabled.
    await expect(page.getByLabel('Company name')).toBeEnabled();
  });

  test('signed in: home, language and theme survive a reload, home passes axe', async ({ page }) => {
    // Three reloads and axe in each theme: 48–55 s in CI beside the other group of journeys.
    test.setTimeout(120_000);
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page).toHaveURL('/');
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, Super');
    await expect(page.getByTestId('profile-role')).toContainText('Super Admin');
    await expect(page.getByTestId('region')).toContainText('United States');
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');

    for (const theme of THEMES) {
      await setStoredTheme(page, theme);
      await page.reload();
      await expect(page.getByTestId('welcome')).toBeVisible();
      await expectNoSeriousViolations(page, `home (${theme})`);
      if (theme === 'default' || theme === 'dark') {
        await page.screenshot({ path: `${SCREENSHOTS}/home-${theme}.png`, fullPage: true });
      }
    }
    await setStoredTheme(page, 'default');
    await page.reload();

    await page.getByTestId('language-switcher').click();
    await page.getByTestId('language-fr').click();
    await expect(page.getByTestId('welcome')).toHaveText('Bienvenue, Super');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await page.getByTestId('theme-switcher').click();
    await page.getByTestId('theme-dark').click();
    await expect(page.getByTestId('theme-switcher')).toHaveAttribute('aria-label', 'Thème : Sombre');

    await page.reload();
    await expect(page.getByTestId('welcome')).toHaveText('Bienvenue, Super');
    await expect(page.locator('html')).toHaveAttribute('lang', 'fr');
    await expect(page.getByTestId('theme-switcher')).toHaveAttribute('aria-label', 'Thème : Sombre');
    const root = await readRoot(page);
    expect(root?.version).toBe(1);
    expect(root?.state.language).toBe('fr');
    expect(root?.state.theme).toBe('dark');
    const background = await page.evaluate(() => getComputedStyle(document.body).backgroundColor);
    expect(background).toBe('rgb(14, 21, 18)');
  });

  test('a 401 from the API sends the user through sign-out to sign-in', async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();

    // Revoke the session behind the app's back, then let the app make an authenticated call.
    const status = await page.evaluate(async (key) => {
      const root = JSON.parse(window.localStorage.getItem(key) ?? '{}') as PersistedRoot;
      const response = await fetch('/api/auth/logout', {
        method: 'POST',
        headers: {
          authorization: `Bearer ${root.state.session?.accessToken ?? ''}`,
          'content-type': 'application/json',
        },
        body: '{}',
      });
      return response.status;
    }, ROOT_KEY);
    expect(status).toBe(200);

    const signOutSeen = page.waitForURL(/\/auth\/sign-out/);
    await page.reload();
    await signOutSeen;
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectUrl=%2F/);
    await expect(page.getByRole('button', { name: 'Sign in' })).toBeVisible();
    expect((await readRoot(page))?.state.session ?? null).toBeNull();
  });

  test('sign out clears the persisted state', async ({ page }) => {
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
    expect((await readRoot(page))?.state.session).not.toBeNull();

    await page.getByTestId('user-menu').click();
    await page.getByTestId('sign-out').click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    expect(await readRoot(page)).toBeNull();

    await page.goto('/');
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectUrl=%2F/);
  });

  test('unknown pages say so, plain when signed out and inside the shell when signed in', async ({
    page,
  }) => {
    const notFound = page.getByText("We couldn't find that page. Please check the URL and try again.");
    await page.goto('/no/such/page');
    await expect(notFound).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toHaveCount(0);
    await expect(page.getByTestId('user-menu')).toHaveCount(0);

    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.goto('/no/such/page');
    await expect(notFound).toBeVisible();
    await expect(page.getByRole('navigation', { name: 'Main navigation' })).toBeVisible();
    await expect(page.getByTestId('user-menu')).toBeVisible();
    await expect(page).toHaveURL('/no/such/page');
  });

  test('the dev mailbox page is for a signed-in super admin', async ({ page }) => {
    await page.goto('/dev/mailbox');
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectUrl=%2Fdev%2Fmailbox/);
    await signIn(page, E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD);
    await expect(page.getByTestId('welcome')).toBeVisible();
    await page.goto('/dev/mailbox');
    await expect(page.getByRole('heading', { name: 'Development mailbox' })).toBeVisible();
    await expect(page.getByText(/^To: /).first().or(page.getByText('No emails yet.'))).toBeVisible();
  });

  test('forgot password: the emailed link sets a new password that signs in', async ({ page, request }) => {
    const newPassword = `Fresh-Passw0rd-${Date.now()}!`;
    await page.goto('/auth/sign-in');
    await page.getByRole('link', { name: 'Forgot password?' }).click();
    await expect(page).toHaveURL('/auth/forgot-password');
    // The address changes first; the sign-in page, whose email field has the same label, stays until
    // the forgot-password page's code has loaded.
    await expect(page.getByRole('heading', { name: 'Reset your password' })).toBeVisible();
    await page.getByLabel('Email address').fill(DEMO_MEMBER_EMAIL);
    await page.getByRole('button', { name: 'Send reset link' }).click();
    await expect(page.getByTestId('reset-requested')).toContainText(DEMO_MEMBER_EMAIL);

    let link: string | undefined;
    await expect
      .poll(async () => {
        const mail = (await readMailbox(request)).filter((m) => m.to.includes(DEMO_MEMBER_EMAIL)).at(-1);
        link = /https?:\/\/\S+\/auth\/reset-password\?token=[^\s"<]+/.exec(mail?.text ?? '')?.[0];
        return link;
      })
      .toBeTruthy();

    const url = new URL(link!);
    await page.goto(`${url.pathname}${url.search}`);
    await page.getByLabel('New password', { exact: true }).fill('weak');
    await page.getByLabel('Confirm new password').fill('weak');
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(
      page.getByText('Include 12 characters, upper and lowercase letters, numbers, and special symbols'),
    ).toBeVisible();
    await page.getByLabel('New password', { exact: true }).fill(newPassword);
    await page.getByLabel('Confirm new password').fill(newPassword);
    await page.getByRole('button', { name: 'Set new password' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in$/);
    await expect(page.getByText('Your password has been changed.', { exact: false })).toBeVisible();

    await signIn(page, DEMO_MEMBER_EMAIL, newPassword);
    await expect(page.getByTestId('welcome')).toHaveText('Welcome, Milo');
    await expect(page.getByTestId('profile-company')).not.toBeEmpty();
  });
});
