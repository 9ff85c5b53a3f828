import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { showsLicenseBlock } from '@trustleaf/domain/rules/document-review';
import { todayIn } from '@trustleaf/domain/rules/document-status';
import {
  createUploadDocumentFormSchema,
  type UploadDocumentFormValues,
} from '@trustleaf/domain/rules/document-upload';
import { acceptFor } from '@trustleaf/domain/rules/uploads';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useMemo, useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { translateMessage } from '@/lib/i18n-messages';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useUploadDocument } from '../api/upload-document';
import { documentTypeLabel } from '@/lib/seeded-text';

/** The licence block's fields and their labels. */
const LICENCE_FIELDS = [
  ['licenseNumber', 'documents.review.documentNumber'],
  ['licenseCountry', 'documents.review.country'],
  ['licenseState', 'documents.review.state'],
  ['licenseAddress', 'documents.review.address'],
] as const;

/**
 * Uploads a new version of a company document; licence fields and expiry as the type requires, by the
 * domain's upload rule, which the server runs on the same fields.
 */
export function UploadDocumentDialog({
  plCompanyId,
  row,
  onClose,
}: {
  plCompanyId: number;
  row: CompanyDocument;
  onClose: () => void;
}) {
  const { t } = useTranslation();
  const type = row.documentType;
  const latest = row.latest;
  const licence = showsLicenseBlock(type);
  const schema = useMemo(
    () => createUploadDocumentFormSchema({ ...type, today: todayIn(new Date()) }),
    [type],
  );
  const form = useForm<UploadDocumentFormValues>({
    resolver: keyedZodResolver(schema),
    defaultValues: {
      file: null,
      expirationDate: '',
      licenseNumber: latest?.licenseNumber ?? '',
      licenseCountry: latest?.licenseCountry ?? 'US',
      licenseState: latest?.licenseState ?? '',
      licenseAddress: latest?.licenseAddress ?? '',
    },
  });
  const { control, handleSubmit } = form;
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadDocument();

  const submit = handleSubmit(async (values) => {
    if (!values.file) return;
    setFailure(null);
    try {
      await upload.mutateAsync({
        plCompanyId,
        documentTypeId: type.documentTypeId,
        file: values.file as File,
        expirationDate: type.expirationCheck ? values.expirationDate : null,
        licenseNumber: licence ? values.licenseNumber.trim() : null,
        licenseCountry: licence ? values.licenseCountry.trim() : null,
        licenseState: licence ? values.licenseState.trim().toUpperCase() : null,
        licenseAddress: licence ? values.licenseAddress.trim() : null,
      });
      enqueueSnackbar(t('documents.upload.uploaded'), { variant: 'success' });
      onClose();
    } catch (error) {
      if (!applyServerIssues(form, error)) setFailure(errorText(t, error));
    }
  });

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="upload-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="upload-title">
          {t('documents.upload.title', {
            name: documentTypeLabel(t, type.documentTypeName, type.documentTypeSeedKey),
          })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure ? <Alert severity="warning">{failure}</Alert> : null}
            <Controller
              control={control}
              name="file"
              render={({ field, fieldState }) => (
                <>
                  <Button variant="outlined" component="label">
                    {field.value ? field.value.name : t('documents.upload.chooseFile')}
                    <input
                      hidden
                      type="file"
                      data-testid="document-file"
                      accept={acceptFor('document')}
                      onChange={(event) => field.onChange(event.target.files?.[0] ?? null)}
                    />
                  </Button>
                  <Typography
                    variant="caption"
                    sx={{ color: fieldState.error ? 'error.main' : 'text.secondary' }}
                  >
                    {fieldState.error
                      ? translateMessage(t, fieldState.error.message)
                      : t('documents.upload.hint')}
                  </Typography>
                </>
              )}
            />
            {licence
              ? LICENCE_FIELDS.map(([name, label]) => (
                  <FormField key={name} control={control} name={name} size="small" label={t(label)} />
                ))
              : null}
            {type.expirationCheck ? (
              <FormField
                control={control}
                name="expirationDate"
                type="date"
                size="small"
                label={t('documents.review.expirationDate')}
              />
            ) : null}
          </Stack>
        </DialogContent>
        <DialogActions>
          <Button onClick={onClose}>{t('documents.cancel')}</Button>
          <Button type="submit" variant="contained" disabled={upload.isPending}>
            {t('documents.upload.submit')}
          </Button>
        </DialogActions>
      </form>
    </Dialog>
  );
}
