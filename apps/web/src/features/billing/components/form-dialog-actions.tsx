import Button from '@mui/material/Button';
import DialogActions from '@mui/material/DialogActions';
import type { ReactNode } from 'react';
import { useTranslation } from 'react-i18next';

/**
 * A billing form dialog's buttons: its own actions first (`children`), then Cancel and the button
 * that submits the form, busy while the form is sent.
 */
export function FormDialogActions({
  onCancel,
  submitLabel,
  isBusy,
  submitTestId,
  color = 'primary',
  children,
}: {
  onCancel: () => void;
  submitLabel: string;
  isBusy: boolean;
  submitTestId: string;
  color?: 'primary' | 'error';
  children?: ReactNode;
}) {
  const { t } = useTranslation();
  return (
    <DialogActions>
      {children}
      <Button onClick={onCancel}>{t('billing.cancel')}</Button>
      <Button type="submit" variant="contained" color={color} loading={isBusy} data-testid={submitTestId}>
        {submitLabel}
      </Button>
    </DialogActions>
  );
}
