import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import List from '@mui/material/List';
import ListItem from '@mui/material/ListItem';
import ListItemText from '@mui/material/ListItemText';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import {
  CreateProductInputSchema,
  PRODUCT_CODE_FIELDS,
  PRODUCT_DAY_FIELDS,
  PRODUCT_STATUSES,
  type Product,
} from '@trustleaf/domain/schemas/webcrawler';
import { enqueueSnackbar } from 'notistack';
import { useState } from 'react';
import { useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import type { z } from 'zod';
import { FormField } from '@/components/form/form-field';
import { ConfirmDialog } from '@/components/dialogs/confirm-dialog';
import { errorText } from '@/lib/error-notice';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useProducts } from '../api/get-products';
import { useProductMutations } from '../api/product-mutations';
import { RecordDialog } from './company-form-parts';

type FormValues = z.input<typeof CreateProductInputSchema>;

function formValuesOf(plCompanyId: number, product: Product | null): FormValues {
  return {
    plCompanyId,
    name: product?.name ?? '',
    status: product?.status ?? 'ACTIVE',
    metrcNumber: product?.metrcNumber ?? '',
    sampleNumber: product?.sampleNumber ?? '',
    lotNumber: product?.lotNumber ?? '',
    batchNumber: product?.batchNumber ?? '',
    receivedProductAt: product?.receivedProductAt ?? '',
    expireDate: product?.expireDate ?? '',
  };
}

/**
 * A product's record (spec 3 §3 Product): name, status, its tracking numbers and its days, for adding
 * one or changing it. The shared schema checks the form; the server's refusals land on their fields.
 */
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
  const { create, update } = useProductMutations(plCompanyId);
  const [formError, setFormError] = useState<string | null>(null);
  const form = useForm({
    resolver: keyedZodResolver(CreateProductInputSchema),
    mode: 'onTouched',
    defaultValues: formValuesOf(plCompanyId, product),
  });
  const busy = create.isPending || update.isPending;
  const { control } = form;
  const submit = form.handleSubmit((input) => {
    setFormError(null);
    const done = {
      onSuccess: () => {
        enqueueSnackbar(t('company.products.saved'), { variant: 'success' });
        onClose();
      },
      onError: (failure: unknown) => {
        if (applyServerIssues(form, failure)) return;
        setFormError(errorText(t, failure));
      },
    };
    if (product) update.mutate({ ...input, plProductId: product.plProductId }, done);
    else create.mutate(input, done);
  });
  return (
    <RecordDialog
      title={t(product ? 'company.products.editTitle' : 'company.products.addTitle')}
      failure={formError}
      busy={busy}
      onClose={onClose}
      onSubmit={(event) => void submit(event)}
    >
      <Box sx={{ gridColumn: '1 / -1' }}>
        <FormField control={control} name="name" label={t('company.products.name')} />
      </Box>
      <FormField control={control} name="status" label={t('company.products.status')} select>
        {PRODUCT_STATUSES.map((value) => (
          <MenuItem key={value} value={value}>
            {t(`company.products.statuses.${value}`)}
          </MenuItem>
        ))}
      </FormField>
      {PRODUCT_CODE_FIELDS.map((field) => (
        <FormField key={field} control={control} name={field} label={t(`company.products.fields.${field}`)} />
      ))}
      {PRODUCT_DAY_FIELDS.map((field) => (
        <FormField
          key={field}
          control={control}
          name={field}
          type="date"
          label={t(`company.products.fields.${field}`)}
        />
      ))}
    </RecordDialog>
  );
}

/** The product's tracking numbers and days that are set, as one line ("Lot number: A12 · …"). */
function productDetailsLine(t: (key: string) => string, product: Product): string {
  return [...PRODUCT_CODE_FIELDS, ...PRODUCT_DAY_FIELDS]
    .filter((field) => product[field])
    .map((field) => `${t(`company.products.fields.${field}`)}: ${product[field]}`)
    .join(' · ');
}

/**
 * The products tab: the catalogue the product comparison reads (scans may add products). The owner
 * or an admin adds, edits every field of a product's record and deletes (with confirmation).
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
              secondary={[
                `${t(`company.products.statuses.${product.status}`)} · ${t(`company.products.sources.${product.source}`)}`,
                productDetailsLine(t, product),
              ]
                .filter(Boolean)
                .join(' — ')}
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
