import { dateTimeFormat } from '@trustleaf/domain/rules/intl-formats';
import ContentCopyIcon from '@mui/icons-material/ContentCopy';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Tooltip from '@mui/material/Tooltip';
import Typography from '@mui/material/Typography';
import { SEAL_TOOLTIP_HIDE_MS, SEAL_TOOLTIP_SHOW_MS } from '@trustleaf/domain/rules/trust-seal';
import type { TrustSettings } from '@trustleaf/domain/schemas/trust';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { downloadQrCode } from '@/features/trust/api/download-qr-code';
import { useTrustSettings } from '@/features/trust/api/get-trust-settings';
import { usePublishTrustProfile } from '@/features/trust/api/publish-trust-profile';
import { errorText } from '@/lib/error-notice';
import { documentTypeLabel } from '@/lib/seeded-text';
import { notify } from '@/lib/notices';

/**
 * The "blockchain verified" tooltip of spec 2 §2: it opens 0.5 s after the pointer or focus arrives
 * and closes by itself 5.5 s after that moment. It says what the seal verifies and how (a signature,
 * not a blockchain).
 */
function SealTooltip({ label, text }: { label: string; text: string }) {
  const [open, setOpen] = useState(false);
  const timer = useRef<ReturnType<typeof setTimeout> | null>(null);
  useEffect(() => () => void (timer.current && clearTimeout(timer.current)), []);
  const show = () => {
    setOpen(true);
    if (timer.current) clearTimeout(timer.current);
    timer.current = setTimeout(() => setOpen(false), SEAL_TOOLTIP_HIDE_MS - SEAL_TOOLTIP_SHOW_MS);
  };
  const hide = () => {
    setOpen(false);
    if (timer.current) clearTimeout(timer.current);
  };
  return (
    <Tooltip
      title={text}
      open={open}
      onOpen={show}
      onClose={hide}
      enterDelay={SEAL_TOOLTIP_SHOW_MS}
      describeChild
    >
      <Button variant="text" size="small" sx={{ textDecoration: 'underline dotted', px: 0 }}>
        {label}
      </Button>
    </Tooltip>
  );
}

function SealStatus({ settings }: { settings: TrustSettings }) {
  const { t, i18n } = useTranslation();
  if (settings.seal) {
    const until = dateTimeFormat(i18n.language, { dateStyle: 'long', timeStyle: 'short' }).format(
      new Date(settings.seal.expiresAt),
    );
    return (
      <Alert severity="success" data-testid="trust-seal-status">
        <Typography sx={{ fontWeight: 600 }}>{t('trust.sealActive')}</Typography>
        <Typography variant="body2">{t('trust.sealValidUntil', { date: until })}</Typography>
        <SealTooltip label={t('trust.howVerified')} text={t('trust.tooltip')} />
      </Alert>
    );
  }
  return (
    <Alert severity="info" data-testid="trust-seal-status">
      <Typography sx={{ fontWeight: 600 }}>{t('trust.sealInactive')}</Typography>
      <Box component="ul" sx={{ m: 0, pl: 2.5 }}>
        {settings.blockers.map((blocker) => (
          <li key={`${blocker.reason}-${blocker.documentType ?? ''}`}>
            {t(`trust.blockers.${blocker.reason}`, {
              documentType: documentTypeLabel(t, blocker.documentType ?? '', blocker.documentTypeSeedKey),
            })}
          </li>
        ))}
      </Box>
    </Alert>
  );
}

export function TrustProfileSettings({
  plCompanyId,
  canManage,
}: {
  plCompanyId: number;
  canManage: boolean;
}) {
  const { t } = useTranslation();
  const settings = useTrustSettings(plCompanyId);
  const publish = usePublishTrustProfile(plCompanyId);
  const [downloading, setDownloading] = useState(false);
  const embedField = useRef<HTMLTextAreaElement>(null);

  if (settings.isPending) return <Typography>{t('trust.loading')}</Typography>;
  if (settings.isError) return <Alert severity="error">{errorText(t, settings.error)}</Alert>;
  const data = settings.data;

  const onPublish = (published: boolean) =>
    publish.mutate(published, {
      onSuccess: () =>
        notify(t(published ? 'trust.publishedNotice' : 'trust.withdrawnNotice'), { variant: 'success' }),
      onError: (error) => notify(errorText(t, error), { variant: 'error' }),
    });
  const onDownload = async (withLogo: boolean) => {
    setDownloading(true);
    try {
      await downloadQrCode(plCompanyId, withLogo);
    } catch (error) {
      notify(errorText(t, error), { variant: 'error' });
    } finally {
      setDownloading(false);
    }
  };
  // On a phone, selecting a read-only field's whole text by hand is fiddly: one button copies it. Where
  // the browser gives no clipboard (a page not served over HTTPS), the code is selected for the user.
  const onCopyEmbed = async () => {
    try {
      await navigator.clipboard.writeText(embed);
      enqueueSnackbar(t('trust.embedCopied'), { variant: 'success' });
    } catch {
      embedField.current?.focus();
      embedField.current?.select();
      enqueueSnackbar(t('trust.embedSelected'), { variant: 'info' });
    }
  };
  const embed =
    data.profileUrl && data.badgeUrl
      ? `<a href="${data.profileUrl}"><img src="${data.badgeUrl}" alt="${t('trust.badgeAlt')}" height="40"></a>`
      : '';

  return (
    <Stack spacing={3}>
      <Paper variant="outlined" sx={{ p: 3 }}>
        <Stack spacing={2}>
          <FormControlLabel
            control={
              <Switch
                checked={data.published}
                disabled={!canManage || publish.isPending}
                onChange={(event) => onPublish(event.target.checked)}
              />
            }
            label={t('trust.publish')}
          />
          {!canManage ? <Typography variant="body2">{t('trust.managersOnly')}</Typography> : null}
          {data.published && data.profileUrl ? (
            <Typography>
              {t('trust.address')}{' '}
              <Link href={data.profileUrl} target="_blank" rel="noopener" data-testid="trust-profile-link">
                {data.profileUrl}
              </Link>
            </Typography>
          ) : (
            <Typography variant="body2">{t('trust.notPublished')}</Typography>
          )}
        </Stack>
      </Paper>

      <Box>
        <Typography variant="h2" sx={{ mb: 1 }}>
          {t('trust.sealTitle')}
        </Typography>
        <SealStatus settings={data} />
      </Box>

      {data.published && data.badgeUrl ? (
        <Box>
          <Typography variant="h2" sx={{ mb: 1 }}>
            {t('trust.shareTitle')}
          </Typography>
          <Stack spacing={2}>
            <Box
              component="img"
              src={data.badgeUrl}
              alt={t('trust.badgeAlt')}
              sx={{ height: 40, alignSelf: 'flex-start' }}
            />
            <TextField
              label={t('trust.embedCode')}
              value={embed}
              multiline
              inputRef={embedField}
              slotProps={{ htmlInput: { readOnly: true } }}
            />
            <Button
              variant="contained"
              startIcon={<ContentCopyIcon />}
              onClick={() => void onCopyEmbed()}
              sx={{ alignSelf: 'flex-start' }}
            >
              {t('trust.copyEmbed')}
            </Button>
            <Stack direction="row" useFlexGap spacing={2} sx={{ flexWrap: 'wrap' }}>
              <Button variant="outlined" disabled={downloading} onClick={() => void onDownload(false)}>
                {t('trust.downloadQr')}
              </Button>
              <Button variant="outlined" disabled={downloading} onClick={() => void onDownload(true)}>
                {t('trust.downloadQrLogo')}
              </Button>
            </Stack>
          </Stack>
        </Box>
      ) : null}
    </Stack>
  );
}
