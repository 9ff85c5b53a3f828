import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import { MAINTENANCE_IN_PROGRESS } from '@trustleaf/domain/schemas/system';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n';
import { useSystemStatus } from '../api/get-system-status';

/**
 * The maintenance banner every signed-in user sees on every shell page while a super admin has the
 * system status on maintenance_in_progress (spec 3 §3 system_status, §4 System status). Its sentence
 * is in the reader's language; the admin's note follows as written. `role="status"`: screen readers
 * announce it politely.
 */
export function MaintenanceBanner() {
  const { t, i18n } = useTranslation();
  const { data } = useSystemStatus(true);
  if (data?.status !== MAINTENANCE_IN_PROGRESS) return null;
  return (
    <Alert
      severity="warning"
      role="status"
      aria-live="polite"
      data-testid="maintenance-banner"
      sx={{ borderRadius: 0, justifyContent: 'center' }}
    >
      <AlertTitle sx={{ mb: data.until || data.note ? 0.5 : 0 }}>{t('system.banner.title')}</AlertTitle>
      {data.until ? t('system.banner.until', { time: formatDateTime(data.until, i18n.language) }) : null}
      {data.until && data.note ? ' ' : null}
      {data.note || null}
    </Alert>
  );
}
