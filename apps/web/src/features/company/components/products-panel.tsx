import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import {
  CreateProductInputSchema,
  PRODUCT_STATUSES,
  type Product,
} from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useId, useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { errorText } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { useProductMutations, useProducts } from '../api/company';

type Status = (typeof PRODUCT_STATUSES)[number];

/** Name and status of a product, for adding one or changing it; the shared schema checks the name. */
function ProductDialog({
  plCompanyId,
  product,
  onClose,
}: {
  plCompanyId: number;
  product: Product | null;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const id = useId();
  const { create, update } = useProductMutations(plCompanyId);
  const [name, setName] = useState(product?.name ?? '');
  const [status, setStatus] = useState<Status>(product?.status ?? 'ACTIVE');
  const [error, setError] = useState<string | null>(null);
  const busy = create.isPending || update.isPending;
  const submit = (event: FormEvent) => {
    event.preventDefault();
    const parsed = CreateProductInputSchema.safeParse({ plCompanyId, name, status });
    if (!parsed.success) {
      setError(translateMessage(t, parsed.error.issues[0]?.message));
      return;
    }
    const done = {
      onSuccess: () => {
        enqueueSnackbar(t('company.products.saved'), { variant: 'success' });
        onClose();
      },
      onError: (failure: unknown) => setError(errorText(t, failure)),
    };
    if (product) update.mutate({ plCompanyId, plProductId: product.plProductId, name, status }, done);
    else create.mutate({ plCompanyId, name, status }, done);
  };
  return (
    <Dialog open onClose={onClose} aria-labelledby={`${id}-title`} maxWidth="xs" fullWidth>
      <DialogTitle id={`${id}-title`}>
        {t(product ? 'company.products.editTitle' : 'company.products.addTitle')}
      </DialogTitle>
      <DialogContent>
        <Box
          component="form"
          id={`${id}-form`}
          noValidate
          onSubmit={submit}
          sx={{ display: 'grid', gap: 2, pt: 1 }}
        >
          <TextField
            label={t('company.products.name')}
            value={name}
            onChange={(event) => setName(event.target.value)}
            error={Boolean(error)}
            helperText={error ?? undefined}
            fullWidth
          />
          <TextField
            select
            label={t('company.products.status')}
            value={status}
            onChange={(event) => setStatus(event.target.value as Status)}
            fullWidth
          >
            {PRODUCT_STATUSES.map((value) => (
              <MenuItem key={value} value={value}>
                {t(`company.products.statuses.${value}`)}
              </MenuItem>
            ))}
          </TextField>
        </Box>
      </DialogContent>
      <DialogActions>
        <Button onClick={onClose}>{t('company.cancel')}</Button>
        <Button type="submit" form={`${id}-form`} variant="contained" loading={busy}>
          {t('company.save')}
        </Button>
      </DialogActions>
    </Dialog>
  );
}

/**
 * The products tab: the catalogue the product comparison reads (name and status; scans may add
 * products). The owner or an admin adds, renames, switches status and deletes (with confirmation).
 */
export function ProductsPanel({ plCompanyId, canManage }: { plCompanyId: number; canManage: boolean }) {
  const { t } = useTranslation();
  const products = useProducts(plCompanyId);
  const { remove } = useProductMutations(plCompanyId);
  const [open, setOpen] = useState<Product | 'new' | null>(null);
  const [deleting, setDeleting] = useState<Product | null>(null);
  return (
    <Paper variant="outlined" sx={{ p: { xs: 2, sm: 3 } }}>
      <Stack direction="row" sx={{ justifyContent: 'space-between', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography variant="h2" sx={{ fontSize: '1.25rem' }}>
          {t('company.products.title')}
        </Typography>
        {canManage ? (
          <Button variant="outlined" onClick={() => setOpen('new')}>
            {t('company.products.add')}
          </Button>
        ) : null}
      </Stack>
      {products.isError ? <Alert severity="error">{errorText(t, products.error)}</Alert> : null}
      {products.data?.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('company.products.empty')}</Typography>
      ) : null}
      <List>
        {(products.data ?? []).map((product) => (
          <ListItem key={product.plProductId} disableGutters divider sx={{ flexWrap: 'wrap', gap: 1 }}>
            <ListItemText
              primary={product.name}
              secondary={`${t(`company.products.statuses.${product.status}`)} · ${t(`company.products.sources.${product.source}`)}`}
              slotProps={{ primary: { sx: { overflowWrap: 'anywhere' } } }}
              sx={{ minWidth: 0, flex: '1 1 12rem' }}
            />
            {canManage ? (
              <Stack direction="row" spacing={1}>
                <Button
                  size="small"
                  onClick={() => setOpen(product)}
                  aria-label={t('company.products.editNamed', { name: product.name })}
                >
                  {t('company.edit')}
                </Button>
                <Button
                  size="small"
                  color="error"
                  onClick={() => setDeleting(product)}
                  aria-label={t('company.products.deleteNamed', { name: product.name })}
                >
                  {t('company.products.delete')}
                </Button>
              </Stack>
            ) : null}
          </ListItem>
        ))}
      </List>
      {open ? (
        <ProductDialog
          plCompanyId={plCompanyId}
          product={open === 'new' ? null : open}
          onClose={() => setOpen(null)}
        />
      ) : null}
      <ConfirmDialog
        open={deleting !== null}
        title={t('company.products.deleteTitle')}
        message={t('company.products.deleteText', { name: deleting?.name ?? '' })}
        confirmLabel={t('company.products.delete')}
        cancelLabel={t('company.cancel')}
        onClose={(confirmed) => {
          const target = deleting;
          setDeleting(null);
          if (!confirmed || !target) return;
          remove.mutate(target.plProductId, {
            onSuccess: () => enqueueSnackbar(t('company.products.deleted'), { variant: 'success' }),
            onError: (failure) => enqueueSnackbar(errorText(t, failure), { variant: 'error' }),
          });
        }}
      />
    </Paper>
  );
}
