import Box from '@mui/material/Box';
import Checkbox from '@mui/material/Checkbox';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CrawlerIframeLink } from '@/components/links/crawler-iframe-link';

/** Beside the sign-up form: a prospective member can try the webcrawler on their site in a new tab. */
export function WebsiteCheckPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const [address, setAddress] = useState('');
  const [isVideo, setIsVideo] = useState(false);
  return (
    <Box
      component="section"
      aria-labelledby={headingId}
      sx={{ mt: 3, p: 2, border: 1, borderColor: 'divider', borderRadius: 1, display: 'grid', gap: 1.5 }}
    >
      <Typography id={headingId} variant="h3" component="h2">
        {t('crawler.checkTitle')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('crawler.checkIntro')}
      </Typography>
      <TextField
        size="small"
        label={t('crawler.website')}
        value={address}
        onChange={(event) => setAddress(event.target.value)}
        type="url"
        inputMode="url"
      />
      <FormControlLabel
        control={<Checkbox checked={isVideo} onChange={(event) => setIsVideo(event.target.checked)} />}
        label={t('crawler.video')}
      />
      <CrawlerIframeLink address={address} isVideo={isVideo} data-testid="crawler-link">
        {t('crawler.open')}
      </CrawlerIframeLink>
    </Box>
  );
}
