import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import Box from '@mui/material/Box';
import IconButton from '@mui/material/IconButton';
import Typography from '@mui/material/Typography';
import { diffReasons, hasReasonChanges, type ReasonRow } from '@trustleaf/domain/rules/rejection-reasons';
import { ReasonEditorSchema, type Reason } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { useUpsertReasons } from '../api/upsert-reasons';
import { RowEditorDialog, useRowEditor } from './row-editor-dialog';

const blankReason = (): ReasonRow => ({ reasonName: '', notification: '' });

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
  const upsert = useUpsertReasons();
  const original: ReasonRow[] = reasons.map((r) => ({
    plReasonId: r.plReasonId,
    reasonName: r.reasonName,
    notification: r.notification,
  }));
  const editor = useRowEditor({
    original,
    initial: original.length > 0 ? original : [blankReason()],
    schema: ReasonEditorSchema,
    diff: diffReasons,
    hasChanges: hasReasonChanges,
    save: upsert.mutateAsync,
    changesField: 'plReasons',
    idOf: (item) => item.plReasonId,
    nameOf: (item) => item.reasonName,
    onSaved: () => {
      enqueueSnackbar(t('documents.savedSuccessfully'), { variant: 'success' });
      onClose(true);
    },
    onUnchanged: () => onClose(false),
    onFailed: (error) => {
      enqueueSnackbar(errorText(t, error), { variant: 'error' });
      onClose(false);
    },
  });
  const { control } = editor.form;

  return (
    <RowEditorDialog
      editor={editor}
      title={
        <>
          {t('documents.reasons.title')}
          <Typography variant="body2" component="span" sx={{ display: 'block', color: 'text.secondary' }}>
            {t('documents.reasons.subtitle')}
          </Typography>
        </>
      }
      titleId="reasons-title"
      testId="reasons-dialog"
      maxWidth="md"
      newRow={blankReason}
      busy={upsert.isPending}
      onDiscard={() => onClose(false)}
    >
      {editor.keys.map((key, index) => (
        <Box
          key={key}
          data-testid="reason-row"
          sx={{ display: 'grid', gap: 1.5, gridTemplateColumns: { xs: '1fr', md: '1fr 2fr auto' } }}
        >
          <FormField
            control={control}
            name={`rows.${index}.reasonName`}
            size="small"
            label={t('documents.reasons.reason')}
            ariaLabel={`${t('documents.reasons.reason')} ${index + 1}`}
          />
          <FormField
            control={control}
            name={`rows.${index}.notification`}
            size="small"
            label={t('documents.reasons.notification')}
            ariaLabel={`${t('documents.reasons.notification')} ${index + 1}`}
          />
          {editor.keys.length > 1 ? (
            <IconButton
              aria-label={t('documents.reasons.remove', { index: index + 1 })}
              onClick={() => editor.remove(index)}
            >
              <DeleteOutlineIcon />
            </IconButton>
          ) : (
            <Box />
          )}
        </Box>
      ))}
    </RowEditorDialog>
  );
}
