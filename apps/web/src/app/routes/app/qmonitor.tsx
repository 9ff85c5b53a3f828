import RadarOutlinedIcon from '@mui/icons-material/RadarOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Typography from '@mui/material/Typography';
import { MENU_FEATURES } from '@trustleaf/domain/reference/features';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { PageLoader } from '@/components/layouts/page-loader';
import { paths } from '@/config/paths';
import { SubscriptionSummary, useFeatureAllowance } from '@/features/billing/components/subscription-summary';
import { useFeatureStatus } from '@/features/billing/components/use-feature-status';
import { VaultSummary } from '@/features/documents/components/vault-summary';
import { useAppStore } from '@/stores/app-store';

/**
 * /qmonitor, the Merchant Processor plan's landing (spec 3 §2 Q-Monitor): the monitoring allowance of
 * the plan, the companies monitored so far and the processor's own vault. Client pipelines arrive with
 * the monitoring module; until then the page says so instead of showing an empty table.
 */
export function QMonitorRoute() {
  const { t } = useTranslation();
  const company = useAppStore((state) => state.account.currentCompany);
  const status = useFeatureStatus(MENU_FEATURES.qMonitor);
  const allowance = useFeatureAllowance(company?.plCompanyId ?? 0, MENU_FEATURES.qMonitor);
  if (status === 'LOADING') return <PageLoader />;
  return (
    <>
      <Box sx={{ mb: 4 }}>
        <Typography variant="h1">{t('qMonitor.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('qMonitor.intro')}</Typography>
      </Box>
      {status !== 'NORMAL' ? (
        <Alert
          severity="info"
          sx={{ mb: 3 }}
          data-testid="qmonitor-locked"
          action={
            <Button component={RouterLink} to={paths.account.subscription.getHref(true)} color="inherit">
              {t('qMonitor.upgrade')}
            </Button>
          }
        >
          {t('qMonitor.locked')}
        </Alert>
      ) : null}
      {company ? (
        <Box sx={{ display: 'grid', gap: 3, gridTemplateColumns: { xs: '1fr', md: '1fr 1fr' } }}>
          <Card variant="outlined" component="section" aria-labelledby="qmonitor-monitoring-title">
            <CardContent sx={{ display: 'grid', gap: 1.5 }}>
              <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <RadarOutlinedIcon color="primary" aria-hidden />
                <Typography variant="h3" component="h2" id="qmonitor-monitoring-title">
                  {t('qMonitor.monitoring')}
                </Typography>
              </Box>
              <Box component="dl" sx={{ m: 0, display: 'grid', gridTemplateColumns: '1fr auto', rowGap: 1 }}>
                <Typography variant="body2" component="dt">
                  {t('qMonitor.allowance')}
                </Typography>
                <Typography
                  variant="body2"
                  component="dd"
                  sx={{ m: 0, fontWeight: 600 }}
                  data-testid="qmonitor-allowance"
                >
                  {allowance === null ? '—' : allowance}
                </Typography>
                <Typography variant="body2" component="dt">
                  {t('qMonitor.monitored')}
                </Typography>
                <Typography variant="body2" component="dd" sx={{ m: 0, fontWeight: 600 }}>
                  0
                </Typography>
              </Box>
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t('qMonitor.noClients')}
              </Typography>
            </CardContent>
          </Card>
          <SubscriptionSummary companyId={company.plCompanyId} />
          <VaultSummary plCompanyId={company.plCompanyId} />
        </Box>
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </>
  );
}
