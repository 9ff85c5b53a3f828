import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import TableContainer from '@mui/material/TableContainer';
import Paper from '@mui/material/Paper';
import { displayStatus } from '@trustleaf/domain/rules/document-status';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import { useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable, type TableColumn } from '@/components/lists/data-table';
import { formatDay } from '@/lib/i18n';
import { useCompanyDocuments } from '../api/get-company-documents';
import { DocumentIndicator } from './document-indicator';
import { ReviewDialog, STATUS_KEYS } from './review-dialog';
import { UploadDocumentDialog } from './upload-document-dialog';
import { documentTypeLabel } from '@/lib/seeded-text';

/** A company's documents: one row per applicable type with its indicator, latest version and status. */
export function CompanyDocuments({
  plCompanyId,
  canUpload,
  canDelete,
}: {
  plCompanyId: number;
  canUpload: boolean;
  canDelete: boolean;
}) {
  const { t, i18n } = useTranslation();
  const documents = useCompanyDocuments(plCompanyId);
  const [uploading, setUploading] = useState<CompanyDocument | null>(null);
  const [viewing, setViewing] = useState<CompanyDocument | null>(null);
  // The API lists the types by their stored (English) names; the reader sees them in their language,
  // so the list is in that language's alphabetical order ('Analysezertifikat' before 'Gewerbeanmeldung').
  const rows = useMemo(() => {
    const collator = new Intl.Collator(i18n.language, { sensitivity: 'base', numeric: true });
    const label = ({ documentType }: CompanyDocument) =>
      documentTypeLabel(t, documentType.documentTypeName, documentType.documentTypeSeedKey);
    return [...(documents.data ?? [])].sort((a, b) => collator.compare(label(a), label(b)));
  }, [documents.data, i18n.language, t]);
  const columns: TableColumn<CompanyDocument>[] = [
    {
      key: 'type',
      label: t('documents.page.type'),
      phone: 'title',
      cell: ({ documentType }) =>
        documentTypeLabel(t, documentType.documentTypeName, documentType.documentTypeSeedKey),
    },
    {
      key: 'indicator',
      label: t('documents.page.indicator'),
      cell: ({ documentType, latest }) => (
        <DocumentIndicator
          daysPriorNotify={documentType.dayPriorNotify}
          document={
            latest
              ? {
                  expirationCheck: documentType.expirationCheck,
                  reviewStatus: latest.reviewStatus,
                  expirationDate: latest.expirationDate,
                }
              : null
          }
        />
      ),
    },
    {
      key: 'status',
      label: t('documents.page.status'),
      cellProps: { 'data-testid': 'document-status' },
      cell: ({ latest }) =>
        latest ? (
          <Chip size="small" variant="outlined" label={t(STATUS_KEYS[displayStatus(latest)])} />
        ) : (
          t('documents.page.none')
        ),
    },
    {
      key: 'expires',
      label: t('documents.page.expires'),
      cell: ({ latest }) => (latest?.expirationDate ? formatDay(latest.expirationDate, i18n.language) : '—'),
    },
    { key: 'versions', label: t('documents.page.versions'), cell: (row) => row.versionCount },
    {
      key: 'actions',
      label: t('documents.page.actions'),
      align: 'right',
      phone: 'actions',
      cellProps: { sx: { whiteSpace: 'nowrap' } },
      cell: (row) => (
        <>
          {row.latest ? (
            <Button size="small" onClick={() => setViewing(row)}>
              {t('documents.page.history')}
            </Button>
          ) : null}
          {canUpload ? (
            <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setUploading(row)}>
              {t('documents.page.upload')}
            </Button>
          ) : null}
        </>
      ),
    },
  ];
  if (documents.isError) return <Alert severity="error">{documents.error.message}</Alert>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <DataTable
          aria-label={t('documents.page.tableLabel')}
          stackOnPhone
          columns={columns}
          rows={rows}
          rowKey={(row) => row.documentType.documentTypeId}
          rowProps={(row) => ({
            'data-testid': 'document-row',
            'data-type': row.documentType.documentTypeName,
          })}
        />
      </TableContainer>
      {uploading ? (
        <UploadDocumentDialog plCompanyId={plCompanyId} row={uploading} onClose={() => setUploading(null)} />
      ) : null}
      {viewing ? (
        <ReviewDialog
          plCompanyId={plCompanyId}
          documentTypeId={viewing.documentType.documentTypeId}
          isSuperAdmin={false}
          readOnly
          canDelete={canDelete}
          onClose={() => setViewing(null)}
        />
      ) : null}
    </>
  );
}
