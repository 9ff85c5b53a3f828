import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { ReactNode } from 'react';

/** A table's column: its heading, and each row's cell (with the cell's own props, if any). */
export interface TableColumn<R> {
  key: string;
  label: ReactNode;
  align?: 'right';
  cellProps?: TableCellProps & { 'data-testid'?: string };
  cell: (row: R) => ReactNode;
}

/** A row's data attributes (a test id, what the row is). */
type RowAttributes = Record<`data-${string}`, string>;

/**
 * A table of rows under column headings, each cell given by its column: the one place the heading
 * cells, the rows and their cells are laid out.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  ...tableProps
}: {
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  rowProps?: (row: R) => RowAttributes;
} & Omit<TableProps, 'children'> &
  RowAttributes) {
  return (
    <Table {...tableProps}>
      <TableHead>
        <TableRow>
          {columns.map((column) => (
            <TableCell key={column.key} scope="col" align={column.align}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} {...rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell key={column.key} align={column.align} {...column.cellProps}>
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
      </TableBody>
    </Table>
  );
}
