import { existsSync } from 'node:fs';
import { mkdir, writeFile } from 'node:fs/promises';
import { createHash } from 'node:crypto';
import path from 'node:path';
import type { Browser, BrowserContext, Page, Route } from 'playwright-core';
import { request } from 'undici';
import type { Dispatcher } from 'undici';
import type { PageContent } from './extract.ts';
import { USER_AGENT } from './http.ts';

export const DEFAULT_CHROME_PATH = '/usr/bin/chromium';
export const CHROME_ARGS = [
  '--headless',
  '--no-sandbox',
  '--disable-gpu',
  '--disable-quic',
  '--no-first-run',
  '--disable-background-networking',
  '--disable-component-update',
  '--disable-sync',
];

/** Visible text below this many characters, with scripts loaded, makes a page worth rendering. */
export const RENDER_TEXT_THRESHOLD = 200;

/**
 * Whether a page is read as the browser shows it: always with `render: true`, never with false, else
 * when scripts build its text.
 */
export function wantsRender(content: PageContent, render: boolean | undefined): boolean {
  if (render === true) return true;
  if (!content.loadsScripts) return false;
  let length = 0;
  for (const block of content.blocks) length += block.length;
  return length < RENDER_TEXT_THRESHOLD;
}

export interface RendererOptions {
  /** Chromium's executable (default: CHROME_PATH, else /usr/bin/chromium). */
  chromePath?: string;
  /** A browser the caller launched and closes (several scans in turn); absent: the renderer's own. */
  browser?: ScanBrowser;
  /** Pages rendering at once (default 4). */
  concurrency?: number;
  /** Every request the browser makes goes through this dispatcher: the scanner's SSRF-guarded agent. */
  dispatcher: Dispatcher;
  timeoutMs: number;
  /** Bytes read per resource the browser asks for; a larger one is refused. */
  maxBytes: number;
  signal?: AbortSignal;
  onWarning: (message: string) => void;
}

/**
 * Headless Chromium shared by several scans (a scan job's crawl and the pages it renders again for
 * snapshots): launched on the first page that needs it, never again, and closed by its owner's
 * close(). Each scan renders in a context of its own, closed when the scan ends.
 */
export interface ScanBrowser {
  /** The running browser, or why there is none (missing or failed executable, closed). */
  get(): Promise<{ browser: Browser } | { warning: string }>;
  close(): Promise<void>;
}

/** A ScanBrowser for the executable (default: CHROME_PATH, else /usr/bin/chromium); nothing starts yet. */
export function launchBrowser(chromePath?: string): ScanBrowser {
  const executablePath = chromePath ?? process.env.CHROME_PATH ?? DEFAULT_CHROME_PATH;
  let launched: Promise<{ browser: Browser } | { warning: string }> | undefined;
  let closed = false;
  return {
    get() {
      if (closed) return Promise.resolve({ warning: 'Chromium was closed: pages are read as served' });
      launched ??= (async () => {
        if (!existsSync(executablePath)) {
          return {
            warning: `Chromium not found at ${executablePath}: pages built by scripts are read as served (set CHROME_PATH or --chrome-path)`,
          };
        }
        try {
          const { chromium } = await import('playwright-core');
          const browser = await chromium.launch({ executablePath, args: CHROME_ARGS, timeout: 30_000 });
          return { browser };
        } catch (err) {
          return {
            warning: `Chromium at ${executablePath} could not be started (${(err as Error).message.split('\n')[0]}): pages built by scripts are read as served`,
          };
        }
      })();
      return launched;
    },
    async close() {
      closed = true;
      const started = await launched;
      if (started && 'browser' in started) await started.browser.close().catch(() => {});
    },
  };
}

/** A rendered page, open until release() so that snapshots can be taken of it. */
export interface RenderedPage {
  /** The DOM after scripts ran, serialised. */
  html: string;
  /** Requests the guard refused (their URLs). */
  refused: string[];
  /** Writes a PNG of the region around `sentence`, highlighted; false when it is not on the page. */
  snapshot(sentence: string, file: string): Promise<boolean>;
  release(): Promise<void>;
}

const HOP_HEADERS = new Set([
  'host',
  'connection',
  'keep-alive',
  'transfer-encoding',
  'content-length',
  'content-encoding',
  'accept-encoding',
  'upgrade',
  'proxy-connection',
  'te',
  'trailer',
]);

/**
 * Headless Chromium for pages whose text scripts build. One browser for a scan (or the caller's
 * shared one), used from the first page that needs it until close(); at most `concurrency` pages open
 * at once. The browser never
 * reaches the network itself: every request it makes is intercepted and made by the scanner through its
 * SSRF-guarded dispatcher (refused ones are aborted), and answered with what came back.
 */
export class PageRenderer {
  private readonly options: RendererOptions;
  private context: Promise<BrowserContext | undefined> | undefined;
  /** The browser launched for this renderer alone (no shared one given). */
  private own: ScanBrowser | undefined;
  private active = 0;
  private readonly waiting: Array<() => void> = [];
  private readonly concurrency: number;

  constructor(options: RendererOptions) {
    this.options = options;
    this.concurrency = Math.max(1, options.concurrency ?? 4);
  }

  private start() {
    this.context ??= (async () => {
      const shared = this.options.browser ?? (this.own = launchBrowser(this.options.chromePath));
      const started = await shared.get();
      if ('warning' in started) {
        this.options.onWarning(started.warning);
        return undefined;
      }
      try {
        return await started.browser.newContext({
          userAgent: USER_AGENT,
          serviceWorkers: 'block',
          viewport: { width: 1280, height: 900 },
        });
      } catch (err) {
        this.options.onWarning(
          `Chromium could not open a page (${(err as Error).message.split('\n')[0]}): pages built by scripts are read as served`,
        );
        return undefined;
      }
    })();
    return this.context;
  }

  private async acquire(): Promise<void> {
    if (this.active < this.concurrency) {
      this.active++;
      return;
    }
    await new Promise<void>((resolve) => this.waiting.push(resolve));
  }

  private releaseSlot(): void {
    const next = this.waiting.shift();
    if (next) next();
    else this.active--;
  }

  /**
   * Renders a page whose HTML was already fetched (served to the browser as is, not fetched again).
   * Undefined when no browser could be started or the page could not be rendered.
   */
  async render(url: string, html: string, contentType: string): Promise<RenderedPage | undefined> {
    const context = await this.start();
    if (!context) return undefined;
    await this.acquire();
    let page: Page | undefined;
    try {
      page = await context.newPage();
      const refused: string[] = [];
      let documentServed = false;
      await page.routeWebSocket(/.*/, (ws) => ws.close());
      await page.route('**/*', (route) => {
        const req = route.request();
        if (!documentServed && req.isNavigationRequest() && req.url() === url) {
          documentServed = true;
          return route.fulfill({ status: 200, contentType: contentType || 'text/html', body: html });
        }
        return this.forward(route, refused);
      });
      page.setDefaultTimeout(this.options.timeoutMs);
      await page.goto(url, { waitUntil: 'load', timeout: this.options.timeoutMs });
      // Scripts that fetch their text after load: wait for the network to go quiet, briefly.
      await page
        .waitForLoadState('networkidle', { timeout: Math.min(5_000, this.options.timeoutMs) })
        .catch(() => {});
      const rendered = await page.content();
      const open = page;
      return {
        html: rendered,
        refused,
        snapshot: (sentence, file) => snapshotSentence(open, sentence, file),
        release: async () => {
          await open.close().catch(() => {});
          this.releaseSlot();
        },
      };
    } catch {
      await page?.close().catch(() => {});
      this.releaseSlot();
      return undefined;
    }
  }

  /** Makes the browser's request through the guarded dispatcher; a refused or failed one is aborted. */
  private async forward(route: Route, refused: string[]): Promise<void> {
    const req = route.request();
    const target = req.url();
    if (target.startsWith('data:') || target.startsWith('blob:')) return route.continue();
    let protocol: string;
    try {
      protocol = new URL(target).protocol;
    } catch {
      return route.abort('blockedbyclient');
    }
    if (protocol !== 'http:' && protocol !== 'https:') {
      refused.push(target);
      return route.abort('blockedbyclient');
    }
    const headers: Record<string, string> = {};
    for (const [name, value] of Object.entries(req.headers())) {
      if (!HOP_HEADERS.has(name.toLowerCase())) headers[name] = value;
    }
    headers['accept-encoding'] = 'identity';
    const controller = new AbortController();
    const timer = setTimeout(() => controller.abort(), this.options.timeoutMs);
    const outer = this.options.signal;
    const onAbort = () => controller.abort();
    outer?.addEventListener('abort', onAbort, { once: true });
    try {
      const method = req.method();
      const res = await request(target, {
        dispatcher: this.options.dispatcher,
        method,
        headers,
        body: method === 'GET' || method === 'HEAD' ? undefined : (req.postDataBuffer() ?? undefined),
        signal: controller.signal,
      });
      const chunks: Buffer[] = [];
      let size = 0;
      for await (const chunk of res.body as AsyncIterable<Buffer>) {
        size += chunk.length;
        if (size > this.options.maxBytes) {
          res.body.destroy();
          return await route.abort('blockedbyclient');
        }
        chunks.push(chunk);
      }
      const out: Record<string, string> = {};
      for (const [name, value] of Object.entries(res.headers)) {
        if (value === undefined || HOP_HEADERS.has(name)) continue;
        out[name] = Array.isArray(value) ? value.join(name === 'set-cookie' ? '\n' : ', ') : value;
      }
      // A redirect goes back to the browser, whose next hop is intercepted and checked like any request.
      await route.fulfill({ status: res.statusCode, headers: out, body: Buffer.concat(chunks) });
    } catch {
      refused.push(target);
      await route.abort('blockedbyclient').catch(() => {});
    } finally {
      clearTimeout(timer);
      outer?.removeEventListener('abort', onAbort);
    }
  }

  /** Closes the scan's pages; the browser too when it is the renderer's own. */
  async close(): Promise<void> {
    const context = await this.context;
    await context?.close().catch(() => {});
    await this.own?.close();
  }
}

/** The name of a snapshot file: one per page and sentence. */
export function snapshotFileName(dir: string, pageUrl: string, sentence: string): string {
  const hash = createHash('sha1').update(pageUrl).update('\u0000').update(sentence).digest('hex');
  return path.join(dir, `${hash.slice(0, 20)}.png`);
}

/**
 * The region a snapshot shows around its claim, in CSS px: at least MIN wide (a short claim keeps its
 * neighbouring lines), at most MAX, 16:9 (taller, up to 4:3, for a claim over several lines), with
 * PADDING around the claim, within the viewport.
 */
export const SNAPSHOT_CLIP = { minWidth: 400, maxWidth: 800, padding: 24 };

/**
 * Runs in the page (plain JavaScript: the scanner is typed without the DOM library). Finds `wanted` in
 * the body's visible text, whitespace collapsed as the extraction does, highlights it with the CSS Custom
 * Highlight API, scrolls it to the middle of the viewport and returns the region to photograph around it
 * (viewport coordinates; null when the text is absent or not laid out).
 */
const MARK_SENTENCE = `(wanted, clip) => {
  const nodes = [];
  let text = '';
  const walker = document.createTreeWalker(document.body, NodeFilter.SHOW_TEXT, {
    acceptNode: (node) => {
      const parent = node.parentElement;
      if (!parent || parent.closest('script,style,noscript,template,[hidden],[aria-hidden="true"]'))
        return NodeFilter.FILTER_REJECT;
      return NodeFilter.FILTER_ACCEPT;
    },
  });
  for (let node = walker.nextNode(); node; node = walker.nextNode()) {
    const data = node.data;
    for (let i = 0; i < data.length; i++) {
      const space = /\\s/.test(data[i]);
      if (space && (text.length === 0 || text.endsWith(' '))) continue;
      text += space ? ' ' : data[i];
      nodes.push({ node, offset: i });
    }
    if (!text.endsWith(' ')) {
      text += ' ';
      nodes.push({ node, offset: data.length });
    }
  }
  let at = text.indexOf(wanted);
  if (at < 0) at = text.toLowerCase().indexOf(wanted.toLowerCase());
  if (at < 0) return null;
  const first = nodes[at];
  const last = nodes[at + wanted.length - 1];
  const range = document.createRange();
  range.setStart(first.node, first.offset);
  range.setEnd(last.node, Math.min(last.offset + 1, last.node.data.length));
  const style = document.createElement('style');
  style.textContent =
    '::highlight(trustleaf-claim){background-color:#ffeb3b;color:#000;text-decoration:underline 2px #d32f2f}';
  document.head.append(style);
  if (globalThis.CSS && CSS.highlights && globalThis.Highlight) {
    CSS.highlights.clear();
    CSS.highlights.set('trustleaf-claim', new Highlight(range));
  }
  // Scrolls the claim's own box (not its whole block) into the middle: its scrolling ancestors by
  // its first element, then the window by the claim's rectangle.
  const holder = first.node.parentElement;
  if (holder) holder.scrollIntoView({ block: 'center', inline: 'center' });
  const viewW = document.documentElement.clientWidth || innerWidth;
  const viewH = document.documentElement.clientHeight || innerHeight;
  let claim = range.getBoundingClientRect();
  scrollBy(claim.left + claim.width / 2 - viewW / 2, claim.top + claim.height / 2 - viewH / 2);
  claim = range.getBoundingClientRect();
  if (claim.width === 0 || claim.height === 0) return null;
  const pad = clip.padding;
  const needW = claim.width + 2 * pad;
  const needH = claim.height + 2 * pad;
  let width = Math.min(Math.max(needW, clip.minWidth), clip.maxWidth);
  let height = (width * 9) / 16;
  if (needH > height) {
    // A claim over several lines: as tall as it needs, up to 4:3, wider where that is allowed.
    width = Math.min(Math.max(width, (needH * 16) / 9), clip.maxWidth);
    height = Math.min(needH, (width * 3) / 4);
  }
  width = Math.min(width, viewW);
  height = Math.min(height, viewH);
  // Centred on the claim; a claim larger than the region shows from its start.
  let x = needW > width ? claim.left - pad : claim.left + claim.width / 2 - width / 2;
  let y = needH > height ? claim.top - pad : claim.top + claim.height / 2 - height / 2;
  x = Math.max(0, Math.min(x, viewW - width));
  y = Math.max(0, Math.min(y, viewH - height));
  return { x: Math.round(x), y: Math.round(y), width: Math.round(width), height: Math.round(height) };
}`;

async function snapshotSentence(page: Page, sentence: string, file: string): Promise<boolean> {
  try {
    const clip = await page.evaluate<{ x: number; y: number; width: number; height: number } | null>(
      `(${MARK_SENTENCE})(${JSON.stringify(sentence)}, ${JSON.stringify(SNAPSHOT_CLIP)})`,
    );
    if (!clip) return false;
    await mkdir(path.dirname(file), { recursive: true });
    await writeFile(file, await page.screenshot({ type: 'png', animations: 'disabled', clip }));
    return true;
  } catch {
    return false;
  }
}
