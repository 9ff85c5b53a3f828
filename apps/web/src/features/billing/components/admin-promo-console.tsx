import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { DISCOUNT_TYPES } from '@trustleaf/domain/rules/pricing';
import { promoDayOf } from '@trustleaf/domain/rules/promo';
import {
  createPromoFormSchema,
  EMPTY_PROMO_FORM,
  promoFormFieldOf,
  promoFormValuesOf,
  promoInputOf,
  type PromoFormValues,
  type PromoPlanRow,
} from '@trustleaf/domain/rules/promo-form';
import { UpsertPromoInputSchema, type Plan, type Promo } from '@trustleaf/domain/schemas/billing';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { TableScroll } from '@/components/lists/table-scroll';
import { errorText } from '@/lib/error-notice';
import { formatDay } from '@/lib/i18n';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { usePromos } from '../api/get-promos';
import { useUpsertPromo } from '../api/upsert-promo';
import { SpecFields, STATUS_OPTIONS, type FieldSpec } from './admin-form-fields';

/** The promo form's fields, in one wrapping row. */
const PROMO_FIELDS: readonly (FieldSpec & { name: keyof PromoFormValues })[] = [
  { name: 'promoCode', labelKey: 'billing.promo.code' },
  { name: 'status', labelKey: 'billing.admin.status', options: STATUS_OPTIONS },
  { name: 'startDate', labelKey: 'billing.admin.startDate', type: 'date' },
  { name: 'endDate', labelKey: 'billing.admin.endDate', type: 'date' },
  {
    name: 'discountType',
    labelKey: 'billing.admin.discountType',
    options: DISCOUNT_TYPES.map((type) => [type, `billing.admin.discount.${type}`] as const),
  },
  { name: 'discountAmount', labelKey: 'billing.admin.discountAmount', type: 'number' },
  {
    name: 'paymentFrequency',
    labelKey: 'billing.switch.frequency',
    options: [
      ['MONTHLY', 'billing.monthly'],
      ['ANNUAL', 'billing.yearly'],
    ],
  },
  { name: 'maxUsage', labelKey: 'billing.admin.maxUsage', type: 'number' },
];

/** The plans a promo covers: an edited promo keeps its rows; a new one covers every active plan. */
function promoRowsOf(editing: Promo | null, plans: Plan[]): PromoPlanRow[] {
  return editing
    ? editing.promoPlans.map((p) => ({ plPlanId: p.plPlanId, paymentFrequency: p.paymentFrequency }))
    : plans.filter((p) => p.status === 'ACTIVE').map((p) => ({ plPlanId: p.plPlanId }));
}

/**
 * Promo codes: create, or edit one (code, status, start and end days, discount, usage limit). The
 * form is checked with the API's own schema, so the admin sees the same rule in the form, and the
 * API's refusals land on their fields.
 */
export function PromoConsole({ plans }: { plans: Plan[] | undefined }) {
  const { t } = useTranslation();
  const promos = usePromos();
  const upsert = useUpsertPromo();
  const [editingId, setEditingId] = useState<number | null>(null);
  const editing = (promos.data?.items ?? []).find((p) => p.plPromoId === editingId) ?? null;
  // The schema follows the promo being edited: its plans are the payload's rows.
  const rows = useMemo(() => promoRowsOf(editing, plans ?? []), [editing, plans]);
  const schema = useMemo(() => createPromoFormSchema(rows), [rows]);
  const form = useForm<PromoFormValues>({
    resolver: keyedZodResolver(schema),
    defaultValues: EMPTY_PROMO_FORM,
  });
  const { control } = form;
  const edit = (promo: Promo | null) => {
    setEditingId(promo?.plPromoId ?? null);
    form.reset(promo ? promoFormValuesOf(promo) : EMPTY_PROMO_FORM);
  };

  const submit = form.handleSubmit(async (values) => {
    try {
      await upsert.mutateAsync(UpsertPromoInputSchema.parse(promoInputOf(values, rows)));
      edit(null);
      enqueueSnackbar(t('billing.admin.saved'), { variant: 'success' });
    } catch (error) {
      if (!applyServerIssues(form, error, promoFormFieldOf)) {
        enqueueSnackbar(errorText(t, error), { variant: 'error' });
      }
    }
  });

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
          onSubmit={(event) => void submit(event)}
          // On a phone, one field per row: side by side they were wider than the card, which clipped them.
          sx={{
            display: { xs: 'grid', sm: 'flex' },
            gridTemplateColumns: '1fr',
            gap: 1,
            flexWrap: 'wrap',
            alignItems: 'flex-start',
          }}
        >
          <SpecFields
            control={control}
            fields={PROMO_FIELDS}
            size="small"
            fullWidth={false}
            sx={{ minWidth: 140 }}
            // An edited promo keeps its plans' frequencies.
            isDisabled={(name) => name === 'paymentFrequency' && editing !== null}
          />
          {/* A new promo covers the active plans: it waits for them. */}
          <Button
            type="submit"
            variant="contained"
            disabled={upsert.isPending || plans === undefined}
            data-testid="promo-submit"
          >
            {t(editing ? 'billing.admin.savePromo' : 'billing.admin.createPromo')}
          </Button>
          {editingId !== null ? <Button onClick={() => edit(null)}>{t('billing.cancel')}</Button> : null}
        </Box>
        <PromoTable promos={promos.data?.items ?? []} onEdit={edit} />
      </CardContent>
    </Card>
  );
}

function PromoTable({ promos, onEdit }: { promos: Promo[]; onEdit: (promo: Promo) => void }) {
  const { t, i18n } = useTranslation();
  const formatPromoDay = (instant: string | null) => {
    const day = promoDayOf(instant);
    return day ? formatDay(day, i18n.language) : '—';
  };
  const headings = [
    'billing.promo.code',
    'billing.admin.status',
    'billing.admin.startDate',
    'billing.admin.endDate',
  ];
  return (
    // Seven columns do not fit a phone.
    <TableScroll label={t('billing.admin.promos')}>
      <Table size="small" aria-label={t('billing.admin.promos')}>
        <TableHead>
          <TableRow>
            {[
              ...headings,
              'billing.admin.usage',
              'billing.admin.discountAmount',
              'billing.admin.actions',
            ].map((key) => (
              <TableCell key={key}>{t(key)}</TableCell>
            ))}
          </TableRow>
        </TableHead>
        <TableBody>
          {promos.map((promo) => (
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
                  onClick={() => onEdit(promo)}
                >
                  {t('billing.admin.edit')}
                </Button>
              </TableCell>
            </TableRow>
          ))}
        </TableBody>
      </Table>
    </TableScroll>
  );
}
