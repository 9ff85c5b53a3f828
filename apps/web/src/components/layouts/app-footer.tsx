import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { env } from '@/config/env';

/** The build's region (spec 3 §9) is shown here so support can tell which build a user is on. */
export function AppFooter() {
  const { t } = useTranslation();
  return (
    <Box
      component="footer"
      sx={{
        py: 2.5,
        px: 3,
        display: 'flex',
        flexWrap: 'wrap',
        gap: { xs: 0.5, sm: 3 },
        justifyContent: 'center',
        color: 'text.secondary',
      }}
    >
      <Typography variant="body2">{t('footer.copyright', { year: new Date().getFullYear() })}</Typography>
      <Typography variant="body2" data-testid="region">
        {t('footer.region', { region: t(`region.${env.region.region}`) })}
      </Typography>
      <Typography variant="body2">{t('footer.timeZone')}</Typography>
    </Box>
  );
}
