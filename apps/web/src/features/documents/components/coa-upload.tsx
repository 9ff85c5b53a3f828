import CloudUploadIcon from '@mui/icons-material/CloudUpload';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import LinearProgress from '@mui/material/LinearProgress';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import Typography from '@mui/material/Typography';
import { uploadNameRefusal } from '@trustleaf/domain/rules/uploads';
import { useQueryClient } from '@tanstack/react-query';
import { COA_BATCH_MAX_BYTES, type CoaUploadItem } from '@trustleaf/domain/schemas/document';
import type { TFunction } from 'i18next';
import { enqueueSnackbar } from 'notistack';
import { useEffect, useRef, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { errorText } from '@/lib/error-notice';
import { isCoaUploadDone, putCoaUploadJob, uploadCoas, useCoaUploadJob } from '../api/upload-coas';

/** A failed file's reason by its key (a refused archive names its bound), else as the server wrote it. */
function itemFailure(t: TFunction, item: CoaUploadItem): string {
  if (item.messageKey) {
    const text = t(item.messageKey, item.messageParams ?? {});
    if (text !== item.messageKey) return text;
  }
  return item.message ?? t('documents.upload.failed');
}

/**
 * COA batch upload with the bottom progress notice (spec 3 §4 "COA upload progress"): live messages
 * whose upload id matches update processed, total, status and items (through the query cache);
 * COMPLETED closes the notice and shows 'COA uploaded successfully'; FAILED just closes it.
 */
export function CoaUpload({ plCompanyId }: { plCompanyId: number }) {
  const { t } = useTranslation();
  const queryClient = useQueryClient();
  // The batch this screen started; its progress lives in the query cache, fed by live events.
  const [uploadId, setUploadId] = useState<number | null>(null);
  const latest = useCoaUploadJob(uploadId).data;
  const job = latest && !isCoaUploadDone(latest) ? latest : null;
  const result = latest?.status === 'COMPLETED' ? latest : null;
  const [error, setError] = useState<string | null>(null);
  const [isSending, setIsSending] = useState(false);

  const completedId = result?.plUserUploadCoaId ?? null;
  const announced = useRef<number | null>(null);
  useEffect(() => {
    if (completedId === null || announced.current === completedId) return;
    announced.current = completedId;
    enqueueSnackbar(t('documents.coa.completed'), { variant: 'success', persist: true });
  }, [completedId, t]);

  async function start(files: File[]) {
    setError(null);
    setUploadId(null);
    const refused = files.map((file) => uploadNameRefusal('coa', file.name)).find(Boolean);
    if (refused) return setError(t(refused.key));
    if (files.reduce((sum, f) => sum + f.size, 0) > COA_BATCH_MAX_BYTES)
      return setError(t('documents.coa.tooLarge'));
    setIsSending(true);
    try {
      const started = await uploadCoas(files, plCompanyId);
      // Events that arrived before the response are kept: the job may already be further, or done.
      putCoaUploadJob(queryClient, started);
      setUploadId(started.plUserUploadCoaId);
    } catch (cause) {
      setError(cause instanceof ApiError ? errorText(t, cause) : t('documents.upload.failed'));
    } finally {
      setIsSending(false);
    }
  }

  return (
    <Paper variant="outlined" sx={{ p: 3 }} component="section" aria-labelledby="coa-title">
      <Typography variant="h3" component="h2" id="coa-title" sx={{ mb: 1 }}>
        {t('documents.coa.title')}
      </Typography>
      <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
        {t('documents.coa.help')}
      </Typography>
      <Button
        variant="outlined"
        component="label"
        startIcon={<CloudUploadIcon />}
        disabled={isSending || job !== null}
      >
        {t('documents.coa.choose')}
        <input
          hidden
          multiple
          type="file"
          data-testid="coa-files"
          accept=".pdf,.zip,.jpg,.jpeg,.png,.bmp,.tif,.tiff,.webp"
          onChange={(event) => {
            const files = [...(event.target.files ?? [])];
            event.target.value = '';
            if (files.length > 0) void start(files);
          }}
        />
      </Button>
      {error ? (
        <Alert severity="warning" sx={{ mt: 2 }}>
          {error}
        </Alert>
      ) : null}
      {result ? (
        <Stack spacing={1} sx={{ mt: 2 }} data-testid="coa-results">
          {result.items.map((item) => (
            <Alert
              key={item.fileName}
              severity={
                item.status === 'FAILED' ? 'error' : item.violations.length > 0 ? 'warning' : 'success'
              }
            >
              <strong>{item.fileName}</strong>
              {': '}
              {item.status === 'FAILED'
                ? itemFailure(t, item)
                : item.violations.length > 0
                  ? item.violations.join('; ')
                  : t('documents.coa.noViolation')}
            </Alert>
          ))}
        </Stack>
      ) : null}
      {job ? (
        <Box
          role="status"
          aria-live="polite"
          data-testid="coa-progress"
          sx={{ position: 'fixed', bottom: 24, left: '50%', transform: 'translateX(-50%)', zIndex: 1400 }}
        >
          <Paper elevation={6} sx={{ px: 3, py: 1.5, minWidth: 280 }}>
            <Typography variant="body2" sx={{ mb: 1 }}>
              {t('documents.coa.progress', { processed: job.processed, total: job.total })}
            </Typography>
            <LinearProgress
              variant="determinate"
              value={job.total ? (job.processed / job.total) * 100 : 0}
              aria-label={t('documents.coa.title')}
            />
          </Paper>
        </Box>
      ) : null}
    </Paper>
  );
}
