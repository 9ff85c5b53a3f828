import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import CircularProgress from '@mui/material/CircularProgress';
import Typography from '@mui/material/Typography';
import { COMMON_REFUSALS } from '@trustleaf/domain/refusals';
import {
  acceptFor,
  isOverSizeLimit,
  uploadFileRefusal,
  type UploadMode,
} from '@trustleaf/domain/rules/uploads';
import { validationIssues } from '@trustleaf/domain/validation-issues';
import { useId, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { CropImageDialog } from '@/components/upload/crop-image-dialog';
import { uploadFile, type UploadResult } from '@/components/upload/upload-file';
import { ApiError } from '@/lib/api-client';
import { refusalText } from '@/lib/i18n-messages';
import { useExtraLocale } from '@/lib/locale-bundle';

/** Spec 1 §9: the image size limit comes from configuration (MB). */
/**
 * The field's own strings (the `extra` part, which it loads) for the refusals of a file's type, by the
 * refusal's key: the sign-up pages, where the field is used too, do not load the app's `refusals.*`.
 */
const TYPE_REFUSAL_TEXTS: Record<string, string> = {
  [COMMON_REFUSALS.uploadImageOnly.key]: 'inputs.upload.imageOnly',
  [COMMON_REFUSALS.uploadPdfOnly.key]: 'inputs.upload.pdfOnly',
  [COMMON_REFUSALS.uploadCsvOnly.key]: 'inputs.upload.csvOnly',
  [COMMON_REFUSALS.fileTypeNotSupported.key]: 'inputs.upload.unsupported',
  [COMMON_REFUSALS.passwordProtected.key]: 'inputs.upload.passwordProtected',
};

export const IMAGE_SIZE_LIMIT_MB = Number(import.meta.env.VITE_IMAGE_SIZE_LIMIT_MB) || 5;

async function compressImage(file: File, limitMb: number): Promise<File> {
  const { default: imageCompression } = await import('browser-image-compression');
  const compressed = await imageCompression(file, { maxSizeMB: limitMb, useWebWorker: false });
  return new File([compressed], file.name, { type: compressed.type || file.type });
}

export interface UploadFieldProps {
  mode: UploadMode;
  label: string;
  onUploaded: (result: UploadResult & { previewUrl: string | null }) => void;
  onError?: (message: string) => void;
  plCompanyId?: number;
  sizeLimitMb?: number;
  /** Replaces the network call in tests and stories. */
  upload?: typeof uploadFile;
}

/**
 * Spec 1 §4 "File selection": image mode crops first, the other modes upload directly; a spinner shows
 * while uploading; the picker's checks give the spec's messages before anything is sent.
 */
export function UploadField(props: UploadFieldProps) {
  useExtraLocale();
  const { mode, label, onUploaded, sizeLimitMb = IMAGE_SIZE_LIMIT_MB, upload = uploadFile } = props;
  const { t } = useTranslation();
  const inputId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const [error, setError] = useState<string | null>(null);
  const [warning, setWarning] = useState<string | null>(null);
  const [toCrop, setToCrop] = useState<File | null>(null);
  const [isUploading, setIsUploading] = useState(false);
  const [uploadedName, setUploadedName] = useState<string | null>(null);

  function fail(message: string) {
    setError(message);
    props.onError?.(message);
  }

  async function send(file: File) {
    setIsUploading(true);
    try {
      const result = await upload(file, mode, { plCompanyId: props.plCompanyId });
      setUploadedName(file.name);
      onUploaded({ ...result, previewUrl: mode === 'image' ? URL.createObjectURL(file) : null });
    } catch (caught) {
      if (!(caught instanceof ApiError)) return fail(t('inputs.upload.failed'));
      const typeText = TYPE_REFUSAL_TEXTS[validationIssues(caught.details)[0]?.key ?? ''];
      fail(typeText ? t(typeText) : refusalText(t, caught));
    } finally {
      setIsUploading(false);
    }
  }

  async function onSelect(file: File | undefined) {
    setError(null);
    setWarning(null);
    if (!file) return;
    const refused = uploadFileRefusal(mode, file);
    if (refused) return fail(t(TYPE_REFUSAL_TEXTS[refused.key] ?? refused.key));
    if (mode !== 'image') return send(file);
    let chosen = file;
    if (isOverSizeLimit(file.size, sizeLimitMb)) {
      setWarning(t('inputs.upload.overSize', { limit: sizeLimitMb }));
      chosen = await compressImage(file, sizeLimitMb);
    }
    setToCrop(chosen);
  }

  return (
    <Box>
      <input
        ref={inputRef}
        id={inputId}
        type="file"
        accept={acceptFor(mode)}
        hidden
        data-testid={`upload-input-${mode}`}
        onChange={(event) => {
          const file = event.target.files?.[0];
          event.target.value = '';
          void onSelect(file);
        }}
      />
      <Box sx={{ display: 'flex', alignItems: 'center', gap: 1.5 }}>
        <Button
          variant="outlined"
          startIcon={<UploadFileIcon />}
          onClick={() => inputRef.current?.click()}
          disabled={isUploading}
          aria-describedby={`${inputId}-status`}
        >
          {label}
        </Button>
        <Box
          id={`${inputId}-status`}
          aria-live="polite"
          sx={{ display: 'flex', alignItems: 'center', gap: 1 }}
        >
          {isUploading ? (
            <>
              <CircularProgress size={20} aria-label={t('inputs.upload.uploading')} />
              <Typography variant="body2">{t('inputs.upload.uploading')}</Typography>
            </>
          ) : uploadedName ? (
            <Typography variant="body2" sx={{ color: 'text.secondary' }} data-testid="uploaded-name">
              {uploadedName}
            </Typography>
          ) : null}
        </Box>
      </Box>
      {warning ? (
        <Alert severity="warning" sx={{ mt: 1 }}>
          {warning}
        </Alert>
      ) : null}
      {error ? (
        <Alert severity="error" sx={{ mt: 1 }} data-testid="upload-error">
          {error}
        </Alert>
      ) : null}
      <CropImageDialog
        file={toCrop}
        onClose={() => setToCrop(null)}
        onCropped={(cropped) => {
          setToCrop(null);
          void send(cropped);
        }}
      />
    </Box>
  );
}
