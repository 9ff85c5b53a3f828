import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import FormControl from '@mui/material/FormControl';
import FormControlLabel from '@mui/material/FormControlLabel';
import FormGroup from '@mui/material/FormGroup';
import FormHelperText from '@mui/material/FormHelperText';
import FormLabel from '@mui/material/FormLabel';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { COMPANY_TYPES, SEGMENTS } from '@trustleaf/domain/reference/company-types';
import { DUPLICATE_COMPANY_NAME, formatTaxId } from '@trustleaf/domain/rules/company-fields';
import {
  UpdateCompanyDetailInputSchema,
  type CompanyDetail,
  type UpdateCompanyDetailInput,
} from '@trustleaf/domain/schemas/company';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { enqueueSnackbar } from 'notistack';
import { useId, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { ApiError } from '@/lib/api-client';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { errorText } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { useUpdateCompanyDetail } from '../api/update-company-detail';
import { AddressFields, TextFields, type TextFieldSpec } from './company-form-parts';

const grid = { display: 'grid', gap: 2, gridTemplateColumns: { xs: '1fr', sm: '1fr 1fr' } } as const;

type FormValues = UpdateCompanyDetailInput;

/** How the company is reached. */
const CONTACT_FIELDS: readonly TextFieldSpec<'phone' | 'email' | 'website'>[] = [
  { name: 'phone', label: 'company.fields.phone', type: 'tel', autoComplete: 'tel' },
  { name: 'email', label: 'company.fields.email', type: 'email', autoComplete: 'email' },
  { name: 'website', label: 'company.fields.website', type: 'url', autoComplete: 'url' },
];

function formValuesOf(detail: CompanyDetail): FormValues {
  return {
    plCompanyId: detail.plCompanyId,
    companyName: detail.companyName,
    businessType: detail.businessTypeCode ?? '',
    plSegmentIds: detail.plSegmentIds,
    corporateOfficeAddress: detail.corporateOfficeAddress ?? '',
    city: detail.city ?? '',
    state: detail.state ?? '',
    zip: detail.zip ?? '',
    country: detail.country === 'CA' ? 'CA' : 'US',
    phone: detail.phone ?? '',
    email: detail.email ?? '',
    website: detail.website ?? '',
    employees: detail.employees,
    incorporationType: detail.incorporationType ?? '',
    taxId: detail.taxId ?? '',
  };
}

/** Spec 3 §5 rules through the shared schema; the server's field messages land on the same fields. */
function CompanyEditForm({
  detail,
  onDone,
  onSaved,
}: {
  detail: CompanyDetail;
  onDone: () => void;
  onSaved: (detail: CompanyDetail) => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const update = useUpdateCompanyDetail(detail.plCompanyId);
  const [formError, setFormError] = useState<string | null>(null);
  const [pending, setPending] = useState<FormValues | null>(null);
  const form = useForm<FormValues>({
    resolver: keyedZodResolver(UpdateCompanyDetailInputSchema) as never,
    mode: 'onTouched',
    defaultValues: formValuesOf(detail),
  });
  const { control, handleSubmit, setError } = form;
  const save = (values: FormValues) => {
    setFormError(null);
    update.mutate(values, {
      onSuccess: (saved) => {
        onSaved(saved);
        enqueueSnackbar(t('company.updated'), { variant: 'success' });
        onDone();
      },
      onError: (error) => {
        if (applyServerIssues(form, error)) return;
        // The name taken by another company of the state is refused as a whole (409), by its key.
        const issue = error instanceof ApiError ? validationIssues(error.details)[0] : undefined;
        if (issue?.key === DUPLICATE_COMPANY_NAME.key) {
          setError('companyName', { type: 'server', message: issue.key }, { shouldFocus: true });
          return;
        }
        setFormError(errorText(t, error));
      },
    });
  };
  const submit = handleSubmit((values) => {
    // Spec 3 §8: changing the type of company or the industry asks first (setting one first does not).
    const before = formValuesOf(detail);
    const segmentsChanged = [...values.plSegmentIds].sort().join() !== [...before.plSegmentIds].sort().join();
    const typeChanged = before.businessType !== '' && values.businessType !== before.businessType;
    if (typeChanged || (before.plSegmentIds.length > 0 && segmentsChanged)) setPending(values);
    else save(values);
  });
  return (
    <Box component="form" noValidate onSubmit={(event) => void submit(event)} aria-labelledby={`${id}-title`}>
      <Typography variant="h2" id={`${id}-title`} sx={{ fontSize: '1.25rem', mb: 2 }}>
        {t('company.editTitle')}
      </Typography>
      <Box sx={grid}>
        <FormField
          control={control}
          name="companyName"
          label={t('company.fields.companyName')}
          autoComplete="organization"
        />
        <FormField control={control} name="businessType" label={t('company.fields.businessType')} select>
          {COMPANY_TYPES.map((type) => (
            <MenuItem key={type.type} value={type.type}>
              {t(`company.types.${type.type}`)}
            </MenuItem>
          ))}
        </FormField>
        <Controller
          control={control}
          name="plSegmentIds"
          render={({ field, fieldState }) => (
            <FormControl component="fieldset" error={Boolean(fieldState.error)} sx={{ gridColumn: '1 / -1' }}>
              <FormLabel component="legend">{t('company.fields.industry')}</FormLabel>
              <FormGroup row>
                {SEGMENTS.map((segment) => (
                  <FormControlLabel
                    key={segment.id}
                    label={t(`company.segments.${segment.type}`)}
                    control={
                      <Checkbox
                        checked={field.value.includes(segment.id)}
                        onChange={(event) =>
                          field.onChange(
                            event.target.checked
                              ? [...field.value, segment.id]
                              : field.value.filter((value) => value !== segment.id),
                          )
                        }
                      />
                    }
                  />
                ))}
              </FormGroup>
              {fieldState.error ? (
                <FormHelperText>{translateMessage(t, fieldState.error.message)}</FormHelperText>
              ) : null}
            </FormControl>
          )}
        />
        <AddressFields control={control} street="corporateOfficeAddress" />
        <TextFields control={control} fields={CONTACT_FIELDS} />
        <FormField
          control={control}
          name="employees"
          label={t('company.fields.employees')}
          type="number"
          parse={(raw) => (raw.trim() === '' ? null : Number(raw))}
        />
        <FormField control={control} name="incorporationType" label={t('company.fields.incorporationType')} />
        <FormField
          control={control}
          name="taxId"
          label={t('company.fields.taxId')}
          parse={(raw) => formatTaxId(raw).slice(0, 20)}
        />
      </Box>
      {formError ? (
        <Alert severity="error" sx={{ mt: 2 }}>
          {formError}
        </Alert>
      ) : null}
      <Stack direction="row" spacing={1} sx={{ mt: 2 }}>
        <Button type="submit" variant="contained" loading={update.isPending} data-testid="company-save">
          {t('company.save')}
        </Button>
        <Button onClick={onDone}>{t('company.cancel')}</Button>
      </Stack>
      <ConfirmDialog
        open={pending !== null}
        title={t('company.confirmTypeTitle')}
        message={t('company.confirmTypeText')}
        confirmLabel={t('company.confirmTypeAction')}
        cancelLabel={t('company.cancel')}
        onClose={(confirmed) => {
          setPending(null);
          if (confirmed && pending) save(pending);
        }}
      />
    </Box>
  );
}

function Row({ label, value }: { label: string; value: string | number | null }) {
  const { t } = useTranslation();
  return (
    <Box sx={{ minWidth: 0 }}>
      <Typography component="dt" variant="body2" sx={{ color: 'text.secondary' }}>
        {label}
      </Typography>
      <Typography component="dd" sx={{ m: 0, overflowWrap: 'anywhere' }}>
        {value === null || value === '' ? t('company.notSet') : value}
      </Typography>
    </Box>
  );
}

/** The summary tab: the company's details, and the edit form for its owner or admin. */
export function CompanySummary({
  detail,
  canManage,
  onSaved,
}: {
  detail: CompanyDetail;
  canManage: boolean;
  /** The shell shows the company's name and type: the page refreshes them after a save. */
  onSaved: (detail: CompanyDetail) => void;
}) {
  const { t } = useTranslation();
  const [editing, setEditing] = useState(false);
  if (editing && canManage) {
    return (
      <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
        <CompanyEditForm detail={detail} onDone={() => setEditing(false)} onSaved={onSaved} />
      </Paper>
    );
  }
  const address = [detail.corporateOfficeAddress, detail.city, detail.state, detail.zip, detail.country]
    .filter(Boolean)
    .join(', ');
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack
        direction="row"
        sx={{ justifyContent: 'space-between', alignItems: 'flex-start', gap: 2, mb: 2 }}
      >
        <Typography
          variant="h2"
          sx={{ fontSize: '1.25rem', overflowWrap: 'anywhere' }}
          data-testid="company-name"
        >
          {detail.companyName}
        </Typography>
        {canManage ? (
          <Button variant="outlined" onClick={() => setEditing(true)} data-testid="company-edit">
            {t('company.edit')}
          </Button>
        ) : null}
      </Stack>
      <Box component="dl" sx={{ ...grid, m: 0 }}>
        <Row
          label={t('company.fields.businessType')}
          value={detail.businessTypeCode ? t(`company.types.${detail.businessTypeCode}`) : null}
        />
        <Row
          label={t('company.fields.industry')}
          value={SEGMENTS.filter((segment) => detail.plSegmentIds.includes(segment.id))
            .map((segment) => t(`company.segments.${segment.type}`))
            .join(', ')}
        />
        <Row label={t('company.fields.address')} value={address} />
        <Row label={t('company.fields.phone')} value={detail.phone} />
        <Row label={t('company.fields.email')} value={detail.email} />
        <Row label={t('company.fields.website')} value={detail.website} />
        <Row label={t('company.fields.employees')} value={detail.employees} />
        <Row label={t('company.fields.incorporationType')} value={detail.incorporationType} />
        <Row label={t('company.fields.taxId')} value={detail.taxId} />
        <Row label={t('company.fields.members')} value={detail.members.length} />
      </Box>
    </Paper>
  );
}
