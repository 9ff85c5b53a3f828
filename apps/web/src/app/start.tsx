import { startTransition, StrictMode, useEffect, type ReactNode } from 'react';
import { createRoot, hydrateRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, preloadPage, SIGNED_IN_FRAMES } from '@/app/router';
import { i18nReady } from '@/lib/i18n';
import { chosenSiteTemplate } from '@/lib/site-template';
import { useAppStore } from '@/stores/app-store';
import { rememberView } from '@/lib/view-cookies';

/** Enables the written-out page's controls (scripts/prerender.mjs) once the app has taken it over. */
function TakeOver({ container, children }: { container: HTMLElement; children: ReactNode }) {
  useEffect(() => {
    for (const control of container.querySelectorAll('[data-disabled-until-taken-over]')) {
      control.removeAttribute('disabled');
      control.removeAttribute('data-disabled-until-taken-over');
    }
  }, [container]);
  return children;
}

/** Renders the app into its element (src/main.tsx loads this module last, once its code is in). */
export function startApp(container: HTMLElement): void {
  rememberView();
  const app = (
    <StrictMode>
      <TakeOver container={container}>
        <BrowserRouter>
          <AppProvider>
            <AppRoutes />
          </AppProvider>
        </BrowserRouter>
      </TakeOver>
    </StrictMode>
  );

  /*
   * A page written out at build time (src/prerender.tsx) is already on screen. It was rendered in
   * English, in the default theme, signed out and without a chosen site template; when the app would
   * render the same, it takes the markup over as it is (hydration: no second copy of the page is built
   * and swapped in), else it renders over it. Either way the page's code is loaded first, and the work
   * is a transition, which React does in slices so the page stays responsive. A signed-in page's
   * written-out frame (SIGNED_IN_FRAMES) names no one, so the app always renders over it.
   */
  const prerendered = container.dataset.prerendered;
  const state = useAppStore.getState();
  const asWritten =
    prerendered !== undefined &&
    !(prerendered in SIGNED_IN_FRAMES) &&
    state.language === 'en' &&
    state.theme === 'default' &&
    state.session === null &&
    chosenSiteTemplate() === null;

  void Promise.all([i18nReady, prerendered ? preloadPage(prerendered) : undefined]).then(() => {
    startTransition(() => {
      if (asWritten) hydrateRoot(container, app);
      else createRoot(container).render(app);
    });
  });
}
