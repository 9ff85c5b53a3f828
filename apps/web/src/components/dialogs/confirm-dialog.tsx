import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogContentText from '@mui/material/DialogContentText';
import DialogTitle from '@mui/material/DialogTitle';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { useExtraLocale } from '@/lib/locale-bundle';

interface Props {
  open: boolean;
  title: string;
  message: ReactNode;
  /** Alert mode shows one button; confirm mode adds Cancel. */
  variant?: 'alert' | 'confirm';
  confirmLabel?: string;
  cancelLabel?: string;
  onClose: (confirmed: boolean) => void;
}

/** The alert and confirm dialog (spec 1 §2 item 6): resolves true on confirm, false otherwise. */
export function ConfirmDialog(props: Props) {
  useExtraLocale();
  const { t } = useTranslation();
  const titleId = useId();
  const { open, title, message, variant = 'confirm', onClose } = props;
  return (
    <Dialog open={open} onClose={() => onClose(false)} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <DialogTitle id={titleId}>{title}</DialogTitle>
      <DialogContent>
        <DialogContentText component="div">{message}</DialogContentText>
      </DialogContent>
      <DialogActions>
        {variant === 'confirm' ? (
          <Button onClick={() => onClose(false)}>{props.cancelLabel ?? t('inputs.dialog.cancel')}</Button>
        ) : null}
        <Button variant="contained" onClick={() => onClose(true)} autoFocus>
          {props.confirmLabel ?? (variant === 'alert' ? t('inputs.dialog.ok') : t('inputs.dialog.confirm'))}
        </Button>
      </DialogActions>
    </Dialog>
  );
}
