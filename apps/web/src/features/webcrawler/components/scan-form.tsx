import CancelIcon from '@mui/icons-material/Cancel';
import CheckCircleIcon from '@mui/icons-material/CheckCircle';
import ErrorIcon from '@mui/icons-material/Error';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import CircularProgress from '@mui/material/CircularProgress';
import FormControlLabel from '@mui/material/FormControlLabel';
import InputAdornment from '@mui/material/InputAdornment';
import Paper from '@mui/material/Paper';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { websiteUrl } from '@trustleaf/domain/rules/crawler-link';
import type { FeatureStatus } from '@trustleaf/domain/rules/feature-gating';
import { cleanAdditionalWords, scanUrlIcon, type ScanFormStatus } from '@trustleaf/domain/rules/scan-jobs';
import { memo, useId, useState, type ReactNode } from 'react';
import { Controller, useForm, useWatch, type Control, type UseFormSetValue } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FeatureWrapper } from '@/components/feature/feature-wrapper';
import { SKELETON_CARD_CHROME } from '@/components/layouts/skeleton-card';
import { ApiError } from '@/lib/api-client';
import { useStartScan } from '../api/start-scan';
import { refusalText } from '@/lib/i18n-messages';

export interface ScanFormGates {
  toggles: FeatureStatus;
  additionalWords: FeatureStatus;
  /** The super admin working across companies passes every gate. */
  bypass: boolean;
}

interface ScanFormValues {
  url: string;
  isIncludedVideo: boolean;
  verifyProduct: boolean;
  autoCreateProduct: boolean;
  additionalWords: string[];
}

function UrlStatusIcon({ icon }: { icon: ReturnType<typeof scanUrlIcon> }) {
  const { t } = useTranslation();
  if (icon === 'spinner')
    return <CircularProgress size={20} aria-label={t('webcrawler.urlChecking')} data-testid="url-checking" />;
  if (icon === 'tick')
    return <CheckCircleIcon color="success" titleAccess={t('webcrawler.urlOk')} data-testid="url-ok" />;
  if (icon === 'error')
    return <ErrorIcon color="error" titleAccess={t('webcrawler.urlNotConnected')} data-testid="url-bad" />;
  return null;
}

function Gate({ status, bypass, children }: { status: FeatureStatus; bypass: boolean; children: ReactNode }) {
  return (
    <FeatureWrapper status={status} bypass={bypass}>
      {children}
    </FeatureWrapper>
  );
}

/**
 * The form's height in px, on a phone and from `sm` up, as Chromium draws it for the demo owner in en,
 * fr, de and nl alike at 360 and at 1280 px wide (between 360 and 600 px it is lower where its labels
 * take fewer lines).
 */
const SCAN_FORM_HEIGHT = { xs: 434.875, sm: 382.875 };

/**
 * The block of the form's placeholder while it is still to come (the page's frame, its first commit):
 * the card as tall as the form, so that the page does not grow when the form takes its place.
 */
export const SCAN_FORM_PLACEHOLDER_HEIGHT = {
  xs: SCAN_FORM_HEIGHT.xs - SKELETON_CARD_CHROME,
  sm: SCAN_FORM_HEIGHT.sm - SKELETON_CARD_CHROME,
};

/**
 * "Add Website" with its options (spec 3 §2 Webcrawler page, §4 Scanner form, §5 Scanner): the address
 * is checked by the server first (a 404 is 'Url not connected'; certificate and HTTP-fallback warnings
 * are only logged), then the scan starts as a job the bottom notice follows.
 */
export function ScanForm({
  plCompanyId,
  companyName,
  initialUrl,
  initialIsVideo,
  gates,
}: {
  plCompanyId: number;
  companyName: string | null;
  initialUrl: string;
  initialIsVideo: boolean;
  gates: ScanFormGates;
}) {
  const { t } = useTranslation();
  const headingId = useId();
  const [status, setStatus] = useState<ScanFormStatus>('NONE');
  const [checkedUrl, setCheckedUrl] = useState<string | null>(null);
  const [serverMessage, setServerMessage] = useState<string | null>(null);
  const start = useStartScan();
  const form = useForm<ScanFormValues>({
    defaultValues: {
      url: initialUrl,
      isIncludedVideo: initialIsVideo,
      verifyProduct: false,
      autoCreateProduct: false,
      additionalWords: [],
    },
  });
  const value = form.watch('url');
  const url = websiteUrl(value);
  const icon = scanUrlIcon({ value, status, checkedUrl, isValidUrl: url !== null });
  const isProcessing = status === 'PROCESSING';

  const submit = form.handleSubmit(async (values) => {
    const target = websiteUrl(values.url);
    if (!target) return;
    setServerMessage(null);
    setStatus('PROCESSING');
    setCheckedUrl(values.url.trim());
    const outcome = await start.mutateAsync({
      url: target,
      plCompanyId,
      companyName,
      isIncludedVideo: values.isIncludedVideo,
      verifyProduct: values.verifyProduct,
      autoCreateProduct: values.autoCreateProduct,
      additionalWords: cleanAdditionalWords(values.additionalWords),
    });
    if (outcome.ok) {
      setStatus('SUCCESS');
      form.reset({ ...values, url: '' });
      return;
    }
    setStatus('FAILED');
    form.setError('url', { message: t('webcrawler.urlNotConnected') });
    if (outcome.stage === 'scan') {
      const error = outcome.error;
      setServerMessage(error instanceof ApiError ? refusalText(t, error) : t('webcrawler.startFailed'));
    }
  });

  return (
    <Paper
      variant="outlined"
      component="section"
      aria-labelledby={headingId}
      sx={{ p: { xs: 2, sm: 3 }, display: 'grid', gap: 2 }}
    >
      <Typography id={headingId} variant="h3" component="h2">
        {t('webcrawler.addWebsite')}
      </Typography>
      <Box
        component="form"
        noValidate
        onSubmit={(event) => void submit(event)}
        sx={{ display: 'grid', gap: 2 }}
        data-testid="scan-form"
      >
        <Box
          sx={{ display: 'flex', gap: 1, alignItems: 'flex-start', flexWrap: { xs: 'wrap', sm: 'nowrap' } }}
        >
          <Controller
            name="url"
            control={form.control}
            rules={{
              validate: (input) =>
                input.trim() === ''
                  ? t('webcrawler.urlRequired')
                  : websiteUrl(input)
                    ? true
                    : t('webcrawler.urlInvalid', { host: 'https://example.com' }),
            }}
            render={({ field, fieldState }) => (
              <TextField
                {...field}
                inputRef={field.ref}
                fullWidth
                label={t('webcrawler.url')}
                placeholder={t('webcrawler.urlPlaceholder')}
                type="url"
                inputMode="url"
                autoComplete="url"
                error={Boolean(fieldState.error)}
                helperText={fieldState.error?.message}
                onChange={(event) => {
                  field.onChange(event);
                  if (status === 'FAILED') form.clearErrors('url');
                  // The tick belongs to the field the started scan emptied: once edited, the icon
                  // follows what the field holds (cleared again, it shows none).
                  if (status === 'SUCCESS') setStatus('NONE');
                }}
                slotProps={{
                  input: {
                    endAdornment: icon ? (
                      <InputAdornment position="end">
                        <UrlStatusIcon icon={icon} />
                      </InputAdornment>
                    ) : undefined,
                  },
                  htmlInput: { 'data-testid': 'scan-url' },
                }}
              />
            )}
          />
          {value.trim() !== '' ? (
            <Button
              type="submit"
              variant="contained"
              size="large"
              disabled={isProcessing}
              sx={{ minHeight: 56, minWidth: 112, width: { xs: '100%', sm: 'auto' } }}
              data-testid="scan-submit"
            >
              {t('webcrawler.scan')}
            </Button>
          ) : null}
        </Box>
        {serverMessage ? (
          <Alert severity="warning" data-testid="scan-error">
            {serverMessage}
          </Alert>
        ) : null}
        <ScanOptions control={form.control} setValue={form.setValue} gates={gates} />
      </Box>
    </Paper>
  );
}

/** One of the scan's on/off options, bound to the form. */
function SwitchField({
  control,
  name,
  label,
}: {
  control: Control<ScanFormValues>;
  name: 'isIncludedVideo' | 'verifyProduct' | 'autoCreateProduct';
  label: string;
}) {
  return (
    <Controller
      name={name}
      control={control}
      render={({ field }) => (
        <FormControlLabel
          control={<Switch checked={field.value} onChange={(e) => field.onChange(e.target.checked)} />}
          label={label}
        />
      )}
    />
  );
}

/**
 * The scan's options and additional words. Kept apart from the address so that react-hook-form's own
 * render of the form once it has mounted (and every key typed in the address) leaves them as they are.
 */
const ScanOptions = memo(function ScanOptions({
  control,
  setValue,
  gates,
}: {
  control: Control<ScanFormValues>;
  setValue: UseFormSetValue<ScanFormValues>;
  gates: ScanFormGates;
}) {
  const { t } = useTranslation();
  const [word, setWord] = useState('');
  const words = useWatch({ control, name: 'additionalWords' });

  function addWord() {
    const next = cleanAdditionalWords([...words, word]);
    setValue('additionalWords', [...new Set(next)]);
    setWord('');
  }

  return (
    <>
      <Box component="fieldset" sx={{ border: 0, m: 0, p: 0, display: 'grid', gap: 0.5 }}>
        <Typography component="legend" variant="subtitle2" sx={{ mb: 0.5 }}>
          {t('webcrawler.options')}
        </Typography>
        <SwitchField control={control} name="isIncludedVideo" label={t('webcrawler.video')} />
        <Gate status={gates.toggles} bypass={gates.bypass}>
          <Box sx={{ display: 'grid' }}>
            <SwitchField control={control} name="verifyProduct" label={t('webcrawler.productComparison')} />
            <SwitchField control={control} name="autoCreateProduct" label={t('webcrawler.autoCreate')} />
          </Box>
        </Gate>
      </Box>
      <Gate status={gates.additionalWords} bypass={gates.bypass}>
        <Box sx={{ display: 'grid', gap: 1 }}>
          {/* Add goes under the field where both do not fit with the whole label. */}
          <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}>
            <TextField
              sx={{ flex: '1 1 200px', minWidth: 0 }}
              size="small"
              label={t('webcrawler.additionalWords')}
              helperText={t('webcrawler.additionalWordsHelp')}
              value={word}
              onChange={(event) => setWord(event.target.value)}
              onKeyDown={(event) => {
                if (event.key === 'Enter') {
                  event.preventDefault();
                  addWord();
                }
              }}
            />
            <Button
              variant="outlined"
              onClick={addWord}
              disabled={word.trim() === ''}
              sx={{ minHeight: 40, flexShrink: 0, whiteSpace: 'nowrap' }}
            >
              {t('webcrawler.addWord')}
            </Button>
          </Box>
          {words.length > 0 ? (
            <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 1 }} data-testid="scan-words">
              {words.map((w) => (
                <Chip
                  key={w}
                  label={w}
                  onDelete={() =>
                    setValue(
                      'additionalWords',
                      words.filter((other) => other !== w),
                    )
                  }
                  deleteIcon={<CancelIcon titleAccess={t('webcrawler.removeWord', { word: w })} />}
                />
              ))}
            </Box>
          ) : null}
        </Box>
      </Gate>
    </>
  );
});
