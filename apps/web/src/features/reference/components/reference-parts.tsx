import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableCell from '@mui/material/TableCell';
import TableContainer from '@mui/material/TableContainer';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { CATEGORY_NAME_MAX, REFERENCE_MESSAGES } from '@trustleaf/domain/schemas/reference';
import { enqueueSnackbar } from 'notistack';
import { useId, type FormEvent, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { registerMessageKeys, translateMessage } from '@/lib/i18n-messages';

registerMessageKeys({
  [REFERENCE_MESSAGES.categoryExists]: 'reference.messages.categoryExists',
  [REFERENCE_MESSAGES.parentRequired]: 'reference.messages.parentRequired',
  [REFERENCE_MESSAGES.categoryInUse]: 'reference.messages.categoryInUse',
  [REFERENCE_MESSAGES.businessTypeExists]: 'reference.messages.businessTypeExists',
  [REFERENCE_MESSAGES.businessTypeInUse]: 'reference.messages.businessTypeInUse',
  [REFERENCE_MESSAGES.segmentExists]: 'reference.messages.segmentExists',
  [REFERENCE_MESSAGES.segmentInUse]: 'reference.messages.segmentInUse',
  [`Maximum ${CATEGORY_NAME_MAX} characters`]: 'reference.messages.max100',
  'This field is required': 'reference.messages.required',
});

/** Spec 3 §5: required, at most 100 characters (categories and the other reference names alike). */
export function nameError(name: string, max: number): string | null {
  if (name.trim() === '') return 'reference.messages.required';
  if (name.trim().length > max) return 'reference.messages.max100';
  return null;
}

/** The add and edit form of every reference kind: a name plus the kind's own fields. */
export function EditDialog({
  open,
  title,
  name,
  onName,
  extra,
  error,
  busy,
  onSubmit,
  onClose,
}: {
  open: boolean;
  title: string;
  name: string;
  onName: (value: string) => void;
  extra?: ReactNode;
  error: string | null;
  busy: boolean;
  onSubmit: () => void;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const titleId = useId();
  const submit = (event: FormEvent) => {
    event.preventDefault();
    onSubmit();
  };
  return (
    <Dialog open={open} onClose={onClose} aria-labelledby={titleId} maxWidth="xs" fullWidth>
      <form onSubmit={submit} noValidate>
        <DialogTitle id={titleId}>{title}</DialogTitle>
        <DialogContent>
          <Stack spacing={2} sx={{ pt: 1 }}>
            <TextField
              label={t('reference.name')}
              value={name}
              onChange={(event) => onName(event.target.value)}
              required
              autoFocus
            />
            {extra}
            {error ? (
              <Alert severity="error" role="alert">
                {error}
              </Alert>
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('reference.cancel')}</Button>
          <Button type="submit" variant="contained" loading={busy}>
            {t('reference.save')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}

export function Section({
  title,
  addLabel,
  onAdd,
  testId,
  children,
}: {
  title: string;
  addLabel: string;
  onAdd: () => void;
  testId: string;
  children: ReactNode;
}) {
  const headingId = useId();
  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId} data-testid={testId}>
      <CardContent>
        <Stack direction="row" sx={{ alignItems: 'center', justifyContent: 'space-between', mb: 1, gap: 1 }}>
          <Typography id={headingId} variant="h6" component="h2">
            {title}
          </Typography>
          <Button startIcon={<AddIcon />} onClick={onAdd} variant="outlined">
            {addLabel}
          </Button>
        </Stack>
        <TableContainer sx={{ maxHeight: 420 }}>{children}</TableContainer>
      </CardContent>
    </Card>
  );
}

export function RowActions({
  name,
  onEdit,
  onDelete,
}: {
  name: string;
  onEdit: () => void;
  onDelete: () => void;
}) {
  const { t } = useTranslation();
  return (
    <TableCell align="right" sx={{ whiteSpace: 'nowrap' }}>
      <IconButton aria-label={t('reference.editNamed', { name })} onClick={onEdit}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t('reference.deleteNamed', { name })} onClick={onDelete}>
        <DeleteOutlineIcon />
      </IconButton>
    </TableCell>
  );
}

/** Save and delete share their outcome: the spec's success message, or the server's reason. */
export function useOutcome() {
  const { t } = useTranslation();
  return {
    saved: () => enqueueSnackbar(t('reference.saved'), { variant: 'success' }),
    deleted: () => enqueueSnackbar(t('reference.deleted'), { variant: 'success' }),
    failed: (error: Error) => enqueueSnackbar(translateMessage(t, error.message), { variant: 'error' }),
    message: (error: Error) => translateMessage(t, error.message),
  };
}

export interface Draft<T> {
  editing: T | null;
  name: string;
}
