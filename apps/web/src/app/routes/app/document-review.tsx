import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useReviewQueue, type ReviewQueueItem } from '@/features/documents/api/get-review-queue';
import { ReviewDialog } from '@/features/documents/components/review-dialog';
import { formatDate } from '@/lib/i18n';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';

/** Reviewer audit: pending versions of the companies the caller reviews (all of them for a super admin). */
export function DocumentReviewRoute() {
  const { t, i18n } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  const queue = useReviewQueue();
  const [open, setOpen] = useState<ReviewQueueItem | null>(null);
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">{t('documents.queue.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('documents.queue.intro')}</Typography>
      </Box>
      {queue.isError ? <Alert severity="error">{queue.error.message}</Alert> : null}
      {queue.data && queue.data.length === 0 ? (
        <Alert severity="success">{t('documents.queue.empty')}</Alert>
      ) : null}
      {queue.data && queue.data.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <Table aria-label={t('documents.queue.title')}>
            <TableHead>
              <TableRow>
                <TableCell>{t('documents.queue.company')}</TableCell>
                <TableCell>{t('documents.page.type')}</TableCell>
                <TableCell>{t('documents.queue.uploaded')}</TableCell>
                <TableCell align="right">{t('documents.page.actions')}</TableCell>
              </TableRow>
            </TableHead>
            <TableBody>
              {queue.data.map((item) => (
                <TableRow key={item.documentId} data-testid="queue-row" data-company={item.companyName}>
                  <TableCell>{item.companyName}</TableCell>
                  <TableCell>{item.documentTypeName}</TableCell>
                  <TableCell>{formatDate(item.uploadedAt, i18n.language)}</TableCell>
                  <TableCell align="right">
                    <Button size="small" variant="outlined" onClick={() => setOpen(item)}>
                      {t('documents.queue.review')}
                    </Button>
                  </TableCell>
                </TableRow>
              ))}
            </TableBody>
          </Table>
        </TableContainer>
      ) : null}
      {open ? (
        <ReviewDialog
          plCompanyId={open.plCompanyId}
          documentTypeId={open.documentTypeId}
          isSuperAdmin={isSuperAdmin}
          onClose={() => {
            setOpen(null);
            void queue.refetch();
          }}
        />
      ) : null}
    </>
  );
}
