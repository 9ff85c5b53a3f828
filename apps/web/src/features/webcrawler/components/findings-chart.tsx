import { dateTimeFormat } from '@trustleaf/domain/rules/intl-formats';
import Box from '@mui/material/Box';
import Paper from '@mui/material/Paper';
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
  return (
    <Paper variant="outlined" component="section" aria-labelledby={headingId} sx={{ p: { xs: 2, sm: 3 } }}>
      <Box sx={{ display: 'flex', flexWrap: 'wrap', alignItems: 'center', gap: 2, mb: 1 }}>
        <Typography id={headingId} variant="h3" component="h2" sx={{ flex: 1, minWidth: 200 }}>
          {t('webcrawler.chart.title')}
        </Typography>
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
      </Box>
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
            <table>
              <caption>{t('webcrawler.chart.title')}</caption>
              <thead>
                <tr>
                  <th scope="col">{t('webcrawler.report.date')}</th>
                  {SEVERITIES.map((level) => (
                    <th key={level} scope="col">
                      {t(`webcrawler.report.levels.${level}`)}
                    </th>
                  ))}
                </tr>
              </thead>
              <tbody>
                {shown.map((check, index) => (
                  <tr key={check.plViolationCheckId}>
                    <th scope="row">{labels[index]}</th>
                    {SEVERITIES.map((level) => (
                      <td key={level}>{check.severityCounts[level]}</td>
                    ))}
                  </tr>
                ))}
              </tbody>
            </table>
          </Box>
        </Box>
      )}
    </Paper>
  );
}
