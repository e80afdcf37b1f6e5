import {
  DataTable as KitDataTable,
  type ColumnDef,
  type DataTableLabels,
  type DataTableVariant,
  type TableQuery,
} from '@assessment/ui/table';
import { useLingui } from '@lingui/react';
import { useSyncExternalStore } from 'react';

/**
 * Id of a row-actions column. As a table's last column it stays in view at the end edge while a table wider than
 * its frame (a phone, a long email address) scrolls sideways.
 */
export const ROW_ACTIONS_COLUMN_ID = 'actions';

/** One read-only column: id (also the SortByField of server-side lists), header and cell. */
export interface Column<Row> {
  /** The SortByField of a sortable column; {@link ROW_ACTIONS_COLUMN_ID} for the row actions. */
  id: string;
  header: string;
  cell: (row: Row) => React.ReactNode;
  /** Whether the column can be sorted (server-side lists: only the contract's SortByField values). */
  sortable?: boolean;
  /**
   * What the column sorts by in the browser when its cell is not plain text or a number (a formatted figure: the
   * figure itself; null sorts after every value). Default: the cell's text or number.
   */
  sortValue?: (row: Row) => string | number | null;
}

export interface ServerPaging {
  query: TableQuery;
  totalCount: number;
  onQueryChange: (query: TableQuery) => void;
}

/** Paging and sorting in the browser over every row given (long lists loaded at once), controlled. */
export interface LocalPaging {
  query: TableQuery;
  onQueryChange: (query: TableQuery) => void;
  pageSizeOptions?: readonly number[];
}

export interface DataTableProps<Row> {
  label: string;
  columns: readonly Column<Row>[];
  rows: readonly Row[];
  rowKey: (row: Row) => string | number;
  /** Server-side paging and sorting (paged lists); without it the table shows every row unpaged. */
  paging?: ServerPaging;
  /** Paging and sorting in the browser (every row given); ignored with `paging`. */
  localPaging?: LocalPaging;
  /** What an empty table says (default "Nothing here yet."): a search that found nothing says so. */
  emptyText?: string;
  /** Row selection with a checkbox per row and a select-all for the page (controlled; ids as strings). */
  selection?: {
    selectedKeys: ReadonlySet<string>;
    onSelectionChange: (keys: Set<string>) => void;
    /** The row's name in its checkbox label ("Select {name}"). */
    rowLabel: (row: Row) => string;
  };
  /** Layout: `data-grid` / `report-server-picker` scroll in their own area (380 px high above 10 rows). */
  variant?: DataTableVariant;
  /**
   * On a phone (640 px and narrower) each row is a card with its actions on screen, instead of a table that scrolls
   * sideways in its frame (the lists: projects, project search, collector runs, users).
   */
  cardsOnPhones?: boolean;
}

function useTableLabels(emptyText?: string): Partial<DataTableLabels> {
  const { _: t } = useLingui();
  return {
    processing: t('table.processing'),
    rowsPerPage: t('table.rowsPerPage'),
    previousPage: t('table.previousPage'),
    nextPage: t('table.nextPage'),
    pageStatus: (page, pages) => t('table.pageStatus', { page, pages }),
    selectAll: t('table.selectAll'),
    selectRow: (label) => t('table.selectRow', { label }),
    selectedCount: (count) => t('table.selectedCount', { count }),
    empty: emptyText ?? t('table.empty'),
  };
}

function sortValue(content: React.ReactNode): string | number | null {
  return typeof content === 'string' || typeof content === 'number' ? content : null;
}

interface CellMeta<Row> {
  render: (row: Row) => React.ReactNode;
}

/** Renders a cell with its column's latest `cell` (kept in the column's meta). */
function renderCell({
  row,
  column,
}: {
  row: { original: unknown };
  column: { columnDef: { meta?: unknown } };
}) {
  return (column.columnDef.meta as CellMeta<unknown>).render(row.original);
}

/** A phone's width (the width at which the navigation lies over the page, AppLayout). */
const PHONE_QUERY = '(max-width: 640px)';
const phoneQuery = () =>
  typeof window !== 'undefined' && typeof window.matchMedia === 'function'
    ? window.matchMedia(PHONE_QUERY)
    : null;
const subscribePhone = (onChange: () => void) => {
  const query = phoneQuery();
  query?.addEventListener('change', onChange);
  return () => query?.removeEventListener('change', onChange);
};
const isPhone = () => phoneQuery()?.matches === true;

/**
 * The columns in the order of the screen: on a phone a row's actions follow its first column (its name), where a
 * thumb finds them without scrolling the row sideways; wider screens keep them last, stuck to the end edge.
 */
export function orderColumns<Row>(columns: readonly Column<Row>[], phone: boolean): readonly Column<Row>[] {
  const actions = columns.at(-1);
  if (!phone || columns.length < 3 || actions?.id !== ROW_ACTIONS_COLUMN_ID) return columns;
  return [columns[0] as Column<Row>, actions, ...columns.slice(1, -1)];
}

/** The portal's read-only tables: the UI kit's DataTable with translated labels. */
export function DataTable<Row>({
  label,
  columns,
  rows,
  rowKey,
  paging,
  localPaging,
  selection,
  variant,
  emptyText,
  cardsOnPhones = false,
}: DataTableProps<Row>) {
  const labels = useTableLabels(emptyText);
  const phone = useSyncExternalStore(subscribePhone, isPhone, () => false);
  const shown = orderColumns(columns, phone);
  const defs: ColumnDef<Row>[] = shown.map((column) => ({
    id: column.id,
    header: column.header,
    // TanStack Table sorts only columns with an accessor: the cell's text or number is the sort value (server-side
    // lists sort on the server by the column id).
    accessorFn: column.sortValue ?? ((row) => sortValue(column.cell(row))),
    // One stable cell renderer for every column: flexRender mounts a cell function as a component, so a new
    // function per render would remount every cell (losing a running mutation's state and callbacks).
    cell: renderCell as ColumnDef<Row>['cell'],
    meta: { render: column.cell } satisfies CellMeta<Row>,
    enableSorting: column.sortable === true,
  }));
  return (
    <KitDataTable<Row>
      data={rows}
      columns={defs}
      caption={label}
      getRowId={(row) => String(rowKey(row))}
      labels={labels}
      isLastColumnSticky={shown.at(-1)?.id === ROW_ACTIONS_COLUMN_ID}
      narrowLayout={cardsOnPhones ? 'cards' : 'scroll'}
      {...(variant ? { variant } : {})}
      {...(selection
        ? {
            selectionMode: 'multiple' as const,
            selectedKeys: selection.selectedKeys,
            onSelectionChange: selection.onSelectionChange,
            getRowLabel: selection.rowLabel,
          }
        : {})}
      {...(paging
        ? {
            isServerSide: true,
            isPaginated: true,
            query: paging.query,
            totalCount: paging.totalCount,
            onQueryChange: paging.onQueryChange,
          }
        : localPaging
          ? {
              isPaginated: true,
              query: localPaging.query,
              onQueryChange: localPaging.onQueryChange,
              ...(localPaging.pageSizeOptions ? { pageSizeOptions: localPaging.pageSizeOptions } : {}),
            }
          : { isPaginated: false })}
    />
  );
}

/** The search params of a paged list after the user pages or sorts its table. */
export type PagedSearch<S> = Omit<S, 'PageSize' | 'PageNumber' | 'SortByField' | 'SortOrder'> & {
  PageSize: number;
  PageNumber: number;
  SortByField: string | undefined;
  SortOrder: 0 | 1;
};

/**
 * Server-side paging of a paged list: the table's state from the list's answer (PageSize, PageNumber, TotalCount)
 * and the page's sort params; a page or sort change calls `onSearch` with the page's search params updated (an
 * unsorted table leaves SortByField to the list's default).
 */
export function serverPaging<S extends { SortByField?: string | undefined; SortOrder?: 0 | 1 | undefined }>(
  page: { PageSize: number; PageNumber: number; TotalCount: number },
  search: S,
  onSearch: (next: PagedSearch<S>) => void,
): ServerPaging {
  return {
    query: {
      PageSize: page.PageSize,
      PageNumber: page.PageNumber,
      SortByField: search.SortByField ?? null,
      SortOrder: search.SortOrder ?? 0,
    },
    totalCount: page.TotalCount,
    onQueryChange: (query) => {
      onSearch({
        ...search,
        PageSize: query.PageSize,
        PageNumber: query.PageNumber,
        SortByField: query.SortByField ?? undefined,
        SortOrder: query.SortOrder,
      });
    },
  };
}
