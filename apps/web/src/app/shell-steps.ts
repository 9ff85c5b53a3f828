import { paths } from '@/config/paths';

/**
 * Under a frame, the signed-in shell's largest libraries are evaluated one task each before the shell
 * itself, as src/main.tsx does for the app: evaluated in one piece with the shell, they held a phone's
 * main thread for a second while the frame was on screen, and nothing could be answered meanwhile.
 * Each import evaluates the chunk that carries the library (and what that chunk holds besides). A
 * module of its own, loaded only under a frame: the sign-in page's first load carries none of it.
 */
export const SHELL_STEPS = [
  () => import('zod'),
  // The shell's domain schemas, one chunk each (vite.config.ts): building them is a long task at once.
  () => import('@trustleaf/domain/schemas/common'),
  () => import('@trustleaf/domain/schemas/accounts'),
  () => import('@trustleaf/domain/schemas/card'),
  () => import('@trustleaf/domain/schemas/billing'),
  () => import('@trustleaf/domain/schemas/product'),
  () => import('@trustleaf/domain/schemas/webcrawler'),
  () => import('@trustleaf/domain/schemas/reference'),
  () => import('@trustleaf/domain/schemas/system'),
  () => import('@trustleaf/domain/schemas/admin'),
  () => import('@trustleaf/domain/schemas/document'),
  // The phone rule, with the part of libphonenumber-js it uses (the package's index is much more).
  () => import('@trustleaf/domain/rules/phone'),
  () => import('@mui/material/Tooltip'),
  () => import('@mui/material/Menu'),
  () => import('notistack'),
] as const;

/** How long a signed-in page under its frame waits for the shell's first answers before it renders. */
const FIRST_ANSWERS_WAIT_MS = 2000;

/** A page's own first requests, sent beside the shell's (each with its hooks' options). */
const PAGE_REQUESTS: Partial<Record<string, () => Promise<unknown>>> = {
  [paths.webcrawler.path]: () =>
    import('@/app/routes/app/webcrawler').then((page) => page.webcrawlerRequests()),
};

/**
 * Under a frame, the first answers of the shell and the page before the first render, awaited a
 * while: the frame stays on screen meanwhile (see `shellRequests`). Never fails: the page renders
 * either way, and its hooks ask again for what did not come.
 */
export async function firstAnswers(path: string): Promise<void> {
  const answers = import('@/app/routes/app/app-root').then(({ shellRequests }) =>
    Promise.all([shellRequests(), PAGE_REQUESTS[path]?.()]),
  );
  await Promise.race([
    answers.catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FIRST_ANSWERS_WAIT_MS)),
  ]);
}
