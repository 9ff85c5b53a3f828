import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import Typography from '@mui/material/Typography';
import { cardBrandName } from '@trustleaf/domain/rules/card';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { DataTable } from '@/components/lists/data-table';
import { env } from '@/config/env';
import { formatDate } from '@/lib/i18n';
import { useAppStore } from '@/stores/app-store';
import { useCancelSubscription } from '../api/cancel-subscription';
import { useResumeSubscription } from '../api/resume-subscription';
import { useCompanySubscription } from '../api/get-company-subscription';
import { usePaymentMethod } from '../api/get-payment-method';
import { usePlans } from '../api/get-plans';
import { useTransactions } from '../api/get-transactions';
import { ConfirmPurchaseDialog } from './confirm-purchase-dialog';
import { CreditCardDialog } from './credit-card-dialog';
import type { PurchaseChoice } from './purchase-summary';
import { SubscriptionFlow } from './subscription-flow';
import { SubscriptionHeaderAlert } from './subscription-header-alert';
import { SwitchPlanForm } from './switch-plan-form';
import { useDescribeTransaction } from './use-describe-transaction';
import { liveSubscriptionOf, useCanManageCompany } from './use-feature-status';
import { PlanLine } from './subscription-summary';

/** Account settings → Subscription: plan and status, switch, cancel, card and payment history. */
export function SubscriptionPanel() {
  const { t, i18n } = useTranslation();
  const company = useAppStore((state) => state.account.currentCompany);
  const companyId = company?.plCompanyId ?? 0;
  // Owners and admins buy and manage; other members see the plans in viewable-only mode (spec 2 §6).
  const canManage = useCanManageCompany();
  const [search, setSearch] = useSearchParams();
  const listing = useCompanySubscription(companyId);
  const plans = usePlans(env.region.region);
  const paymentMethod = usePaymentMethod(canManage ? companyId : null);
  const transactions = useTransactions(canManage ? companyId : null);
  const cancel = useCancelSubscription();
  const resume = useResumeSubscription();
  const describe = useDescribeTransaction();
  const [switchChoice, setSwitchChoice] = useState<PurchaseChoice | null>(null);
  const [cardOpen, setCardOpen] = useState(false);
  const [confirmCancel, setConfirmCancel] = useState(false);
  const live = liveSubscriptionOf(listing.data);
  const latest = listing.data?.companySubscriptions[0] ?? null;
  const paywallOpen = search.get('paywall') === '1';
  const setPaywall = (open: boolean) => setSearch(open ? { paywall: '1' } : {}, { replace: true });
  if (!company) return <Typography>{t('home.noCompany')}</Typography>;

  const money = (value: number) => formatMoney(value, i18n.language);

  const doResume = async () => {
    try {
      await resume.mutateAsync(companyId);
      enqueueSnackbar(t('billing.page.resumed'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t('errors.unknown'), { variant: 'error' });
    }
  };

  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h1">{t('billing.page.title')}</Typography>
      <SubscriptionHeaderAlert subscription={latest} testId="subscription-header" />
      {canManage ? null : (
        <Alert severity="info" data-testid="view-only-notice">
          {t('billing.page.viewOnly')}
        </Alert>
      )}
      <Card variant="outlined" component="section" aria-label={t('billing.page.plan')}>
        <CardContent sx={{ display: 'grid', gap: 1.5 }}>
          <Typography variant="h3" component="h2">
            {t('billing.page.plan')}
          </Typography>
          {latest ? (
            <Box sx={{ display: 'flex', gap: 1, alignItems: 'center', flexWrap: 'wrap' }}>
              <PlanLine
                subscription={latest}
                testIds={{ plan: 'current-plan', status: 'subscription-status' }}
              />
              <Typography variant="body2" sx={{ color: 'text.secondary' }}>
                {t(latest.autoRenew ? 'billing.page.renews' : 'billing.page.ends', {
                  date: formatDate(latest.currentPeriodEnd, i18n.language),
                })}
              </Typography>
            </Box>
          ) : (
            <Typography sx={{ color: 'text.secondary' }}>{t('billing.page.none')}</Typography>
          )}
          <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
            <Button variant="contained" onClick={() => setPaywall(true)} data-testid="open-paywall">
              {t('billing.page.choosePlan')}
            </Button>
            {canManage && live && live.autoRenew ? (
              <Button
                color="error"
                variant="outlined"
                onClick={() => setConfirmCancel(true)}
                data-testid="cancel-subscription"
              >
                {t('billing.page.cancel')}
              </Button>
            ) : null}
            {canManage &&
            live &&
            !live.autoRenew &&
            (live.status === 'AVAILABLE' || live.status === 'TRIAL') ? (
              <Button
                variant="outlined"
                onClick={() => void doResume()}
                disabled={resume.isPending}
                data-testid="resume-subscription"
              >
                {t('billing.page.resume')}
              </Button>
            ) : null}
          </Box>
          {canManage && live && (live.status === 'AVAILABLE' || live.status === 'TRIAL') ? (
            <SwitchPlanForm
              // A new live plan (a switch done) starts the form again from it.
              key={`${live.subscription.plPlanId}-${live.paymentFrequency}`}
              current={{ plPlanId: live.subscription.plPlanId, paymentFrequency: live.paymentFrequency }}
              plans={plans.data ?? []}
              onPreview={(plan, frequency) => setSwitchChoice({ plan, frequency, promoCode: null })}
            />
          ) : null}
        </CardContent>
      </Card>
      {canManage ? (
        <>
          <Card variant="outlined" component="section" aria-label={t('billing.page.paymentMethod')}>
            <CardContent sx={{ display: 'flex', gap: 2, alignItems: 'center', flexWrap: 'wrap' }}>
              <Typography variant="h3" component="h2" sx={{ flex: '1 1 100%' }}>
                {t('billing.page.paymentMethod')}
              </Typography>
              <Typography data-testid="payment-method">
                {paymentMethod.data
                  ? t('billing.page.cardOnFile', {
                      brand: cardBrandName(paymentMethod.data.brand),
                      last4: paymentMethod.data.last4,
                      month: String(paymentMethod.data.expMonth).padStart(2, '0'),
                      year: paymentMethod.data.expYear,
                    })
                  : t('billing.page.noCard')}
              </Typography>
              <Button variant="outlined" onClick={() => setCardOpen(true)} data-testid="update-card">
                {t(paymentMethod.data ? 'billing.page.updateCard' : 'billing.page.addCard')}
              </Button>
            </CardContent>
          </Card>
          <Card variant="outlined" component="section" aria-label={t('billing.page.history')}>
            <CardContent>
              <Typography variant="h3" component="h2" sx={{ mb: 1 }}>
                {t('billing.page.history')}
              </Typography>
              {/* On a phone each payment is a block, one line a field with its heading: four columns
                  squeezed into 360 px broke headings and amounts inside a word ('Amou nt', '$149. 00'). */}
              <DataTable
                size="small"
                aria-label={t('billing.page.history')}
                stackOnPhone
                columns={[
                  {
                    key: 'date',
                    label: t('billing.page.date'),
                    cell: (tx) => formatDate(tx.createdAt, i18n.language),
                  },
                  { key: 'description', label: t('billing.page.description'), cell: (tx) => describe(tx) },
                  {
                    key: 'amount',
                    label: t('billing.page.amount'),
                    cellProps: { sx: { whiteSpace: 'nowrap' } },
                    cell: (tx) => money(tx.amount),
                  },
                  {
                    key: 'status',
                    label: t('billing.page.status'),
                    cell: (tx) => t(`billing.payment.${tx.status}`),
                  },
                ]}
                rows={transactions.data?.items ?? []}
                rowKey={(tx) => tx.plTransactionId}
                rowProps={() => ({ 'data-testid': 'payment-row' })}
                empty={transactions.data ? t('billing.page.noPayments') : null}
              />
            </CardContent>
          </Card>
        </>
      ) : null}
      <SubscriptionFlow
        open={paywallOpen}
        companyId={companyId}
        plans={plans.data ?? []}
        listing={listing.data}
        viewOnly={!canManage}
        onClose={() => setPaywall(false)}
      />
      <ConfirmPurchaseDialog
        open={switchChoice !== null}
        companyId={companyId}
        choice={switchChoice}
        isSwitch
        card={paymentMethod.data}
        onClose={() => setSwitchChoice(null)}
        onDone={() => {
          setSwitchChoice(null);
          enqueueSnackbar(t('billing.switch.done'), { variant: 'success' });
        }}
        onFailed={(message) => {
          setSwitchChoice(null);
          enqueueSnackbar(message, { variant: 'error' });
        }}
      />
      <CreditCardDialog
        open={cardOpen}
        companyId={companyId}
        onClose={() => setCardOpen(false)}
        onSaved={(subscriptionStatus) => {
          setCardOpen(false);
          enqueueSnackbar(t('billing.card.saved'), { variant: 'success' });
          if (latest?.status === 'PAYMENT_FAILED' && subscriptionStatus === 'AVAILABLE')
            enqueueSnackbar(t('billing.reactivated'), { variant: 'success' });
        }}
      />
      <Dialog open={confirmCancel} onClose={() => setConfirmCancel(false)} aria-labelledby="cancel-title">
        <DialogTitle id="cancel-title">{t('billing.page.cancelTitle')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('billing.page.cancelText')}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setConfirmCancel(false)}>{t('billing.page.keep')}</Button>
          <Button
            color="error"
            variant="contained"
            data-testid="confirm-cancel"
            disabled={cancel.isPending}
            onClick={() =>
              void cancel.mutateAsync(companyId).then(() => {
                setConfirmCancel(false);
                enqueueSnackbar(t('billing.page.canceled'), { variant: 'success' });
              })
            }
          >
            {t('billing.page.cancel')}
          </Button>
        </DialogActions>
      </Dialog>
    </Box>
  );
}
