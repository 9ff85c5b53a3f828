import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { DiscountType, PaymentFrequency } from '@trustleaf/domain/rules/pricing';
import { promoDayOf, promoPeriodFromDays } from '@trustleaf/domain/rules/promo';
import { UpsertPromoInputSchema, type Plan, type Promo } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n-messages';
import { useUpsertPromo } from '../api/upsert-promo';
import { usePromos } from '../api/get-promos';
import { numberOrNull } from './restriction-fields';

const EMPTY_PROMO_FORM = {
  plPromoId: null as number | null,
  code: '',
  status: 'ACTIVE' as 'ACTIVE' | 'INACTIVE',
  startDay: '',
  endDay: '',
  type: 'PERCENT' as DiscountType,
  amount: '10',
  frequency: 'MONTHLY' as PaymentFrequency,
  maxUsage: '',
};
type PromoForm = typeof EMPTY_PROMO_FORM;
type PromoField = 'code' | 'endDay' | 'amount' | 'maxUsage';

/** Where a schema issue of the promo payload shows in the form. */
const PROMO_FIELD_BY_PATH: Record<string, PromoField> = {
  promoCode: 'code',
  endDate: 'endDay',
  startDate: 'endDay',
  promoPlans: 'amount',
  maxUsage: 'maxUsage',
};

function promoFormOf(promo: Promo): PromoForm {
  const first = promo.promoPlans[0];
  return {
    plPromoId: promo.plPromoId,
    code: promo.promoCode,
    status: promo.status,
    startDay: promoDayOf(promo.startDate) ?? '',
    endDay: promoDayOf(promo.endDate) ?? '',
    type: first?.discountType ?? 'PERCENT',
    amount: String(first?.discountAmount ?? ''),
    frequency: first?.paymentFrequency ?? 'MONTHLY',
    maxUsage: promo.limitUsage && promo.maxUsage !== null ? String(promo.maxUsage) : '',
  };
}

/**
 * Promo codes: create, or edit one (code, status, start and end days, discount, usage limit). The
 * payload is checked with the API's own schema first, so the admin sees the same rule in the form.
 */
export function PromoConsole({ plans }: { plans: Plan[] }) {
  const { t, i18n } = useTranslation();
  const formatPromoDay = (instant: string | null) => {
    const day = promoDayOf(instant);
    return day ? formatDay(day, i18n.language) : '—';
  };
  const promos = usePromos();
  const upsert = useUpsertPromo();
  const [form, setForm] = useState<PromoForm>(EMPTY_PROMO_FORM);
  const [errors, setErrors] = useState<Partial<Record<PromoField, string>>>({});
  const editing = (promos.data?.items ?? []).find((p) => p.plPromoId === form.plPromoId) ?? null;
  const set = (patch: Partial<PromoForm>) => setForm({ ...form, ...patch });
  const field = (name: PromoField) => ({
    error: Boolean(errors[name]),
    helperText: errors[name] ? translateMessage(t, errors[name]) : undefined,
  });

  const submit = async () => {
    // Editing keeps the promo's plan and frequency rows; a new promo covers every active plan.
    const rows = editing
      ? editing.promoPlans.map((p) => ({ plPlanId: p.plPlanId, paymentFrequency: p.paymentFrequency }))
      : plans
          .filter((p) => p.status === 'ACTIVE')
          .map((p) => ({ plPlanId: p.plPlanId, paymentFrequency: form.frequency }));
    const parsed = UpsertPromoInputSchema.safeParse({
      ...(form.plPromoId === null ? {} : { plPromoId: form.plPromoId }),
      promoCode: form.code,
      status: form.status,
      ...promoPeriodFromDays(form.startDay || null, form.endDay || null),
      limitUsage: form.maxUsage.trim() !== '',
      maxUsage: numberOrNull(form.maxUsage),
      promoPlans: rows.map((row) => ({
        ...row,
        discountType: form.type,
        discountAmount: Number(form.amount),
      })),
    });
    if (!parsed.success) {
      const next: Partial<Record<PromoField, string>> = {};
      for (const issue of parsed.error.issues) {
        const name = PROMO_FIELD_BY_PATH[String(issue.path[0])] ?? 'amount';
        next[name] ??= issue.message;
      }
      setErrors(next);
      return;
    }
    setErrors({});
    try {
      await upsert.mutateAsync(parsed.data);
      setForm(EMPTY_PROMO_FORM);
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
        <Box
          component="form"
          noValidate
          aria-label={t(editing ? 'billing.admin.editPromoTitle' : 'billing.admin.createPromo')}
          onSubmit={(event) => {
            event.preventDefault();
            void submit();
          }}
          sx={{ display: 'flex', gap: 1, flexWrap: 'wrap', alignItems: 'flex-start' }}
        >
          <TextField
            size="small"
            label={t('billing.promo.code')}
            value={form.code}
            onChange={(e) => set({ code: e.target.value })}
            {...field('code')}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.status')}
            value={form.status}
            onChange={(e) => set({ status: e.target.value as PromoForm['status'] })}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="ACTIVE">{t('billing.admin.active')}</MenuItem>
            <MenuItem value="INACTIVE">{t('billing.admin.inactive')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="date"
            label={t('billing.admin.startDate')}
            value={form.startDay}
            onChange={(e) => set({ startDay: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
          />
          <TextField
            size="small"
            type="date"
            label={t('billing.admin.endDate')}
            value={form.endDay}
            onChange={(e) => set({ endDay: e.target.value })}
            slotProps={{ inputLabel: { shrink: true } }}
            {...field('endDay')}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.discountType')}
            value={form.type}
            onChange={(e) => set({ type: e.target.value as DiscountType })}
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
            value={form.amount}
            onChange={(e) => set({ amount: e.target.value })}
            {...field('amount')}
          />
          <TextField
            size="small"
            select
            label={t('billing.switch.frequency')}
            value={form.frequency}
            onChange={(e) => set({ frequency: e.target.value as PaymentFrequency })}
            disabled={editing !== null}
            sx={{ minWidth: 120 }}
          >
            <MenuItem value="MONTHLY">{t('billing.monthly')}</MenuItem>
            <MenuItem value="ANNUAL">{t('billing.yearly')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            type="number"
            label={t('billing.admin.maxUsage')}
            value={form.maxUsage}
            onChange={(e) => set({ maxUsage: e.target.value })}
            {...field('maxUsage')}
          />
          <Button type="submit" variant="contained" disabled={upsert.isPending} data-testid="promo-submit">
            {t(editing ? 'billing.admin.savePromo' : 'billing.admin.createPromo')}
          </Button>
          {form.plPromoId !== null ? (
            <Button
              onClick={() => {
                setForm(EMPTY_PROMO_FORM);
                setErrors({});
              }}
            >
              {t('billing.cancel')}
            </Button>
          ) : null}
        </Box>
        <Table size="small" aria-label={t('billing.admin.promos')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('billing.promo.code')}</TableCell>
              <TableCell>{t('billing.admin.status')}</TableCell>
              <TableCell>{t('billing.admin.startDate')}</TableCell>
              <TableCell>{t('billing.admin.endDate')}</TableCell>
              <TableCell>{t('billing.admin.usage')}</TableCell>
              <TableCell>{t('billing.admin.discountAmount')}</TableCell>
              <TableCell>{t('billing.admin.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(promos.data?.items ?? []).map((promo) => (
              <TableRow key={promo.plPromoId} data-testid="promo-row" data-code={promo.promoCode}>
                <TableCell>{promo.promoCode}</TableCell>
                <TableCell>
                  {t(promo.status === 'ACTIVE' ? 'billing.admin.active' : 'billing.admin.inactive')}
                </TableCell>
                <TableCell>{formatPromoDay(promo.startDate)}</TableCell>
                <TableCell>{formatPromoDay(promo.endDate)}</TableCell>
                <TableCell>
                  {promo.totalUsage}
                  {promo.limitUsage ? ` / ${promo.maxUsage}` : ''}
                </TableCell>
                <TableCell>
                  {promo.promoPlans[0]
                    ? `${t(`billing.admin.discount.${promo.promoPlans[0].discountType}`)} ${promo.promoPlans[0].discountAmount}`
                    : ''}
                </TableCell>
                <TableCell>
                  <Button
                    size="small"
                    aria-label={t('billing.admin.editPromo', { code: promo.promoCode })}
                    onClick={() => {
                      setForm(promoFormOf(promo));
                      setErrors({});
                    }}
                  >
                    {t('billing.admin.edit')}
                  </Button>
                </TableCell>
              </TableRow>
            ))}
          </TableBody>
        </Table>
      </CardContent>
    </Card>
  );
}
