import { renderToString } from 'react-dom/server';
import { act, fireEvent, render, screen, within } from '@testing-library/react';
import userEvent from '@testing-library/user-event';
import { useState } from 'react';
import { afterEach, describe, expect, it, vi } from 'vitest';
import {
  DATA_GRID_HEIGHT_PX,
  DATA_GRID_ROW_THRESHOLD,
  REPORT_GRID_WIDTH_PX,
  STICKY_OFFSET_PX,
  TABLE_PROCESSING_DELAY_MS,
} from '../constants';
import { expectNoAxeViolations } from '../test/axe';
import {
  createColumnHelper,
  DataTable,
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  DEFAULT_TABLE_QUERY,
  ROW_HEIGHT_PX,
  SORT_ORDER_ASCENDING,
  SORT_ORDER_DESCENDING,
  textSortKey,
  type DataTableProps,
  type TableQuery,
} from './index';

interface Project {
  id: string;
  name: string;
  runs: number;
}

const helper = createColumnHelper<Project>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('runs', { header: 'Runs' }),
  helper.display({ id: 'actions', header: 'Actions', cell: () => 'open', enableSorting: false }),
];

function makeProjects(count: number): Project[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `p${i + 1}`,
    name: `Project ${String(i + 1).padStart(3, '0')}`,
    runs: (i * 7) % 13,
  }));
}

const getRowId = (p: Project) => p.id;
/** Renders `count` client-side projects (caption "P", ids as row keys) with the extra props of a test. */
const renderProjects = (count: number, props: Partial<DataTableProps<Project>>) =>
  render(
    <DataTable caption="P" data={makeProjects(count)} columns={columns} getRowId={getRowId} {...props} />,
  );
const bodyRows = () => screen.getAllByRole('row').slice(1);
const firstCells = () => bodyRows().map((r) => within(r).getAllByRole('cell')[0]!.textContent);

afterEach(() => {
  vi.useRealTimers();
});

describe('DataTable constants', () => {
  it('uses the spec values', () => {
    expect(TABLE_PROCESSING_DELAY_MS).toBe(500);
    expect(STICKY_OFFSET_PX).toBe(75);
    expect(DATA_GRID_ROW_THRESHOLD).toBe(10);
    expect(DATA_GRID_HEIGHT_PX).toBe(380);
    expect(REPORT_GRID_WIDTH_PX).toBe(814);
    expect(SORT_ORDER_ASCENDING).toBe(0);
    expect(SORT_ORDER_DESCENDING).toBe(1);
  });

  it('has the documented kit defaults (not spec constants)', () => {
    expect(DEFAULT_PAGE_SIZE).toBe(10);
    expect(DEFAULT_PAGE_SIZE_OPTIONS).toEqual([10, 25, 50, 100]);
    expect(ROW_HEIGHT_PX).toBe(36);
    expect(DEFAULT_TABLE_QUERY).toEqual({ PageSize: 10, PageNumber: 1, SortByField: null, SortOrder: 0 });
  });
});

describe('DataTable sorting', () => {
  it('sorts by clicking a header and exposes aria-sort', async () => {
    const user = userEvent.setup();
    const data = [
      { id: 'a', name: 'Charlie', runs: 2 },
      { id: 'b', name: 'alpha', runs: 9 },
      { id: 'c', name: 'Bravo', runs: 5 },
    ];
    render(<DataTable caption="Projects" data={data} columns={columns} getRowId={getRowId} />);
    const table = screen.getByRole('table', { name: 'Projects' });
    const nameHeader = within(table).getByRole('columnheader', { name: /Name/ });
    const runsHeader = within(table).getByRole('columnheader', { name: /Runs/ });
    expect(nameHeader).toHaveAttribute('aria-sort', 'none');
    expect(within(table).getByRole('columnheader', { name: 'Actions' })).not.toHaveAttribute('aria-sort');
    expect(within(table).queryByRole('button', { name: 'Actions' })).toBeNull();

    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'ascending');
    expect(runsHeader).toHaveAttribute('aria-sort', 'none');
    expect(firstCells()).toEqual(['alpha', 'Bravo', 'Charlie']);

    await user.click(within(nameHeader).getByRole('button'));
    expect(nameHeader).toHaveAttribute('aria-sort', 'descending');
    expect(nameHeader).toHaveAttribute('data-sort', 'desc');
    expect(firstCells()).toEqual(['Charlie', 'Bravo', 'alpha']);
  });

  it('sorts text case- and accent-insensitively with digits by value, numbers numerically', async () => {
    const user = userEvent.setup();
    expect(textSortKey('Run 9') < textSortKey('run 10')).toBe(true);
    expect(textSortKey('Émile')).toBe(textSortKey('emile'));
    const data = [
      { id: 'a', name: 'run 10', runs: 100 },
      { id: 'b', name: 'Run 9', runs: 9 },
      { id: 'c', name: 'éclair', runs: 20 },
      { id: 'd', name: '', runs: 1 },
    ];
    render(<DataTable caption="P" data={data} columns={columns} getRowId={getRowId} />);
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(firstCells()).toEqual(['éclair', 'Run 9', 'run 10', '']);
    await user.click(screen.getByRole('button', { name: /Runs/ }));
    expect(bodyRows().map((r) => within(r).getAllByRole('cell')[1]!.textContent)).toEqual([
      '1',
      '9',
      '20',
      '100',
    ]);
  });

  it('is keyboard operable: Tab to a header button, Enter and Space sort', async () => {
    const user = userEvent.setup();
    render(<DataTable caption="Projects" data={makeProjects(3)} columns={columns} getRowId={getRowId} />);
    await user.tab();
    expect(screen.getByRole('button', { name: /Name/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: /Runs/ })).toHaveFocus();
    await user.keyboard('{Enter}');
    expect(screen.getByRole('columnheader', { name: /Runs/ })).toHaveAttribute('aria-sort', 'ascending');
    await user.keyboard(' ');
    expect(screen.getByRole('columnheader', { name: /Runs/ })).toHaveAttribute('aria-sort', 'descending');
  });

  it('reports sorting as SortByField / SortOrder (0 ascending, 1 descending)', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    renderProjects(3, { onQueryChange });
    await user.click(screen.getByRole('button', { name: /Runs/ }));
    expect(onQueryChange).toHaveBeenLastCalledWith({
      PageSize: 10,
      PageNumber: 1,
      SortByField: 'runs',
      SortOrder: 0,
    });
    await user.click(screen.getByRole('button', { name: /Runs/ }));
    expect(onQueryChange).toHaveBeenLastCalledWith({
      PageSize: 10,
      PageNumber: 1,
      SortByField: 'runs',
      SortOrder: 1,
    });
  });
});

describe('DataTable processing indicator', () => {
  it('appears only after loading has lasted 500 ms and hides as soon as it ends', () => {
    vi.useFakeTimers();
    const { rerender } = render(<DataTable caption="P" data={makeProjects(2)} columns={columns} isLoading />);
    const root = screen.getByRole('table').closest('.ui-table')!;
    expect(screen.getByRole('table')).toHaveAttribute('aria-busy', 'true');
    expect(screen.queryByRole('progressbar')).toBeNull();
    act(() => {
      vi.advanceTimersByTime(TABLE_PROCESSING_DELAY_MS - 1);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(root).not.toHaveAttribute('data-processing');
    act(() => {
      vi.advanceTimersByTime(1);
    });
    expect(screen.getByRole('progressbar', { name: 'Processing…' })).toBeInTheDocument();
    expect(root).toHaveAttribute('data-processing', 'true');
    rerender(<DataTable caption="P" data={makeProjects(2)} columns={columns} isLoading={false} />);
    expect(screen.queryByRole('progressbar')).toBeNull();
    expect(screen.getByRole('table')).not.toHaveAttribute('aria-busy');
  });

  it('never shows for a load shorter than 500 ms', () => {
    vi.useFakeTimers();
    const { rerender } = render(<DataTable caption="P" data={[]} columns={columns} isLoading />);
    act(() => {
      vi.advanceTimersByTime(499);
    });
    rerender(<DataTable caption="P" data={makeProjects(1)} columns={columns} isLoading={false} />);
    act(() => {
      vi.advanceTimersByTime(1000);
    });
    expect(screen.queryByRole('progressbar')).toBeNull();
  });
});

describe('DataTable paging', () => {
  it('pages client-side and resets to page 1 when the page size changes', async () => {
    const user = userEvent.setup();
    const onQueryChange = vi.fn();
    renderProjects(30, { onQueryChange });
    expect(bodyRows()).toHaveLength(10);
    expect(screen.getByText('Page 1 of 3')).toBeInTheDocument();
    expect(screen.getByRole('button', { name: 'Previous page' })).toBeDisabled();
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(screen.getByText('Page 3 of 3')).toBeInTheDocument();
    expect(firstCells()[0]).toBe('Project 021');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '31');
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '22');
    expect(screen.getByRole('button', { name: 'Next page' })).toBeDisabled();
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '25');
    expect(onQueryChange).toHaveBeenLastCalledWith({
      PageSize: 25,
      PageNumber: 1,
      SortByField: null,
      SortOrder: 0,
    });
    expect(screen.getByText('Page 1 of 2')).toBeInTheDocument();
    expect(bodyRows()).toHaveLength(25);
    expect(firstCells()[0]).toBe('Project 001');
  });

  it('supports controlled server-side paging with the PageSize/PageNumber/SortByField/SortOrder query', async () => {
    const user = userEvent.setup();
    const all = makeProjects(45);
    const requests: TableQuery[] = [];
    function Server() {
      const [query, setQuery] = useState<TableQuery>({
        PageSize: 10,
        PageNumber: 2,
        SortByField: 'name',
        SortOrder: 1,
      });
      const sorted = [...all].sort((a, b) => (query.SortOrder === 0 ? 1 : -1) * a.name.localeCompare(b.name));
      const page = sorted.slice((query.PageNumber - 1) * query.PageSize, query.PageNumber * query.PageSize);
      return (
        <DataTable
          caption="Server"
          isServerSide
          data={page}
          totalCount={all.length}
          columns={columns}
          getRowId={getRowId}
          query={query}
          onQueryChange={(q) => {
            requests.push(q);
            setQuery(q);
          }}
        />
      );
    }
    render(<Server />);
    expect(screen.getByText('Page 2 of 5')).toBeInTheDocument();
    expect(screen.getByRole('columnheader', { name: /Name/ })).toHaveAttribute('aria-sort', 'descending');
    expect(firstCells()[0]).toBe('Project 035');
    expect(screen.getByRole('table')).toHaveAttribute('aria-rowcount', '46');
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '12');
    await user.click(screen.getByRole('button', { name: 'Next page' }));
    expect(requests.at(-1)).toEqual({ PageSize: 10, PageNumber: 3, SortByField: 'name', SortOrder: 1 });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(requests.at(-1)).toEqual({ PageSize: 10, PageNumber: 3, SortByField: 'name', SortOrder: 0 });
    expect(firstCells()[0]).toBe('Project 021');
    await user.selectOptions(screen.getByRole('combobox', { name: 'Rows per page' }), '50');
    expect(requests.at(-1)).toEqual({ PageSize: 50, PageNumber: 1, SortByField: 'name', SortOrder: 0 });
    expect(screen.getByText('Page 1 of 1')).toBeInTheDocument();
  });
});

describe('DataTable selection', () => {
  it('selects rows with checkboxes and shows group actions', async () => {
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderProjects(3, {
      getRowLabel: (p) => p.name,
      selectionMode: 'multiple',
      onSelectionChange,
      renderGroupActions: (keys) => <button type="button">Add {keys.size} to project</button>,
    });
    expect(screen.queryByRole('button', { name: /Add/ })).toBeNull();
    await user.click(screen.getByRole('checkbox', { name: 'Select Project 002' }));
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['p2']));
    expect(screen.getByRole('button', { name: 'Add 1 to project' })).toBeInTheDocument();
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('checkbox', { name: 'Select Project 002' }).closest('tr')).toHaveAttribute(
      'data-selected',
      'true',
    );
    const all = screen.getByRole('checkbox', { name: 'Select all rows on this page' });
    expect((all as HTMLInputElement).indeterminate).toBe(true);
    await user.click(all);
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['p1', 'p2', 'p3']));
    expect(screen.getByRole('button', { name: 'Add 3 to project' })).toBeInTheDocument();
    // keyboard: Space on a focused checkbox toggles it
    screen.getByRole('checkbox', { name: 'Select Project 001' }).focus();
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['p2', 'p3']));
  });
});

describe('DataTable empty state', () => {
  it('says so in a full-width cell, but not while loading', () => {
    const { rerender } = render(
      <DataTable caption="P" data={[]} columns={columns} selectionMode="multiple" />,
    );
    const cell = screen.getByRole('cell', { name: 'No rows to show.' });
    expect(cell).toHaveAttribute('colspan', '4');
    rerender(<DataTable caption="P" data={[]} columns={columns} selectionMode="multiple" isLoading />);
    expect(screen.queryByText('No rows to show.')).toBeNull();
  });
});

describe('DataTable selection labels', () => {
  it('names each checkbox after the first text cell when no getRowLabel is given', () => {
    render(<DataTable caption="P" data={makeProjects(2)} columns={columns} selectionMode="multiple" />);
    expect(screen.getByRole('checkbox', { name: 'Select Project 002' })).toBeInTheDocument();
  });
});

describe('DataTable layout', () => {
  it('sticks the header 75 px below the top of the page', () => {
    render(<DataTable caption="P" data={makeProjects(2)} columns={columns} isStickyHeader />);
    for (const th of screen.getAllByRole('columnheader')) expect(th.style.top).toBe('75px');
    expect(screen.getAllByRole('rowgroup')[0]).toHaveAttribute('data-sticky', 'true');
  });

  it('with isLastColumnSticky keeps --ui-table-sticky-end at the width of the current last header cell', () => {
    // jsdom has no layout: a ResizeObserver stand-in reports the observed cell with a fixed width.
    const observed: Element[] = [];
    class RecordingResizeObserver {
      constructor(private readonly callback: ResizeObserverCallback) {}
      observe(target: Element) {
        observed.push(target);
        Object.defineProperty(target, 'offsetWidth', { configurable: true, value: 120 + observed.length });
        this.callback([], this);
      }
      unobserve() {}
      disconnect() {}
    }
    vi.stubGlobal('ResizeObserver', RecordingResizeObserver);
    try {
      const other = helper.display({ id: 'more', header: 'More', cell: () => 'more', enableSorting: false });
      const { container, rerender } = render(
        <DataTable caption="P" data={makeProjects(2)} columns={columns} isLastColumnSticky />,
      );
      const root = container.querySelector<HTMLElement>('.ui-table');
      expect(observed.at(-1)).toBe(screen.getByRole('columnheader', { name: 'Actions' }));
      expect(root?.style.getPropertyValue('--ui-table-sticky-end')).toBe('121px');
      // Another last column, the same number of columns: its new header cell is the one measured.
      rerender(
        <DataTable
          caption="P"
          data={makeProjects(2)}
          columns={[...columns.slice(0, 2), other]}
          isLastColumnSticky
        />,
      );
      expect(observed.at(-1)).toBe(screen.getByRole('columnheader', { name: 'More' }));
      expect(root?.style.getPropertyValue('--ui-table-sticky-end')).toBe('122px');
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it('has no sticky header by default', () => {
    render(<DataTable caption="P" data={makeProjects(2)} columns={columns} />);
    expect(screen.getAllByRole('columnheader')[0]!.style.top).toBe('');
  });

  it('makes a data grid 380 px high only above 10 rows', () => {
    const { unmount } = render(
      <DataTable
        caption="Servers"
        variant="data-grid"
        isPaginated={false}
        data={makeProjects(10)}
        columns={columns}
      />,
    );
    const region = screen.getByRole('region', { name: 'Servers' });
    expect(region.style.height).toBe('');
    unmount();
    render(
      <DataTable
        caption="Servers"
        variant="data-grid"
        isPaginated={false}
        data={makeProjects(11)}
        columns={columns}
      />,
    );
    const tall = screen.getByRole('region', { name: 'Servers' });
    expect(tall.style.height).toBe('380px');
    expect(tall).toHaveAttribute('tabindex', '0');
    expect(screen.getAllByRole('columnheader')[0]!.style.top).toBe('0px');
  });

  it('makes the report server picker 814 px wide', () => {
    render(
      <DataTable
        caption="Servers"
        variant="report-server-picker"
        isPaginated={false}
        data={makeProjects(12)}
        columns={columns}
      />,
    );
    const root = screen.getByRole('table').closest('.ui-table') as HTMLElement;
    expect(root.style.width).toBe('814px');
    expect(root).toHaveAttribute('data-variant', 'report-server-picker');
    expect(screen.getByRole('region', { name: 'Servers' }).style.height).toBe('380px');
  });
});

describe('DataTable virtualization', () => {
  it('renders only the visible window of a long list with aria-rowcount and aria-rowindex', async () => {
    const user = userEvent.setup();
    render(
      <DataTable
        caption="Runs"
        isVirtualized
        isPaginated={false}
        data={makeProjects(10_000)}
        columns={columns}
        getRowId={getRowId}
      />,
    );
    const table = screen.getByRole('table', { name: 'Runs' });
    expect(table).toHaveAttribute('aria-rowcount', '10001');
    // The virtualized body is a lazily loaded chunk.
    await screen.findByRole('cell', { name: 'Project 001' });
    const rendered = bodyRows();
    expect(rendered.length).toBeGreaterThan(5);
    expect(rendered.length).toBeLessThan(40);
    expect(rendered[0]).toHaveAttribute('aria-rowindex', '2');
    // scrolling the area renders the rows at the new position (without any other re-render first)
    const region = screen.getByRole('region', { name: 'Runs' });
    region.scrollTop = 36 * 5000;
    fireEvent.scroll(region);
    await vi.waitFor(() => {
      expect(Number(bodyRows()[0]!.getAttribute('aria-rowindex'))).toBeGreaterThan(4000);
    });
    region.scrollTop = 0;
    fireEvent.scroll(region);
    await vi.waitFor(() => {
      expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '2');
    });
    await user.click(screen.getByRole('button', { name: /Name/ }));
    await user.click(screen.getByRole('button', { name: /Name/ }));
    expect(firstCells()[0]).toBe('Project 10000');
  });

  it('shows an empty table body while the virtualized body loads, then its rows', async () => {
    // A fresh module instance: its lazy body has not been loaded yet, whatever ran before.
    vi.resetModules();
    const fresh = await import('./DataTable');
    const { container } = render(
      <fresh.DataTable
        caption="Runs"
        isVirtualized
        isPaginated={false}
        data={makeProjects(200)}
        columns={columns}
        getRowId={getRowId}
      />,
    );
    const table = screen.getByRole('table', { name: 'Runs' });
    const bodies = container.querySelectorAll('tbody');
    expect(bodies).toHaveLength(1);
    expect(bodies[0]).toHaveClass('ui-table__body');
    expect(bodies[0]).toBeEmptyDOMElement();
    expect(table).toHaveAttribute('aria-rowcount', '201');
    expect(screen.getByRole('columnheader', { name: /Name/ })).toBeInTheDocument();
    await screen.findByRole('cell', { name: 'Project 001' });
    expect(bodyRows()[0]).toHaveAttribute('aria-rowindex', '2');
    expect(container.querySelectorAll('tbody')).toHaveLength(1);
  });
});

describe('DataTable accessibility', () => {
  it('has no axe violations (paged, selectable, sticky)', async () => {
    const { container } = render(
      <DataTable
        caption="Projects"
        data={makeProjects(12)}
        columns={columns}
        getRowId={getRowId}
        selectionMode="multiple"
        isStickyHeader
      />,
    );
    await expectNoAxeViolations(container);
  });

  it('has no axe violations (virtualized data grid, empty table)', async () => {
    const { container } = render(
      <>
        <DataTable
          caption="Runs"
          isVirtualized
          isPaginated={false}
          data={makeProjects(200)}
          columns={columns}
        />
        <DataTable caption="Empty" variant="data-grid" data={[]} columns={columns} />
      </>,
    );
    await screen.findByRole('cell', { name: 'Project 001' });
    await expectNoAxeViolations(container);
  });
});

describe('DataTable cards on narrow screens (narrowLayout="cards", issue #40 item 2)', () => {
  const cardColumns = [
    helper.accessor('name', { header: 'Name' }),
    helper.display({
      id: 'actions',
      header: 'Actions',
      enableSorting: false,
      cell: ({ row }) => <button type="button">Open {row.original.name}</button>,
    }),
    helper.accessor('runs', { header: 'Runs' }),
  ];
  // The cards' media query (max-width: 640px) as the test says; jsdom has no matchMedia of its own.
  const narrowScreen = (matches: boolean) =>
    vi.stubGlobal(
      'matchMedia',
      vi.fn((query: string) => ({
        matches,
        media: query,
        addEventListener: vi.fn(),
        removeEventListener: vi.fn(),
      })),
    );
  afterEach(() => {
    vi.unstubAllGlobals();
  });
  const renderCards = (props: Partial<DataTableProps<Project>> = {}) =>
    render(
      <DataTable
        caption="Projects"
        data={makeProjects(3)}
        columns={cardColumns}
        getRowId={getRowId}
        getRowLabel={(p) => p.name}
        narrowLayout="cards"
        {...props}
      />,
    );

  it('names every cell of a card by its column, for the eye only: the cell is still read by its value', () => {
    narrowScreen(true);
    const { container } = renderCards();
    const root = container.querySelector('.ui-table');
    expect(root).toHaveAttribute('data-narrow-layout', 'cards');
    const first = bodyRows()[0]!;
    const labels = [...first.querySelectorAll('.ui-table__cell-label')];
    expect(labels.map((label) => label.textContent)).toEqual(['Name', 'Actions', 'Runs']);
    for (const label of labels) expect(label).toHaveAttribute('aria-hidden', 'true');
    expect(within(first).getByRole('cell', { name: 'Project 001' })).toBeInTheDocument();
    expect(within(first).getByRole('cell', { name: 'Open Project 001' })).toBeInTheDocument();
    // The header bar keeps the sort buttons; a column that cannot be sorted is marked so the bar can hide it.
    const [name, actions] = screen.getAllByRole('columnheader');
    expect(name).toHaveAttribute('data-sortable', 'true');
    expect(actions).not.toHaveAttribute('data-sortable');
  });

  it('labels no cell while the screen is wide: the cells hold their values alone', () => {
    narrowScreen(false);
    const { container } = renderCards();
    expect(container.querySelector('.ui-table')).toHaveAttribute('data-narrow-layout', 'cards');
    expect(container.querySelector('.ui-table__cell-label')).toBeNull();
    expect(bodyRows()[0]!.querySelector('td')).toHaveTextContent(/^Project 001$/);
  });

  it('rendered on the server (no screen to ask), labels every card: the stylesheet shows them on a narrow screen only', () => {
    const html = renderToString(
      <DataTable
        caption="Projects"
        data={makeProjects(1)}
        columns={cardColumns}
        getRowId={getRowId}
        narrowLayout="cards"
      />,
    );
    expect(
      [...html.matchAll(/class="ui-table__cell-label"[^>]*>([^<]*)</g)].map((match) => match[1]),
    ).toEqual(['Name', 'Actions', 'Runs']);
  });

  it('is off by default and never applies to a virtualized table or a data grid (they scroll in their own area)', () => {
    narrowScreen(true);
    const { container, unmount } = render(
      <DataTable caption="P" data={makeProjects(2)} columns={cardColumns} getRowId={getRowId} />,
    );
    expect(container.querySelector('.ui-table')).not.toHaveAttribute('data-narrow-layout');
    expect(container.querySelector('.ui-table__cell-label')).toBeNull();
    unmount();
    const grid = renderCards({ variant: 'data-grid', isPaginated: false });
    expect(grid.container.querySelector('.ui-table')).not.toHaveAttribute('data-narrow-layout');
    expect(grid.container.querySelector('.ui-table__cell-label')).toBeNull();
  });

  it('keeps selection and the group actions; the keyboard reaches each card’s checkbox, then its actions', async () => {
    narrowScreen(true);
    const user = userEvent.setup();
    const onSelectionChange = vi.fn();
    renderCards({
      selectionMode: 'multiple',
      onSelectionChange,
      renderGroupActions: (keys) => <button type="button">Add {keys.size} to project</button>,
    });
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select all rows on this page' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: /^Name/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('button', { name: /^Runs/ })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select Project 001' })).toHaveFocus();
    await user.keyboard(' ');
    expect(onSelectionChange).toHaveBeenLastCalledWith(new Set(['p1']));
    await user.tab();
    expect(screen.getByRole('button', { name: 'Open Project 001' })).toHaveFocus();
    await user.tab();
    expect(screen.getByRole('checkbox', { name: 'Select Project 002' })).toHaveFocus();
    // The group bar stays above the cards.
    const add = screen.getByRole('button', { name: 'Add 1 to project' });
    expect(screen.getByText('1 selected')).toBeInTheDocument();
    expect(screen.getByRole('table').compareDocumentPosition(add)).toBe(Node.DOCUMENT_POSITION_PRECEDING);
  });

  it('has no axe violations as cards (selectable, a row selected, group actions shown)', async () => {
    narrowScreen(true);
    const { container } = renderCards({
      selectionMode: 'multiple',
      defaultSelectedKeys: new Set(['p2']),
      renderGroupActions: (keys) => <button type="button">Add {keys.size} to project</button>,
    });
    await expectNoAxeViolations(container);
  });
});
