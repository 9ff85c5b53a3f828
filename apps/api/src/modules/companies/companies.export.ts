import { PassThrough, type Readable } from 'node:stream';
import {
  COMPANY_EXPORT_COLUMNS,
  type CompanyListingRow,
  type ExportFormat,
} from '@trustleaf/domain/schemas/admin';
import { csvLine } from '@trustleaf/domain/rules/csv';

export const EXPORT_CONTENT_TYPES: Record<ExportFormat, string> = {
  csv: 'text/csv; charset=utf-8',
  xlsx: 'application/vnd.openxmlformats-officedocument.spreadsheetml.sheet',
};

const cells = (row: CompanyListingRow) => COMPANY_EXPORT_COLUMNS.map((column) => row[column]);

/**
 * The company export as a stream (spec 3 §7 exportCompanyListing): rows are written as each batch
 * arrives, so memory holds one batch whatever the size. The XLSX goes through exceljs's streaming
 * writer (rows committed one by one); its cells are typed values, never formulas. A failure part way
 * destroys the stream, so the client sees a broken download rather than a short file.
 */
export function companyExportStream(
  format: ExportFormat,
  batches: AsyncIterable<CompanyListingRow[]>,
): Readable {
  const out = new PassThrough();
  const write = format === 'csv' ? writeCsv(out, batches) : writeXlsx(out, batches);
  write.catch((error: unknown) => out.destroy(error instanceof Error ? error : new Error(String(error))));
  return out;
}

async function writeCsv(out: PassThrough, batches: AsyncIterable<CompanyListingRow[]>) {
  // A byte order mark, so spreadsheet programs read the names as UTF-8.
  out.write(`\uFEFF${csvLine(COMPANY_EXPORT_COLUMNS)}`);
  for await (const batch of batches) {
    if (out.destroyed) return;
    const ok = out.write(batch.map((row) => csvLine(cells(row))).join(''));
    if (!ok) await new Promise((resolve) => out.once('drain', resolve));
  }
  out.end();
}

async function writeXlsx(out: PassThrough, batches: AsyncIterable<CompanyListingRow[]>) {
  // Loaded on the first XLSX export: exceljs takes most of a second to import, in every process.
  const { default: ExcelJS } = await import('exceljs');
  const workbook = new ExcelJS.stream.xlsx.WorkbookWriter({ stream: out, useStyles: false });
  const sheet = workbook.addWorksheet('Companies');
  sheet.addRow([...COMPANY_EXPORT_COLUMNS]).commit();
  for await (const batch of batches) {
    if (out.destroyed) return;
    for (const row of batch) sheet.addRow(cells(row)).commit();
  }
  sheet.commit();
  await workbook.commit();
}
