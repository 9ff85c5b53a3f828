import Table from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** One column of figures: its key, its heading and a row's figure. */
export interface FigureColumn<R> {
  key: string;
  label: string;
  value: (row: R) => ReactNode;
}

/**
 * A chart's figures as a table (what screen readers and small screens read): a row per entry, named
 * by its label in the first column, then one figure per column.
 */
export function FiguresTable<R>({
  caption,
  labelHeading,
  columns,
  rows,
  rowKey,
  rowLabels,
  testId,
}: {
  caption: string;
  /** The first column's heading (what the rows are: months, scans). */
  labelHeading: string;
  columns: readonly FigureColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  /** Each row's label, in the rows' order. */
  rowLabels: readonly string[];
  testId?: string;
}) {
  return (
    <Table size="small" data-testid={testId}>
      <caption>{caption}</caption>
      <TableHead>
        <TableRow>
          <TableCell scope="col">{labelHeading}</TableCell>
          {columns.map((column) => (
            <TableCell key={column.key} scope="col" align="right">
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row, index) => (
          <TableRow key={rowKey(row)}>
            <TableCell component="th" scope="row">
              {rowLabels[index]}
            </TableCell>
            {columns.map((column) => (
              <TableCell key={column.key} align="right">
                {column.value(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
