import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import TextField from '@mui/material/TextField';
import Typography from '@mui/material/Typography';
import type { ScanJob } from '@trustleaf/domain/schemas/webcrawler';
import { useState, type FormEvent } from 'react';
import { useTranslation } from 'react-i18next';
import { ApiError } from '@/lib/api-client';
import { formatDateTime } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n-messages';
import { useProductScans, useStartProductScan } from '../api/webcrawler';
import { ExternalLink, Section } from './report-parts';

const STATUS_COLOUR = {
  processing: 'default',
  completed: 'success',
  failed: 'error',
  cancelled: 'default',
} as const satisfies Record<ScanJob['status'], 'default' | 'success' | 'error'>;

function TaskRow({ task, onView }: { task: ScanJob; onView: (plViolationCheckId: number) => void }) {
  const { t, i18n } = useTranslation();
  const status = task.status === 'processing' && task.isQueued ? 'queued' : task.status;
  return (
    <Box
      component="li"
      data-testid="product-scan-row"
      data-status={task.status}
      sx={{ display: 'grid', gap: 0.5, py: 1.5, borderBottom: 1, borderColor: 'divider' }}
    >
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 1 }}>
        <Chip
          size="small"
          color={STATUS_COLOUR[task.status]}
          label={t(`webcrawler.productScans.status.${status}`)}
        />
        <Typography variant="body2" component="span" sx={{ color: 'text.secondary' }}>
          <time dateTime={task.createdAt}>{formatDateTime(task.createdAt, i18n.language)}</time>
        </Typography>
        {task.status === 'completed' && task.plViolationCheckId !== null ? (
          <Button size="small" onClick={() => onView(task.plViolationCheckId!)}>
            {t('webcrawler.productScans.view')}
          </Button>
        ) : null}
      </Box>
      <ExternalLink href={task.url}>{task.url}</ExternalLink>
      {task.status === 'failed' && task.message ? (
        <Typography variant="caption" sx={{ color: 'error.main' }}>
          {translateMessage(t, task.message)}
        </Typography>
      ) : null}
    </Box>
  );
}

/**
 * Product scan tasks (spec 3 §1, §4 "Scan job"): the website's products against the company's
 * catalogue, without the claims scan; the result's product comparison opens in the report.
 */
export function ProductScans({
  plCompanyId,
  onView,
}: {
  plCompanyId: number;
  onView: (plViolationCheckId: number) => void;
}) {
  const { t } = useTranslation();
  const tasks = useProductScans(plCompanyId);
  const start = useStartProductScan(plCompanyId);
  const [url, setUrl] = useState('');
  const [autoCreateProduct, setAutoCreateProduct] = useState(false);
  const [error, setError] = useState<string | null>(null);
  const submit = (event: FormEvent) => {
    event.preventDefault();
    setError(null);
    start.mutate(
      { url: url.trim(), autoCreateProduct },
      {
        onSuccess: () => setUrl(''),
        onError: (reason) =>
          setError(translateMessage(t, reason instanceof ApiError ? reason.message : undefined)),
      },
    );
  };
  return (
    <Section title={t('webcrawler.productScans.title')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('webcrawler.productScans.help')}
      </Typography>
      <Box
        component="form"
        onSubmit={submit}
        noValidate
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <TextField
          size="small"
          label={t('webcrawler.productScans.url')}
          placeholder={t('webcrawler.urlPlaceholder')}
          value={url}
          onChange={(event) => setUrl(event.target.value)}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          slotProps={{ htmlInput: { inputMode: 'url', 'data-testid': 'product-scan-url' } }}
        />
        <Button type="submit" variant="outlined" disabled={url.trim() === '' || start.isPending}>
          {t('webcrawler.productScans.start')}
        </Button>
        <FormControlLabel
          control={
            <Checkbox
              size="small"
              checked={autoCreateProduct}
              onChange={(event) => setAutoCreateProduct(event.target.checked)}
            />
          }
          label={t('webcrawler.productScans.autoCreate')}
        />
      </Box>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} data-testid="product-scan-error">
          {error}
        </Alert>
      ) : null}
      {tasks.data && tasks.data.length > 0 ? (
        <Box component="ul" sx={{ listStyle: 'none', m: 0, p: 0 }} data-testid="product-scan-list">
          {tasks.data.map((task) => (
            <TaskRow key={task.jobId} task={task} onView={onView} />
          ))}
        </Box>
      ) : tasks.isPending ? null : (
        <Typography variant="body2" sx={{ color: 'text.secondary' }}>
          {t('webcrawler.productScans.none')}
        </Typography>
      )}
    </Section>
  );
}
