import Button from '@mui/material/Button';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { Link as RouterLink } from 'react-router';
import { paths } from '@/config/paths';

export function NotFoundRoute() {
  const { t } = useTranslation();
  return (
    <>
      <Typography variant="h1" sx={{ mb: 1.5 }}>
        {t('errors.notFound.title')}
      </Typography>
      <Typography sx={{ color: 'text.secondary', mb: 3 }}>{t('errors.notFound.message')}</Typography>
      <Button component={RouterLink} to={paths.home.getHref()} variant="contained">
        {t('errors.notFound.home')}
      </Button>
    </>
  );
}
