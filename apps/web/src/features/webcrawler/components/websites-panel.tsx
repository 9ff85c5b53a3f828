import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  UpsertWebsiteInputSchema,
  type UpsertWebsiteInput,
  type Website,
} from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { Controller, useForm, useWatch } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/i18n';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useDeleteWebsite } from '../api/delete-website';
import { useUpsertWebsite } from '../api/upsert-website';
import { useWebsites } from '../api/get-websites';
import { ExternalLink, Section } from './report-parts';
import { refusalText, translateMessage } from '@/lib/i18n-messages';

/** A refusal in the reader's language: the plan gate has its own text, the rest the server's. */
function useErrorText() {
  const { t } = useTranslation();
  return (error: unknown) =>
    error instanceof ApiError && error.code === 'PLAN_LIMIT_REACHED'
      ? t('webcrawler.websites.planRequired')
      : error instanceof ApiError
        ? refusalText(t, error)
        : t('errors.unknown');
}

function WebsiteRow({
  website,
  plCompanyId,
  onError,
}: {
  website: Website;
  plCompanyId: number;
  onError: (error: unknown) => void;
}) {
  const { t, i18n } = useTranslation();
  const upsert = useUpsertWebsite(plCompanyId);
  const remove = useDeleteWebsite(plCompanyId);
  // The switch moves on the click; the server's answer (or a refusal) then sets it.
  const [draft, setDraft] = useState<boolean | null>(null);
  const enabled = draft ?? website.rescanEnabled;
  return (
    <Box
      component="li"
      data-testid="website-row"
      sx={{ display: 'grid', gap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <ExternalLink href={website.url}>{website.url}</ExternalLink>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {website.lastScanAt
          ? t('webcrawler.websites.lastScan', { date: formatDateTime(website.lastScanAt, i18n.language) })
          : t('webcrawler.websites.notScanned')}
        {website.rescanEnabled && website.nextScanAt
          ? ` · ${t('webcrawler.websites.nextScan', { date: formatDateTime(website.nextScanAt, i18n.language) })}`
          : ''}
      </Typography>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <FormControlLabel
          control={
            <Switch
              checked={enabled}
              disabled={upsert.isPending}
              onChange={(event) => {
                const next = event.target.checked;
                setDraft(next);
                upsert.mutate(
                  { url: website.url, rescanEnabled: next },
                  {
                    onSuccess: () => enqueueSnackbar(t('webcrawler.websites.saved'), { variant: 'success' }),
                    onError,
                    onSettled: () => setDraft(null),
                  },
                );
              }}
            />
          }
          label={t('webcrawler.websites.rescan')}
        />
        <Button
          size="small"
          color="error"
          disabled={remove.isPending}
          aria-label={t('webcrawler.websites.removeNamed', { url: website.url })}
          onClick={() =>
            remove.mutate(website.plWebsiteId, {
              onSuccess: () => enqueueSnackbar(t('webcrawler.websites.removed'), { variant: 'success' }),
              onError,
            })
          }
        >
          {t('webcrawler.websites.remove')}
        </Button>
      </Box>
    </Box>
  );
}

/**
 * The company's websites and their weekly re-scan (issue 17, beyond the spec). A scan adds its
 * website; the re-scan is a plan feature, so switching it on may answer with the upgrade reason.
 */
export function WebsitesPanel({ plCompanyId, onUpgrade }: { plCompanyId: number; onUpgrade: () => void }) {
  const { t } = useTranslation();
  const websites = useWebsites(plCompanyId);
  const errorText = useErrorText();
  const [error, setError] = useState<{ text: string; isPlan: boolean } | null>(null);
  const onError = (reason: unknown) =>
    setError({
      text: errorText(reason),
      isPlan: reason instanceof ApiError && reason.code === 'PLAN_LIMIT_REACHED',
    });
  return (
    <Section title={t('webcrawler.websites.title')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('webcrawler.websites.help')}
      </Typography>
      <WebsiteForm plCompanyId={plCompanyId} onSubmit={() => setError(null)} onError={onError} />
      {error ? (
        <Alert
          severity="error"
          onClose={() => setError(null)}
          action={
            error.isPlan ? (
              <Button color="inherit" size="small" onClick={onUpgrade}>
                {t('webcrawler.websites.upgrade')}
              </Button>
            ) : undefined
          }
          data-testid="website-error"
        >
          {error.text}
        </Alert>
      ) : null}
      {websites.data && websites.data.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="website-list">
          {websites.data.map((website) => (
            <WebsiteRow
              key={website.plWebsiteId}
              website={website}
              plCompanyId={plCompanyId}
              onError={onError}
            />
          ))}
        </Box>
      ) : websites.isPending ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('webcrawler.websites.none')}
        </Typography>
      )}
    </Section>
  );
}

/**
 * Adds a website. A component of its own, so that react-hook-form's render of the form once it has
 * mounted, and every key typed, leave the list of websites as it is.
 */
function WebsiteForm({
  plCompanyId,
  onSubmit,
  onError,
}: {
  plCompanyId: number;
  onSubmit: () => void;
  onError: (reason: unknown) => void;
}) {
  const { t } = useTranslation();
  const add = useUpsertWebsite(plCompanyId);
  const form = useForm<UpsertWebsiteInput>({
    resolver: keyedZodResolver(UpsertWebsiteInputSchema),
    defaultValues: { plCompanyId, url: '', rescanEnabled: true },
  });
  const url = useWatch({ control: form.control, name: 'url' });
  const submit = form.handleSubmit((values) => {
    onSubmit();
    add.mutate(
      { url: values.url, rescanEnabled: true },
      {
        onSuccess: () => {
          form.reset({ plCompanyId, url: '', rescanEnabled: true });
          enqueueSnackbar(t('webcrawler.websites.saved'), { variant: 'success' });
        },
        onError: (reason) => {
          if (!applyServerIssues(form, reason)) onError(reason);
        },
      },
    );
  });
  return (
    <Box
      component="form"
      onSubmit={(event) => void submit(event)}
      noValidate
      sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'flex-start' }}
    >
      <Controller
        control={form.control}
        name="url"
        render={({ field, fieldState }) => (
          <TextField
            {...field}
            size="small"
            label={t('webcrawler.websites.url')}
            placeholder={t('webcrawler.urlPlaceholder')}
            error={Boolean(fieldState.error)}
            helperText={fieldState.error ? translateMessage(t, fieldState.error.message) : undefined}
            sx={{ flex: '1 1 220px', minWidth: 0 }}
            slotProps={{ htmlInput: { inputMode: 'url', 'data-testid': 'website-url' } }}
          />
        )}
      />
      <Button type="submit" variant="outlined" disabled={url.trim() === '' || add.isPending}>
        {t('webcrawler.websites.add')}
      </Button>
    </Box>
  );
}
