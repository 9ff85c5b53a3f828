import CloseIcon from '@mui/icons-material/Close';
import Alert from '@mui/material/Alert';
import AlertTitle from '@mui/material/AlertTitle';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Collapse from '@mui/material/Collapse';
import IconButton from '@mui/material/IconButton';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Typography from '@mui/material/Typography';
import {
  SCAN_NOTICE_REMOVAL_MS,
  scanProgressPercent,
  type LocalScanJob,
} from '@trustleaf/domain/rules/scan-jobs';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useScreenHidden } from '@/lib/template-screens';
import { useAppStore } from '@/stores/app-store';
import { useCancelScan } from '../api/cancel-scan';
import { useScanJobTracking } from '../api/get-scan-job';

function ProgressNotice({ job, onClose }: { job: LocalScanJob; onClose: () => void }) {
  const { t } = useTranslation();
  const cancel = useCancelScan();
  const percent = scanProgressPercent(job);
  const title = job.companyName
    ? t('webcrawler.notice.scanningCompany', { company: job.companyName })
    : t('webcrawler.notice.scanning');
  return (
    <Paper elevation={6} sx={{ p: 2, width: '100%' }} data-testid="scan-progress" data-job-id={job.jobId}>
      <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography variant="subtitle2" component="p" sx={{ fontWeight: 600 }}>
            {title}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
            {job.url}
          </Typography>
        </Box>
        <IconButton size="small" aria-label={t('webcrawler.notice.close')} onClick={onClose}>
          <CloseIcon fontSize="small" />
        </IconButton>
      </Box>
      <LinearProgress
        sx={{ my: 1.5 }}
        variant={percent === null ? 'indeterminate' : 'determinate'}
        value={percent ?? undefined}
        aria-label={t('webcrawler.notice.progress')}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1, flexWrap: 'wrap' }}>
        <Typography variant="caption" sx={{ flex: 1 }} data-testid="scan-progress-pages">
          {job.pagesQueued > 0
            ? `${t('webcrawler.notice.pages', { done: job.pagesDone, queued: job.pagesQueued })} · `
            : ''}
          {t('webcrawler.notice.hint')}
        </Typography>
        <Button
          size="small"
          color="inherit"
          disabled={cancel.isPending}
          onClick={() => cancel.mutate(job)}
          data-testid="scan-cancel"
        >
          {t('webcrawler.notice.cancel')}
        </Button>
      </Box>
    </Paper>
  );
}

function OutcomeNotice({
  job,
  onClose,
  onView,
}: {
  job: LocalScanJob;
  onClose: () => void;
  onView: (job: LocalScanJob) => void;
}) {
  const { t } = useTranslation();
  // View opens the Webcrawler screen: not offered when the site template turns that screen off.
  const canView = !useScreenHidden('webcrawler');
  const kind = job.status === 'SUCCESS' ? 'success' : job.status === 'FAILED' ? 'failed' : 'cancelled';
  return (
    <Alert
      variant="filled"
      severity={kind === 'success' ? 'success' : kind === 'failed' ? 'error' : 'warning'}
      data-testid={`scan-${kind}`}
      data-job-id={job.jobId}
      sx={{
        width: '100%',
        boxShadow: 6,
        // notistack's and MUI's default filled colours fail WCAG AA with white text (see notice-host).
        '&.MuiAlert-filledSuccess': { bgcolor: '#1b5e20' },
        '&.MuiAlert-filledError': { bgcolor: '#b71c1c' },
        '&.MuiAlert-filledWarning': { bgcolor: '#8a4b00', color: '#fff' },
      }}
      action={
        <>
          {kind === 'success' && canView ? (
            <Button color="inherit" size="small" onClick={() => onView(job)} data-testid="scan-view">
              {t('webcrawler.view')}
            </Button>
          ) : null}
          <IconButton
            color="inherit"
            size="small"
            aria-label={t('webcrawler.notice.close')}
            onClick={onClose}
          >
            <CloseIcon fontSize="small" />
          </IconButton>
        </>
      }
    >
      <AlertTitle>{t(`webcrawler.notice.${kind}`)}</AlertTitle>
      {kind === 'success'
        ? job.companyName
          ? t('webcrawler.notice.completedCompany', { company: job.companyName })
          : t('webcrawler.notice.completed')
        : job.url}
    </Alert>
  );
}

/**
 * The bottom-centre scan notices on every signed-in page (spec 3 §2 "Scan progress notice", §4 "Scan
 * job", §9): one per job in the account state, so a reload shows them again. A running job shows its
 * progress (pages done of queued) and follows the live channel, polling every 7 s as the fallback; its
 * outcome stays until closed, and closing removes the job after 300 ms (the notice's exit). A notice
 * appears at its full height: growing in, it was measured with its first content, so an outcome that
 * replaced the progress mid-way jumped when the growth ended, and a click on Close could miss.
 */
export function ScanNotices({ onView }: { onView: (job: LocalScanJob) => void }) {
  const { t } = useTranslation();
  const jobs = useAppStore((state) => state.account.jobs);
  const [closing, setClosing] = useState<ReadonlySet<string>>(new Set());
  useScanJobTracking(jobs);
  const visible = jobs.filter((job) => !(job.status === 'SCANNING' && job.isProgressClosed));
  if (visible.length === 0) return null;

  function close(job: LocalScanJob) {
    if (job.status === 'SCANNING') {
      useAppStore.getState().updateJob(job.jobId, job.type, { isProgressClosed: true });
      return;
    }
    const key = `${job.type}:${job.jobId}`;
    setClosing((previous) => new Set(previous).add(key));
    window.setTimeout(() => {
      useAppStore.getState().removeJob(job.jobId, job.type);
      setClosing((previous) => {
        const next = new Set(previous);
        next.delete(key);
        return next;
      });
    }, SCAN_NOTICE_REMOVAL_MS);
  }

  function view(job: LocalScanJob) {
    onView(job);
    useAppStore.getState().removeJob(job.jobId, job.type);
  }

  return (
    <Box
      role="region"
      aria-label={t('webcrawler.notice.progress')}
      aria-live="polite"
      sx={{
        position: 'fixed',
        bottom: 16,
        left: '50%',
        transform: 'translateX(-50%)',
        width: 'min(440px, calc(100vw - 32px))',
        zIndex: (theme) => theme.zIndex.snackbar,
        display: 'flex',
        flexDirection: 'column',
        gap: 1,
      }}
    >
      {visible.map((job) => {
        const key = `${job.type}:${job.jobId}`;
        return (
          <Collapse key={key} in={!closing.has(key)} timeout={SCAN_NOTICE_REMOVAL_MS}>
            {job.status === 'SCANNING' ? (
              <ProgressNotice job={job} onClose={() => close(job)} />
            ) : (
              <OutcomeNotice job={job} onClose={() => close(job)} onView={view} />
            )}
          </Collapse>
        );
      })}
    </Box>
  );
}
