import Box from '@mui/material/Box';
import CircularProgress from '@mui/material/CircularProgress';
import { useTranslation } from 'react-i18next';

export function PageLoader() {
  const { t } = useTranslation();
  return (
    <Box
      sx={{ display: 'flex', justifyContent: 'center', py: 8 }}
      role="status"
      aria-label={t('app.loading')}
    >
      {/* The spinner is a progressbar, which needs a name of its own (axe aria-progressbar-name). */}
      <CircularProgress size={28} aria-label={t('app.loading')} />
    </Box>
  );
}
