import CheckCircleOutline from '@mui/icons-material/CheckCircleOutlineOutlined';
import ErrorOutline from '@mui/icons-material/CancelOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import FormControlLabel from '@mui/material/FormControlLabel';
import Link from '@mui/material/Link';
import Switch from '@mui/material/Switch';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  parseCrawlerIframeParams,
  webcrawlerScanHref,
  websiteUrl,
} from '@trustleaf/domain/rules/crawler-link';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useSearchParams } from 'react-router';
import { TemplateScreenRoute } from '@/app/routes/not-found';
import { paths } from '@/config/paths';
import { AuthHeading } from '@/features/auth/components/auth-heading';
import { useExtraLocale } from '@/lib/locale-bundle';

/** The crawler iframe page, gone (the not-found page) when the site template turns the Webcrawler off. */
export function CrawlerIframeRoute() {
  return (
    <TemplateScreenRoute screen="webcrawler">
      <CrawlerIframeForm />
    </TemplateScreenRoute>
  );
}

/**
 * The crawler iframe page (spec 1 §2): the webcrawler's scan form (spec 3 §2) filled from `data` and
 * `isVideo`. It is public and may sit in another site's frame, so its actions open the app in the top
 * window: scanning needs an account, and the scanner page picks the site up after sign-in.
 */
function CrawlerIframeForm() {
  useExtraLocale();
  const { t } = useTranslation();
  const [searchParams] = useSearchParams();
  const initial = parseCrawlerIframeParams(searchParams);
  const [address, setAddress] = useState(initial.address);
  const [isVideo, setIsVideo] = useState(initial.isVideo);
  const statusId = useId();
  const url = websiteUrl(address);
  const showStatus = address.trim() !== '';
  const scanHref = url ? paths.auth.signIn.getHref(webcrawlerScanHref(url, isVideo)) : undefined;

  return (
    <>
      <AuthHeading title={t('crawler.title')} subtitle={t('crawler.subtitle')} />
      <Box
        component="form"
        aria-labelledby={`${statusId}-heading`}
        noValidate
        onSubmit={(event) => {
          event.preventDefault();
          if (scanHref) window.open(scanHref, '_top');
        }}
        sx={{ display: 'grid', gap: 2 }}
      >
        <Typography id={`${statusId}-heading`} variant="h3" component="h2">
          {t('crawler.addWebsite')}
        </Typography>
        {/* The status icon sits beside the field: an input adornment here would split a shared chunk out of the sign-in page's first load. */}
        <Box sx={{ display: 'flex', alignItems: 'flex-start', gap: 1 }}>
          <TextField
            fullWidth
            label={t('crawler.website')}
            value={address}
            onChange={(event) => setAddress(event.target.value)}
            type="url"
            inputMode="url"
            autoComplete="url"
            error={showStatus && !url}
            helperText={showStatus && !url ? t('crawler.invalid') : undefined}
          />
          {showStatus ? (
            <Box sx={{ pt: 2 }}>
              {url ? (
                <CheckCircleOutline color="success" titleAccess={t('crawler.valid')} data-testid="url-ok" />
              ) : (
                <ErrorOutline color="error" titleAccess={t('crawler.invalid')} data-testid="url-bad" />
              )}
            </Box>
          ) : null}
        </Box>
        <FormControlLabel
          control={<Switch checked={isVideo} onChange={(event) => setIsVideo(event.target.checked)} />}
          label={t('crawler.video')}
        />
        <Button type="submit" variant="contained" size="large" disabled={!url}>
          {t('crawler.scan')}
        </Button>
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('crawler.accountNeeded')}{' '}
          <Link href={paths.auth.signUp.getHref()} target="_top">
            {t('crawler.signUp')}
          </Link>
        </Typography>
      </Box>
    </>
  );
}
