import Table, { type TableProps } from '@mui/material/Table';
import TableBody from '@mui/material/TableBody';
import TableCell, { type TableCellProps } from '@mui/material/TableCell';
import TableHead from '@mui/material/TableHead';
import TableRow from '@mui/material/TableRow';
import type { Theme } from '@mui/material/styles';
import type { SystemStyleObject } from '@mui/system';
import type { ReactNode } from 'react';

/**
 * A table's column: its heading, and each row's cell (with the cell's own props, if any). In a table
 * stacked on a phone (`stackOnPhone`), `phone` says what the cell is in the row's card: its `title`
 * (first, bold, without its heading) or its `actions` (last, without its heading); any other cell
 * shows its heading (`label`, or `phoneLabel` when the label is not plain text) before its value.
 */
export interface TableColumn<R> {
  key: string;
  label: ReactNode;
  phoneLabel?: string;
  phone?: 'title' | 'actions';
  align?: 'right';
  cellProps?: TableCellProps & { 'data-testid'?: string };
  cell: (row: R) => ReactNode;
}

/** A row's data attributes (a test id, what the row is). */
type RowAttributes = Record<`data-${string}`, string>;

/**
 * Below `sm` (a phone), each row of a stacked table is a block of its own, one cell a line with its
 * column's heading before the value (the headings row is only read out, not shown): the row's status
 * and its actions are on the screen without scrolling sideways. The heading shown in the cell is
 * generated text with an empty alternative, so a screen reader hears it once, from the column header.
 * The table, its rows and cells keep their roles explicitly: a table element laid out as blocks loses
 * them in some browsers.
 */
const stackedSx = (theme: Theme): SystemStyleObject<Theme> => ({
  [theme.breakpoints.down('sm')]: {
    '& thead': {
      position: 'absolute',
      width: '1px',
      height: '1px',
      overflow: 'hidden',
      clip: 'rect(0 0 0 0)',
      clipPath: 'inset(50%)',
      whiteSpace: 'nowrap',
    },
    '&, & tbody, & tbody tr, & tbody td': { display: 'block', width: '100%' },
    '& tbody tr': {
      px: 2,
      py: 1.5,
      borderBottom: `1px solid ${theme.palette.divider}`,
    },
    '& tbody tr:last-of-type': { borderBottom: 'none' },
    '& tbody td': {
      border: 'none',
      p: 0,
      py: 0.5,
      textAlign: 'left',
      display: 'flex',
      alignItems: 'center',
      justifyContent: 'space-between',
      gap: 2,
      minHeight: 32,
      overflowWrap: 'anywhere',
    },
    // The value sits at the line's end, after its heading: one that wraps onto more lines
    // ('Cannabislizenz des Bundesstaats') keeps to that edge too, not to the heading's.
    '& tbody td[data-label]': { textAlign: 'right' },
    '& tbody td[data-label]::before': {
      content: 'attr(data-label)',
      color: theme.palette.text.secondary,
      fontWeight: 500,
      flexShrink: 0,
    },
    '@supports (content: "x" / "")': {
      '& tbody td[data-label]::before': { content: 'attr(data-label) / ""' },
    },
    '& tbody td[data-phone="title"]': {
      display: 'block',
      fontWeight: 600,
      fontSize: theme.typography.body1.fontSize,
    },
    // In reading order even when the column is right-aligned (MUI reverses such a cell's flex row).
    '& tbody td[data-phone="actions"]': {
      display: 'flex',
      flexDirection: 'row',
      justifyContent: 'flex-start',
      flexWrap: 'wrap',
      gap: 1,
      whiteSpace: 'normal',
      pt: 1,
      ml: -0.5,
    },
  },
});

/**
 * A table of rows under column headings, each cell given by its column: the one place the heading
 * cells, the rows and their cells are laid out. `stackOnPhone` lays each row out as a block on a phone
 * (see `stackedSx`) instead of a table wider than the screen.
 */
export function DataTable<R>({
  columns,
  rows,
  rowKey,
  rowProps,
  stackOnPhone = false,
  empty,
  ...tableProps
}: {
  columns: readonly TableColumn<R>[];
  rows: readonly R[];
  rowKey: (row: R) => string | number;
  rowProps?: (row: R) => RowAttributes;
  stackOnPhone?: boolean;
  /** What the table says, in one row across its columns, when it has no rows. */
  empty?: ReactNode;
} & Omit<TableProps, 'children' | 'sx'> &
  RowAttributes) {
  const role = (name: string) => (stackOnPhone ? { role: name } : {});
  return (
    <Table {...tableProps} {...role('table')} sx={stackOnPhone ? stackedSx : undefined}>
      <TableHead {...role('rowgroup')}>
        <TableRow {...role('row')}>
          {columns.map((column) => (
            <TableCell key={column.key} scope="col" align={column.align} {...role('columnheader')}>
              {column.label}
            </TableCell>
          ))}
        </TableRow>
      </TableHead>
      <TableBody {...role('rowgroup')}>
        {rows.map((row) => (
          <TableRow key={rowKey(row)} {...role('row')} {...rowProps?.(row)}>
            {columns.map((column) => (
              <TableCell
                key={column.key}
                align={column.align}
                {...role('cell')}
                {...(stackOnPhone
                  ? column.phone
                    ? { 'data-phone': column.phone }
                    : {
                        'data-label':
                          column.phoneLabel ?? (typeof column.label === 'string' ? column.label : ''),
                      }
                  : {})}
                {...column.cellProps}
              >
                {column.cell(row)}
              </TableCell>
            ))}
          </TableRow>
        ))}
        {rows.length === 0 && empty ? (
          <TableRow {...role('row')}>
            <TableCell colSpan={columns.length} {...role('cell')} sx={{ color: 'text.secondary' }}>
              {empty}
            </TableCell>
          </TableRow>
        ) : null}
      </TableBody>
    </Table>
  );
}
