import Alert from '@mui/material/Alert';
import { onlineManager } from '@tanstack/react-query';
import { useSyncExternalStore } from 'react';
import { useTranslation } from 'react-i18next';

const isOnline = () => onlineManager.isOnline();

/**
 * Says, under the app bar, that the browser is offline. TanStack Query pauses what is sent while offline and sends it when
 * the connection returns, so a saved form showed only a spinning button, with no word of why.
 */
export function OfflineNotice() {
  const { t } = useTranslation();
  const online = useSyncExternalStore(onlineManager.subscribe.bind(onlineManager), isOnline, () => true);
  if (online) return null;
  return (
    <Alert severity="warning" role="status" square data-testid="offline-notice">
      {t('nav.offline')}
    </Alert>
  );
}
