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
import {
  parseSourceIds,
  promoDayOf,
  promoPeriodFromDays,
  SOURCE_IDS_MESSAGE,
} from '@trustleaf/domain/rules/promo';
import {
  DelayedRestrictionSchema,
  UpsertPromoInputSchema,
  type Plan,
  type PlanUpsert,
  type Promo,
} from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n-messages';
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

type Restriction = NonNullable<PlanUpsert['features'][number]['restriction']>;
/** The restriction inputs as typed; checked against the API's schema on save. */
interface RestrictionDraft {
  delayDuration: string;
  delayUnit: Restriction['delayUnit'];
  state: Restriction['state'];
  sourceIds: string;
}
const NEW_RESTRICTION: RestrictionDraft = {
  delayDuration: '30',
  delayUnit: 'DAY',
  state: 'NON_INTERACTABLE',
  sourceIds: '',
};
const restrictionDraftOf = (restriction: Restriction | null): RestrictionDraft | null =>
  restriction
    ? {
        delayDuration: String(restriction.delayDuration),
        delayUnit: restriction.delayUnit,
        state: restriction.state,
        sourceIds: (restriction.sourceIds ?? []).join(', '),
      }
    : null;

/** A restriction draft as the API takes it, or the messages of the fields that are wrong. */
function parseRestriction(
  draft: RestrictionDraft,
): { value: Restriction } | { errors: Partial<Record<'delayDuration' | 'sourceIds', string>> } {
  const sourceIds = parseSourceIds(draft.sourceIds);
  const parsed = DelayedRestrictionSchema.safeParse({
    sourceIds: sourceIds ?? [],
    delayDuration: draft.delayDuration.trim() === '' ? Number.NaN : Number(draft.delayDuration),
    delayUnit: draft.delayUnit,
    state: draft.state,
  });
  const errors: Partial<Record<'delayDuration' | 'sourceIds', string>> = {};
  if (sourceIds === null) errors.sourceIds = SOURCE_IDS_MESSAGE;
  if (!parsed.success) {
    for (const issue of parsed.error.issues) {
      const name = issue.path[0] === 'sourceIds' ? 'sourceIds' : 'delayDuration';
      errors[name] ??= issue.message;
    }
  }
  return parsed.success && sourceIds !== null ? { value: parsed.data } : { errors };
}

/**
 * A feature's delayed restriction (spec 3 §4): after the delay from the subscription start, the
 * granted feature turns into the chosen state; source ids narrow it to some of the feature's sources.
 */
function RestrictionFields({
  featureName,
  draft,
  errors,
  onChange,
}: {
  featureName: string;
  draft: RestrictionDraft | null;
  errors: Partial<Record<'delayDuration' | 'sourceIds', string>> | undefined;
  onChange: (draft: RestrictionDraft | null) => void;
}) {
  const { t } = useTranslation();
  return (
    <Box sx={{ display: 'grid', gap: 1, pl: 4 }} data-testid={`restriction-${featureName}`}>
      <FormControlLabel
        control={
          <Checkbox
            size="small"
            checked={draft !== null}
            onChange={(e) => onChange(e.target.checked ? NEW_RESTRICTION : null)}
          />
        }
        label={t('billing.admin.restriction.enabled')}
      />
      {draft ? (
        <Box sx={{ display: 'grid', gap: 1, gridTemplateColumns: '1fr 1fr' }}>
          <TextField
            size="small"
            type="number"
            label={t('billing.admin.restriction.delay')}
            value={draft.delayDuration}
            onChange={(e) => onChange({ ...draft, delayDuration: e.target.value })}
            error={Boolean(errors?.delayDuration)}
            helperText={errors?.delayDuration ? translateMessage(t, errors.delayDuration) : undefined}
          />
          <TextField
            size="small"
            select
            label={t('billing.admin.restriction.unit')}
            value={draft.delayUnit}
            onChange={(e) => onChange({ ...draft, delayUnit: e.target.value as Restriction['delayUnit'] })}
          >
            {(['DAY', 'WEEK', 'MONTH'] as const).map((unit) => (
              <MenuItem key={unit} value={unit}>
                {t(`billing.units.${unit}`)}
              </MenuItem>
            ))}
          </TextField>
          <TextField
            size="small"
            select
            label={t('billing.admin.restriction.state')}
            value={draft.state}
            onChange={(e) => onChange({ ...draft, state: e.target.value as Restriction['state'] })}
          >
            <MenuItem value="NON_INTERACTABLE">{t('billing.admin.restriction.locked')}</MenuItem>
            <MenuItem value="HIDDEN">{t('billing.admin.restriction.hidden')}</MenuItem>
          </TextField>
          <TextField
            size="small"
            label={t('billing.admin.restriction.sources')}
            value={draft.sourceIds}
            onChange={(e) => onChange({ ...draft, sourceIds: e.target.value })}
            error={Boolean(errors?.sourceIds)}
            helperText={
              errors?.sourceIds
                ? translateMessage(t, errors.sourceIds)
                : t('billing.admin.restriction.sourcesHelp')
            }
          />
        </Box>
      ) : null}
    </Box>
  );
}

function PlanEditor({ plan }: { plan: Plan }) {
  const { t } = useTranslation();
  const update = useUpdatePlans();
  const [draft, setDraft] = useState<PlanUpsert>(() => toUpsert(plan));
  const [restrictions, setRestrictions] = useState<(RestrictionDraft | null)[]>(() =>
    plan.features.map((f) => restrictionDraftOf(f.restriction)),
  );
  const [restrictionErrors, setRestrictionErrors] = useState<
    Record<number, Partial<Record<'delayDuration' | 'sourceIds', string>>>
  >({});
  const set = (patch: Partial<PlanUpsert>) => setDraft({ ...draft, ...patch });
  const flag = (key: keyof PlanUpsert & `enable${string}`) => (
    <FormControlLabel
      control={<Checkbox checked={Boolean(draft[key])} onChange={(e) => set({ [key]: e.target.checked })} />}
      label={t(`billing.admin.${key}`)}
    />
  );
  const save = async () => {
    const errors: typeof restrictionErrors = {};
    const features = draft.features.map((feature, index) => {
      const restriction = restrictions[index] ?? null;
      if (!restriction) return { ...feature, restriction: null };
      const parsed = parseRestriction(restriction);
      if ('errors' in parsed) {
        errors[index] = parsed.errors;
        return feature;
      }
      return { ...feature, restriction: parsed.value };
    });
    setRestrictionErrors(errors);
    if (Object.keys(errors).length > 0) return;
    try {
      const detailDescription = {
        ...draft.detailDescription,
        detailDescriptions: draft.detailDescription.detailDescriptions.map((d) => ({
          ...d,
          detailDescription: sanitizeHtml(d.detailDescription),
        })),
      };
      await update.mutateAsync({ plCompanyId: 0, plans: [{ ...draft, features, detailDescription }] });
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
              <Box key={feature.plFeatureId}>
                <Box sx={{ display: 'flex', alignItems: 'center', gap: 1 }}>
                  <FormControlLabel
                    control={
                      <Checkbox
                        size="small"
                        checked={config.include && config.available}
                        onChange={(e) =>
                          setConfig({ include: e.target.checked, available: e.target.checked })
                        }
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
                <RestrictionFields
                  featureName={feature.name}
                  draft={restrictions[index] ?? null}
                  errors={restrictionErrors[index]}
                  onChange={(next) => setRestrictions(restrictions.map((r, i) => (i === index ? next : r)))}
                />
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
function PromoConsole({ plans }: { plans: Plan[] }) {
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
