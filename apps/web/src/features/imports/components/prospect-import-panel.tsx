import UploadFileIcon from '@mui/icons-material/UploadFile';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Card from '@mui/material/Card';
import CardContent from '@mui/material/CardContent';
import LinearProgress from '@mui/material/LinearProgress';
import Stack from '@mui/material/Stack';
import TableContainer from '@mui/material/TableContainer';
import Typography from '@mui/material/Typography';
import { useId, useRef, useState, type ChangeEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { DataTable } from '@/components/lists/data-table';
import { visuallyHidden } from '@/components/visually-hidden';
import { errorText } from '@/lib/error-notice';
import { useProspectImportJob } from '../api/get-prospect-import-job';
import { useImportProspects } from '../api/import-prospects';

/** Spec 3 §5: import files are CSV (a ZIP import is not offered here); the API takes the text. */
const MAX_CSV_CHARACTERS = 900_000;

/** The admin import tab (spec 3 §2): a prospect CSV, its progress, and the errors by line. */
export function ProspectImportPanel() {
  const { t } = useTranslation();
  const headingId = useId();
  const inputRef = useRef<HTMLInputElement>(null);
  const start = useImportProspects();
  const [jobId, setJobId] = useState<string | null>(null);
  const [fileName, setFileName] = useState<string | null>(null);
  const [error, setError] = useState<string | null>(null);
  const job = useProspectImportJob(jobId);

  const choose = async (event: ChangeEvent<HTMLInputElement>) => {
    const file = event.target.files?.[0];
    event.target.value = '';
    if (!file) return;
    setError(null);
    setJobId(null);
    setFileName(file.name);
    if (!/\.csv$/i.test(file.name)) {
      setError(t('imports.csvOnly'));
      return;
    }
    const csv = await file.text();
    if (csv.length > MAX_CSV_CHARACTERS) {
      setError(t('imports.tooLarge'));
      return;
    }
    start.mutate(csv, {
      onSuccess: (started) => setJobId(started.jobId),
      onError: (failure) => setError(errorText(t, failure)),
    });
  };

  const data = job.data;
  const isDone = data?.status === 'DONE' || data?.status === 'FAILED';
  const isRunning = start.isPending || (jobId !== null && !isDone);
  const processed = data ? data.importedRows + data.errors.length : 0;

  return (
    <Card variant="outlined" component="section" aria-labelledby={headingId}>
      <CardContent>
        <Typography id={headingId} variant="h6" component="h2">
          {t('imports.title')}
        </Typography>
        <Typography variant="body2" sx={{ color: 'text.secondary', mb: 2 }}>
          {t('imports.description')}
        </Typography>
        <Stack spacing={2}>
          <Box>
            {/* The button opens the picker; the file input itself stays out of sight and out of the tab order. */}
            <Button
              variant="contained"
              startIcon={<UploadFileIcon />}
              disabled={isRunning}
              onClick={() => inputRef.current?.click()}
            >
              {t('imports.choose')}
            </Button>
            <Box
              component="input"
              ref={inputRef}
              type="file"
              accept=".csv,text/csv"
              tabIndex={-1}
              aria-hidden="true"
              data-testid="prospect-csv-input"
              onChange={(event: ChangeEvent<HTMLInputElement>) => void choose(event)}
              sx={visuallyHidden}
            />
            {fileName ? (
              <Typography variant="body2" component="span" sx={{ ml: 2 }}>
                {fileName}
              </Typography>
            ) : null}
          </Box>
          {error ? (
            <Alert severity="error" role="alert">
              {error}
            </Alert>
          ) : null}
          {jobId !== null || start.isPending ? (
            <Box>
              <LinearProgress
                variant={isDone ? 'determinate' : 'indeterminate'}
                value={isDone ? 100 : undefined}
                aria-label={t('imports.progress')}
              />
              <Typography variant="body2" role="status" sx={{ mt: 1 }} data-testid="import-status">
                {isDone
                  ? t(data.status === 'FAILED' ? 'imports.failed' : 'imports.done', {
                      imported: data.importedRows,
                      total: data.totalRows,
                      errors: data.errors.length,
                    })
                  : data && data.totalRows > 0
                    ? t('imports.running', { processed, total: data.totalRows })
                    : t('imports.queued')}
              </Typography>
            </Box>
          ) : null}
          {data && data.errors.length > 0 ? (
            <TableContainer>
              <DataTable
                size="small"
                aria-label={t('imports.errorsTitle')}
                data-testid="import-errors"
                columns={[
                  {
                    key: 'line',
                    label: t('imports.line'),
                    cell: (row) => t('imports.lineNumber', { line: row.line }),
                  },
                  { key: 'errors', label: t('imports.errors'), cell: (row) => row.messages.join('; ') },
                ]}
                rows={data.errors}
                rowKey={(row) => row.line}
              />
            </TableContainer>
          ) : null}
        </Stack>
      </CardContent>
    </Card>
  );
}
