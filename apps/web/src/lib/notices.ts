import type { OptionsObject, SnackbarMessage } from 'notistack';

let hostMounted: () => void = () => undefined;
const hostReady = new Promise<void>((resolve) => {
  hostMounted = resolve;
});

/** Called by the notice host (components/layouts/notice-host) once it is on the page. */
export function noticeHostMounted(): void {
  hostMounted();
}

/**
 * Shows a notice from code on the sign-in page's first load (the API client). notistack loads with
 * the layouts' notice host, after the first render, so it stays out of that page's initial
 * JavaScript; a notice asked for earlier waits for the host. Lazy screens call notistack directly.
 */
export function notify(message: SnackbarMessage, options?: OptionsObject): void {
  void hostReady
    .then(() => import('notistack'))
    .then(({ enqueueSnackbar }) => enqueueSnackbar(message, options));
}
