import { expect, test, type Page } from '@playwright/test';
import { E2E_ADMIN_EMAIL, E2E_ADMIN_PASSWORD } from './accounts.ts';

const ROOT_KEY = 'trustleaf';
/** A deep link with a query string (and an encoded `&` in a value) that must survive sign-in. */
const DEEP_LINK = '/admin/billing?tab=plans&note=a%26b';

async function storedAccessToken(page: Page): Promise<string | null> {
  return page.evaluate((key) => {
    const raw = window.localStorage.getItem(key);
    if (!raw) return null;
    const root = JSON.parse(raw) as { state: { session: { accessToken: string } | null } };
    return root.state.session?.accessToken ?? null;
  }, ROOT_KEY);
}

async function signIn(page: Page): Promise<void> {
  await page.getByLabel('Email address').fill(E2E_ADMIN_EMAIL);
  await page.getByLabel('Password', { exact: true }).fill(E2E_ADMIN_PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
}

for (const viewport of [
  { width: 360, height: 740 },
  { width: 1280, height: 800 },
]) {
  test.describe(`sessions at ${viewport.width}×${viewport.height}`, () => {
    test.use({ viewport });

    test('a session survives 20 minutes asleep: the expired access token is refreshed on wake', async ({
      page,
    }) => {
      // The page's clock stands in for the laptop's: it jumps ahead while no timer runs.
      await page.clock.install();
      await page.goto('/auth/sign-in');
      await signIn(page);
      await expect(page.getByTestId('welcome')).toBeVisible();
      const before = await storedAccessToken(page);
      expect(before).not.toBeNull();

      const refreshed = page.waitForResponse(
        (response) => response.url().endsWith('/api/auth/refreshAccessToken') && response.status() === 200,
      );
      await page.clock.fastForward('20:00');
      await page.evaluate(() => window.dispatchEvent(new Event('focus')));
      // The new pair is what the page keeps. (Issued within the same second as the sign-in, the
      // access token can read the same as before: its claims are the sign-in, user and times.)
      const { detail } = (await (await refreshed).json()) as { detail: { accessToken: string } };
      await expect.poll(() => storedAccessToken(page)).toBe(detail.accessToken);

      // Still signed in, here and after a reload; the new token works.
      await expect(page).toHaveURL('/');
      await expect(page.getByTestId('welcome')).toBeVisible();
      await page.reload();
      await expect(page.getByTestId('welcome')).toBeVisible();
      await expect(page).toHaveURL('/');
    });

    test('an ended session says why on the sign-in page and comes back to the deep link', async ({
      page,
      request,
    }) => {
      await page.goto(DEEP_LINK);
      await expect(page).toHaveURL(`/auth/sign-in?redirectUrl=${encodeURIComponent(DEEP_LINK)}`);
      await signIn(page);
      await expect(page).toHaveURL(DEEP_LINK);
      const token = await storedAccessToken(page);

      // The same sign-in is ended from elsewhere (another device signing it out).
      const logout = await request.post('/api/auth/logout', {
        headers: { authorization: `Bearer ${token ?? ''}` },
        data: {},
      });
      expect(logout.status()).toBe(200);

      // The next call gets a 401, the one refresh is refused, and the session ends with its reason.
      await page.reload();
      await expect(page).toHaveURL(/\/auth\/sign-in\?/);
      const url = new URL(page.url());
      expect(url.searchParams.get('redirectUrl')).toBe(DEEP_LINK);
      expect(url.searchParams.get('reason')).toBe('revoked');
      await expect(page.getByTestId('session-ended')).toHaveText(
        'You were signed out because this session was ended elsewhere. Please sign in again.',
      );
      expect(await storedAccessToken(page)).toBeNull();

      await signIn(page);
      await expect(page).toHaveURL(DEEP_LINK);
      await expect(page.getByTestId('user-menu')).toBeVisible();
    });
  });
}
