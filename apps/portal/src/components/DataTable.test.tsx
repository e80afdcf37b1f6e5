import { screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { describe, expect, it, onTestFinished, vi } from 'vitest';

/** A phone's width for the portal's and the kit's media query (max-width: 640px); jsdom has no matchMedia. */
function stubPhoneWidth(): void {
  vi.stubGlobal(
    'matchMedia',
    vi.fn((query: string) => ({
      matches: query === '(max-width: 640px)',
      media: query,
      addEventListener: vi.fn(),
      removeEventListener: vi.fn(),
    })),
  );
}
import { renderWithProviders } from '@/test/render';
import { DataTable, ROW_ACTIONS_COLUMN_ID, orderColumns, serverPaging, type Column } from './DataTable';

interface Person {
  id: number;
  name: string;
  age: number;
}
const PEOPLE: Person[] = [
  { id: 1, name: 'Cleo', age: 41 },
  { id: 2, name: 'Abel', age: 29 },
  { id: 3, name: 'Bram', age: 35 },
];
const COLUMNS: Column<Person>[] = [
  { id: 'name', header: 'Name', sortable: true, cell: (person) => person.name },
  { id: 'age', header: 'Age', sortable: true, cell: (person) => person.age },
  { id: 'note', header: 'Note', cell: () => <em>—</em> },
];

describe('DataTable (portal)', () => {
  it('sorts a server-side list by the column id, ascending first (SortOrder 0), from the keyboard', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    renderWithProviders(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={PEOPLE}
        rowKey={(person) => person.id}
        paging={{
          query: { PageSize: 10, PageNumber: 3, SortByField: 'age', SortOrder: 1 },
          totalCount: 40,
          onQueryChange,
        }}
      />,
    );
    expect(screen.getByRole('columnheader', { name: /Age/ })).toHaveAttribute('aria-sort', 'descending');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'none');
    expect(screen.getByRole('columnheader', { name: 'Note' })).not.toHaveAttribute('aria-sort');
    expect(within(screen.getByRole('columnheader', { name: 'Note' })).queryByRole('button')).toBeNull();

    screen.getByRole('button', { name: /Name/ }).focus();
    await user.keyboard('{Enter}');
    expect(onQueryChange).toHaveBeenLastCalledWith(
      expect.objectContaining({ SortByField: 'name', SortOrder: 0 }),
    );
  });

  it('sorts an unpaged list in the browser by the cell values', async () => {
    const user = userEvent.setup();
    renderWithProviders(
      <DataTable label="People" columns={COLUMNS} rows={PEOPLE} rowKey={(person) => person.id} />,
    );
    await user.click(screen.getByRole('button', { name: /Name/ }));
    const names = () =>
      screen
        .getAllByRole('row')
        .slice(1)
        .map((row) => within(row).getAllByRole('cell')[0]?.textContent);
    expect(names()).toEqual(['Abel', 'Bram', 'Cleo']);
    await user.click(screen.getByRole('button', { name: /Age/ }));
    expect(names()).toEqual(['Abel', 'Bram', 'Cleo']);
    await user.click(screen.getByRole('button', { name: /Age/ }));
    expect(names()).toEqual(['Cleo', 'Bram', 'Abel']);
  });
});

describe('serverPaging', () => {
  it("the table's state comes from the answer and the sort params (unsorted: null, ascending)", () => {
    const page = { PageSize: 25, PageNumber: 2, TotalCount: 60 };
    expect(serverPaging(page, { SortByField: 'Name', SortOrder: 1 as const }, vi.fn())).toMatchObject({
      query: { PageSize: 25, PageNumber: 2, SortByField: 'Name', SortOrder: 1 },
      totalCount: 60,
    });
    expect(serverPaging(page, {}, vi.fn()).query).toEqual({
      PageSize: 25,
      PageNumber: 2,
      SortByField: null,
      SortOrder: 0,
    });
  });

  it('a page or sort change keeps the other search params; an unsorted table leaves SortByField out', () => {
    const onSearch = vi.fn();
    const paging = serverPaging(
      { PageSize: 25, PageNumber: 2, TotalCount: 60 },
      { myProjectsOnly: true, SortByField: 'Name', SortOrder: 0 as const },
      onSearch,
    );
    paging.onQueryChange({ PageSize: 50, PageNumber: 1, SortByField: 'OwnerEmail', SortOrder: 1 });
    expect(onSearch).toHaveBeenLastCalledWith({
      myProjectsOnly: true,
      PageSize: 50,
      PageNumber: 1,
      SortByField: 'OwnerEmail',
      SortOrder: 1,
    });
    paging.onQueryChange({ PageSize: 25, PageNumber: 3, SortByField: null, SortOrder: 0 });
    expect(onSearch).toHaveBeenLastCalledWith({
      myProjectsOnly: true,
      PageSize: 25,
      PageNumber: 3,
      SortByField: undefined,
      SortOrder: 0,
    });
  });
});

/** A cell with its own state: it must survive re-renders of the table (new column objects every render). */
function Counter({ name }: { name: string }) {
  const [count, setCount] = useState(0);
  return (
    <button
      type="button"
      onClick={() => {
        setCount(count + 1);
      }}
    >{`${name} ${String(count)}`}</button>
  );
}

function Page() {
  const [renders, setRenders] = useState(0);
  // New column objects and cell functions on every render, as pages write them.
  const columns: Column<Person>[] = [
    { id: 'name', header: 'Name', cell: (person) => person.name },
    { id: 'counter', header: 'Counter', cell: (person) => <Counter name={person.name} /> },
  ];
  return (
    <>
      <button
        type="button"
        onClick={() => {
          setRenders(renders + 1);
        }}
      >
        Re-render {renders}
      </button>
      <DataTable label="People" columns={columns} rows={PEOPLE} rowKey={(person) => person.id} />
    </>
  );
}

describe('DataTable cells', () => {
  it('keep their state when the page re-renders with new column objects (no remount)', async () => {
    const user = userEvent.setup();
    renderWithProviders(<Page />);
    await user.click(screen.getByRole('button', { name: 'Cleo 0' }));
    expect(screen.getByRole('button', { name: 'Cleo 1' })).toBeInTheDocument();
    await user.click(screen.getByRole('button', { name: /Re-render/ }));
    await user.click(screen.getByRole('button', { name: /Re-render/ }));
    expect(screen.getByRole('button', { name: 'Cleo 1' })).toBeInTheDocument();
  });
});

describe('DataTable empty states', () => {
  it('says "Nothing here yet." by default and what the page gives for a search that found nothing', () => {
    const { unmount } = renderWithProviders(
      <DataTable label="People" columns={COLUMNS} rows={[]} rowKey={(person) => person.id} />,
    );
    expect(screen.getByRole('table', { name: 'People' })).toHaveTextContent('Nothing here yet.');
    unmount();
    renderWithProviders(
      <DataTable
        label="People"
        columns={COLUMNS}
        rows={[]}
        rowKey={(person) => person.id}
        emptyText="No search results"
      />,
    );
    const table = screen.getByRole('table', { name: 'People' });
    expect(table).toHaveTextContent('No search results');
    expect(table).not.toHaveTextContent('Nothing here yet.');
  });
});

describe('row actions where a thumb finds them', () => {
  const withActions: Column<Person>[] = [
    ...COLUMNS,
    {
      id: ROW_ACTIONS_COLUMN_ID,
      header: 'Actions',
      cell: (person) => <button type="button">Open {person.name}</button>,
    },
  ];

  it('on a phone the actions follow the name; wider screens keep them last', () => {
    expect(orderColumns(withActions, true).map((column) => column.id)).toEqual([
      'name',
      'actions',
      'age',
      'note',
    ]);
    expect(orderColumns(withActions, false).map((column) => column.id)).toEqual([
      'name',
      'age',
      'note',
      'actions',
    ]);
    // A table without row actions keeps its order.
    expect(orderColumns(COLUMNS, true)).toBe(COLUMNS);
  });

  it('renders the phone order at a phone’s width', () => {
    stubPhoneWidth();
    try {
      renderWithProviders(
        <DataTable label="People" columns={withActions} rows={PEOPLE} rowKey={(p) => p.id} />,
      );
      expect(
        screen.getAllByRole('columnheader').map((header) => header.textContent.replace(/[↕↑↓]/g, '')),
      ).toEqual(['Name', 'Actions', 'Age', 'Note']);
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('the lists ask for cards on phones (issue #40 item 2): each cell named by its column, the actions after the name', () => {
    // A phone's width: the kit labels a card's cells only while the screen is that narrow.
    stubPhoneWidth();
    onTestFinished(() => {
      vi.unstubAllGlobals();
    });
    const { container, unmount } = renderWithProviders(
      <DataTable label="People" columns={withActions} rows={PEOPLE} rowKey={(p) => p.id} cardsOnPhones />,
    );
    expect(container.querySelector('.ui-table')).toHaveAttribute('data-narrow-layout', 'cards');
    const card = screen.getAllByRole('row')[1]!;
    expect([...card.querySelectorAll('.ui-table__cell-label')].map((label) => label.textContent)).toEqual([
      'Name',
      'Actions',
      'Age',
      'Note',
    ]);
    unmount();
    // Other tables keep scrolling sideways in their frame.
    const other = renderWithProviders(
      <DataTable label="People" columns={withActions} rows={PEOPLE} rowKey={(p) => p.id} />,
    );
    expect(other.container.querySelector('.ui-table')).not.toHaveAttribute('data-narrow-layout');
  });
});
