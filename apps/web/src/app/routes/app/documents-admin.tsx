import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDocumentTypes } from '@/features/documents/api/get-document-types';
import { useReasons } from '@/features/documents/api/get-reasons';
import { useGeneralInfo } from '@/lib/general-info';
import { DocumentTypesDialog } from '@/features/documents/components/document-types-dialog';
import { RejectionReasonsDialog } from '@/features/documents/components/rejection-reasons-dialog';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

/** Super admin settings of the document vault: document types and rejection reasons. */
export function DocumentsAdminRoute() {
  const { t } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  const types = useDocumentTypes();
  const reasons = useReasons(isSuperAdmin);
  const lists = useGeneralInfo();
  const [dialog, setDialog] = useState<'types' | 'reasons' | null>(null);
  if (!isSuperAdmin) return <Alert severity="warning">{t('documents.admin.forbidden')}</Alert>;
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">{t('documents.admin.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('documents.admin.intro')}</Typography>
      </Box>
      <Stack spacing={2} direction={{ xs: 'column', md: 'row' }}>
        <Paper variant="outlined" sx={{ p: 3, flex: 1 }}>
          <Typography variant="h3" component="h2">
            {t('documents.types.title')}
          </Typography>
          <Typography variant="body2" sx={{ my: 1.5, color: 'text.secondary' }}>
            {t('documents.admin.typesCount', { count: types.data?.length ?? 0 })}
          </Typography>
          <Button
            variant="contained"
            disabled={!types.data || types.isFetching || !lists.data}
            onClick={() => setDialog('types')}
          >
            {t('documents.admin.editTypes')}
          </Button>
        </Paper>
        <Paper variant="outlined" sx={{ p: 3, flex: 1 }}>
          <Typography variant="h3" component="h2">
            {t('documents.reasons.title')}
          </Typography>
          <Typography variant="body2" sx={{ my: 1.5, color: 'text.secondary' }}>
            {t('documents.admin.reasonsCount', { count: reasons.data?.length ?? 0 })}
          </Typography>
          <Button
            variant="contained"
            disabled={!reasons.data || reasons.isFetching}
            onClick={() => setDialog('reasons')}
          >
            {t('documents.admin.editReasons')}
          </Button>
        </Paper>
      </Stack>
      {dialog === 'types' && types.data ? (
        <DocumentTypesDialog
          types={types.data}
          businessTypes={lists.data?.businessTypes ?? []}
          onClose={() => setDialog(null)}
        />
      ) : null}
      {dialog === 'reasons' && reasons.data ? (
        <RejectionReasonsDialog reasons={reasons.data} onClose={() => setDialog(null)} />
      ) : null}
    </>
  );
}
