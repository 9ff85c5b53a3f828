import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import Checkbox from '@mui/material/Checkbox';
import Chip from '@mui/material/Chip';
import FormControlLabel from '@mui/material/FormControlLabel';
import Typography from '@mui/material/Typography';
import {
  ProductScanRequestSchema,
  type ProductScanRequest,
  type ScanJob,
} from '@trustleaf/domain/schemas/webcrawler';
import { useState } from 'react';
import { Controller, useForm } from 'react-hook-form';
import { useTranslation } from 'react-i18next';
import { FormField } from '@/components/form/form-field';
import { errorText } from '@/lib/error-notice';
import { formatDateTime } from '@/lib/i18n';
import { translateMessage } from '@/lib/i18n-messages';
import { keyedZodResolver } from '@/lib/keyed-zod-resolver';
import { applyServerIssues } from '@/lib/server-issues';
import { useProductScans } from '../api/get-product-scans';
import { useStartProductScan } from '../api/start-product-scan';
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
  return (
    <Section title={t('webcrawler.productScans.title')}>
      <Typography variant="body2" sx={{ color: 'text.secondary' }}>
        {t('webcrawler.productScans.help')}
      </Typography>
      <ProductScanForm plCompanyId={plCompanyId} />
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

/**
 * Starts a product scan. A component of its own, so that react-hook-form's render of the form once it
 * has mounted, and every key typed, leave the task list as it is.
 */
function ProductScanForm({ plCompanyId }: { plCompanyId: number }) {
  const { t } = useTranslation();
  const start = useStartProductScan(plCompanyId);
  const [error, setError] = useState<string | null>(null);
  const form = useForm<ProductScanRequest>({
    resolver: keyedZodResolver(ProductScanRequestSchema),
    defaultValues: { plCompanyId, url: '', autoCreateProduct: false },
  });
  const url = form.watch('url');
  const submit = form.handleSubmit((values) => {
    setError(null);
    start.mutate(
      { url: values.url.trim(), autoCreateProduct: values.autoCreateProduct },
      {
        onSuccess: () => form.resetField('url'),
        onError: (reason) => {
          if (!applyServerIssues(form, reason)) setError(errorText(t, reason));
        },
      },
    );
  });
  return (
    <>
      <Box
        component="form"
        onSubmit={(event) => void submit(event)}
        noValidate
        sx={{ display: 'flex', flexWrap: 'wrap', gap: 1, alignItems: 'center' }}
      >
        <FormField
          control={form.control}
          name="url"
          size="small"
          label={t('webcrawler.productScans.url')}
          placeholder={t('webcrawler.urlPlaceholder')}
          sx={{ flex: '1 1 220px', minWidth: 0 }}
          htmlInput={{ inputMode: 'url', 'data-testid': 'product-scan-url' }}
        />
        <Button type="submit" variant="outlined" disabled={url.trim() === '' || start.isPending}>
          {t('webcrawler.productScans.start')}
        </Button>
        <Controller
          control={form.control}
          name="autoCreateProduct"
          render={({ field }) => (
            <FormControlLabel
              control={
                <Checkbox
                  size="small"
                  checked={Boolean(field.value)}
                  onChange={(event) => field.onChange(event.target.checked)}
                />
              }
              label={t('webcrawler.productScans.autoCreate')}
            />
          )}
        />
      </Box>
      {error ? (
        <Alert severity="error" onClose={() => setError(null)} data-testid="product-scan-error">
          {error}
        </Alert>
      ) : null}
    </>
  );
}
