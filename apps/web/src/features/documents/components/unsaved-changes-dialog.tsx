import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useTranslation } from 'react-i18next';

/** 'Save changes' prompt shown when a dialog with unsaved edits is closed (spec 2 §8, spec 3 §2). */
export function UnsavedChangesDialog({
  open,
  onSave,
  onDiscard,
  onCancel,
}: {
  open: boolean;
  onSave: () => void;
  onDiscard: () => void;
  onCancel: () => void;
}) {
  const { t } = useTranslation();
  return (
    <Dialog open={open} onClose={onCancel} aria-labelledby="unsaved-title" data-testid="unsaved-dialog">
      <DialogTitle id="unsaved-title">{t('documents.unsaved.title')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{t('documents.unsaved.body')}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onDiscard}>{t('documents.unsaved.discard')}</Button>
        <Button variant="contained" onClick={onSave}>
          {t('documents.unsaved.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/** The 'Request failed!' dialog of spec 2 §8. */
export function RequestFailedDialog({ message, onClose }: { message: string | null; onClose: () => void }) {
  const { t } = useTranslation();
  return (
    <Dialog open={message !== null} onClose={onClose} aria-labelledby="request-failed-title">
      <DialogTitle id="request-failed-title">{t('documents.requestFailed')}</DialogTitle>
      <DialogContent>
        <DialogContentText>{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('documents.ok')}</Button>
      </DialogActions>
    </Dialog>
  );
}
