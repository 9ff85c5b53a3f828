import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Typography from '@mui/material/Typography';
import { useTranslation } from 'react-i18next';
import { SiteTemplateEditor } from '@/features/templates/components/site-template-editor';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

/** Super admin: the white-label site templates (spec 3 §7). */
export function SiteTemplatesRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  if (!isSuperAdmin) return <Alert severity="warning">{t('siteTemplate.forbidden')}</Alert>;
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">{t('siteTemplate.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('siteTemplate.intro')}</Typography>
      </Box>
      <SiteTemplateEditor />
    </>
  );
}
