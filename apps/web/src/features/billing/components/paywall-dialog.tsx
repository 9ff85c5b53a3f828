import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardActions from '@mui/material/CardActions';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Link from '@mui/material/Link';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { useQueries } from '@tanstack/react-query';
import {
  actualDiscountAmount,
  annualDiscountPercent,
  discountedPrice,
  formatMoney,
  planPrice,
  showsOneMonthFree,
  type PaymentFrequency,
} from '@trustleaf/domain/rules/pricing';
import {
  PAYWALL_CANCELED_HEADER,
  PAYWALL_FAILED_HEADER,
  paywallHeaderKind,
} from '@trustleaf/domain/rules/subscription';
import type { CompanySubscriptionListing, Plan, PromoDiscount } from '@trustleaf/domain/schemas/billing';
import type { TFunction } from 'i18next';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { getPromoDiscount } from '../api/get-promo-discount';
import { PlanFeatureDetailDialog } from './plan-feature-detail-dialog';
import { PromoCodeDialog } from './promo-code-dialog';
import { liveSubscriptionOf } from './use-feature-status';

/** Spec 2 §9: the modal grows 336 px per plan beyond two. */
export const PAYWALL_BASE_WIDTH = 720;
export const PAYWALL_WIDTH_PER_PLAN = 336;
export function paywallWidth(planCount: number): number {
  return PAYWALL_BASE_WIDTH + Math.max(0, planCount - 2) * PAYWALL_WIDTH_PER_PLAN;
}

/** Yearly lists only plans payable yearly by card or transfer (spec 2 §2). */
export function plansForFrequency(
  plans: Plan[],
  frequency: PaymentFrequency,
  availablePlans: number[],
): Plan[] {
  const allowed =
    availablePlans.length > 0 ? plans.filter((p) => availablePlans.includes(p.plPlanId)) : plans;
  if (frequency === 'MONTHLY') return allowed;
  return allowed.filter((p) => p.enableCcPaymentAnnually || p.enableEftPaymentAnnually);
}

/**
 * Spec 2 §4 'Price reduced by N%' / '$N' and spec 3 §9 '(N% OFF)' / '($N OFF)', in the reader's
 * language; the amount is what the promo takes off this fee.
 */
function promoTexts(t: TFunction, language: string, fee: number, promo: PromoDiscount): string {
  if (promo.discountType === 'PERCENT') {
    return `${t('billing.paywall.reducedPercent', { percent: promo.discountAmount })} ${t('billing.paywall.percentOff', { percent: promo.discountAmount })}`;
  }
  const amount = formatMoney(actualDiscountAmount(fee, promo.discountType, promo.discountAmount), language);
  return `${t('billing.paywall.reducedAmount', { amount })} ${t('billing.paywall.amountOff', { amount })}`;
}

/**
 * A plan's price and its period on one line ('149,00 $US / mois'): on a phone the period's own space
 * broke it as '149,00 $US /' over 'mois'.
 */
export function PlanPrice({ price, frequency }: { price: string; frequency: PaymentFrequency }) {
  const { t } = useTranslation();
  return (
    <Typography variant="h4" component="p" sx={{ mt: 1, whiteSpace: 'nowrap' }} data-testid="plan-price">
      {price}
      <Typography component="span" variant="body2" sx={{ color: 'text.secondary' }}>
        {' '}
        {frequency === 'MONTHLY' ? t('billing.perMonth') : t('billing.perYear')}
      </Typography>
    </Typography>
  );
}

/** What the paywall shows (and the buy flow around it takes): the company's plans and its listing. */
export interface PaywallProps {
  open: boolean;
  companyId: number;
  plans: Plan[];
  listing: CompanySubscriptionListing | undefined;
  /** Members without billing rights see the plans without buying. */
  viewOnly?: boolean;
  onClose: () => void;
}

export function PaywallDialog({
  open,
  companyId,
  plans,
  listing,
  viewOnly = false,
  onClose,
  onBuy,
}: PaywallProps & {
  onBuy: (plan: Plan, frequency: PaymentFrequency, promoCode: string | null) => void;
}) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, i18n.language);
  const availablePlans = listing?.metadata.availablePlans ?? [];
  const isRestricted = availablePlans.length > 0;
  const [chosen, setChosen] = useState<PaymentFrequency>('MONTHLY');
  const frequency: PaymentFrequency = isRestricted ? 'ANNUAL' : chosen;
  const [promoOpen, setPromoOpen] = useState(false);
  const [detailPlan, setDetailPlan] = useState<Plan | null>(null);
  const shown = plansForFrequency(plans, frequency, availablePlans);
  const latest = listing?.companySubscriptions[0] ?? null;
  const live = liveSubscriptionOf(listing);
  const header = paywallHeaderKind(latest);
  const isOneMonthFree = showsOneMonthFree(plans);
  const promoCode = listing?.appliedPromoCode ?? null;

  const discounts = useQueries({
    queries: shown.map((plan) => ({
      queryKey: ['billing', 'promo-discount', companyId, plan.plPlanId, frequency, promoCode],
      queryFn: () =>
        getPromoDiscount({
          plCompanyId: companyId,
          plPlanId: plan.plPlanId,
          paymentFrequency: frequency,
          promoCode: promoCode!,
        }),
      enabled: open && Boolean(promoCode),
      retry: false,
    })),
  });

  return (
    <Dialog
      open={open}
      onClose={onClose}
      aria-labelledby="paywall-title"
      slotProps={{
        paper: {
          sx: { width: paywallWidth(shown.length), maxWidth: 'calc(100vw - 32px)' },
          'data-testid': 'paywall',
        } as object,
      }}
    >
      <DialogTitle id="paywall-title">{t('billing.paywall.title')}</DialogTitle>
      <DialogContent>
        {header === 'PAYMENT_FAILED' ? (
          <Alert severity="error" data-testid="paywall-header">
            {t('billing.paywall.failedHeader', { defaultValue: PAYWALL_FAILED_HEADER })}
          </Alert>
        ) : header === 'CANCELED' ? (
          <Alert severity="warning" data-testid="paywall-header">
            {t('billing.paywall.canceledHeader', { defaultValue: PAYWALL_CANCELED_HEADER })}
          </Alert>
        ) : (
          <Typography sx={{ color: 'text.secondary' }} data-testid="paywall-header">
            {t('billing.paywall.marketing')}
          </Typography>
        )}
        <Box sx={{ display: 'flex', alignItems: 'center', gap: 2, my: 2, flexWrap: 'wrap' }}>
          <ToggleButtonGroup
            exclusive
            size="small"
            value={frequency}
            onChange={(_, value: PaymentFrequency | null) => value && setChosen(value)}
            aria-label={t('billing.paywall.frequency')}
            // MUI's unselected toggle text is too light for AA contrast.
            sx={{
              '& .MuiToggleButton-root:not(.Mui-selected):not(.Mui-disabled)': { color: 'text.primary' },
            }}
          >
            <ToggleButton value="MONTHLY" disabled={isRestricted} data-testid="toggle-monthly">
              {t('billing.monthly')}
            </ToggleButton>
            <ToggleButton value="ANNUAL" data-testid="toggle-yearly">
              {t('billing.yearly')}
              {isOneMonthFree ? ` ${t('billing.paywall.oneMonthFree')}` : ''}
            </ToggleButton>
          </ToggleButtonGroup>
          {viewOnly ? null : (
            <Button
              variant="outlined"
              size="small"
              onClick={() => setPromoOpen(true)}
              data-testid="add-promo"
            >
              {t('billing.paywall.addPromo')}
            </Button>
          )}
        </Box>
        <Box
          sx={{
            display: 'grid',
            gap: 2,
            // One plan a row on a phone and at most two on a tablet: side by side there, the names and
            // prices were cut off ('Enterp', '149,0').
            gridTemplateColumns: {
              xs: '1fr',
              sm: `repeat(${Math.min(2, Math.max(1, shown.length))}, minmax(0, 1fr))`,
              md: `repeat(${Math.max(1, shown.length)}, minmax(0, 1fr))`,
            },
          }}
        >
          {shown.map((plan, index) => {
            const price = planPrice(plan, frequency);
            const discount = discounts[index];
            const promoData = discount?.data;
            const shownPrice = promoData
              ? discountedPrice(price, promoData.discountType, promoData.discountAmount)
              : price;
            const isCurrent =
              live !== null &&
              live.subscription.plPlanId === plan.plPlanId &&
              live.paymentFrequency === frequency &&
              (live.status === 'AVAILABLE' || live.status === 'TRIAL');
            const saving = annualDiscountPercent(plan.monthlyFee, plan.annualFee);
            return (
              <Card
                key={plan.plPlanId}
                variant="outlined"
                data-testid={`plan-${plan.name}`}
                sx={{ display: 'flex', flexDirection: 'column' }}
              >
                <CardContent sx={{ flex: 1 }}>
                  <Typography variant="h3" component="h3">
                    {plan.name}
                  </Typography>
                  <PlanPrice price={money(shownPrice)} frequency={frequency} />
                  {promoData && shownPrice !== price ? (
                    <Typography
                      variant="body2"
                      sx={{ textDecoration: 'line-through', color: 'text.secondary' }}
                    >
                      {money(price)}
                    </Typography>
                  ) : null}
                  {frequency === 'ANNUAL' && saving > 0 ? (
                    <Typography variant="body2" color="success.main">
                      {t('billing.paywall.percentOff', { percent: saving })}
                    </Typography>
                  ) : null}
                  {plan.trialDuration && plan.trialUnit ? (
                    <Typography variant="body2" data-testid="trial-text">
                      {t(`billing.trial.${plan.trialUnit}`, { count: plan.trialDuration })}
                    </Typography>
                  ) : null}
                  {promoCode && discount ? (
                    <Typography
                      variant="body2"
                      data-testid="promo-text"
                      sx={{ color: discount.isError ? 'error.main' : 'success.main' }}
                    >
                      {promoData
                        ? promoTexts(t, i18n.language, price, promoData)
                        : discount.isError
                          ? t('billing.paywall.promoNotApplicable', { code: promoCode })
                          : ''}
                    </Typography>
                  ) : null}
                  <Link component="button" variant="body2" onClick={() => setDetailPlan(plan)} sx={{ mt: 1 }}>
                    {t('billing.paywall.viewFeatures')}
                  </Link>
                </CardContent>
                <CardActions>
                  <Button
                    fullWidth
                    variant="contained"
                    disabled={viewOnly || isCurrent}
                    onClick={() => onBuy(plan, frequency, promoCode)}
                    data-testid="buy-now"
                  >
                    {isCurrent ? t('billing.paywall.current') : t('billing.paywall.buyNow')}
                  </Button>
                </CardActions>
              </Card>
            );
          })}
        </Box>
        <Box sx={{ display: 'flex', justifyContent: 'flex-end', mt: 2 }}>
          <Button onClick={onClose}>{t('billing.close')}</Button>
        </Box>
      </DialogContent>
      <PromoCodeDialog
        open={promoOpen}
        companyId={companyId}
        appliedCode={promoCode}
        onClose={() => setPromoOpen(false)}
      />
      <PlanFeatureDetailDialog plan={detailPlan} onClose={() => setDetailPlan(null)} />
    </Dialog>
  );
}
