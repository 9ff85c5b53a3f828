import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Paper from '@mui/material/Paper';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '@/components/lists/data-table';
import { useReviewQueue, type ReviewQueueItem } from '@/features/documents/api/get-review-queue';
import { ReviewDialog } from '@/features/documents/components/review-dialog';
import { formatDate } from '@/lib/i18n';
import { useIsSuperAdmin } from '@/features/billing/components/use-feature-status';
import { refusalText } from '@/lib/i18n-messages';
import { documentTypeLabel } from '@/lib/seeded-text';

/** Reviewer audit: pending versions of the companies the caller reviews (all of them for a super admin). */
export function DocumentReviewRoute() {
  const { t, i18n } = useTranslation();
  const isSuperAdmin = useIsSuperAdmin();
  const queue = useReviewQueue();
  const [open, setOpen] = useState<ReviewQueueItem | null>(null);
  // On a phone each pending upload is a block with its Review button on screen, not a table row
  // whose button is past the screen's edge.
  const columns: TableColumn<ReviewQueueItem>[] = [
    { key: 'company', label: t('documents.queue.company'), phone: 'title', cell: (item) => item.companyName },
    {
      key: 'type',
      label: t('documents.page.type'),
      cell: (item) => documentTypeLabel(t, item.documentTypeName, item.documentTypeSeedKey),
    },
    {
      key: 'uploaded',
      label: t('documents.queue.uploaded'),
      cell: (item) => formatDate(item.uploadedAt, i18n.language),
    },
    {
      key: 'actions',
      label: t('documents.page.actions'),
      align: 'right',
      phone: 'actions',
      cell: (item) => (
        <Button size="small" variant="outlined" onClick={() => setOpen(item)}>
          {t('documents.queue.review')}
        </Button>
      ),
    },
  ];
  return (
    <>
      <Box sx={{ mb: 3 }}>
        <Typography variant="h1">{t('documents.queue.title')}</Typography>
        <Typography sx={{ color: 'text.secondary', mt: 1 }}>{t('documents.queue.intro')}</Typography>
      </Box>
      {queue.isError ? <Alert severity="error">{refusalText(t, queue.error)}</Alert> : null}
      {queue.data && queue.data.length === 0 ? (
        <Alert severity="success">{t('documents.queue.empty')}</Alert>
      ) : null}
      {queue.data && queue.data.length > 0 ? (
        <TableContainer component={Paper} variant="outlined">
          <DataTable
            aria-label={t('documents.queue.title')}
            stackOnPhone
            columns={columns}
            rows={queue.data}
            rowKey={(item) => item.documentId}
            rowProps={(item) => ({ 'data-testid': 'queue-row', 'data-company': item.companyName })}
          />
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
