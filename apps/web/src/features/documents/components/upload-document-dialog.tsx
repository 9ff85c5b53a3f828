import Alert from '@mui/material/Alert';
import Button from '@mui/material/Button';
import Dialog from '@mui/material/Dialog';
import DialogActions from '@mui/material/DialogActions';
import DialogContent from '@mui/material/DialogContent';
import DialogTitle from '@mui/material/DialogTitle';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import { LICENSE_NUMBER_PATTERN, showsLicenseBlock } from '@trustleaf/domain/rules/document-review';
import { daysBetween, todayIn } from '@trustleaf/domain/rules/document-status';
import { checkUploadName, UPLOAD_RULES } from '@trustleaf/domain/rules/uploads';
import type { CompanyDocument } from '@trustleaf/domain/schemas/document';
import { enqueueSnackbar } from 'notistack';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { translateMessage } from '@/lib/i18n-messages';
import { useUploadDocument } from '../api/documents';

/** Uploads a new version of a company document; licence fields and expiry as the type requires. */
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
  const [file, setFile] = useState<File | null>(null);
  const [values, setValues] = useState({
    expirationDate: '',
    licenseNumber: latest?.licenseNumber ?? '',
    licenseCountry: latest?.licenseCountry ?? 'US',
    licenseState: latest?.licenseState ?? '',
    licenseAddress: latest?.licenseAddress ?? '',
  });
  const [errors, setErrors] = useState<Record<string, string>>({});
  const [failure, setFailure] = useState<string | null>(null);
  const upload = useUploadDocument();

  async function submit(event: FormEvent) {
    event.preventDefault();
    const next: Record<string, string> = {};
    if (!file) next.file = 'documents.upload.fileRequired';
    else if (checkUploadName('document', file.name)) next.file = 'File Type Is Not Supported';
    else if (file.size > UPLOAD_RULES.document.maxBytes) next.file = 'documents.upload.tooLarge';
    if (type.expirationCheck) {
      if (!values.expirationDate) next.expirationDate = 'Expiration Date is required';
      else if (daysBetween(todayIn(new Date()), values.expirationDate) < 0) {
        next.expirationDate = 'Expiration Date cannot be earlier than today';
      }
    }
    if (licence) {
      if (!values.licenseNumber.trim()) next.licenseNumber = 'License Number is required';
      else if (!LICENSE_NUMBER_PATTERN.test(values.licenseNumber.trim())) {
        next.licenseNumber = 'Please enter a valid license number';
      }
      if (!values.licenseCountry.trim()) next.licenseCountry = 'Country of License is required';
      if (!values.licenseState.trim()) next.licenseState = 'State of License is required';
      if (!values.licenseAddress.trim()) next.licenseAddress = 'Address of License is required';
    }
    setErrors(next);
    if (Object.keys(next).length > 0 || !file) return;
    setFailure(null);
    try {
      await upload.mutateAsync({
        plCompanyId,
        documentTypeId: type.documentTypeId,
        file,
        expirationDate: type.expirationCheck ? values.expirationDate : null,
        licenseNumber: licence ? values.licenseNumber.trim() : null,
        licenseCountry: licence ? values.licenseCountry.trim() : null,
        licenseState: licence ? values.licenseState.trim().toUpperCase() : null,
        licenseAddress: licence ? values.licenseAddress.trim() : null,
      });
      enqueueSnackbar(t('documents.upload.uploaded'), { variant: 'success' });
      onClose();
    } catch (error) {
      setFailure(error instanceof Error ? error.message : t('documents.upload.failed'));
    }
  }

  const field = (name: keyof typeof values, label: string, extra: { type?: string } = {}) => (
    <TextField
      size="small"
      label={label}
      type={extra.type ?? 'text'}
      value={values[name]}
      onChange={(event) => setValues((v) => ({ ...v, [name]: event.target.value }))}
      error={Boolean(errors[name])}
      helperText={errors[name] ? translateMessage(t, errors[name]) : undefined}
      slotProps={extra.type === 'date' ? { inputLabel: { shrink: true } } : {}}
    />
  );

  return (
    <Dialog open onClose={onClose} maxWidth="sm" fullWidth aria-labelledby="upload-title">
      <form onSubmit={(event) => void submit(event)} noValidate>
        <DialogTitle id="upload-title">
          {t('documents.upload.title', { name: type.documentTypeName })}
        </DialogTitle>
        <DialogContent dividers>
          <Stack spacing={2}>
            {failure ? <Alert severity="warning">{translateMessage(t, failure)}</Alert> : null}
            <Button variant="outlined" component="label">
              {file ? file.name : t('documents.upload.chooseFile')}
              <input
                hidden
                type="file"
                data-testid="document-file"
                accept=".pdf,.doc,.docx,.xls,.xlsx,.jpg,.jpeg,.png,.tiff,.gif"
                onChange={(event) => setFile(event.target.files?.[0] ?? null)}
              />
            </Button>
            <Typography variant="caption" sx={{ color: errors.file ? 'error.main' : 'text.secondary' }}>
              {errors.file ? translateMessage(t, errors.file) : t('documents.upload.hint')}
            </Typography>
            {licence ? (
              <>
                {field('licenseNumber', t('documents.review.documentNumber'))}
                {field('licenseCountry', t('documents.review.country'))}
                {field('licenseState', t('documents.review.state'))}
                {field('licenseAddress', t('documents.review.address'))}
              </>
            ) : null}
            {type.expirationCheck
              ? field('expirationDate', t('documents.review.expirationDate'), { type: 'date' })
              : null}
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
