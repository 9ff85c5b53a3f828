import type { AlertProps } from '@mui/material/Alert';
import { lazy, Suspense } from 'react';

const Alert = lazy(() => import('@mui/material/Alert'));

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
