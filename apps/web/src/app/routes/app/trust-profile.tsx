import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { useCanManageCompany } from '@/features/billing/components/use-feature-status';
import { TrustProfileSettings } from '@/features/trust/components/trust-profile-settings';
import { useActingCompany } from '@/stores/app-store';
import { TemplateScreenRoute } from '@/app/routes/not-found';

/** The company's public trust profile and verified seal (issue 21): publish, share, download the QR code. */
function TrustProfileScreen() {
  const { t } = useTranslation();
  const company = useActingCompany();
  const canManage = useCanManageCompany();
  return (
    <Stack spacing={4}>
      <Box>
        <Typography variant="h1">{t('trust.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('trust.intro')}</Typography>
      </Box>
      {company ? (
        <TrustProfileSettings plCompanyId={company.plCompanyId} canManage={canManage} />
      ) : (
        <Alert severity="info">{t('home.noCompany')}</Alert>
      )}
    </Stack>
  );
}

/** The trust profile settings, unless the site template turns the screen off (then the not-found page). */
export function TrustProfileRoute() {
  return (
    <TemplateScreenRoute screen="trustProfile">
      <TrustProfileScreen />
    </TemplateScreenRoute>
  );
}
