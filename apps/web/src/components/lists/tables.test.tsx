import { render, screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { DataTable } from '@/components/lists/data-table';
import { FiguresTable } from '@/components/lists/figures-table';

interface Row {
  id: number;
  name: string;
  amount: number;
}
const ROWS: Row[] = [
  { id: 1, name: 'Acme', amount: 10 },
  { id: 2, name: 'Green Valley', amount: 25 },
];

const cellsOf = (row: HTMLElement) =>
  within(row)
    .getAllByRole('cell')
    .map((cell) => cell.textContent);

describe('DataTable', () => {
  it('heads each column and gives each row its cells, attributes and cell props', () => {
    render(
      <DataTable
        aria-label="Companies"
        columns={[
          { key: 'name', label: 'Name', cell: (row) => row.name },
          {
            key: 'amount',
            label: 'Amount',
            align: 'right',
            cellProps: { 'data-testid': 'amount' },
            cell: (row) => `$${row.amount}`,
          },
        ]}
        rows={ROWS}
        rowKey={(row) => row.id}
        rowProps={(row) => ({ 'data-testid': `row-${row.id}` })}
      />,
    );
    const table = screen.getByRole('table', { name: 'Companies' });
    const headings = within(table).getAllByRole('columnheader');
    expect(headings.map((heading) => heading.textContent)).toEqual(['Name', 'Amount']);
    expect(headings.map((heading) => heading.getAttribute('scope'))).toEqual(['col', 'col']);
    expect(cellsOf(screen.getByTestId('row-1'))).toEqual(['Acme', '$10']);
    expect(cellsOf(screen.getByTestId('row-2'))).toEqual(['Green Valley', '$25']);
    expect(screen.getAllByTestId('amount').map((cell) => cell.textContent)).toEqual(['$10', '$25']);
  });
  it('stacked on a phone, keeps its roles and names each cell by its heading, title and actions aside', () => {
    render(
      <DataTable
        aria-label="Companies"
        stackOnPhone
        columns={[
          { key: 'name', label: 'Name', phone: 'title', cell: (row) => row.name },
          { key: 'amount', label: 'Amount', cell: (row) => `$${row.amount}` },
          {
            key: 'actions',
            label: 'Actions',
            phone: 'actions',
            cell: () => <button type="button">Open</button>,
          },
        ]}
        rows={ROWS}
        rowKey={(row) => row.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Companies' });
    expect(table.getAttribute('role')).toBe('table');
    expect(within(table).getAllByRole('columnheader')).toHaveLength(3);
    const [first] = within(table).getAllByRole('row').slice(1);
    const cells = within(first!).getAllByRole('cell');
    expect(cells.map((cell) => cell.textContent)).toEqual(['Acme', '$10', 'Open']);
    expect(cells.map((cell) => cell.getAttribute('data-label'))).toEqual([null, 'Amount', null]);
    expect(cells.map((cell) => cell.getAttribute('data-phone'))).toEqual(['title', null, 'actions']);
  });
});

describe('DataTable without rows', () => {
  it('says so in one row across its columns', () => {
    render(
      <DataTable
        aria-label="Payments"
        stackOnPhone
        columns={[
          { key: 'name', label: 'Name', cell: (row: (typeof ROWS)[number]) => row.name },
          { key: 'amount', label: 'Amount', cell: (row) => `$${row.amount}` },
        ]}
        rows={[]}
        rowKey={(row) => row.id}
        empty="No payments yet."
      />,
    );
    const [, row] = within(screen.getByRole('table', { name: 'Payments' })).getAllByRole('row');
    const [cell] = within(row!).getAllByRole('cell');
    expect(cell!.textContent).toBe('No payments yet.');
    expect(cell!.getAttribute('colspan')).toBe('2');
  });
});

describe('FiguresTable', () => {
  it('names each row by its label in a row heading, then one figure per column', () => {
    render(
      <FiguresTable
        caption="Charged by month"
        labelHeading="Month"
        columns={[{ key: 'amount', label: 'Charged', value: (row: Row) => row.amount }]}
        rows={ROWS}
        rowKey={(row) => row.id}
        rowLabels={['Jan 2026', 'Feb 2026']}
        testId="figures"
      />,
    );
    const table = screen.getByRole('table', { name: 'Charged by month' });
    expect(table).toBe(screen.getByTestId('figures'));
    expect(
      within(table)
        .getAllByRole('columnheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Month', 'Charged']);
    expect(
      within(table)
        .getAllByRole('rowheader')
        .map((cell) => cell.textContent),
    ).toEqual(['Jan 2026', 'Feb 2026']);
    expect(
      within(table)
        .getAllByRole('cell')
        .map((cell) => cell.textContent),
    ).toEqual(['10', '25']);
  });
});
