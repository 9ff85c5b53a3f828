import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Link from '@mui/material/Link';
import Skeleton from '@mui/material/Skeleton';
import Tab from '@mui/material/Tab';
import Tabs from '@mui/material/Tabs';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDateTime } from '@/lib/i18n';
import { issueCountKey } from '../utils/issue-count';
import { visuallyHidden } from '@/components/visually-hidden';

export interface ScanHistoryRow {
  plViolationCheckId: number;
  checkTime: string;
  url: string;
  violationCount: number;
  totalFindings: number;
}

/** One scan: its time, the issue banner with View, and the scanned site as an external link. */
export function ScanRow({
  row,
  isFindingsMode = false,
  onView,
}: {
  row: ScanHistoryRow;
  isFindingsMode?: boolean;
  onView: (plViolationCheckId: number) => void;
}) {
  const { t, i18n } = useTranslation();
  // Spec 3 §2 "Scan history list": in findings mode the total findings is counted instead.
  const count = isFindingsMode ? row.totalFindings : row.violationCount;
  return (
    <Box
      component="li"
      data-testid="scan-row"
      data-check-id={row.plViolationCheckId}
      sx={{ display: 'grid', gap: 1, py: 2, borderBottom: 1, borderColor: 'divider' }}
    >
      <Typography variant="body2" component="p" sx={{ color: 'text.secondary' }}>
        <time dateTime={row.checkTime}>{formatDateTime(row.checkTime, i18n.language)}</time>
      </Typography>
      <Alert
        severity={count === 0 ? 'success' : 'error'}
        icon={count === 0 ? <CheckCircleIcon /> : <ErrorIcon />}
        action={
          <Button
            color="inherit"
            size="small"
            onClick={() => onView(row.plViolationCheckId)}
            data-testid="scan-row-view"
          >
            {t('webcrawler.view')}
          </Button>
        }
        data-testid="scan-row-banner"
      >
        {t(issueCountKey(count), { count })}
      </Alert>
      <Link href={row.url} target="_blank" rel="noopener noreferrer" sx={{ overflowWrap: 'anywhere' }}>
        {row.url}
        <Box component="span" sx={visuallyHidden}>
          {` ${t('webcrawler.newTab')}`}
        </Box>
      </Link>
    </Box>
  );
}

/**
 * Tabs 'Recent' (the latest check only), a disabled '/' separator and 'History' (every check), spec 3
 * §2 Webcrawler page and §4: the list is newest first, so Recent is its first row.
 */
export function ScanHistory({
  rows,
  isLoading,
  onView,
}: {
  rows: ScanHistoryRow[] | undefined;
  isLoading: boolean;
  onView: (plViolationCheckId: number) => void;
}) {
  const { t } = useTranslation();
  const [tab, setTab] = useState<'recent' | 'history'>('recent');
  const shown = tab === 'recent' ? (rows ?? []).slice(0, 1) : (rows ?? []);
  return (
    <Box component="section" aria-label={t('webcrawler.scans')}>
      <Tabs
        value={tab}
        onChange={(_, next: 'recent' | 'history') => setTab(next)}
        aria-label={t('webcrawler.scans')}
        sx={{ borderBottom: 1, borderColor: 'divider' }}
      >
        <Tab value="recent" label={t('webcrawler.recent')} id="scan-tab-recent" aria-controls="scan-panel" />
        <Tab value="separator" label="/" disabled sx={{ minWidth: 24, px: 0 }} aria-hidden />
        <Tab
          value="history"
          label={t('webcrawler.history')}
          id="scan-tab-history"
          aria-controls="scan-panel"
        />
      </Tabs>
      <Box role="tabpanel" id="scan-panel" aria-labelledby={`scan-tab-${tab}`}>
        {isLoading ? (
          <Box sx={{ py: 2 }}>
            <Skeleton variant="rounded" height={72} />
          </Box>
        ) : shown.length === 0 ? (
          <Typography sx={{ py: 3, color: 'text.secondary' }}>{t('webcrawler.noScans')}</Typography>
        ) : (
          <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid={`scan-list-${tab}`}>
            {shown.map((row) => (
              <ScanRow key={row.plViolationCheckId} row={row} onView={onView} />
            ))}
          </Box>
        )}
      </Box>
    </Box>
  );
}
