import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  diffReasons,
  hasReasonChanges,
  validateReasonRow,
  type ReasonRow,
  type ReasonRowErrors,
} from '@trustleaf/domain/rules/rejection-reasons';
import type { Reason } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import { useUpsertReasons } from '../api/upsert-reasons';
import { UnsavedChangesDialog } from './unsaved-changes-dialog';

type Row = ReasonRow & { rowKey: string };
let nextKey = 0;

/**
 * Rejection reasons dialog (spec 3 §2): Reasons / Edit rejection reasons, Add, a delete icon per row
 * while more than one row exists, Save and Cancel. A backdrop click does not close it.
 */
export function RejectionReasonsDialog({
  reasons,
  onClose,
}: {
  reasons: Reason[];
  onClose: (saved: boolean) => void;
}) {
  const { t } = useTranslation();
  const [original] = useState<Row[]>(() =>
    reasons.map((r) => ({
      rowKey: `r${r.plReasonId}`,
      plReasonId: r.plReasonId,
      reasonName: r.reasonName,
      notification: r.notification,
    })),
  );
  const [rows, setRows] = useState<Row[]>(() =>
    original.length > 0 ? original : [{ rowKey: `n${nextKey++}`, reasonName: '', notification: '' }],
  );
  const [errors, setErrors] = useState<Record<string, ReasonRowErrors>>({});
  const [isPrompting, setIsPrompting] = useState(false);
  const upsert = useUpsertReasons();

  const update = (rowKey: string, change: Partial<ReasonRow>) =>
    setRows((current) => current.map((row) => (row.rowKey === rowKey ? { ...row, ...change } : row)));

  async function save() {
    setIsPrompting(false);
    const nextErrors: Record<string, ReasonRowErrors> = {};
    for (const row of rows) {
      const rowErrors = validateReasonRow(row);
      if (Object.keys(rowErrors).length > 0) nextErrors[row.rowKey] = rowErrors;
    }
    setErrors(nextErrors);
    if (Object.keys(nextErrors).length > 0) return;
    const changes = diffReasons(original, rows);
    if (changes.length === 0) {
      onClose(false);
      return;
    }
    try {
      await upsert.mutateAsync(changes);
      enqueueSnackbar(t('documents.savedSuccessfully'), { variant: 'success' });
      onClose(true);
    } catch (error) {
      enqueueSnackbar(error instanceof Error ? error.message : t('errors.unknown'), { variant: 'error' });
      console.error(error);
      onClose(false);
    }
  }

  function requestClose() {
    if (hasReasonChanges(original, rows)) setIsPrompting(true);
    else onClose(false);
  }

  const errorText = (message: string | undefined) => (message ? translateMessage(t, message) : undefined);

  return (
    <Dialog
      open
      maxWidth="md"
      fullWidth
      onClose={(_event, reason) => {
        if (reason !== 'backdropClick') requestClose();
      }}
      aria-labelledby="reasons-title"
      data-testid="reasons-dialog"
    >
      <DialogTitle id="reasons-title">
        {t('documents.reasons.title')}
        <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
          {t('documents.reasons.subtitle')}
        </Typography>
      </DialogTitle>
      <DialogContent dividers>
        <Stack spacing={2}>
          {rows.map((row, index) => {
            const rowErrors = errors[row.rowKey] ?? {};
            return (
              <Box
                key={row.rowKey}
                data-testid="reason-row"
                sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr auto' } }}
              >
                <TextField
                  size="small"
                  label={t('documents.reasons.reason')}
                  value={row.reasonName}
                  onChange={(event) => update(row.rowKey, { reasonName: event.target.value })}
                  error={Boolean(rowErrors.reasonName)}
                  helperText={errorText(rowErrors.reasonName)}
                  slotProps={{ htmlInput: { 'aria-label': `${t('documents.reasons.reason')} ${index + 1}` } }}
                />
                <TextField
                  size="small"
                  label={t('documents.reasons.notification')}
                  value={row.notification}
                  onChange={(event) => update(row.rowKey, { notification: event.target.value })}
                  error={Boolean(rowErrors.notification)}
                  helperText={errorText(rowErrors.notification)}
                  slotProps={{
                    htmlInput: { 'aria-label': `${t('documents.reasons.notification')} ${index + 1}` },
                  }}
                />
                {rows.length > 1 ? (
                  <IconButton
                    aria-label={t('documents.reasons.remove', { index: index + 1 })}
                    onClick={() => setRows((current) => current.filter((r) => r.rowKey !== row.rowKey))}
                  >
                    <DeleteOutlineIcon />
                  </IconButton>
                ) : (
                  <Box />
                )}
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
            setRows((current) => [...current, { rowKey: `n${nextKey++}`, reasonName: '', notification: '' }])
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
        onDiscard={() => onClose(false)}
        onCancel={() => setIsPrompting(false)}
      />
    </Dialog>
  );
}
