import { readFileSync } from 'node:fs';
import { createServer, type Server } from 'node:http';
import type { Socket } from 'node:net';
import { expect, test, type Page } from '@playwright/test';
import { extractText, getDocumentProxy } from 'unpdf';
import { COMPANY_PASSWORD as PASSWORD, companyAccount } from './accounts.ts';
import { expectNoSeriousViolations, expectNoSidewaysScroll } from './page-checks.ts';

const PORT = Number(process.env.E2E_PORT ?? 3210);
/** Allowed for the scanner in playwright.config.ts (SCANNER_ALLOWED_HOSTS). */
const SLOW_SITE_PORT = PORT + 2;
const DEMO_SITE = `http://localhost:${PORT}/demo-site/`;

async function signIn(page: Page, email: string) {
  await page.goto('/auth/sign-in');
  await page.getByLabel('Email address').fill(email);
  await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
  await page.getByRole('button', { name: 'Sign in' }).click();
  await expect(page.getByTestId('welcome')).toBeVisible();
}

/** Keeps every text the progress notice showed: a scan of the demo site may end within a second. */
async function recordProgressNotices(page: Page) {
  await page.addInitScript(() => {
    const seen: string[] = [];
    (window as unknown as { scanProgressSeen: string[] }).scanProgressSeen = seen;
    new MutationObserver(() => {
      for (const node of document.querySelectorAll('[data-testid="scan-progress"]')) {
        const bar = node.querySelector('[role="progressbar"]');
        const text = `${node.textContent ?? ''}|bar:${bar?.getAttribute('aria-valuenow') ?? 'indeterminate'}`;
        if (seen.at(-1) !== text) seen.push(text);
      }
    }).observe(document, { childList: true, subtree: true, characterData: true, attributes: true });
  });
}

async function startScan(page: Page, url: string) {
  await page.getByLabel('Website URL').fill(url);
  await page.getByRole('button', { name: 'Scan' }).click();
}

test.describe('webcrawler', () => {
  test('scans the demo site: progress notice, success notice, View, the report, review and the exported PDF', async ({
    page,
    request,
  }) => {
    const account = await companyAccount(request, 'Pro');
    await recordProgressNotices(page);
    await signIn(page, account.email);
    await page.getByTestId('nav-webcrawler').click();
    await expect(page).toHaveURL(/\/webcrawler$/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webcrawler' })).toBeVisible();
    await expect(page.getByText('No scans yet. Add your website above to start one.')).toBeVisible();

    await startScan(page, DEMO_SITE);
    const success = page.getByTestId('scan-success');
    await expect(success).toContainText('Webcrawler ran successfully', { timeout: 45_000 });
    await expect(success).toContainText(`Scan completed! (${account.companyName})`);
    const seen = await page.evaluate(
      () => (window as unknown as { scanProgressSeen: string[] }).scanProgressSeen,
    );
    expect(seen.join('\n')).toContain(`${account.companyName} is scanning`);
    expect(seen.join('\n')).toContain('You will be notified upon completion. Press X to close.');
    // The field is emptied and ticked once the scan started (spec 3 §4 "Scanner form").
    await expect(page.getByTestId('url-ok')).toBeVisible();

    // The list reloads when the job is done; Recent holds the latest check.
    const row = page.getByTestId('scan-list-recent').getByTestId('scan-row');
    await expect(row).toHaveCount(1);
    await expect(row.getByTestId('scan-row-banner')).toContainText(
      /Scan has identified \d+ potential issue\(s\)!/,
    );
    await expect(row.getByRole('link', { name: new RegExp(DEMO_SITE) })).toHaveAttribute('target', '_blank');
    await expect(page.getByTestId('findings-chart')).toBeVisible();

    await success.getByRole('button', { name: 'View' }).click();
    await expect(success).toHaveCount(0);
    const dialog = page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' });
    await expect(dialog).toBeVisible();
    await expect(dialog.getByText('Independent webcrawler scan')).toBeVisible();
    await expect(dialog.getByTestId('report-company')).toHaveText(account.companyName);
    await expect(dialog.getByTestId('report-summary')).toContainText(
      /Scan has identified \d+ potential issue\(s\)!/,
    );
    await expect(dialog.getByTestId('product-comparison')).toBeVisible();
    const issues = dialog.getByTestId('issue-row');
    expect(await issues.count()).toBeGreaterThan(1);
    await expect(issues.first().getByTestId('finding-hint')).toContainText('How to fix:');
    await expect(dialog.getByText(/cures anxiety/i).first()).toBeVisible();
    // The pages the start page links to are read too (robots.txt keeps search engines, not the app's
    // own scanner, out of the demo site): a product page's claim and the one without the FDA disclaimer.
    await expect(dialog.getByText('FDA approved for daily use.')).toBeVisible();
    await expect(dialog.getByText('Product page without the FDA disclaimer')).toBeVisible();
    await expectNoSeriousViolations(page, 'report dialog');

    const first = issues.first();
    await first.getByLabel('Reviewed').check();
    await expect(page.getByText('The finding was updated')).toBeVisible();
    await expect(first.getByLabel('Reviewed')).toBeChecked();

    const [download] = await Promise.all([
      page.waitForEvent('download'),
      dialog.getByTestId('report-export').click(),
    ]);
    expect(download.suggestedFilename()).toBe('Website Compliance Report.pdf');
    const bytes = readFileSync(await download.path());
    expect(bytes.subarray(0, 5).toString('latin1')).toBe('%PDF-');
    const pdf = await getDocumentProxy(new Uint8Array(bytes));
    const { text } = await extractText(pdf, { mergePages: true });
    expect(text).toContain('Website Compliance Report');
    expect(text).toContain(account.companyName);
    // The evidence column is narrower beside a snapshot: the quote may wrap.
    expect(text).toMatch(/cures\s+anxiety/i);

    // The report is also reachable from the row, and its address survives a reload.
    await dialog.getByRole('button', { name: 'Close' }).click();
    await row.getByTestId('scan-row-view').click();
    await expect(page).toHaveURL(/\/webcrawler\?view=\d+$/);
    await page.reload();
    await expect(page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' })).toBeVisible();
  });

  test('opened by its address: written out first, then every part, each first answer asked for once', async ({
    page,
    request,
  }) => {
    const account = await companyAccount(request, 'Pro');
    await signIn(page, account.email);
    const asked: string[] = [];
    page.on('request', (sent) => {
      const url = new URL(sent.url());
      if (url.pathname.startsWith('/api/')) asked.push(`${sent.method()} ${url.pathname}`);
    });
    const response = await page.goto('/webcrawler');
    expect(await response?.text()).toContain('data-prerendered="/webcrawler"');
    await expect(page.getByRole('heading', { level: 1, name: 'Webcrawler' })).toBeVisible();
    await expect(page.getByLabel('Website URL')).toBeEnabled();
    await expect(page.getByText('No scans yet. Add your website above to start one.')).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Product scan' })).toBeVisible();
    await expect(page.getByRole('heading', { name: 'Websites and weekly re-scans' })).toBeVisible();
    await expect(page.getByTestId('live-status')).toHaveAttribute('data-connected', 'true');
    await page.waitForTimeout(1000);
    // The shell's and the screen's first requests go out before the first render; the screen's
    // hooks find them, so none is sent twice.
    for (const call of [
      'GET /api/siteTemplate/branding',
      'GET /api/system/systemStatus',
      'POST /api/general/generalInfo',
      'POST /api/subscription/companySubscriptionListing',
      'POST /api/user/getMyProfile',
      'POST /api/webcrawler/violationCheckListing',
      'GET /api/webcrawler/scanProduct/histories',
      'GET /api/webcrawler/websites',
    ]) {
      expect(
        asked.filter((sent) => sent === call),
        call,
      ).toHaveLength(1);
    }
    expect(new Set(asked).size, asked.join('\n')).toBe(asked.length);
  });

  test('the crawler link from sign-up lands on a prefilled scanner form after sign-in', async ({
    page,
    request,
  }) => {
    const account = await companyAccount(request);
    await page.goto(`/webcrawler/iframe?isVideo=1&data=${encodeURIComponent(DEMO_SITE)}`);
    await page.getByRole('button', { name: 'Scan' }).click();
    await expect(page).toHaveURL(/\/auth\/sign-in\?redirectUrl=/);
    await page.getByLabel('Email address').fill(account.email);
    await page.getByLabel('Password', { exact: true }).fill(PASSWORD);
    await page.getByRole('button', { name: 'Sign in' }).click();
    await expect(page).toHaveURL(/\/webcrawler\?url=/);
    await expect(page.getByRole('heading', { level: 1, name: 'Webcrawler' })).toBeVisible();
    await expect(page.getByLabel('Website URL')).toHaveValue(DEMO_SITE);
    await expect(page.getByLabel('Video Analysis (Scan may take longer if enabled)')).toBeChecked();
    await expect(page.getByRole('button', { name: 'Scan' })).toBeEnabled();
  });

  test('a company whose plan does not allow issues sees the blur and the upgrade banner', async ({
    page,
    request,
  }) => {
    const account = await companyAccount(request);
    await signIn(page, account.email);
    await page.goto('/webcrawler');
    await startScan(page, DEMO_SITE);
    const success = page.getByTestId('scan-success');
    await expect(success).toBeVisible({ timeout: 45_000 });
    // The page takes in the finished scan (its row above the websites) before the switch is pressed.
    await expect(page.getByTestId('scan-list-recent').getByTestId('scan-row')).toHaveCount(1);
    // The scan added its website; its weekly re-scan is a plan feature this company lacks.
    const website = page
      .getByTestId('website-row')
      .filter({ hasText: DEMO_SITE.replace(/demo-site\/$/, '') });
    await expect(website.getByLabel('Weekly re-scan')).not.toBeChecked();
    await website.getByLabel('Weekly re-scan').click();
    await expect(page.getByTestId('website-error')).toContainText(
      'Your subscription does not include scheduled re-scans.',
    );
    await expect(website.getByLabel('Weekly re-scan')).not.toBeChecked();
    await success.getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' });
    await expect(dialog.getByTestId('issues-blurred')).toBeVisible();
    await expect(dialog.getByTestId('report-summary')).toContainText(
      /Scan has identified \d+ potential issue/,
    );
    await expect(dialog.getByTestId('issue-row')).toHaveCount(0);
    await expect(dialog.getByTestId('report-export')).toHaveCount(0);
    await expectNoSeriousViolations(page, 'report dialog without issue access');
    await dialog
      .getByRole('button', {
        name: 'Upgrade subscription! Your subscription does not allow you to view the issues! Click here to upgrade!',
      })
      .click();
    await expect(page).toHaveURL(/\/account\/subscription\?paywall=1$/);
    await expect(page.getByTestId('paywall')).toBeVisible();
  });

  test('cancel stops a running scan and says "Webcrawler is cancelled"; the notice survives a reload', async ({
    page,
    request,
  }) => {
    // A site whose second page never answers, so the scan is still running when Cancel is pressed.
    const sockets = new Set<Socket>();
    const slowSite: Server = createServer((req, res) => {
      if (req.url === '/' || req.url === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end('<!doctype html><title>Slow</title><a href="/slow.html">Slow page</a>');
      } else if (req.url === '/robots.txt' || req.url === '/sitemap.xml') {
        res.writeHead(404).end();
      }
      // Anything else hangs until the test closes the server.
    });
    slowSite.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => slowSite.listen(SLOW_SITE_PORT, '127.0.0.1', resolve));
    try {
      const account = await companyAccount(request);
      await signIn(page, account.email);
      await page.goto('/webcrawler');
      await startScan(page, `http://localhost:${SLOW_SITE_PORT}/`);
      const progress = page.getByTestId('scan-progress');
      await expect(progress).toContainText(`${account.companyName} is scanning`);
      await page.reload();
      await expect(progress).toBeVisible();
      await progress.getByRole('button', { name: 'Cancel' }).click();
      const cancelled = page.getByTestId('scan-cancelled');
      await expect(cancelled).toContainText('Webcrawler is cancelled', { timeout: 20_000 });
      await cancelled.getByRole('button', { name: 'Close' }).click();
      await expect(cancelled).toHaveCount(0);
      await page.reload();
      await expect(page.getByTestId('scan-cancelled')).toHaveCount(0);
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => slowSite.close(resolve));
    }
  });

  test('a re-scan marks the finding that is new since the last scan and lists the resolved one', async ({
    page,
    request,
  }) => {
    // A one-page site whose claims the test changes between the two scans.
    let claims = ['Every bottle is clinically proven to work.', 'Our CBD oil cures anxiety.'];
    const sockets = new Set<Socket>();
    const site: Server = createServer((req, res) => {
      if (req.url === '/' || req.url === '/index.html') {
        res.writeHead(200, { 'content-type': 'text/html' });
        res.end(
          `<!doctype html><html lang="en"><title>Meadow</title><body>${claims.map((c) => `<p>${c}</p>`).join('')}</body></html>`,
        );
      } else {
        res.writeHead(404).end();
      }
    });
    site.on('connection', (socket) => sockets.add(socket));
    await new Promise<void>((resolve) => site.listen(SLOW_SITE_PORT, '127.0.0.1', resolve));
    try {
      const account = await companyAccount(request, 'Pro');
      await signIn(page, account.email);
      await page.goto('/webcrawler');
      const url = `http://localhost:${SLOW_SITE_PORT}/`;
      await startScan(page, url);
      const success = page.getByTestId('scan-success');
      await expect(success).toBeVisible({ timeout: 45_000 });
      await success.getByRole('button', { name: 'Close' }).click();
      await expect(success).toHaveCount(0);

      claims = ['Every bottle is clinically proven to work.', 'Our hemp balm heals arthritis overnight.'];
      await startScan(page, url);
      await expect(success).toBeVisible({ timeout: 45_000 });
      await success.getByRole('button', { name: 'View' }).click();
      const dialog = page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' });
      const fresh = dialog.getByTestId('issue-row').filter({ hasText: 'heals arthritis' });
      await expect(fresh.getByTestId('finding-new')).toHaveText('New since last scan');
      const kept = dialog.getByTestId('issue-row').filter({ hasText: 'clinically proven' });
      await expect(kept).toHaveCount(1);
      await expect(kept.getByTestId('finding-new')).toHaveCount(0);
      await expect(dialog.getByRole('heading', { name: 'Resolved since the last scan' })).toBeVisible();
      await expect(dialog.getByTestId('resolved-list').getByRole('listitem')).toHaveCount(1);
      await expect(dialog.getByTestId('issue-row').filter({ hasText: 'cures anxiety' })).toHaveCount(0);
      await expectNoSeriousViolations(page, 'report of a re-scan');
    } finally {
      for (const socket of sockets) socket.destroy();
      await new Promise((resolve) => site.close(resolve));
    }
  });

  test('at 360 px: a product scan opens its comparison, and the weekly re-scan of a website switches off', async ({
    page,
    request,
  }) => {
    await page.setViewportSize({ width: 360, height: 800 });
    const account = await companyAccount(request, 'Pro');
    await signIn(page, account.email);
    await page.goto('/webcrawler');
    await expect(page.getByText('No product scans yet.')).toBeVisible();
    await expect(page.getByText('No websites yet. A scan adds its website here.')).toBeVisible();

    await page.getByLabel('Website to compare').fill(DEMO_SITE);
    await page.getByRole('button', { name: 'Compare products' }).click();
    const task = page.getByTestId('product-scan-row');
    await expect(task).toHaveAttribute('data-status', 'completed', { timeout: 45_000 });
    await expect(task).toContainText('Completed');

    const website = page.getByTestId('website-row');
    await expect(website).toHaveCount(1);
    await expect(website.getByLabel('Weekly re-scan')).toBeChecked();
    await expect(website).toContainText('Last scan:');
    await expectNoSeriousViolations(page, 'product scans and websites at 360 px');
    for (const id of ['product-scan-list', 'website-list']) {
      const box = page.getByTestId(id);
      const overflow = await box.evaluate((node) => node.scrollWidth - node.clientWidth);
      expect(overflow, `${id} scrolls sideways`).toBeLessThanOrEqual(0);
      const right = await box.evaluate((node) => node.getBoundingClientRect().right);
      expect(right, `${id} ends inside the screen`).toBeLessThanOrEqual(360);
    }

    await website.getByLabel('Weekly re-scan').click();
    await expect(page.getByText('The website was saved')).toBeVisible();
    await expect(website.getByLabel('Weekly re-scan')).not.toBeChecked();
    await page.reload();
    await expect(page.getByTestId('website-row').getByLabel('Weekly re-scan')).not.toBeChecked();

    await page.getByTestId('product-scan-row').getByRole('button', { name: 'View' }).click();
    const dialog = page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' });
    await expect(dialog.getByTestId('product-comparison')).toBeVisible();
  });

  for (const width of [360, 1280]) {
    test(`the scanner page and its report pass axe at ${width} px`, async ({ page, request }) => {
      await page.setViewportSize({ width, height: 800 });
      const account = await companyAccount(request, 'Pro');
      await signIn(page, account.email);
      await page.goto('/webcrawler');
      await expectNoSeriousViolations(page, `scanner page at ${width} px`);
      await startScan(page, DEMO_SITE);
      const success = page.getByTestId('scan-success');
      await expect(success).toBeVisible({ timeout: 45_000 });
      await expect(page.getByTestId('scan-row')).toHaveCount(1);
      await page.getByRole('tab', { name: 'History' }).click();
      await expect(page.getByTestId('scan-list-history').getByTestId('scan-row')).toHaveCount(1);
      await expectNoSeriousViolations(page, `scanner page with a scan at ${width} px`);
      await expectNoSidewaysScroll(page, `scanner page with a scan at ${width} px`);
      await success.getByRole('button', { name: 'View' }).click();
      await expect(page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' })).toBeVisible();
      await expect(page.getByTestId('issue-row').first()).toBeVisible();
      if (width < 600) {
        // On a phone each finding is a card as wide as the report: its snapshot and evidence are not
        // off screen to the side of a table.
        await expect(page.getByTestId('issues-table')).toHaveCount(0);
        const card = (await page.getByTestId('issue-row').first().boundingBox())!;
        expect(card.x + card.width).toBeLessThanOrEqual(width);
      } else {
        // The issues are read by scrolling the report itself: their table is not squeezed into a box
        // of its own (at 360 px it was a few pixels high, the issues out of reach).
        const hiddenInTable = await page
          .getByTestId('issues-table')
          .evaluate((table) => table.parentElement!.scrollHeight - table.parentElement!.clientHeight);
        expect(hiddenInTable).toBeLessThanOrEqual(1);
      }
      // The title has the header's width beside the logo and Close (Export is not squeezed beside it).
      const report = page.getByRole('dialog', { name: 'Trustleaf Website Compliance Report' });
      const titleWidth = (await report.getByRole('heading', { level: 2 }).first().boundingBox())!.width;
      if (width < 600) expect(titleWidth).toBeGreaterThan(width - 140);
      await expectNoSeriousViolations(page, `report at ${width} px`);
    });
  }
});
