import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { formatMoney, type PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { Plan, SubscriptionPreview } from '@trustleaf/domain/schemas/billing';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDate } from '@/lib/i18n';
import { useSubscriptionPreview } from '../api/preview-subscription';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';

/** A plan chosen in the paywall or the switch form, with the promo code held for the company. */
export interface PurchaseChoice {
  plan: Plan;
  frequency: PaymentFrequency;
  promoCode: string | null;
}

/** The API's quote for a choice (what confirming it charges now and at the next renewal). */
export function usePurchasePreview(companyId: number, choice: PurchaseChoice | null) {
  return useSubscriptionPreview(
    choice
      ? {
          plCompanyId: companyId,
          plPlanId: choice.plan.plPlanId,
          paymentFrequency: choice.frequency,
          promoCode: choice.promoCode,
        }
      : null,
  );
}

function Row({ label, children, testId }: { label: string; children: ReactNode; testId?: string }) {
  return (
    <>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" variant="body2" sx={{ m: 0, textAlign: 'end' }} data-testid={testId}>
        {children}
      </Typography>
    </>
  );
}

/**
 * Issue 19: what is charged now (after the promo or the credit for the unused period) and then per
 * period, as the API computes it for the charge itself.
 */
export function PurchaseSummary({ preview }: { preview: SubscriptionPreview }) {
  const { t, i18n } = useTranslation();
  const money = (value: number) => formatMoney(value, i18n.language);
  const per = preview.paymentFrequency === 'ANNUAL' ? t('billing.perYear') : t('billing.perMonth');
  return (
    <Box
      component="dl"
      data-testid="purchase-summary"
      sx={{ display: 'grid', gridTemplateColumns: '1fr auto', columnGap: 2, rowGap: 0.75, m: 0 }}
    >
      <Row label={t('billing.quote.plan')}>
        {preview.planName} · {t(`billing.frequency.${preview.paymentFrequency}`)}
      </Row>
      {preview.credit > 0 ? (
        <Row label={t('billing.quote.credit')} testId="quote-credit">
          −{money(preview.credit)}
        </Row>
      ) : null}
      {preview.discount > 0 && preview.promoCode ? (
        <Row label={t('billing.quote.promo', { code: preview.promoCode })} testId="quote-discount">
          −{money(preview.discount)}
        </Row>
      ) : null}
      {preview.trialEndsAt && preview.kind === 'START' ? (
        <Row label={t('billing.quote.trial')}>
          {t('billing.quote.until', { date: formatDate(preview.trialEndsAt, i18n.language) })}
        </Row>
      ) : null}
      <Row label={t('billing.quote.dueToday')} testId="quote-amount-now">
        <Box component="strong">{money(preview.amountNow)}</Box>
      </Row>
      <Row label={t('billing.quote.nextRenewal')} testId="quote-next-renewal">
        {t('billing.quote.amountOn', {
          amount: money(preview.nextRenewalAmount),
          date: formatDate(preview.nextRenewalDate, i18n.language),
        })}
      </Row>
      <Row label={t('billing.quote.then')} testId="confirm-price">
        {money(preview.price)} {per}
      </Row>
    </Box>
  );
}

/** A quote in place: its summary once loaded, the API's refusal, or a spinner while it loads. */
export function QuoteState({ preview }: { preview: ReturnType<typeof usePurchasePreview> }) {
  const { t } = useTranslation();
  if (preview.data) return <PurchaseSummary preview={preview.data} />;
  if (preview.isError) {
    return (
      <Alert severity="error" data-testid="quote-error">
        {preview.error instanceof ApiError ? refusalText(t, preview.error) : t('errors.unknown')}
      </Alert>
    );
  }
  return <CircularProgress size={24} aria-label={t('billing.quote.loading')} />;
}

/** The summary of a choice, loading and failing in place (the card dialog's order summary). */
export function PurchasePreview({
  companyId,
  choice,
  title,
}: {
  companyId: number;
  choice: PurchaseChoice;
  title?: string;
}) {
  const { t } = useTranslation();
  const preview = usePurchasePreview(companyId, choice);
  return (
    <Box component="section" aria-label={title ?? t('billing.quote.title')} sx={{ display: 'grid', gap: 1 }}>
      {title ? (
        <Typography variant="subtitle2" component="h3">
          {title}
        </Typography>
      ) : null}
      <QuoteState preview={preview} />
    </Box>
  );
}
