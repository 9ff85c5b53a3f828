import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  ALERT_REPETITIONS,
  SYSTEM_STATUSES,
  TIME_UNITS,
  UpdateSystemSettingInputSchema,
  type SystemSettings,
  type UpdateSystemSettingInput,
} from '@trustleaf/domain/schemas/system';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type ReactNode } from 'react';
import {
  get,
  set,
  useForm,
  type Control,
  type DefaultValues,
  type FieldErrors,
  type FieldValues,
  type Path,
  type Resolver,
} from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { menuOptions } from '@/components/form/menu-options';
import { PageLoader } from '@/components/layouts/page-loader';
import { errorText } from '@/lib/error-notice';
import { keyedFieldError } from '@/lib/keyed-zod-resolver';
import { applyServerIssues, formPathOf } from '@/lib/server-issues';
import { useSystemSettings } from '../api/get-system-settings';
import { useUpdateSystemSetting } from '../api/update-system-setting';

const lines = (text: string) => text.split('\n');

/** `datetime-local` works in the browser's zone without seconds; the API keeps an ISO instant. */
function toLocalInput(iso: string | null): string {
  if (!iso) return '';
  const date = new Date(iso);
  const local = new Date(date.getTime() - date.getTimezoneOffset() * 60_000);
  return local.toISOString().slice(0, 16);
}
const fromLocalInput = (value: string): string | null => (value ? new Date(value).toISOString() : null);

/** Where a card's input (`{ key, value }`) is refused: on the card's field its path names. */
function settingIssues<T extends FieldValues>(
  values: T,
  issues: readonly z.core.$ZodIssue[],
): FieldErrors<T> {
  const errors: FieldErrors<T> = {};
  for (const issue of issues) {
    const field = formPathOf(values, issue.path.map(String));
    if (field && !get(errors, field)) set(errors, field, keyedFieldError(issue));
  }
  return errors;
}

/** A card's form checked by the API's own schema of a setting update, on the input the card sends. */
function settingResolver<T extends FieldValues>(
  toInput: (values: T) => UpdateSystemSettingInput,
): Resolver<T> {
  return (values) => {
    const parsed = UpdateSystemSettingInputSchema.safeParse(toInput(values));
    return parsed.success
      ? { values, errors: {} }
      : { values: {}, errors: settingIssues(values, parsed.error.issues) };
  };
}

/**
 * One setting's card: its fields (bound to the card's form), a Save button, and the refusal shown on
 * its field, or beside them when it names none.
 */
function SettingCard<T extends { value: unknown }>({
  title,
  description,
  testId,
  defaultValues,
  toInput,
  children,
}: {
  title: string;
  description: string;
  testId: string;
  defaultValues: DefaultValues<T>;
  toInput: (values: T) => UpdateSystemSettingInput;
  children: (control: Control<T>) => ReactNode;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const update = useUpdateSystemSetting();
  const [error, setError] = useState<string | null>(null);
  const form = useForm<T>({ resolver: settingResolver(toInput), defaultValues });
  const submit = form.handleSubmit((values) => {
    setError(null);
    update.mutate(toInput(values), {
      onSuccess: () => enqueueSnackbar(t('system.saved'), { variant: 'success' }),
      onError: (failure) => {
        if (!applyServerIssues(form, failure)) setError(errorText(t, failure));
      },
    });
  });
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardContent component="form" onSubmit={(event) => void submit(event)} noValidate>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {description}
        </Typography>
        <Stack spacing={2}>
          {children(form.control)}
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          <Box>
            <Button type="submit" variant="contained" loading={update.isPending}>
              {t('system.save')}
            </Button>
          </Box>
        </Stack>
      </CardContent>
    </Card>
  );
}

/** A number typed in a field; an empty field is no number, for the schema to refuse. */
const numberOf = (text: string) => (text.trim() === '' ? Number.NaN : Number(text));

/** A card's fields side by side (one under the other on a phone). */
const FieldRow = ({ children }: { children: ReactNode }) => (
  <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
    {children}
  </Stack>
);

/** A number field of a card's form, with its input's `[min, max, step]`. */
const numberField = <T extends FieldValues>(
  control: Control<T>,
  name: Path<T>,
  label: string,
  [min, max, step]: readonly [string, string, string],
) => <FormField control={control} name={name} label={label} type="number" htmlInput={{ min, max, step }} />;

function SettingsForms({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation();
  const status = settings.system_status;
  const rule = settings.coa_validation_rule;
  return (
    <Stack spacing={3}>
      <SettingCard
        title={t('system.status.title')}
        description={t('system.status.description')}
        testId="setting-system-status"
        defaultValues={{
          value: { status: status.status, note: status.note, until: toLocalInput(status.until) },
        }}
        toInput={({ value }) => ({
          key: 'system_status',
          value: { ...value, until: fromLocalInput(value.until) },
        })}
      >
        {(control) => (
          <>
            <FormField control={control} name="value.status" label={t('system.status.status')} select>
              {menuOptions(SYSTEM_STATUSES, (value) => t(`system.status.values.${value}`))}
            </FormField>
            <FormField control={control} name="value.note" label={t('system.status.note')} multiline />
            <FormField
              control={control}
              name="value.until"
              label={t('system.status.until')}
              type="datetime-local"
            />
          </>
        )}
      </SettingCard>

      <SettingCard
        title={t('system.alerts.title')}
        description={t('system.alerts.description')}
        testId="setting-alerts"
        defaultValues={{ value: settings.alert_repetition_interval }}
        toInput={({ value }) => ({ key: 'alert_repetition_interval', value })}
      >
        {(control) => (
          <FormField control={control} name="value" label={t('system.alerts.repetition')} select>
            {menuOptions(ALERT_REPETITIONS, (value) => t(`system.alerts.repetitions.${value}`))}
          </FormField>
        )}
      </SettingCard>

      <SettingCard
        title={t('system.expiration.title')}
        description={t('system.expiration.description')}
        testId="setting-expiration"
        defaultValues={{
          value: {
            amount: String(settings.expiration_timeframe.amount),
            unit: settings.expiration_timeframe.unit,
          },
        }}
        toInput={({ value }) => ({
          key: 'expiration_timeframe',
          value: { amount: numberOf(value.amount), unit: value.unit },
        })}
      >
        {(control) => (
          <FieldRow>
            {numberField(control, 'value.amount', t('system.expiration.amount'), ['1', '1000', '1'])}
            <FormField
              control={control}
              name="value.unit"
              label={t('system.expiration.unit')}
              select
              sx={{ minWidth: 160 }}
            >
              {menuOptions(TIME_UNITS, (value) => t(`system.units.${value}`))}
            </FormField>
          </FieldRow>
        )}
      </SettingCard>

      <ListSettingCard
        settingKey="violation_phrase"
        prefix="system.phrases"
        testId="setting-violation-phrases"
        items={settings.violation_phrase}
        minRows={4}
      />

      <SettingCard
        title={t('system.coa.title')}
        description={t('system.coa.description')}
        testId="setting-coa-rule"
        defaultValues={{
          value: {
            delta9ThcLimitPercent: String(rule.delta9ThcLimitPercent),
            maxCoaAgeDays: String(rule.maxCoaAgeDays),
          },
        }}
        toInput={({ value }) => ({
          key: 'coa_validation_rule',
          value: {
            delta9ThcLimitPercent: numberOf(value.delta9ThcLimitPercent),
            maxCoaAgeDays: numberOf(value.maxCoaAgeDays),
          },
        })}
      >
        {(control) => (
          <FieldRow>
            {numberField(control, 'value.delta9ThcLimitPercent', t('system.coa.delta9'), [
              '0',
              '100',
              '0.01',
            ])}
            {numberField(control, 'value.maxCoaAgeDays', t('system.coa.maxAge'), ['1', '3650', '1'])}
          </FieldRow>
        )}
      </SettingCard>

      <ListSettingCard
        settingKey="qcomply_assistant_recommended_questions"
        prefix="system.questions"
        testId="setting-assistant-questions"
        items={settings.qcomply_assistant_recommended_questions}
        minRows={3}
      />
    </Stack>
  );
}

/** A setting that is a list, typed one entry a line (violation phrases, assistant questions). */
function ListSettingCard({
  settingKey,
  prefix,
  testId,
  items,
  minRows,
}: {
  settingKey: 'violation_phrase' | 'qcomply_assistant_recommended_questions';
  prefix: string;
  testId: string;
  items: string[];
  minRows: number;
}) {
  const { t } = useTranslation();
  return (
    <SettingCard
      title={t(`${prefix}.title`)}
      description={t(`${prefix}.description`)}
      testId={testId}
      defaultValues={{ value: items.join('\n') }}
      toInput={({ value }) => ({ key: settingKey, value: lines(value) })}
    >
      {(control) => (
        <FormField
          control={control}
          name="value"
          label={t(`${prefix}.label`)}
          helperText={t('system.onePerLine')}
          multiline
          minRows={minRows}
        />
      )}
    </SettingCard>
  );
}

/** The super admin's system settings tab (spec 3 §3 system setting keys). */
export function SystemSettingsPanel() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert severity="error">{errorText(t, settings.error)}</Alert>;
  return <SettingsForms settings={settings.data} />;
}
