import AddIcon from '@mui/icons-material/Add';
import DeleteOutlineIcon from '@mui/icons-material/DeleteOutlined';
import EditOutlinedIcon from '@mui/icons-material/EditOutlined';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import IconButton from '@mui/material/IconButton';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { enqueueSnackbar } from 'notistack';
import { useId, type ReactNode } from 'react';
import { useTranslation } from 'react-i18next';
import { errorText } from '@/lib/error-notice';

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
    <>
      <IconButton aria-label={t('reference.editNamed', { name })} onClick={onEdit}>
        <EditOutlinedIcon />
      </IconButton>
      <IconButton aria-label={t('reference.deleteNamed', { name })} onClick={onDelete}>
        <DeleteOutlineIcon />
      </IconButton>
    </>
  );
}

/** Save and delete share their outcome: the spec's success message, or the server's reason. */
export function useOutcome() {
  const { t } = useTranslation();
  return {
    saved: () => enqueueSnackbar(t('reference.saved'), { variant: 'success' }),
    deleted: () => enqueueSnackbar(t('reference.deleted'), { variant: 'success' }),
    failed: (error: unknown) => enqueueSnackbar(errorText(t, error), { variant: 'error' }),
  };
}
