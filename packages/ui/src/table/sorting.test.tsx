import { render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { describe, expect, it } from 'vitest';
import { compareSortKeys, createColumnHelper, DataTable, textSortKey, toSortKey } from './index';

interface Item {
  id: string;
  group: string;
  size: number | null;
  label: string;
}

const helper = createColumnHelper<Item>();
const items: Item[] = [
  { id: '1', group: 'b', size: 3, label: 'ccc' },
  { id: '2', group: 'a', size: null, label: 'a' },
  { id: '3', group: 'b', size: 1, label: 'bbbb' },
  { id: '4', group: 'a', size: 2, label: 'dd' },
  { id: '5', group: 'B', size: 1, label: 'e' },
];

const ids = () =>
  screen
    .getAllByRole('row')
    .slice(1)
    .map((r) => within(r).getAllByRole('cell')[0]!.textContent);

function renderTable() {
  const columns = [
    helper.accessor('id', { header: 'Id', enableSorting: false }),
    helper.accessor('group', { header: 'Group' }),
    helper.accessor('size', { header: 'Size' }),
    // A custom sortingFn (by text length) takes TanStack's own sorted model.
    helper.accessor('label', {
      header: 'Label',
      sortingFn: (a, b) => a.original.label.length - b.original.label.length,
    }),
  ];
  return render(
    <DataTable caption="Items" data={items} columns={columns} getRowId={(i) => i.id} isPaginated={false} />,
  );
}

describe('keyed sorting', () => {
  it('keeps ties in their original order in both directions (stable, like TanStack)', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /Group/ }));
    expect(ids()).toEqual(['2', '4', '1', '3', '5']);
    await user.click(screen.getByRole('button', { name: /Group/ }));
    expect(ids()).toEqual(['1', '3', '5', '2', '4']);
    await user.click(screen.getByRole('button', { name: /Group/ }));
    expect(ids()).toEqual(['2', '4', '1', '3', '5']);
  });

  it('sorts numbers numerically with empty values last in both directions', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(ids()).toEqual(['3', '5', '4', '1', '2']);
    await user.click(screen.getByRole('button', { name: /Size/ }));
    expect(ids()).toEqual(['1', '4', '3', '5', '2']);
  });

  it('uses a column’s own sortingFn', async () => {
    const user = userEvent.setup();
    renderTable();
    await user.click(screen.getByRole('button', { name: /Label/ }));
    expect(ids()).toEqual(['2', '5', '4', '1', '3']);
  });

  it('orders keys: numbers, then text, then empty', () => {
    expect(toSortKey('')).toBeNull();
    expect(toSortKey(undefined)).toBeNull();
    expect(toSortKey(Number.NaN)).toBeNull();
    expect(toSortKey(new Date(5))).toBe(5);
    expect(toSortKey('Ärger 7')).toBe(textSortKey('arger 7'));
    expect(compareSortKeys(1, 'a')).toBe(-1);
    expect(compareSortKeys('a', null)).toBe(-1);
    expect(compareSortKeys(null, 2)).toBe(1);
    expect(compareSortKeys('b', 'a')).toBe(1);
    expect(compareSortKeys(2, 2)).toBe(0);
  });
});
