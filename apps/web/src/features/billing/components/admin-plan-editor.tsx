import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import MenuItem from '@mui/material/MenuItem';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { type Plan, type PlanUpsert } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useUpdatePlans } from '../api/update-plan';
import { sanitizeHtml } from './plan-feature-detail-dialog';
import {
  numberOrNull,
  parseRestriction,
  RestrictionFields,
  restrictionDraftOf,
  type RestrictionDraft,
} from './restriction-fields';

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

/** A plan's unsaved edits, kept while the console shows another plan. */
export interface PlanDraft {
  draft: PlanUpsert;
  restrictions: (RestrictionDraft | null)[];
}

export function PlanEditor({ plan, drafts }: { plan: Plan; drafts: Map<number, PlanDraft> }) {
  const { t } = useTranslation();
  const update = useUpdatePlans();
  const kept = drafts.get(plan.plPlanId);
  const [draft, setDraft] = useState<PlanUpsert>(() => kept?.draft ?? toUpsert(plan));
  const [restrictions, setRestrictions] = useState<(RestrictionDraft | null)[]>(
    () => kept?.restrictions ?? plan.features.map((f) => restrictionDraftOf(f.restriction)),
  );
  useEffect(() => {
    drafts.set(plan.plPlanId, { draft, restrictions });
  }, [drafts, plan.plPlanId, draft, restrictions]);
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
    <Card
      variant="outlined"
      data-testid={`admin-plan-${plan.name}`}
      role="tabpanel"
      id={`admin-plan-panel-${plan.plPlanId}`}
      aria-labelledby={`admin-plan-tab-${plan.plPlanId}`}
    >
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
