import type { Meta, StoryObj } from '@storybook/react-vite';
import { useEffect, useState } from 'react';
import { Button } from '../button';
import { createColumnHelper, DataTable, type TableQuery } from './index';

interface Run {
  id: string;
  name: string;
  servers: number;
  collected: string;
}

function makeRuns(count: number): Run[] {
  return Array.from({ length: count }, (_, i) => ({
    id: `run-${i + 1}`,
    name: `Collector run ${i + 1}`,
    servers: (i * 37) % 101,
    collected: new Date(Date.UTC(2026, 0, 1) + i * 3_600_000).toISOString().slice(0, 10),
  }));
}

const helper = createColumnHelper<Run>();
const columns = [
  helper.accessor('name', { header: 'Name' }),
  helper.accessor('servers', { header: 'Servers' }),
  helper.accessor('collected', { header: 'Collected' }),
];

const meta = {
  title: 'Table',
  component: DataTable<Run>,
  args: { caption: 'Collector runs', data: makeRuns(42), columns, getRowId: (r: Run) => r.id },
} satisfies Meta<typeof DataTable<Run>>;
export default meta;
type Story = StoryObj<typeof meta>;

export const SortableAndPaged: Story = {};

export const Selection: Story = {
  args: {
    selectionMode: 'multiple',
    getRowLabel: (r: Run) => r.name,
    defaultSelectedKeys: new Set(['run-2']),
    renderGroupActions: (keys) => <button type="button">Add {keys.size} runs to a project</button>,
  },
};

export const StickyHeader: Story = {
  args: { isStickyHeader: true, isCaptionVisible: true, defaultQuery: { PageSize: 50 } },
};

/**
 * Row actions in a frame narrower than the table: link-styled buttons in a cell keep the row one 36 px line, and on
 * a wide screen the actions column stays in view while the rest scrolls sideways.
 */
export const RowActions: Story = {
  decorators: [
    (Story) => (
      <div style={{ maxWidth: 360 }}>
        <Story />
      </div>
    ),
  ],
  args: {
    isLastColumnSticky: true,
    columns: [
      helper.accessor('name', { header: 'Name' }),
      helper.accessor('servers', { header: 'Servers' }),
      // A focusable cell beside the actions: keyboard focus must not land under the stuck column.
      helper.accessor('collected', {
        header: 'Collected',
        cell: ({ getValue }) => <a href={`#${getValue()}`}>{getValue()}</a>,
      }),
      helper.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <span style={{ display: 'flex', gap: '0.75rem' }}>
            <Button variant="link" aria-label={`Share ${row.original.name}`}>
              Share
            </Button>
            <Button variant="link" aria-label={`Archive ${row.original.name}`}>
              Archive
            </Button>
          </span>
        ),
      }),
    ],
  },
};

/**
 * Cards on narrow screens (`narrowLayout="cards"`): narrow the window to 640 px or less and each row becomes a card —
 * its checkbox, its cells under their column's names and its actions, all on screen without a sideways swipe; the
 * select-all box, the sort buttons and the group actions stay above the cards.
 */
export const CardsOnNarrowScreens: Story = {
  args: {
    narrowLayout: 'cards',
    selectionMode: 'multiple',
    getRowLabel: (r: Run) => r.name,
    defaultSelectedKeys: new Set(['run-2']),
    renderGroupActions: (keys) => <Button>Add {keys.size} runs to a project</Button>,
    columns: [
      helper.accessor('name', { header: 'Name' }),
      helper.display({
        id: 'actions',
        header: 'Actions',
        cell: ({ row }) => (
          <span style={{ display: 'flex', flexWrap: 'wrap', gap: '0.25rem 0.75rem' }}>
            <Button variant="link" aria-label={`Share ${row.original.name}`}>
              Share
            </Button>
            <Button variant="link" aria-label={`Archive ${row.original.name}`}>
              Archive
            </Button>
          </span>
        ),
      }),
      helper.accessor('servers', { header: 'Servers' }),
      helper.accessor('collected', { header: 'Collected' }),
    ],
  },
};

export const Loading: Story = { args: { isLoading: true } };

export const Empty: Story = { args: { data: [] } };

export const DataGrid: Story = { args: { variant: 'data-grid', isPaginated: false, data: makeRuns(25) } };

export const ReportServerPicker: Story = {
  args: {
    variant: 'report-server-picker',
    isPaginated: false,
    selectionMode: 'multiple',
    caption: 'Report servers',
    data: makeRuns(30),
  },
};

export const Virtualized10000: Story = {
  args: { isVirtualized: true, isPaginated: false, data: makeRuns(10_000) },
};

const serverRows = makeRuns(137);

function ServerSideDemo() {
  const [query, setQuery] = useState<TableQuery>({
    PageSize: 10,
    PageNumber: 1,
    SortByField: 'name',
    SortOrder: 0,
  });
  const [page, setPage] = useState<Run[]>([]);
  const [isLoading, setLoading] = useState(true);
  useEffect(() => {
    const timer = setTimeout(() => {
      const field = (query.SortByField ?? 'name') as keyof Run;
      const sorted = [...serverRows].sort(
        (a, b) =>
          (query.SortOrder === 0 ? 1 : -1) *
          String(a[field]).localeCompare(String(b[field]), undefined, { numeric: true }),
      );
      setPage(sorted.slice((query.PageNumber - 1) * query.PageSize, query.PageNumber * query.PageSize));
      setLoading(false);
    }, 800);
    return () => {
      clearTimeout(timer);
    };
  }, [query]);
  return (
    <DataTable
      caption="Server-side projects"
      columns={columns}
      data={page}
      isServerSide
      totalCount={serverRows.length}
      isLoading={isLoading}
      query={query}
      onQueryChange={(q) => {
        setLoading(true);
        setQuery(q);
      }}
    />
  );
}

export const ServerSide: Story = { render: () => <ServerSideDemo /> };
