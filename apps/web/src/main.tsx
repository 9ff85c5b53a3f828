import '@/lib/zod-config';
import { inSteps, nextTask } from '@/lib/steps';

/*
 * Under a page written out at build time (sign-in, sign-up, the signed-in frames), the app's code is
 * evaluated in steps, one task each, instead of all at once: evaluating it in one piece held a phone's
 * main thread for a third of a second or more while the page was already on screen, and nothing the
 * person did could be answered until it ended. Every step's files are fetched at once (the build links
 * them as module preloads: see vite.config.ts and scripts/prerender.mjs), so the steps wait on nothing
 * but each other; between two steps the browser handles input and paints. Other pages show nothing
 * until the app renders, so there the code is evaluated at once and the page's own code is asked for
 * sooner. The entry's own helpers are a chunk of their own (vite.config.ts), so that no step is
 * evaluated before the entry runs.
 */
const BOOT_STEPS = [
  () => import('@/lib/i18n'),
  () => import('@/app/boot/react-dom'),
  () => import('@/app/provider'),
  () => import('@/app/router'),
] as const;

/**
 * Under a written-out page, the files of its app one step each (scripts/prerender.mjs lists them in
 * `data-steps`, each after the files it imports, the entry's steps and the page's own): evaluating a
 * step's or a page's files in one piece held the main thread for as long as all of them took. Files
 * the page does not link yet are fetched at once, so that each step only waits for the one before it.
 */
function fileSteps(container: HTMLElement): (() => Promise<unknown>)[] {
  const files = container.dataset.steps?.split(' ').filter(Boolean) ?? [];
  // A file already linked is not fetched again (the browser keeps one copy of a module).
  for (const file of files)
    document.head.append(
      Object.assign(document.createElement('link'), { rel: 'modulepreload', href: `/${file}` }),
    );
  return files.map((file) => () => import(/* @vite-ignore */ `/${file}`));
}

/** Resolves once the browser has painted the page (in a tab in the background, once it is shown). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const written = container.dataset.prerendered !== undefined;
  // The written-out page is painted before any step runs.
  if (written) await afterPaint();
  await inSteps(written ? [...fileSteps(container), ...BOOT_STEPS] : []);
  const { startApp } = await import('@/app/start');
  startApp(container);
}

void boot();
