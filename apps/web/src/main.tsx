import '@/lib/zod-config';
import { isFailedImport, reloadForNewBuild, showLoadFailure } from '@/lib/stale-build';
import { inSteps, nextTask } from '@/lib/steps';

/*
 * Under a page written out at build time (sign-in, sign-up), the app's code is evaluated in steps,
 * one task each, instead of all at once: evaluating it in one piece held a phone's main thread for a
 * third of a second or more while the page was already on screen, and nothing the person did could be
 * answered until it ended. Every step's files are fetched at once (the build links them as module
 * preloads in index.html: see vite.config.ts), so the steps wait on nothing but each other; between
 * two steps the browser handles input and paints. Other pages show nothing until the app renders, so
 * there the code is evaluated at once and the page's own code is asked for sooner.
 */
const BOOT_STEPS = [
  () => import('@/lib/i18n'),
  () => import('@/app/boot/react-dom'),
  () => import('@/app/provider'),
  () => import('@/app/router'),
] as const;

/** Resolves once the browser has painted the page (in a tab in the background, once it is shown). */
const afterPaint = () =>
  new Promise<void>((resolve) => requestAnimationFrame(() => void nextTask().then(resolve)));

async function boot(): Promise<void> {
  const container = document.getElementById('root');
  if (!container) throw new Error('The page has no #root element');
  const steps = container.dataset.prerendered === undefined ? [] : BOOT_STEPS;
  // The written-out page is painted before any step runs.
  if (steps.length > 0) await afterPaint();
  await inSteps(steps);
  const { startApp } = await import('@/app/start');
  startApp(container);
}

/*
 * A step's file that fails to load was most likely removed by a deploy after this page was sent: the
 * page is loaded anew, which brings the new build's (src/lib/stale-build.ts). Nothing has been typed
 * yet: a written-out page's fields are disabled until the app takes it over. When loading fails again
 * so soon (the network, not a deploy), the written-out page says it could not load.
 */
boot().catch((error: unknown) => {
  if (isFailedImport(error) && (reloadForNewBuild() || showLoadFailure())) return;
  throw error;
});
