import { numberFormat } from '@trustleaf/domain/rules/intl-formats';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import Button from '@mui/material/Button';
import MenuItem from '@mui/material/MenuItem';
import Paper from '@mui/material/Paper';
import Stack from '@mui/material/Stack';
import TextField from '@mui/material/TextField';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { activityCsv } from '@trustleaf/domain/rules/activity-csv';
import type { ActivityEntry } from '@trustleaf/domain/schemas/activity';
import { SCAN_PERIODS, type ScanPeriod } from '@trustleaf/domain/schemas/webcrawler';
import { useState } from 'react';
import { useTranslation } from 'react-i18next';
import type { TFunction } from 'i18next';
import { ListingPagination } from '@/components/lists/listing-pagination';
import { fetchAllActivity, useActivity } from '@/features/activity/api/get-activity';
import { formatDateTime } from '@/lib/i18n';

const PAGE_SIZE = 20;

function describe(entry: ActivityEntry, t: TFunction, language: string) {
  const { detail } = entry;
  const parts: string[] = [];
  if (entry.subjectName) parts.push(t('activity.member', { name: entry.subjectName }));
  // What was acted on: a document, a scanned address, a plan, a card, a charge.
  if (typeof detail.name === 'string') parts.push(detail.name);
  if (typeof detail.reviewStatus === 'string') parts.push(t(`documents.status.${detail.reviewStatus}`));
  if (typeof detail.amount === 'number') {
    parts.push(numberFormat(language, { style: 'currency', currency: 'USD' }).format(detail.amount));
  }
  if (typeof detail.from === 'string' && typeof detail.to === 'string') {
    parts.push(t('activity.fromTo', { from: detail.from, to: detail.to }));
  } else if (typeof detail.to === 'string') parts.push(detail.to);
  if (typeof detail.email === 'string') parts.push(detail.email);
  if (typeof detail.role === 'string') parts.push(detail.role);
  return parts.join(' · ');
}

/** The activity log tab (spec 3 §2): one's own, or the company's for its owner; by period; CSV export. */
export function ActivityLog({ plCompanyId, isOwner }: { plCompanyId: number | null; isOwner: boolean }) {
  const { t, i18n } = useTranslation();
  const [scope, setScope] = useState<'mine' | 'company'>('mine');
  const [period, setPeriod] = useState<ScanPeriod>('ALL_TIME');
  const [page, setPage] = useState(1);
  const [exporting, setExporting] = useState(false);
  const filter = {
    scope,
    period,
    ...(scope === 'company' && plCompanyId !== null ? { plCompanyId } : {}),
  };
  const activity = useActivity({ ...filter, currentPage: page, itemsPerPage: PAGE_SIZE });
  const label = (action: ActivityEntry['action']) => t(`activity.actions.${action}`);

  const exportCsv = async () => {
    setExporting(true);
    try {
      const all = await fetchAllActivity(filter);
      const csv = activityCsv(all.items, label);
      const link = document.createElement('a');
      link.href = URL.createObjectURL(new Blob([csv], { type: 'text/csv;charset=utf-8' }));
      link.download = 'activity-log.csv';
      link.click();
      URL.revokeObjectURL(link.href);
    } finally {
      setExporting(false);
    }
  };

  return (
    <Stack spacing={2}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', gap: 2, alignItems: 'center' }}>
        {isOwner && plCompanyId !== null ? (
          <ToggleButtonGroup
            exclusive
            size="small"
            value={scope}
            color="primary"
            aria-label={t('activity.scope')}
            sx={{ '& .MuiToggleButton-root:not(.Mui-selected)': { color: 'text.primary' } }}
            onChange={(_event, value: 'mine' | 'company' | null) => {
              if (!value) return;
              setScope(value);
              setPage(1);
            }}
          >
            <ToggleButton value="mine">{t('activity.mine')}</ToggleButton>
            <ToggleButton value="company" data-testid="activity-company">
              {t('activity.company')}
            </ToggleButton>
          </ToggleButtonGroup>
        ) : null}
        <TextField
          select
          size="small"
          label={t('activity.period')}
          value={period}
          sx={{ minWidth: 180 }}
          onChange={(event) => {
            setPeriod(event.target.value as ScanPeriod);
            setPage(1);
          }}
        >
          {SCAN_PERIODS.map((value) => (
            <MenuItem key={value} value={value}>
              {t(`activity.periods.${value}`)}
            </MenuItem>
          ))}
        </TextField>
        <Button
          variant="outlined"
          loading={exporting}
          onClick={() => void exportCsv()}
          data-testid="activity-export"
        >
          {t('activity.export')}
        </Button>
      </Box>
      {activity.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      {activity.data && activity.data.items.length === 0 ? (
        <Typography sx={{ color: 'text.secondary' }}>{t('activity.empty')}</Typography>
      ) : null}
      <Stack spacing={1} component="ol" sx={{ listStyle: 'none', p: 0, m: 0 }} data-testid="activity-list">
        {activity.data?.items.map((entry) => (
          <Paper component="li" variant="outlined" key={entry.plActivityId} sx={{ p: 1.5 }}>
            <Box sx={{ display: 'flex', flexWrap: 'wrap', justifyContent: 'space-between', gap: 1 }}>
              <Typography sx={{ fontWeight: 600 }}>{label(entry.action)}</Typography>
              <Typography
                variant="body2"
                component="time"
                dateTime={entry.createdAt}
                sx={{ color: 'text.secondary' }}
              >
                {formatDateTime(entry.createdAt, i18n.language)}
              </Typography>
            </Box>
            <Typography variant="body2" sx={{ overflowWrap: 'anywhere' }}>
              {entry.actorName ? t('activity.by', { name: entry.actorName }) : t('activity.system')}
              {[describe(entry, t, i18n.language)].filter(Boolean).map((about) => ` · ${about}`)}
            </Typography>
            <Typography variant="body2" sx={{ color: 'text.secondary', overflowWrap: 'anywhere' }}>
              {[entry.ip, entry.userAgent].filter(Boolean).join(' · ')}
            </Typography>
          </Paper>
        ))}
      </Stack>
      <ListingPagination total={activity.data?.total} pageSize={PAGE_SIZE} page={page} onChange={setPage} />
    </Stack>
  );
}
