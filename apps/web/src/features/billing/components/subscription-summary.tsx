import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import {
  PAYWALL_CANCELED_HEADER,
  PAYWALL_FAILED_HEADER,
  paywallHeaderKind,
} from '@trustleaf/domain/rules/subscription';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';
import { formatDateTime } from '@/lib/i18n';
import { useCompanySubscription } from '../api/billing-queries';

const STATUS_COLOURS = {
  AVAILABLE: 'success',
  TRIAL: 'info',
  NEW: 'default',
  PAYMENT_FAILED: 'error',
  EXPIRED: 'default',
  DELETED: 'default',
} as const;

/** A company's plan at a glance for the landing pages: plan, status, price and the next date. */
export function SubscriptionSummary({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const listing = useCompanySubscription(companyId);
  const latest = listing.data?.companySubscriptions[0] ?? null;
  const header = paywallHeaderKind(latest);
  return (
    <Card variant="outlined" component="section" aria-labelledby="subscription-summary-title">
      <CardContent sx={{ display: 'grid', gap: 1.5 }}>
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
          <WorkspacePremiumOutlinedIcon color="primary" aria-hidden />
          <Typography variant="h3" component="h2" id="subscription-summary-title">
            {t('billing.summary.title')}
          </Typography>
        </Box>
        {listing.isPending ? (
          <Skeleton variant="rounded" height={48} />
        ) : latest ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography sx={{ fontWeight: 600 }} data-testid="summary-plan">
                {latest.subscription.name}
              </Typography>
              <Chip
                size="small"
                color={STATUS_COLOURS[latest.status]}
                label={t(`billing.status.${latest.status}`)}
                data-testid="summary-status"
              />
              <Typography variant="body2">
                {formatMoney(latest.price)}{' '}
                {latest.paymentFrequency === 'ANNUAL' ? t('billing.perYear') : t('billing.perMonth')}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(latest.autoRenew ? 'billing.page.renews' : 'billing.page.ends', {
                date: formatDateTime(latest.currentPeriodEnd, i18n.language),
              })}
            </Typography>
            {header === 'PAYMENT_FAILED' ? (
              <Alert severity="error">
                {t('billing.paywall.failedHeader', { defaultValue: PAYWALL_FAILED_HEADER })}
              </Alert>
            ) : header === 'CANCELED' ? (
              <Alert severity="warning">
                {t('billing.paywall.canceledHeader', { defaultValue: PAYWALL_CANCELED_HEADER })}
              </Alert>
            ) : null}
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('billing.page.none')}</Typography>
        )}
        <Box>
          <Button component={RouterLink} to={paths.account.subscription.getHref()} variant="outlined">
            {t('billing.summary.manage')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

/** The monitoring allowance of the plan (a number feature's client threshold), or null without one. */
export function useFeatureAllowance(companyId: number, featureKey: string): number | null {
  const listing = useCompanySubscription(companyId);
  const feature = listing.data?.features?.find((f) => f.key === featureKey);
  return feature?.planFeatureConfig.clientThreshold ?? null;
}
