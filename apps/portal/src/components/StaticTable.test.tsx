import { screen, within } from '@testing-library/react';
import { describe, expect, it } from 'vitest';
import { renderWithProviders } from '@/test/render';
import type { Column } from './DataTable';
import { StaticTable } from './StaticTable';

interface Person {
  id: number;
  name: string;
}
const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (person) => person.name },
  {
    id: 'link',
    header: 'Profile',
    cell: (person) => <a href={`/people/${String(person.id)}`}>{person.name}</a>,
  },
];

describe('StaticTable', () => {
  it('shows the rows in the given order under their column headers, with nothing to sort', () => {
    renderWithProviders(
      <StaticTable
        label="Recent people"
        columns={COLUMNS}
        rows={[
          { id: 2, name: 'Cleo' },
          { id: 1, name: 'Abel' },
        ]}
        rowKey={(person) => person.id}
      />,
    );
    const table = screen.getByRole('table', { name: 'Recent people' });
    const headers = within(table).getAllByRole('columnheader');
    expect(headers.map((h) => h.textContent)).toEqual(['Name', 'Profile']);
    expect(within(table).queryAllByRole('button')).toEqual([]);
    const rows = within(table).getAllByRole('row').slice(1);
    expect(rows.map((row) => within(row).getAllByRole('cell')[0]?.textContent)).toEqual(['Cleo', 'Abel']);
    expect(within(rows[1]!).getByRole('link', { name: 'Abel' })).toHaveAttribute('href', '/people/1');
  });

  it('says so when there is nothing to show', () => {
    renderWithProviders(
      <StaticTable label="Recent people" columns={COLUMNS} rows={[]} rowKey={(person) => person.id} />,
    );
    const cell = within(screen.getByRole('table', { name: 'Recent people' })).getByRole('cell');
    expect(cell).toHaveTextContent('Nothing here yet.');
    expect(cell).toHaveAttribute('colspan', '2');
  });
});
