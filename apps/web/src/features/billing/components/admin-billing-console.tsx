import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DiscountType, PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import type { Plan, PlanUpsert } from '@trustleaf/domain/schemas/billing';
import { useSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePlans, useUpsertPromo } from '../api/billing-mutations';
import { useAdminPlans, usePromos } from '../api/billing-queries';
import { sanitizeHtml } from './plan-feature-detail-dialog';

function toUpsert(plan: Plan): PlanUpsert {
  return {
    plPlanId: plan.plPlanId,
    name: plan.name,
    status: plan.status,
    region: plan.region,
    priority: plan.priority,
    monthlyFee: plan.monthlyFee,
    annualFee: plan.annualFee,
    promoMonthlyFee: plan.promoMonthlyFee,
    promoAnnualFee: plan.promoAnnualFee,
    enableCcPaymentMonthly: plan.enableCcPaymentMonthly,
    enableCcPaymentAnnually: plan.enableCcPaymentAnnually,
    enableEftPaymentMonthly: plan.enableEftPaymentMonthly,
    enableEftPaymentAnnually: plan.enableEftPaymentAnnually,
    enableSkipPaywall: plan.enableSkipPaywall,
    trialDuration: plan.trialDuration,
    trialUnit: plan.trialUnit,
    detailDescription: plan.detailDescription,
    features: plan.features.map((f) => ({
      plFeatureId: f.plFeatureId,
      planFeatureConfig: f.planFeatureConfig,
      restriction: f.restriction,
    })),
  };
}

const numberOrNull = (value: string): number | null => (value.trim() === '' ? null : Number(value));

function PlanEditor({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const update = useUpdatePlans();
  const [draft, setDraft] = useState<PlanUpsert>(() => toUpsert(plan));
  const set = (patch: Partial<PlanUpsert>) => setDraft({ ...draft, ...patch });
  const flag = (key: keyof PlanUpsert & `enable${string}`) => (
    <FormControlLabel
      control={<Checkbox checked={Boolean(draft[key])} onChange={(e) => set({ [key]: e.target.checked })} />}
      label={t(`billing.admin.${key}`)}
    />
  );
  const save = async () => {
    try {
      const detailDescription = {
        ...draft.detailDescription,
        detailDescriptions: draft.detailDescription.detailDescriptions.map((d) => ({
          ...d,
          detailDescription: sanitizeHtml(d.detailDescription),
        })),
      };
      await update.mutateAsync({ plCompanyId: 0, plans: [{ ...draft, detailDescription }] });
      enqueueSnackbar(t('billing.admin.saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t('errors.unknown'), { variant: 'error' });
    }
  };
  return (
    <Card variant="outlined" data-testid={`admin-plan-${plan.name}`}>
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h3" component="h3">
          {plan.name} ({plan.region})
        </Typography>
        <Box sx={{ display: 'grid', gap: 2, gridTemplateColumns: 'repeat(auto-fill, minmax(160px, 1fr))' }}>
          <TextField
            size="small"
            label={t('billing.admin.monthlyFee')}
            type="number"
            value={draft.monthlyFee}
            onChange={(e) => set({ monthlyFee: Number(e.target.value) })}
          />
          <TextField
            size="small"
            label={t('billing.admin.annualFee')}
            type="number"
            value={draft.annualFee}
            onChange={(e) => set({ annualFee: Number(e.target.value) })}
          />
          <TextField
            size="small"
            label={t('billing.admin.promoMonthlyFee')}
            type="number"
            value={draft.promoMonthlyFee ?? ''}
            onChange={(e) => set({ promoMonthlyFee: numberOrNull(e.target.value) })}
          />
          <TextField
            size="small"
            label={t('billing.admin.promoAnnualFee')}
            type="number"
            value={draft.promoAnnualFee ?? ''}
            onChange={(e) => set({ promoAnnualFee: numberOrNull(e.target.value) })}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.status')}
            value={draft.status}
            onChange={(e) => set({ status: e.target.value as 'ACTIVE' | 'INACTIVE' })}
          >
            <MenuItem value="ACTIVE">{t('billing.admin.active')}</MenuItem>
            <MenuItem value="INACTIVE">{t('billing.admin.inactive')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('billing.admin.trialDuration')}
            type="number"
            value={draft.trialDuration ?? ''}
            onChange={(e) => {
              const n = numberOrNull(e.target.value);
              set({ trialDuration: n, trialUnit: n === null ? null : (draft.trialUnit ?? 'DAY') });
            }}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.trialUnit')}
            value={draft.trialUnit ?? ''}
            onChange={(e) => set({ trialUnit: (e.target.value || null) as PlanUpsert['trialUnit'] })}
          >
            <MenuItem value="">—</MenuItem>
            {(['DAY', 'WEEK', 'MONTH', 'YEAR'] as const).map((unit) => (
              <MenuItem key={unit} value={unit}>
                {t(`billing.units.${unit}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
        <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
          {flag('enableCcPaymentMonthly')}
          {flag('enableCcPaymentAnnually')}
          {flag('enableEftPaymentMonthly')}
          {flag('enableEftPaymentAnnually')}
          {flag('enableSkipPaywall')}
        </Box>
        <Typography variant="subtitle2">{t('billing.admin.features')}</Typography>
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: 'repeat(auto-fill, minmax(260px, 1fr))' }}>
          {plan.features.map((feature, index) => {
            const config = draft.features[index]!.planFeatureConfig;
            const setConfig = (patch: Partial<typeof config>) =>
              set({
                features: draft.features.map((f, i) =>
                  i === index ? { ...f, planFeatureConfig: { ...config, ...patch } } : f,
                ),
              });
            return (
              <Box key={feature.plFeatureId} sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                <FormControlLabel
                  control={
                    <Checkbox
                      size="small"
                      checked={config.include && config.available}
                      onChange={(e) => setConfig({ include: e.target.checked, available: e.target.checked })}
                    />
                  }
                  label={feature.name}
                  sx={{ flex: 1 }}
                />
                {feature.featureType === 'NUMBER' ? (
                  <TextField
                    size="small"
                    sx={{ width: 90 }}
                    label={t('billing.admin.threshold')}
                    type="number"
                    value={config.clientThreshold ?? ''}
                    onChange={(e) => setConfig({ clientThreshold: numberOrNull(e.target.value) })}
                  />
                ) : null}
              </Box>
            );
          })}
        </Box>
        <Typography variant="subtitle2">{t('billing.admin.descriptions')}</Typography>
        {draft.detailDescription.detailDescriptions.map((item, index) => (
          <TextField
            key={index}
            size="small"
            multiline
            minRows={2}
            label={item.shortDescription}
            value={item.detailDescription}
            onChange={(e) =>
              set({
                detailDescription: {
                  ...draft.detailDescription,
                  detailDescriptions: draft.detailDescription.detailDescriptions.map((d, i) =>
                    i === index ? { ...d, detailDescription: e.target.value } : d,
                  ),
                },
              })
            }
          />
        ))}
        <Box>
          <Button variant="contained" onClick={() => void save()} disabled={update.isPending}>
            {t('billing.admin.save')}
          </Button>
        </Box>
      </CardContent>
    </Card>
  );
}

function PromoConsole({ plans }: { plans: Plan[] }) {
  const { t } = useTranslation();
  const { enqueueSnackbar } = useSnackbar();
  const promos = usePromos();
  const upsert = useUpsertPromo();
  const [code, setCode] = useState('');
  const [type, setType] = useState<DiscountType>('PERCENT');
  const [amount, setAmount] = useState('10');
  const [maxUsage, setMaxUsage] = useState('');
  const [frequency, setFrequency] = useState<PaymentFrequency>('MONTHLY');
  const create = async () => {
    try {
      await upsert.mutateAsync({
        promoCode: code,
        status: 'ACTIVE',
        startDate: null,
        endDate: null,
        limitUsage: maxUsage.trim() !== '',
        maxUsage: numberOrNull(maxUsage),
        promoPlans: plans
          .filter((p) => p.status === 'ACTIVE')
          .map((p) => ({
            plPlanId: p.plPlanId,
            paymentFrequency: frequency,
            discountType: type,
            discountAmount: Number(amount),
          })),
      });
      setCode('');
      enqueueSnackbar(t('billing.admin.saved'), { variant: 'success' });
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t('errors.unknown'), { variant: 'error' });
    }
  };
  return (
    <Card variant="outlined">
      <CardContent sx={{ display: 'grid', gap: 2 }}>
        <Typography variant="h3" component="h2">
          {t('billing.admin.promos')}
        </Typography>
        <Box sx={{ display: 'flex', gap: 1, flexWrap: 'wrap' }}>
          <TextField
            size="small"
            label={t('billing.promo.code')}
            value={code}
            onChange={(e) => setCode(e.target.value)}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.discountType')}
            value={type}
            onChange={(e) => setType(e.target.value as DiscountType)}
            sx={{ minWidth: 140 }}
          >
            {(['PERCENT', 'AMOUNT', 'PRICE'] as const).map((v) => (
              <MenuItem key={v} value={v}>
                {t(`billing.admin.discount.${v}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('billing.admin.discountAmount')}
            value={amount}
            onChange={(e) => setAmount(e.target.value)}
          />
          <TextField
            size="small"
            select
            label={t('billing.switch.frequency')}
            value={frequency}
            onChange={(e) => setFrequency(e.target.value as PaymentFrequency)}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="MONTHLY">{t('billing.monthly')}</MenuItem>
            <MenuItem value="ANNUAL">{t('billing.yearly')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('billing.admin.maxUsage')}
            value={maxUsage}
            onChange={(e) => setMaxUsage(e.target.value)}
          />
          <Button
            variant="contained"
            onClick={() => void create()}
            disabled={!code.trim() || upsert.isPending}
          >
            {t('billing.admin.createPromo')}
          </Button>
        </Box>
        <Table size="small">
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.promo.code')}</TableCell>
              <TableCell>{t('billing.admin.status')}</TableCell>
              <TableCell>{t('billing.admin.usage')}</TableCell>
              <TableCell>{t('billing.admin.discountAmount')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(promos.data?.items ?? []).map((promo) => (
              <TableRow key={promo.plPromoId}>
                <TableCell>{promo.promoCode}</TableCell>
                <TableCell>{promo.status}</TableCell>
                <TableCell>
                  {promo.totalUsage}
                  {promo.limitUsage ? ` / ${promo.maxUsage}` : ''}
                </TableCell>
                <TableCell>
                  {promo.promoPlans[0]
                    ? `${promo.promoPlans[0].discountType} ${promo.promoPlans[0].discountAmount}`
                    : ''}
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}

/** Super admin console: plans, prices, payment flags, trials, features, descriptions and promos. */
export function AdminBillingConsole() {
  const { t } = useTranslation();
  const plans = useAdminPlans();
  return (
    <Box sx={{ display: 'grid', gap: 3 }}>
      <Typography variant="h1">{t('billing.admin.title')}</Typography>
      <PromoConsole plans={plans.data ?? []} />
      {(plans.data ?? []).map((plan) => (
        <PlanEditor key={plan.plPlanId} plan={plan} />
      ))}
    </Box>
  );
}
