import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import FormControlLabel from '@mui/material/FormControlLabel';
import IconButton from '@mui/material/IconButton';
import MenuItem from '@mui/material/MenuItem';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import {
  diffDocumentTypes,
  hasDocumentTypeChanges,
  isExpirationLocked,
  normalizeLoadedDocumentType,
  toggleCertification,
  toggleExpiration,
  toggleLicense,
  validateDocumentTypeRow,
  type DocumentTypeRow,
  type DocumentTypeRowErrors,
} from '@trustleaf/domain/rules/document-types';
import type { DocumentType } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import { useUpsertDocumentTypes } from '../api/upsert-document-types';
import { RequestFailedDialog, UnsavedChangesDialog } from './unsaved-changes-dialog';

type Row = DocumentTypeRow & { rowKey: string };

let nextKey = 0;
const toRows = (types: DocumentType[]): Row[] =>
  types.map((type) =>
    normalizeLoadedDocumentType({
      rowKey: `t${type.plDocumentTypeId}`,
      plDocumentTypeId: type.plDocumentTypeId,
      name: type.name,
      licenseCheck: type.licenseCheck,
      certificationCheck: type.certificationCheck,
      expirationCheck: type.expirationCheck,
      dayPriorNotify: type.dayPriorNotify,
      plBusinessTypeIds: type.plBusinessTypeIds,
    }),
  );

const isBlankNewRow = (row: Row) =>
  row.plDocumentTypeId === undefined && !row.name.trim() && row.plBusinessTypeIds.length === 0;

/** Document Types editor (spec 2): Add, Save and Cancel; nothing is sent without changes. */
export function DocumentTypesDialog({
  types,
  businessTypes,
  onClose,
}: {
  types: DocumentType[];
  businessTypes: { id: number; name: string }[];
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const [original] = useState(() => toRows(types));
  const [rows, setRows] = useState<Row[]>(original);
  const [errors, setErrors] = useState<Record<string, DocumentTypeRowErrors>>({});
  const [isPrompting, setIsPrompting] = useState(false);
  const [failure, setFailure] = useState<string | null>(null);
  const upsert = useUpsertDocumentTypes();

  const update = (rowKey: string, change: (row: Row) => Row) =>
    setRows((current) => current.map((row) => (row.rowKey === rowKey ? change(row) : row)));

  async function save() {
    setIsPrompting(false);
    const nextErrors: Record<string, DocumentTypeRowErrors> = {};
    for (const row of rows) {
      if (isBlankNewRow(row)) continue;
      const rowErrors = validateDocumentTypeRow(row);
      if (Object.keys(rowErrors).length > 0) nextErrors[row.rowKey] = rowErrors;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    const changes = diffDocumentTypes(original, rows);
    if (changes === null) {
      onClose();
      return;
    }
    try {
      await upsert.mutateAsync(changes);
      enqueueSnackbar(t('documents.types.saved'), { variant: 'success' });
      onClose();
    } catch (error) {
      const message = error instanceof Error ? error.message : t('errors.unknown');
      enqueueSnackbar(message, { variant: 'error' });
      setFailure(message);
    }
  }

  function requestClose() {
    if (hasDocumentTypeChanges(original, rows)) setIsPrompting(true);
    else onClose();
  }

  const errorText = (message: string | undefined) => (message ? translateMessage(t, message) : undefined);

  return (
    <Dialog
      open
      maxWidth="lg"
      fullWidth
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') requestClose();
      }}
      aria-labelledby="document-types-title"
      data-testid="document-types-dialog"
    >
      <DialogTitle id="document-types-title">{t('documents.types.title')}</DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {rows.map((row, index) => {
            const rowErrors = errors[row.rowKey] ?? {};
            return (
              <Box
                key={row.rowKey}
                data-testid="document-type-row"
                sx={{
                  display: 'grid',
                  gap: 1.5,
                  alignItems: 'start',
                  gridTemplateColumns: { xs: '1fr', md: '2fr auto 120px 2fr auto' },
                  pb: 2,
                  borderBottom: 1,
                  borderColor: 'divider',
                }}
              >
                <TextField
                  label={t('documents.types.name')}
                  value={row.name}
                  size="small"
                  onChange={(event) => update(row.rowKey, (r) => ({ ...r, name: event.target.value }))}
                  error={Boolean(rowErrors.name)}
                  helperText={errorText(rowErrors.name)}
                  slotProps={{ htmlInput: { 'aria-label': `${t('documents.types.name')} ${index + 1}` } }}
                />
                <Box sx={{ display: 'flex', flexWrap: 'wrap' }}>
                  <FormControlLabel
                    label={t('documents.types.license')}
                    control={
                      <Checkbox
                        checked={row.licenseCheck}
                        onChange={(event) =>
                          update(row.rowKey, (r) => toggleLicense(r, event.target.checked))
                        }
                      />
                    }
                  />
                  <FormControlLabel
                    label={t('documents.types.certification')}
                    control={
                      <Checkbox
                        checked={row.certificationCheck}
                        onChange={(event) =>
                          update(row.rowKey, (r) => toggleCertification(r, event.target.checked))
                        }
                      />
                    }
                  />
                  <FormControlLabel
                    label={t('documents.types.expiration')}
                    control={
                      <Checkbox
                        checked={row.expirationCheck}
                        disabled={isExpirationLocked(row)}
                        onChange={(event) =>
                          update(row.rowKey, (r) => toggleExpiration(r, event.target.checked))
                        }
                      />
                    }
                  />
                </Box>
                <TextField
                  label={t('documents.types.dayPriorNotify')}
                  type="number"
                  size="small"
                  value={row.dayPriorNotify ?? ''}
                  onChange={(event) =>
                    update(row.rowKey, (r) => ({
                      ...r,
                      dayPriorNotify: event.target.value === '' ? null : Number(event.target.value),
                    }))
                  }
                  error={Boolean(rowErrors.dayPriorNotify)}
                  helperText={errorText(rowErrors.dayPriorNotify)}
                />
                <TextField
                  select
                  size="small"
                  label={t('documents.types.businessTypes')}
                  value={row.plBusinessTypeIds}
                  error={Boolean(rowErrors.plBusinessTypeIds)}
                  helperText={errorText(rowErrors.plBusinessTypeIds)}
                  slotProps={{
                    select: {
                      multiple: true,
                      renderValue: (selected) =>
                        (selected as number[])
                          .map((id) => businessTypes.find((b) => b.id === id)?.name ?? id)
                          .join(', '),
                    },
                  }}
                  onChange={(event) => {
                    const value = event.target.value as unknown as number[] | string;
                    const ids = typeof value === 'string' ? value.split(',').map(Number) : value;
                    update(row.rowKey, (r) => ({ ...r, plBusinessTypeIds: ids }));
                  }}
                >
                  {businessTypes.map((businessType) => (
                    <MenuItem key={businessType.id} value={businessType.id}>
                      {businessType.name}
                    </MenuItem>
                  ))}
                </TextField>
                <IconButton
                  aria-label={t('documents.types.remove', { name: row.name || index + 1 })}
                  onClick={() => setRows((current) => current.filter((r) => r.rowKey !== row.rowKey))}
                >
                  <DeleteOutlineIcon />
                </IconButton>
              </Box>
            );
          })}
        </Stack>
      </DialogContent>
      <DialogActions>
        <Button
          startIcon={<AddIcon />}
          sx={{ mr: 'auto' }}
          onClick={() =>
            setRows((current) => [
              ...current,
              {
                rowKey: `n${nextKey++}`,
                name: '',
                licenseCheck: false,
                certificationCheck: false,
                expirationCheck: false,
                dayPriorNotify: null,
                plBusinessTypeIds: [],
              },
            ])
          }
        >
          {t('documents.add')}
        </Button>
        <Button onClick={requestClose}>{t('documents.cancel')}</Button>
        <Button variant="contained" onClick={() => void save()} disabled={upsert.isPending}>
          {t('documents.save')}
        </Button>
      </DialogActions>
      <UnsavedChangesDialog
        open={isPrompting}
        onSave={() => void save()}
        onDiscard={onClose}
        onCancel={() => setIsPrompting(false)}
      />
      <RequestFailedDialog message={failure} onClose={() => setFailure(null)} />
    </Dialog>
  );
}
