import { dateTimeFormat, numberFormat } from '@trustleaf/domain/rules/intl-formats';
import Alert from '@mui/material/Alert';
import Box from '@mui/material/Box';
import TextField from '@mui/material/TextField';
import { BarChart } from '@mui/x-charts/BarChart';
import { formatMoney } from '@trustleaf/domain/rules/pricing';
import { useId, useState } from 'react';
import { useTranslation } from 'react-i18next';
import { menuOptions } from '@/components/form/menu-options';
import { ChartPanel } from '@/components/layouts/chart-panel';
import { TableScroll } from '@/components/lists/table-scroll';
import { FiguresTable, type FigureColumn } from '@/components/lists/figures-table';
import { useFinancialSummary } from '../api/get-financial-summary';

const RANGES = [3, 6, 12, 24] as const;
/** The table's figures of a month, in order, and whether each is a sum of money. */
const FIGURES = [
  ['payments', false],
  ['charged', true],
  ['refunded', true],
  ['net', true],
  ['failed', false],
] as const;

/** `YYYY-MM` as the reader's short month and year. */
function monthLabel(month: string, language: string): string {
  return dateTimeFormat(language, { month: 'short', year: 'numeric', timeZone: 'UTC' }).format(
    new Date(`${month}-01T00:00:00Z`),
  );
}

/**
 * The admin's financial summary (spec 3 §7 financialListing): charged and refunded by month as a
 * chart, and the same figures as a table, which is what screen readers and small screens read.
 */
export function FinancialSummary() {
  const { t, i18n } = useTranslation();
  const headingId = useId();
  const [months, setMonths] = useState<number>(12);
  const summary = useFinancialSummary(months);
  const rows = summary.data?.months ?? [];
  const labels = rows.map((row) => monthLabel(row.month, i18n.language));
  const money = (value: number) => formatMoney(value, i18n.language);
  // The axis has little room: whole dollars, large sums shortened ($1.5K), never cut off.
  const axisMoney = numberFormat(i18n.language === 'en' ? 'en-US' : i18n.language, {
    style: 'currency',
    currency: 'USD',
    notation: 'compact',
    maximumFractionDigits: 1,
  });

  const columns: FigureColumn<(typeof rows)[number]>[] = FIGURES.map(([key, isMoney]) => ({
    key,
    label: t(`billing.transactions.summary.${key}`),
    value: (row) => (isMoney ? money(row[key]) : row[key]),
  }));

  return (
    <ChartPanel
      headingId={headingId}
      title={t('billing.transactions.summary.title')}
      control={
        <TextField
          select
          size="small"
          label={t('billing.transactions.summary.range')}
          value={months}
          onChange={(event) => setMonths(Number(event.target.value))}
          sx={{ minWidth: 180 }}
        >
          {menuOptions(RANGES, (value) => t('billing.transactions.summary.months', { count: value }))}
        </TextField>
      }
    >
      {summary.isError ? <Alert severity="error">{t('errors.generic')}</Alert> : null}
      {rows.length > 0 ? (
        <>
          {/* A picture of the table below, which carries the same figures for assistive technology: out of the reading and tab order (the chart itself is focusable). */}
          <Box aria-hidden="true" inert data-testid="financial-chart">
            <BarChart
              height={260}
              xAxis={[{ scaleType: 'band', data: labels }]}
              yAxis={[{ width: 64, valueFormatter: (value: number) => axisMoney.format(value) }]}
              series={[
                {
                  id: 'charged',
                  label: t('billing.transactions.summary.charged'),
                  data: rows.map((row) => row.charged),
                  valueFormatter: (value) => money(value ?? 0),
                },
                {
                  id: 'refunded',
                  label: t('billing.transactions.summary.refunded'),
                  data: rows.map((row) => row.refunded),
                  valueFormatter: (value) => money(value ?? 0),
                },
              ]}
              slotProps={{ legend: { position: { vertical: 'top', horizontal: 'end' } } }}
            />
          </Box>
          <TableScroll labelledBy={headingId}>
            <FiguresTable
              caption={t('billing.transactions.summary.caption')}
              labelHeading={t('billing.transactions.summary.month')}
              columns={columns}
              rows={rows}
              rowKey={(row) => row.month}
              rowLabels={labels}
              testId="financial-table"
            />
          </TableScroll>
        </>
      ) : null}
    </ChartPanel>
  );
}
