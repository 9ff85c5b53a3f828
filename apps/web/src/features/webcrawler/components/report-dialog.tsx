import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import CloseIcon from '@mui/icons-material/Close';
import ErrorIcon from '@mui/icons-material/Error';
import FileDownloadIcon from '@mui/icons-material/FileDownloadOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import ButtonBase from '@mui/material/ButtonBase';
import CircularProgress from '@mui/material/CircularProgress';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import useMediaQuery from '@mui/material/useMediaQuery';
import { useTheme } from '@mui/material/styles';
import { type ViolationCheck } from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { TemplateMark } from '@/components/brand/brand-logo';
import { formatDateTime } from '@/lib/i18n';
import { ApiError } from '@/lib/api-client';
import { downloadReport } from '../api/download-report';
import { useViolationCheckDetail } from '../api/get-violation-check-detail';
import { issueCountKey } from '../utils/issue-count';
import { ProductComparison } from './product-comparison';

import { BlurredIssues, ExternalLink, IssuesTable, Section } from './report-parts';

/**
 * The Website Compliance Report (spec 3 §2): scan information, the summary, the product comparison and
 * the issues with their snapshot and evidence; findings are reviewed in place. A plan that may not see
 * issues gets the summary, blurred stand-ins and the upgrade banner (the server refuses the details
 * with 402, so the blur is not the only barrier).
 */
export function ReportDialog({
  plCompanyId,
  plViolationCheckId,
  companyName,
  check,
  onClose,
  onUpgrade,
}: {
  plCompanyId: number;
  plViolationCheckId: number;
  companyName: string;
  /** The listing row: what a plan without issue access still sees. */
  check: ViolationCheck | undefined;
  onClose: () => void;
  onUpgrade: () => void;
}) {
  const { t, i18n } = useTranslation();
  const theme = useTheme();
  const isSmall = useMediaQuery(theme.breakpoints.down('sm'));
  const titleId = useId();
  const detail = useViolationCheckDetail(plCompanyId, plViolationCheckId);
  const [isExporting, setIsExporting] = useState(false);
  const isLocked = detail.error instanceof ApiError && detail.error.status === 402;
  const summary = detail.data ?? check;
  const count = summary?.violationCount ?? 0;

  async function exportPdf() {
    setIsExporting(true);
    try {
      await downloadReport(plCompanyId, plViolationCheckId);
    } catch {
      enqueueSnackbar(t('webcrawler.report.exportFailed'), { variant: 'error' });
    } finally {
      setIsExporting(false);
    }
  }

  return (
    <Dialog
      open
      onClose={onClose}
      fullScreen={isSmall}
      maxWidth="lg"
      fullWidth
      aria-labelledby={titleId}
      data-testid="report-dialog"
    >
      <Box
        sx={{
          display: 'flex',
          flexWrap: 'wrap',
          alignItems: 'center',
          gap: 1.5,
          px: { xs: 2, sm: 3 },
          pt: 2,
          pb: 1,
        }}
      >
        <TemplateMark size={40} />
        <Box sx={{ flex: 1, minWidth: 0 }}>
          <Typography id={titleId} variant="h2" component="h2" sx={{ fontSize: { xs: 20, sm: 24 } }}>
            {t('webcrawler.report.title', { product: t('app.name') })}
          </Typography>
          <Typography variant="body2" sx={{ color: 'text.secondary' }}>
            {t('webcrawler.report.subtitle')}
          </Typography>
        </Box>
        {!isLocked ? (
          <Button
            variant="contained"
            startIcon={
              isExporting ? (
                <CircularProgress size={16} color="inherit" aria-hidden="true" />
              ) : (
                <FileDownloadIcon />
              )
            }
            disabled={isExporting || !detail.data}
            onClick={() => void exportPdf()}
            data-testid="report-export"
            // On a phone it takes a row of its own under the title, which otherwise ran down a narrow
            // column a word per line.
            sx={{ order: { xs: 1, sm: 0 }, flexBasis: { xs: '100%', sm: 'auto' } }}
          >
            {t('webcrawler.report.export')}
          </Button>
        ) : null}
        <IconButton aria-label={t('webcrawler.report.close')} onClick={onClose}>
          <CloseIcon />
        </IconButton>
      </Box>
      {/* Rows as tall as their content: a grid of the dialog's height shrinks scrolling children (the
          issues table) to what is left, a few pixels on a phone. The report scrolls as a whole. */}
      <DialogContent
        dividers
        sx={{ display: 'grid', gridAutoRows: 'max-content', gap: 3, px: { xs: 2, sm: 3 } }}
      >
        {detail.isPending ? (
          <Box sx={{ display: 'flex', justifyContent: 'center', py: 6 }}>
            <CircularProgress aria-label={t('webcrawler.report.loading')} />
          </Box>
        ) : null}
        {detail.error && !isLocked ? (
          <Alert severity="error">{t('webcrawler.report.loadFailed')}</Alert>
        ) : null}
        {summary ? (
          <>
            <Section title={t('webcrawler.report.scanInformation')}>
              <Box
                component="dl"
                sx={{
                  m: 0,
                  display: 'grid',
                  gridTemplateColumns: { xs: '1fr', sm: '140px 1fr' },
                  rowGap: 0.5,
                }}
              >
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('webcrawler.report.company')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }} data-testid="report-company">
                  {detail.data?.companyName ?? companyName}
                </Typography>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('webcrawler.report.website')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  <ExternalLink href={summary.url}>{summary.url}</ExternalLink>
                </Typography>
                <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
                  {t('webcrawler.report.date')}
                </Typography>
                <Typography component="dd" variant="body2" sx={{ m: 0 }}>
                  {formatDateTime(summary.checkTime, i18n.language)}
                </Typography>
              </Box>
            </Section>
            <Section title={t('webcrawler.report.summary')}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }} data-testid="report-summary">
                {count === 0 ? (
                  <CheckCircleIcon color="success" aria-hidden />
                ) : (
                  <ErrorIcon color="error" aria-hidden />
                )}
                <Typography sx={{ fontWeight: 600 }}>{t(issueCountKey(count), { count })}</Typography>
              </Box>
            </Section>
          </>
        ) : null}
        {isLocked ? (
          <>
            <ButtonBase
              onClick={onUpgrade}
              data-testid="report-upgrade"
              sx={{ display: 'block', width: '100%', textAlign: 'left', borderRadius: 1 }}
            >
              <Alert severity="warning" role="none" sx={{ '& .MuiAlert-message': { fontWeight: 600 } }}>
                {t('webcrawler.report.upgrade')}
              </Alert>
            </ButtonBase>
            <BlurredIssues />
          </>
        ) : null}
        {detail.data ? (
          <>
            <ProductComparison {...detail.data.productVerification} />
            <IssuesTable detail={detail.data} />
          </>
        ) : null}
      </DialogContent>
    </Dialog>
  );
}
