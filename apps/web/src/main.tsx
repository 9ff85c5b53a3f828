import '@/lib/zod-config';
import { startTransition, StrictMode } from 'react';
import { createRoot } from 'react-dom/client';
import { BrowserRouter } from 'react-router';
import { AppProvider } from '@/app/provider';
import { AppRoutes, preloadPage } from '@/app/router';
import { i18nReady } from '@/lib/i18n';

const container = document.getElementById('root');
if (!container) throw new Error('The page has no #root element');

/*
 * The first render is a transition, so React renders it in slices and the page stays responsive while
 * it builds. A page written out at build time (src/prerender.tsx) is already on screen: its code is
 * loaded before that render, which then replaces it at once instead of with a loader.
 */
const prerendered = container.dataset.prerendered;
const root = createRoot(container);
const app = (
  <StrictMode>
    <BrowserRouter>
      <AppProvider>
        <AppRoutes />
      </AppProvider>
    </BrowserRouter>
  </StrictMode>
);
void Promise.all([i18nReady, prerendered ? preloadPage(prerendered) : undefined]).then(() => {
  startTransition(() => root.render(app));
});
