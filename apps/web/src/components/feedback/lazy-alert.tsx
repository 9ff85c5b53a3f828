import type { AlertProps } from '@mui/material/Alert';
import { lazy, Suspense, type ComponentType } from 'react';

/** The alert once its code is in: rendered directly from then on. */
let LoadedAlert: ComponentType<AlertProps> | null = null;

const loadAlert = () =>
  import('@mui/material/Alert').then((module) => {
    LoadedAlert = module.default;
    return module;
  });
const Alert = lazy(loadAlert);

/**
 * Fetches the alert's code ahead of its first showing (a form calls it once someone starts on it).
 * An error the server answers then appears with the end of the button's progress: through the lazy
 * component it came 300 ms after it (React holds back what a Suspense boundary reveals by that much),
 * with the form moving down again.
 */
export const preloadAlert = (): Promise<void> => loadAlert().then(() => undefined);

/**
 * MUI's Alert, loaded when first shown: the sign-in page shows one only after a failed sign-in or an
 * ended session, so its code (about 2 KB gzip with its icons) stays out of that page's first load.
 */
export function LazyAlert(props: AlertProps) {
  if (LoadedAlert) return <LoadedAlert {...props} />;
  return (
    <Suspense fallback={null}>
      <Alert {...props} />
    </Suspense>
  );
}
