import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Chip from '@mui/material/Chip';
import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import Paper from '@mui/material/Paper';
import { displayStatus } from '@trustleaf/domain/rules/document-status';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { formatDay } from '@/lib/i18n';
import { useCompanyDocuments } from '../api/get-company-documents';
import { DocumentIndicator } from './document-indicator';
import { ReviewDialog, STATUS_KEYS } from './review-dialog';
import { UploadDocumentDialog } from './upload-document-dialog';

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
  if (documents.isError) return <Alert severity="error">{documents.error.message}</Alert>;
  return (
    <>
      <TableContainer component={Paper} variant="outlined">
        <Table aria-label={t('documents.page.tableLabel')}>
          <TableHead>
            <TableRow>
              <TableCell>{t('documents.page.type')}</TableCell>
              <TableCell>{t('documents.page.indicator')}</TableCell>
              <TableCell>{t('documents.page.status')}</TableCell>
              <TableCell>{t('documents.page.expires')}</TableCell>
              <TableCell>{t('documents.page.versions')}</TableCell>
              <TableCell align="right">{t('documents.page.actions')}</TableCell>
            </TableRow>
          </TableHead>
          <TableBody>
            {(documents.data ?? []).map((row) => {
              const latest = row.latest;
              const status = latest ? displayStatus(latest) : null;
              return (
                <TableRow
                  key={row.documentType.documentTypeId}
                  data-testid="document-row"
                  data-type={row.documentType.documentTypeName}
                >
                  <TableCell>{row.documentType.documentTypeName}</TableCell>
                  <TableCell>
                    <DocumentIndicator
                      daysPriorNotify={row.documentType.dayPriorNotify}
                      document={
                        latest
                          ? {
                              expirationCheck: row.documentType.expirationCheck,
                              reviewStatus: latest.reviewStatus,
                              expirationDate: latest.expirationDate,
                            }
                          : null
                      }
                    />
                  </TableCell>
                  <TableCell data-testid="document-status">
                    {status ? (
                      <Chip size="small" variant="outlined" label={t(STATUS_KEYS[status])} />
                    ) : (
                      t('documents.page.none')
                    )}
                  </TableCell>
                  <TableCell>
                    {latest?.expirationDate ? formatDay(latest.expirationDate, i18n.language) : '—'}
                  </TableCell>
                  <TableCell>{row.versionCount}</TableCell>
                  <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
                    {latest ? (
                      <Button size="small" onClick={() => setViewing(row)}>
                        {t('documents.page.history')}
                      </Button>
                    ) : null}
                    {canUpload ? (
                      <Button size="small" startIcon={<UploadFileIcon />} onClick={() => setUploading(row)}>
                        {t('documents.page.upload')}
                      </Button>
                    ) : null}
                  </TableCell>
                </TableRow>
              );
            })}
          </TableBody>
        </Table>
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
