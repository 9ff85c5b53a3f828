import WorkspacePremiumOutlinedIcon from '@mui/icons-material/WorkspacePremiumOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Skeleton from '@mui/material/Skeleton';
import Typography from '@mui/material/Typography';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import type { CompanySubscription } from '@trustleaf/domain/schemas/billing';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { SummaryCard } from '@/components/layouts/summary-card';
import { paths } from '@/config/paths';
import { formatDate } from '@/lib/i18n';
import { useCompanySubscription } from '../api/get-company-subscription';
import { SubscriptionHeaderAlert } from './subscription-header-alert';

const STATUS_COLOURS = {
  AVAILABLE: 'success',
  TRIAL: 'info',
  NEW: 'default',
  PAYMENT_FAILED: 'error',
  EXPIRED: 'default',
  DELETED: 'default',
} as const;

/**
 * A subscription's plan, status and price per period, for a line of the landing pages' summary and of
 * the subscription page (the test ids name the plan and the status for tests).
 */
export function PlanLine({
  subscription,
  testIds,
  isColoured = false,
}: {
  subscription: CompanySubscription;
  testIds: { plan: string; status: string };
  isColoured?: boolean;
}) {
  const { t, i18n } = useTranslation();
  return (
    <>
      <Typography sx={{ fontWeight: 600 }} data-testid={testIds.plan}>
        {subscription.subscription.name}
      </Typography>
      <Chip
        size="small"
        color={isColoured ? STATUS_COLOURS[subscription.status] : 'default'}
        label={t(`billing.status.${subscription.status}`)}
        data-testid={testIds.status}
      />
      <Typography variant="body2">
        {formatMoney(subscription.price, i18n.language)}{' '}
        {subscription.paymentFrequency === 'ANNUAL' ? t('billing.perYear') : t('billing.perMonth')}
      </Typography>
    </>
  );
}

/** A plan line (24 px) and a renewal line (20 px) with the card's gap between them. */
const SUMMARY_HEIGHT = 56;

/** A company's plan at a glance for the landing pages: plan, status, price and the next date. */
export function SubscriptionSummary({ companyId }: { companyId: number }) {
  const { t, i18n } = useTranslation();
  const listing = useCompanySubscription(companyId);
  const latest = listing.data?.companySubscriptions[0] ?? null;
  return (
    <SummaryCard icon={<WorkspacePremiumOutlinedIcon aria-hidden />} title={t('billing.summary.title')}>
      {/*
        The plan's lines take the room of the usual answer (plan, status and price, then the renewal
        date) from the start, so the cards below do not move when it arrives (layout shift).
      */}
      <Box sx={{ display: 'grid', gap: 1.5, alignContent: 'start', minHeight: SUMMARY_HEIGHT }}>
        {listing.isPending ? (
          <Skeleton variant="rounded" height={SUMMARY_HEIGHT} />
        ) : latest ? (
          <>
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <PlanLine
                subscription={latest}
                testIds={{ plan: 'summary-plan', status: 'summary-status' }}
                isColoured
              />
            </Box>
            <Typography variant="body2" sx={{ color: 'text.secondary' }}>
              {t(latest.autoRenew ? 'billing.page.renews' : 'billing.page.ends', {
                date: formatDate(latest.currentPeriodEnd, i18n.language),
              })}
            </Typography>
            <SubscriptionHeaderAlert subscription={latest} />
          </>
        ) : (
          <Typography sx={{ color: 'text.secondary' }}>{t('billing.page.none')}</Typography>
        )}
      </Box>
      <Box>
        <Button component={RouterLink} to={paths.account.subscription.getHref()} variant="outlined">
          {t('billing.summary.manage')}
        </Button>
      </Box>
    </SummaryCard>
  );
}

/** The monitoring allowance of the plan (a number feature's client threshold), or null without one. */
export function useFeatureAllowance(companyId: number, featureKey: string): number | null {
  const listing = useCompanySubscription(companyId);
  const feature = listing.data?.features?.find((f) => f.key === featureKey);
  return feature?.planFeatureConfig.clientThreshold ?? null;
}
