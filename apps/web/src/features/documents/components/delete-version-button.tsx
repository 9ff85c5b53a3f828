import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import { useDeleteDocuments } from '../api/delete-documents';

/** Deletes one version after a confirmation prompt (spec 3 §8: deleting documents asks first). */
export function DeleteVersionButton({
  plCompanyId,
  documentId,
  version,
}: {
  plCompanyId: number;
  documentId: number;
  version: number;
}) {
  const { t } = useTranslation();
  const [isConfirming, setIsConfirming] = useState(false);
  const remove = useDeleteDocuments(plCompanyId);
  return (
    <>
      <Button color="error" variant="outlined" onClick={() => setIsConfirming(true)}>
        {t('documents.delete.button')}
      </Button>
      <Dialog
        open={isConfirming}
        onClose={() => setIsConfirming(false)}
        aria-labelledby="delete-version-title"
      >
        <DialogTitle id="delete-version-title">{t('documents.delete.title')}</DialogTitle>
        <DialogContent>
          <DialogContentText>{t('documents.delete.body', { version })}</DialogContentText>
        </DialogContent>
        <DialogActions>
          <Button onClick={() => setIsConfirming(false)}>{t('documents.cancel')}</Button>
          <Button
            color="error"
            variant="contained"
            disabled={remove.isPending}
            onClick={() =>
              remove.mutate([documentId], {
                onSuccess: () => {
                  setIsConfirming(false);
                  enqueueSnackbar(t('documents.delete.done'), { variant: 'success' });
                },
                onError: (error) => enqueueSnackbar(error.message, { variant: 'error' }),
              })
            }
          >
            {t('documents.delete.confirm')}
          </Button>
        </DialogActions>
      </Dialog>
    </>
  );
}
