import { dateTimeFormat } from '@trustleaf/domain/rules/intl-formats';
import Box from '@mui/material/Box';
import ToggleButton from '@mui/material/ToggleButton';
import ToggleButtonGroup from '@mui/material/ToggleButtonGroup';
import Typography from '@mui/material/Typography';
import { BarChart } from '@mui/x-charts/BarChart';
import { isInPeriod, severityColour } from '@trustleaf/domain/rules/scan-report';
import {
  SCAN_PERIODS,
  SEVERITIES,
  type ScanPeriod,
  type ViolationCheck,
} from '@trustleaf/domain/schemas/webcrawler';
import { useId, useMemo, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { ChartPanel } from '@/components/layouts/chart-panel';
import { FiguresTable, type FigureColumn } from '@/components/lists/figures-table';
import { visuallyHidden } from '@/components/visually-hidden';

/**
 * Findings by severity over time (issue 17): one stacked bar per scan, oldest first, in the severity
 * colours of spec 3 §9, for the chosen period (spec 3 §3). Loaded lazily with its chart library.
 */
export function FindingsChart({ checks, now: nowProp }: { checks: readonly ViolationCheck[]; now?: Date }) {
  const { t, i18n } = useTranslation();
  const [now] = useState(() => nowProp ?? new Date());
  const headingId = useId();
  const [period, setPeriod] = useState<ScanPeriod>('ALL_TIME');
  const shown = useMemo(
    () =>
      checks
        .filter((check) => isInPeriod(check.checkTime, period, now))
        .toSorted((a, b) => a.checkTime.localeCompare(b.checkTime)),
    [checks, period, now],
  );
  const dateFormat = dateTimeFormat(i18n.language, {
    timeZone: 'America/New_York',
    month: 'short',
    day: 'numeric',
    hour: '2-digit',
    minute: '2-digit',
  });
  const labels = shown.map((check) => dateFormat.format(new Date(check.checkTime)));
  const columns: FigureColumn<ViolationCheck>[] = SEVERITIES.map((level) => ({
    key: level,
    label: t(`webcrawler.report.levels.${level}`),
    value: (check) => check.severityCounts[level],
  }));
  return (
    <ChartPanel
      headingId={headingId}
      title={t('webcrawler.chart.title')}
      control={
        <ToggleButtonGroup
          size="small"
          exclusive
          value={period}
          onChange={(_, next: ScanPeriod | null) => next && setPeriod(next)}
          aria-label={t('webcrawler.chart.period')}
          sx={{ flexWrap: 'wrap' }}
        >
          {SCAN_PERIODS.map((value) => (
            <ToggleButton key={value} value={value} data-testid={`period-${value}`}>
              {t(`webcrawler.chart.periods.${value}`)}
            </ToggleButton>
          ))}
        </ToggleButtonGroup>
      }
    >
      {shown.length === 0 ? (
        <Typography sx={{ color: 'text.secondary', py: 2 }} data-testid="chart-empty">
          {t('webcrawler.chart.empty')}
        </Typography>
      ) : (
        <Box data-testid="findings-chart">
          <BarChart
            height={260}
            xAxis={[{ scaleType: 'band', data: labels }]}
            series={SEVERITIES.map((level) => ({
              id: level,
              label: t(`webcrawler.report.levels.${level}`),
              data: shown.map((check) => check.severityCounts[level]),
              stack: 'findings',
              color: severityColour(level),
            }))}
            slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
          />
          {/* The chart is a picture; the same numbers as a table for screen readers. A table never shrinks
              below its content, so the hiding box around it is what keeps it from widening the page. */}
          <Box sx={visuallyHidden}>
            <FiguresTable
              caption={t('webcrawler.chart.title')}
              labelHeading={t('webcrawler.report.date')}
              columns={columns}
              rows={shown}
              rowKey={(check) => check.plViolationCheckId}
              rowLabels={labels}
            />
          </Box>
        </Box>
      )}
    </ChartPanel>
  );
}
