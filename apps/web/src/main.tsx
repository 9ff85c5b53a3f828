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
 * A page written out at build time (src/prerender.tsx) is already on screen: its code is loaded before
 * the first render, which replaces it in slices (a transition) rather than in one long task.
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
  if (prerendered) startTransition(() => root.render(app));
  else root.render(app);
});
