import type { AlertProps } from '@mui/material/Alert';
import { Suspense } from 'react';
import { lazyComponent } from '@/lib/lazy-component';

const Alert = lazyComponent<AlertProps>(() => import('@mui/material/Alert').then((m) => m.default));

/**
 * Fetches the alert's code ahead of its first showing (a form calls it once someone starts on it), so
 * that an error the server answers appears with the end of the button's progress.
 */
export const preloadAlert = Alert.preload;

/**
 * MUI's Alert, loaded when first shown: the sign-in page shows one only after a failed sign-in or an
 * ended session, so its code (about 2 KB gzip with its icons) stays out of that page's first load.
 */
export function LazyAlert(props: AlertProps) {
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
