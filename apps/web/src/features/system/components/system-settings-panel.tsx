import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  ALERT_REPETITIONS,
  SYSTEM_STATUSES,
  TIME_UNITS,
  type SystemSettings,
  type UpdateSystemSettingInput,
} from '@trustleaf/domain/schemas/system';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { PageLoader } from '@/components/layouts/page-loader';
import { translateMessage } from '@/lib/i18n-messages';
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

/** One setting's card: its fields, a Save button, and the server's refusal shown beside them. */
function SettingCard({
  title,
  description,
  testId,
  children,
  toInput,
}: {
  title: string;
  description: string;
  testId: string;
  children: ReactNode;
  toInput: () => UpdateSystemSettingInput;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const update = useUpdateSystemSetting();
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    update.mutate(toInput(), {
      onSuccess: () => enqueueSnackbar(t('system.saved'), { variant: 'success' }),
      onError: (failure) => setError(translateMessage(t, failure.message)),
    });
  };
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardContent component="form" onSubmit={submit} noValidate>
        <Typography id={headingId} variant="h6" component="h2">
          {title}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {description}
        </Typography>
        <Stack spacing={2}>
          {children}
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

function SettingsForms({ settings }: { settings: SystemSettings }) {
  const { t } = useTranslation();
  const [repetition, setRepetition] = useState(settings.alert_repetition_interval);
  const [amount, setAmount] = useState(String(settings.expiration_timeframe.amount));
  const [unit, setUnit] = useState(settings.expiration_timeframe.unit);
  const [status, setStatus] = useState(settings.system_status.status);
  const [note, setNote] = useState(settings.system_status.note);
  const [until, setUntil] = useState(toLocalInput(settings.system_status.until));
  const [phrases, setPhrases] = useState(settings.violation_phrase.join('\n'));
  const [delta9, setDelta9] = useState(String(settings.coa_validation_rule.delta9ThcLimitPercent));
  const [maxAge, setMaxAge] = useState(String(settings.coa_validation_rule.maxCoaAgeDays));
  const [questions, setQuestions] = useState(settings.qcomply_assistant_recommended_questions.join('\n'));

  return (
    <Stack spacing={3}>
      <SettingCard
        title={t('system.status.title')}
        description={t('system.status.description')}
        testId="setting-system-status"
        toInput={() => ({ key: 'system_status', value: { status, note, until: fromLocalInput(until) } })}
      >
        <TextField
          select
          label={t('system.status.status')}
          value={status}
          onChange={(event) => setStatus(event.target.value as typeof status)}
        >
          {SYSTEM_STATUSES.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`system.status.values.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <TextField
          label={t('system.status.note')}
          value={note}
          onChange={(event) => setNote(event.target.value)}
          multiline
          minRows={2}
        />
        <TextField
          label={t('system.status.until')}
          type="datetime-local"
          value={until}
          onChange={(event) => setUntil(event.target.value)}
          slotProps={{ inputLabel: { shrink: true } }}
        />
      </SettingCard>

      <SettingCard
        title={t('system.alerts.title')}
        description={t('system.alerts.description')}
        testId="setting-alerts"
        toInput={() => ({ key: 'alert_repetition_interval', value: repetition })}
      >
        <TextField
          select
          label={t('system.alerts.repetition')}
          value={repetition}
          onChange={(event) => setRepetition(event.target.value as typeof repetition)}
        >
          {ALERT_REPETITIONS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`system.alerts.repetitions.${value}`)}
            </MenuItem>
          ))}
        </TextField>
      </SettingCard>

      <SettingCard
        title={t('system.expiration.title')}
        description={t('system.expiration.description')}
        testId="setting-expiration"
        toInput={() => ({ key: 'expiration_timeframe', value: { amount: Number(amount), unit } })}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('system.expiration.amount')}
            type="number"
            value={amount}
            onChange={(event) => setAmount(event.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 1000, step: 1 } }}
          />
          <TextField
            select
            label={t('system.expiration.unit')}
            value={unit}
            onChange={(event) => setUnit(event.target.value as typeof unit)}
            sx={{ minWidth: 160 }}
          >
            {TIME_UNITS.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`system.units.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Stack>
      </SettingCard>

      <SettingCard
        title={t('system.phrases.title')}
        description={t('system.phrases.description')}
        testId="setting-violation-phrases"
        toInput={() => ({ key: 'violation_phrase', value: lines(phrases) })}
      >
        <TextField
          label={t('system.phrases.label')}
          helperText={t('system.onePerLine')}
          value={phrases}
          onChange={(event) => setPhrases(event.target.value)}
          multiline
          minRows={4}
        />
      </SettingCard>

      <SettingCard
        title={t('system.coa.title')}
        description={t('system.coa.description')}
        testId="setting-coa-rule"
        toInput={() => ({
          key: 'coa_validation_rule',
          value: {
            delta9ThcLimitPercent: delta9.trim() === '' ? Number.NaN : Number(delta9),
            maxCoaAgeDays: maxAge.trim() === '' ? Number.NaN : Number(maxAge),
          },
        })}
      >
        <Stack direction={{ xs: 'column', sm: 'row' }} spacing={2}>
          <TextField
            label={t('system.coa.delta9')}
            type="number"
            value={delta9}
            onChange={(event) => setDelta9(event.target.value)}
            slotProps={{ htmlInput: { min: 0, max: 100, step: 0.01 } }}
          />
          <TextField
            label={t('system.coa.maxAge')}
            type="number"
            value={maxAge}
            onChange={(event) => setMaxAge(event.target.value)}
            slotProps={{ htmlInput: { min: 1, max: 3650, step: 1 } }}
          />
        </Stack>
      </SettingCard>

      <SettingCard
        title={t('system.questions.title')}
        description={t('system.questions.description')}
        testId="setting-assistant-questions"
        toInput={() => ({ key: 'qcomply_assistant_recommended_questions', value: lines(questions) })}
      >
        <TextField
          label={t('system.questions.label')}
          helperText={t('system.onePerLine')}
          value={questions}
          onChange={(event) => setQuestions(event.target.value)}
          multiline
          minRows={3}
        />
      </SettingCard>
    </Stack>
  );
}

/** The super admin's system settings tab (spec 3 §3 system setting keys). */
export function SystemSettingsPanel() {
  const { t } = useTranslation();
  const settings = useSystemSettings();
  if (settings.isPending) return <PageLoader />;
  if (settings.isError) return <Alert severity="error">{translateMessage(t, settings.error.message)}</Alert>;
  return <SettingsForms settings={settings.data} />;
}
