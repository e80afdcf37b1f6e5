// TanStack Table 8.21.3, not 9.x: 9.0 appeared in August 2026 with a reworked, opt-in feature API; 8.21
// is the proven line with years of use and documentation, and everything this table needs (sorting,
// paging, selection, manual/server mode, custom row models) is stable in it. Nor would 9.x make the
// first page lighter: 9.3.1 with only this table's features (row sorting, pagination and selection,
// their row models) bundles to 14.4 KB gz against 8.21.3's 13.9 KB (esbuild, minified, React external;
// 9.x adds TanStack Store). The cost of v8, row objects with per-row closures, is measured by
// bench/table-bench.ts.
import {
  flexRender,
  getCoreRowModel,
  getPaginationRowModel,
  useReactTable,
  type ColumnDef,
  type PaginationState,
  type Row,
  type RowSelectionState,
  type SortingState,
  type Updater,
} from '@tanstack/react-table';
import {
  lazy,
  Suspense,
  useCallback,
  useEffect,
  useId,
  useMemo,
  useRef,
  useState,
  useSyncExternalStore,
  useTransition,
  type CSSProperties,
  type ReactNode,
} from 'react';
import { Button } from 'react-aria-components';
import { useControlledState } from 'react-stately/useControlledState';
import {
  DATA_GRID_HEIGHT_PX,
  DATA_GRID_ROW_THRESHOLD,
  REPORT_GRID_WIDTH_PX,
  STICKY_OFFSET_PX,
  TABLE_PROCESSING_DELAY_MS,
} from '../constants';
import { Spinner } from '../progress';
import {
  DEFAULT_PAGE_SIZE_OPTIONS,
  DEFAULT_TABLE_QUERY,
  SORT_ORDER_ASCENDING,
  SORT_ORDER_DESCENDING,
  withPageSize,
  type TableQuery,
} from './query';
import { createSortingFn, getKeyedSortedRowModel } from './sorting';
import { useDelayedFlag } from './useDelayedFlag';
import type { VirtualBodyProps } from './VirtualBody';

// TanStack Virtual is loaded only by virtualized tables: the body is a separate chunk, fetched on the first
// render with `isVirtualized` (React.lazy keeps the generic signature only through this cast).
const VirtualBody = lazy(async () => ({
  default: (await import('./VirtualBody')).VirtualBody,
})) as unknown as <T>(props: VirtualBodyProps<T>) => ReactNode;

/** Texts of the table; pass translated ones. */
export interface DataTableLabels {
  /** Text of the processing indicator (shown after 500 ms of loading or sorting). Default: 'Processing…'. */
  processing: string;
  /** Label of the page-size select. Default: 'Rows per page'. */
  rowsPerPage: string;
  /** Label of the previous-page button. Default: 'Previous page'. */
  previousPage: string;
  /** Label of the next-page button. Default: 'Next page'. */
  nextPage: string;
  /** Page position text. Default: 'Page {page} of {count}'. */
  pageStatus: (pageNumber: number, pageCount: number) => string;
  /** Accessible name of the select-all checkbox. Default: 'Select all rows on this page'. */
  selectAll: string;
  /** Accessible name of a row checkbox. Default: 'Select {rowLabel}'. */
  selectRow: (rowLabel: string) => string;
  /** Count of selected rows shown with the group actions. Default: '{count} selected'. */
  selectedCount: (count: number) => string;
  /** Text of the empty table. Default: 'No rows to show.'. */
  empty: string;
}

export const DEFAULT_TABLE_LABELS: DataTableLabels = {
  processing: 'Processing…',
  rowsPerPage: 'Rows per page',
  previousPage: 'Previous page',
  nextPage: 'Next page',
  pageStatus: (page, count) => `Page ${page} of ${count}`,
  selectAll: 'Select all rows on this page',
  selectRow: (label) => `Select ${label}`,
  selectedCount: (count) => `${count} selected`,
  empty: 'No rows to show.',
};

/**
 * Layout variant: `table` (page flow; optional sticky header 75 px below the page header),
 * `data-grid` (own scroll area, 380 px high above 10 rows) or `report-server-picker` (a data grid
 * 814 px wide).
 */
export type DataTableVariant = 'table' | 'data-grid' | 'report-server-picker';

/**
 * How a `table` shows its rows on a narrow screen (40rem, 640 px, and narrower): `scroll` keeps the table and lets
 * it scroll sideways in its frame; `cards` shows each row as a card — its cells stacked, each under its column's
 * name, its actions on screen without a sideways swipe — with the select-all box and the sort buttons above.
 */
export type DataTableNarrowLayout = 'scroll' | 'cards';

/** Where a `cards` table shows its rows as cards (table.css uses the same width). */
const NARROW_SCREEN = '(max-width: 640px)';

function subscribeNarrowScreen(onChange: () => void): () => void {
  if (typeof window.matchMedia !== 'function') return () => undefined;
  const query = window.matchMedia(NARROW_SCREEN);
  query.addEventListener('change', onChange);
  return () => {
    query.removeEventListener('change', onChange);
  };
}

function isNarrowScreen(): boolean {
  return typeof window.matchMedia === 'function' && window.matchMedia(NARROW_SCREEN).matches;
}

export interface DataTableProps<T> {
  /** The rows (in server-side mode: the current page only). */
  data: readonly T[];
  /**
   * TanStack Table column definitions. The column `id` (or `accessorKey`) is the SortByField.
   * Set `enableSorting: false` on a column to make it unsortable.
   */
  // eslint-disable-next-line @typescript-eslint/no-explicit-any -- TanStack's own column type uses any for mixed value types
  columns: readonly ColumnDef<T, any>[];
  /** Accessible name of the table, rendered as its caption. */
  caption: string;
  /**
   * Whether the caption is visible (otherwise visually hidden, still read).
   * @default false
   */
  isCaptionVisible?: boolean;
  /**
   * Stable id of a row (used for selection keys).
   * @default the row index as a string
   */
  getRowId?: (row: T, index: number) => string;
  /**
   * Text naming a row for its selection checkbox, e.g. the project name.
   * @default the row's first text or number cell, else the row id
   */
  getRowLabel?: (row: T) => string;
  /**
   * Paging and sorting (controlled), in the paged-list query shape.
   * @default undefined
   */
  query?: TableQuery;
  /**
   * Initial paging and sorting (uncontrolled).
   * @default { PageSize: 10, PageNumber: 1, SortByField: null, SortOrder: 0 }
   */
  defaultQuery?: Partial<TableQuery>;
  /**
   * Called with the new query when the user sorts, pages or picks a page size (the page number
   * resets to 1 on a page-size change).
   * @default undefined
   */
  onQueryChange?: (query: TableQuery) => void;
  /**
   * Whether paging and sorting happen on the server: `data` is one page, `totalCount` the total, and
   * the caller loads a page on `onQueryChange`.
   * @default false
   */
  isServerSide?: boolean;
  /**
   * Total number of rows on the server (server-side mode).
   * @default data.length
   */
  totalCount?: number;
  /**
   * Whether data is loading; the processing indicator appears only once loading or sorting has
   * lasted 500 ms.
   * @default false
   */
  isLoading?: boolean;
  /**
   * Whether the rows are split in pages with a page-size choice.
   * @default true
   */
  isPaginated?: boolean;
  /**
   * Page sizes offered.
   * @default [10, 25, 50, 100]
   */
  pageSizeOptions?: readonly number[];
  /**
   * Row selection with checkboxes for group actions.
   * @default 'none'
   */
  selectionMode?: 'none' | 'multiple';
  /**
   * Selected row ids (controlled).
   * @default undefined
   */
  selectedKeys?: ReadonlySet<string>;
  /**
   * Initially selected row ids (uncontrolled).
   * @default new Set()
   */
  defaultSelectedKeys?: ReadonlySet<string>;
  /**
   * Called with the new set of selected row ids.
   * @default undefined
   */
  onSelectionChange?: (keys: Set<string>) => void;
  /**
   * Group actions shown above the table while rows are selected.
   * @default undefined
   */
  renderGroupActions?: (selectedKeys: ReadonlySet<string>) => ReactNode;
  /**
   * Whether only the visible rows are rendered (for long lists; the table scrolls in its own area).
   * @default false
   */
  isVirtualized?: boolean;
  /**
   * Height of the scroll area of a virtualized table.
   * @default 380 (DATA_GRID_HEIGHT_PX)
   */
  virtualHeight?: number;
  /**
   * Layout variant.
   * @default 'table'
   */
  variant?: DataTableVariant;
  /**
   * Whether the header row sticks 75 px below the top of the page while the page scrolls
   * (variant `table` only; the other variants scroll in their own area with the header pinned).
   * @default false
   */
  isStickyHeader?: boolean;
  /**
   * Whether the last column (a row's actions) stays in view at the table's end edge while a table wider than its
   * frame scrolls sideways, on screens 60rem (960 px) wide and wider (exposed as `data-last-column-sticky`).
   * @default false
   */
  isLastColumnSticky?: boolean;
  /**
   * What a `table` becomes on a narrow screen (40rem, 640 px, and narrower): `cards` shows each row as a card
   * (exposed as `data-narrow-layout`; not for virtualized tables and the grid variants, which scroll in their own
   * area).
   * @default 'scroll'
   */
  narrowLayout?: DataTableNarrowLayout;
  /**
   * Texts (merged with the English defaults).
   * @default DEFAULT_TABLE_LABELS
   */
  labels?: Partial<DataTableLabels>;
  /**
   * Extra class name on the root element.
   * @default undefined
   */
  className?: string;
}

/**
 * With a sticky last column, keeps `--ui-table-sticky-end` on the root at that column's width: the scroller's
 * `scroll-padding-inline-end`, so a focused cell that scrolls into view lands beside the column, not under it
 * (WCAG 2.2 focus not obscured).
 */
function useStickyEndWidth(isLastColumnSticky: boolean, lastColumnId: string | undefined) {
  const rootRef = useRef<HTMLDivElement>(null);
  useEffect(() => {
    const root = rootRef.current;
    const lastHeader = root?.querySelector<HTMLElement>('.ui-table__head tr:last-child > th:last-child');
    if (!isLastColumnSticky || !root || !lastHeader || typeof ResizeObserver === 'undefined') return;
    const observer = new ResizeObserver(() => {
      root.style.setProperty('--ui-table-sticky-end', `${String(lastHeader.offsetWidth)}px`);
    });
    observer.observe(lastHeader);
    return () => {
      observer.disconnect();
    };
    // Another last column renders another header cell (keyed by its id) to observe.
  }, [isLastColumnSticky, lastColumnId]);
  return rootRef;
}

function applyUpdater<S>(updater: Updater<S>, old: S): S {
  return typeof updater === 'function' ? (updater as (old: S) => S)(old) : updater;
}

function toSorting(query: TableQuery): SortingState {
  return query.SortByField === null
    ? []
    : [{ id: query.SortByField, desc: query.SortOrder === SORT_ORDER_DESCENDING }];
}

function toRowSelection(keys: ReadonlySet<string>): RowSelectionState {
  const state: RowSelectionState = {};
  for (const key of keys) state[key] = true;
  return state;
}

const EMPTY_KEYS: ReadonlySet<string> = new Set();

/**
 * Sortable, pageable, selectable table on TanStack Table (headless) with TanStack Virtual for long
 * lists. Sortable headers carry aria-sort and a button; the processing indicator (role="status")
 * appears only when sorting or loading takes longer than 500 ms. State attributes on the root:
 * `data-variant`, `data-processing`, `data-busy`, `data-virtualized`, `data-scrolling-area`; on rows
 * `data-selected`; on headers `data-sort` (asc/desc).
 */
export function DataTable<T>({
  data,
  columns,
  caption,
  isCaptionVisible = false,
  getRowId,
  getRowLabel,
  query: queryProp,
  defaultQuery,
  onQueryChange,
  isServerSide = false,
  totalCount,
  isLoading = false,
  isPaginated = true,
  pageSizeOptions = DEFAULT_PAGE_SIZE_OPTIONS,
  selectionMode = 'none',
  selectedKeys: selectedKeysProp,
  defaultSelectedKeys = EMPTY_KEYS,
  onSelectionChange,
  renderGroupActions,
  isVirtualized = false,
  virtualHeight = DATA_GRID_HEIGHT_PX,
  variant = 'table',
  isStickyHeader = false,
  isLastColumnSticky = false,
  narrowLayout = 'scroll',
  labels: labelsProp,
  className,
}: DataTableProps<T>) {
  const labels = { ...DEFAULT_TABLE_LABELS, ...labelsProp };
  const [query, setQuery] = useControlledState<TableQuery>(
    queryProp,
    { ...DEFAULT_TABLE_QUERY, ...defaultQuery },
    onQueryChange,
  );
  const [selectedKeys, setSelectedKeys] = useControlledState<ReadonlySet<string>>(
    selectedKeysProp,
    defaultSelectedKeys,
    onSelectionChange as ((keys: ReadonlySet<string>) => void) | undefined,
  );
  const [isSorting, startSorting] = useTransition();
  const isBusy = isLoading || isSorting;
  const showProcessing = useDelayedFlag(isBusy, TABLE_PROCESSING_DELAY_MS);

  const sorting = useMemo(() => toSorting(query), [query]);
  const pagination = useMemo<PaginationState>(
    () => ({ pageIndex: query.PageNumber - 1, pageSize: query.PageSize }),
    [query.PageNumber, query.PageSize],
  );
  const rowSelection = useMemo(() => toRowSelection(selectedKeys), [selectedKeys]);

  const onSortingChange = useCallback(
    (updater: Updater<SortingState>) => {
      const next = applyUpdater(updater, sorting)[0];
      const nextQuery: TableQuery = {
        ...query,
        SortByField: next ? next.id : null,
        SortOrder: next?.desc ? SORT_ORDER_DESCENDING : SORT_ORDER_ASCENDING,
      };
      startSorting(() => {
        setQuery(nextQuery);
      });
    },
    [query, setQuery, sorting],
  );

  const onPaginationChange = useCallback(
    (updater: Updater<PaginationState>) => {
      const next = applyUpdater(updater, pagination);
      setQuery(
        next.pageSize !== query.PageSize
          ? withPageSize(query, next.pageSize)
          : { ...query, PageNumber: next.pageIndex + 1 },
      );
    },
    [pagination, query, setQuery],
  );

  const onRowSelectionChange = useCallback(
    (updater: Updater<RowSelectionState>) => {
      const next = applyUpdater(updater, rowSelection);
      setSelectedKeys(new Set(Object.keys(next).filter((key) => next[key])));
    },
    [rowSelection, setSelectedKeys],
  );

  const paginate = isPaginated && !isServerSide;
  // One key cache per data set (row indexes refer to `data`).
  const defaultColumn = useMemo<Partial<ColumnDef<T>>>(
    () => ({ sortingFn: createSortingFn<T>(data.length), sortUndefined: false }),
    [data],
  );
  const sortedRowModel = useMemo(() => getKeyedSortedRowModel<T>(), []);
  // eslint-disable-next-line react-hooks/incompatible-library -- TanStack Table returns a stable instance by design; this component is not memoized by the compiler
  const table = useReactTable<T>({
    data: data as T[],
    columns: columns as ColumnDef<T>[],
    state: { sorting, pagination, rowSelection },
    getRowId: getRowId ?? ((_row, index) => String(index)),
    onSortingChange,
    onPaginationChange,
    onRowSelectionChange,
    enableRowSelection: selectionMode === 'multiple',
    enableSortingRemoval: false,
    sortDescFirst: false,
    defaultColumn,
    manualSorting: isServerSide,
    manualPagination: isServerSide || !isPaginated,
    rowCount: isServerSide ? (totalCount ?? data.length) : undefined,
    autoResetPageIndex: false,
    getCoreRowModel: getCoreRowModel(),
    getSortedRowModel: isServerSide ? undefined : sortedRowModel,
    getPaginationRowModel: paginate ? getPaginationRowModel() : undefined,
  });

  const rows = table.getRowModel().rows;
  const isGrid = variant !== 'table';
  const hasScrollArea = isGrid || isVirtualized;
  const gridIsTall = isGrid && rows.length > DATA_GRID_ROW_THRESHOLD;
  const scrollHeight = isVirtualized ? virtualHeight : gridIsTall ? DATA_GRID_HEIGHT_PX : undefined;

  // State, not a ref: the virtualizer must re-render once the scroll area exists to listen to it.
  const [scrollElement, setScrollElement] = useState<HTMLDivElement | null>(null);
  const captionId = useId();
  const selectionColumn = selectionMode === 'multiple';
  const columnCount = table.getVisibleLeafColumns().length + (selectionColumn ? 1 : 0);

  const pageCount = Math.max(1, table.getPageCount());
  // Paged or virtualized tables show a subset: tell assistive technology the full size and position.
  const isSubset = isPaginated || isVirtualized;
  const totalRows = isServerSide ? (totalCount ?? data.length) : table.getPrePaginationRowModel().rows.length;
  const rowIndexOffset = isPaginated ? (query.PageNumber - 1) * query.PageSize : 0;
  const rootStyle: CSSProperties = variant === 'report-server-picker' ? { width: REPORT_GRID_WIDTH_PX } : {};
  const asCards = narrowLayout === 'cards' && !hasScrollArea;
  // Rendered on the server (no screen to ask), cards carry their labels: table.css shows them on a narrow screen
  // only, so the page a server sends looks as the browser then renders it at any width.
  const narrowScreen = useSyncExternalStore(subscribeNarrowScreen, isNarrowScreen, () => true);
  // A card names each cell by its column's header (shown only as a card: as a table the header row does it). The
  // labels are rendered only while the screen is narrow, so a wide table's cells hold their values alone.
  const cellLabels =
    asCards && narrowScreen
      ? new Map(
          table
            .getFlatHeaders()
            .map((header): [string, ReactNode] => [
              header.column.id,
              header.isPlaceholder ? null : flexRender(header.column.columnDef.header, header.getContext()),
            ]),
        )
      : null;
  const rootRef = useStickyEndWidth(isLastColumnSticky, table.getVisibleLeafColumns().at(-1)?.id);
  const scrollStyle: CSSProperties = scrollHeight === undefined ? {} : { height: scrollHeight };
  const headerStyle: CSSProperties | undefined = hasScrollArea
    ? { top: 0 }
    : isStickyHeader
      ? { top: STICKY_OFFSET_PX }
      : undefined;

  const tableElement = (
    <table
      className="ui-table__table"
      aria-labelledby={captionId}
      aria-busy={isBusy || undefined}
      aria-rowcount={isSubset ? totalRows + 1 : undefined}
    >
      <caption id={captionId} className={isCaptionVisible ? 'ui-table__caption' : 'ui-visually-hidden'}>
        {caption}
      </caption>
      <thead className="ui-table__head" data-sticky={hasScrollArea || isStickyHeader || undefined}>
        {table.getHeaderGroups().map((group) => (
          <tr key={group.id} aria-rowindex={isSubset ? 1 : undefined}>
            {selectionColumn && (
              <th scope="col" className="ui-table__th ui-table__select" style={headerStyle}>
                <SelectAllCheckbox
                  label={labels.selectAll}
                  checked={table.getIsAllPageRowsSelected()}
                  indeterminate={table.getIsSomePageRowsSelected()}
                  onToggle={table.getToggleAllPageRowsSelectedHandler()}
                />
              </th>
            )}
            {group.headers.map((header) => {
              const column = header.column;
              const canSort = column.getCanSort();
              const dir = column.getIsSorted();
              const content = header.isPlaceholder
                ? null
                : flexRender(column.columnDef.header, header.getContext());
              return (
                <th
                  key={header.id}
                  scope="col"
                  colSpan={header.colSpan}
                  className="ui-table__th"
                  style={headerStyle}
                  aria-sort={
                    canSort
                      ? dir === 'asc'
                        ? 'ascending'
                        : dir === 'desc'
                          ? 'descending'
                          : 'none'
                      : undefined
                  }
                  data-sort={dir || undefined}
                  data-sortable={canSort || undefined}
                >
                  {canSort ? (
                    <button
                      type="button"
                      className="ui-table__sort"
                      onClick={column.getToggleSortingHandler()}
                    >
                      {content}
                      <span className="ui-table__sort-icon" aria-hidden="true">
                        {dir === 'asc' ? '▲' : dir === 'desc' ? '▼' : '↕'}
                      </span>
                    </button>
                  ) : (
                    content
                  )}
                </th>
              );
            })}
          </tr>
        ))}
      </thead>
      {isVirtualized && rows.length > 0 ? (
        // While the virtualized body loads, an empty body keeps the table's structure valid.
        <Suspense fallback={<tbody className="ui-table__body" />}>
          <VirtualBody
            rows={rows}
            scrollElement={scrollElement}
            height={virtualHeight}
            columnCount={columnCount}
            renderRow={(row, index, style) => (
              <TableRow
                key={row.id}
                row={row}
                ariaRowIndex={index + 2}
                style={style}
                selectionColumn={selectionColumn}
                checkboxLabel={labels.selectRow(rowLabel(row, getRowLabel))}
                cellLabels={null}
              />
            )}
          />
        </Suspense>
      ) : (
        <tbody className="ui-table__body">
          {rows.length === 0 && !isBusy && (
            <tr className="ui-table__empty-row">
              <td className="ui-table__td ui-table__empty" colSpan={columnCount}>
                {labels.empty}
              </td>
            </tr>
          )}
          {rows.map((row, i) => (
            <TableRow
              key={row.id}
              row={row}
              ariaRowIndex={isSubset ? rowIndexOffset + i + 2 : undefined}
              selectionColumn={selectionColumn}
              checkboxLabel={labels.selectRow(rowLabel(row, getRowLabel))}
              cellLabels={cellLabels}
            />
          ))}
        </tbody>
      )}
    </table>
  );

  return (
    <div
      ref={rootRef}
      className={['ui-table', className].filter(Boolean).join(' ')}
      style={rootStyle}
      data-variant={variant}
      data-busy={isBusy || undefined}
      data-processing={showProcessing || undefined}
      data-virtualized={isVirtualized || undefined}
      data-last-column-sticky={isLastColumnSticky || undefined}
      data-narrow-layout={asCards ? 'cards' : undefined}
      data-page-sticky-header={(isStickyHeader && !hasScrollArea) || undefined}
      data-scrolling-area={scrollHeight !== undefined || undefined}
    >
      {selectionColumn && (
        <div className="ui-table__actions" data-has-selection={selectedKeys.size > 0 || undefined}>
          <span role="status" className="ui-table__selected-count">
            {selectedKeys.size > 0 ? labels.selectedCount(selectedKeys.size) : ''}
          </span>
          {selectedKeys.size > 0 && renderGroupActions?.(selectedKeys)}
        </div>
      )}
      <div className="ui-table__frame">
        {hasScrollArea ? (
          <div
            ref={setScrollElement}
            className="ui-table__scroll"
            style={scrollStyle}
            role="region"
            aria-labelledby={captionId}
            tabIndex={0}
          >
            {tableElement}
          </div>
        ) : (
          tableElement
        )}
        <div role="status" className="ui-table__processing">
          {showProcessing && <Spinner label={labels.processing} showLabel />}
        </div>
      </div>
      {isPaginated && (
        <div className="ui-table__pager">
          <label className="ui-table__page-size">
            {labels.rowsPerPage}{' '}
            <select
              value={query.PageSize}
              onChange={(event) => {
                table.setPageSize(Number(event.target.value));
              }}
            >
              {pageSizeOptions.map((size) => (
                <option key={size} value={size}>
                  {size}
                </option>
              ))}
            </select>
          </label>
          <span className="ui-table__page-status">
            {labels.pageStatus(Math.min(query.PageNumber, pageCount), pageCount)}
          </span>
          <Button
            className="ui-table__page-button"
            aria-label={labels.previousPage}
            isDisabled={!table.getCanPreviousPage()}
            onPress={() => {
              table.previousPage();
            }}
          >
            ‹
          </Button>
          <Button
            className="ui-table__page-button"
            aria-label={labels.nextPage}
            isDisabled={!table.getCanNextPage()}
            onPress={() => {
              table.nextPage();
            }}
          >
            ›
          </Button>
        </div>
      )}
    </div>
  );
}

function rowLabel<T>(row: Row<T>, getRowLabel: ((row: T) => string) | undefined): string {
  if (getRowLabel) return getRowLabel(row.original);
  for (const cell of row.getVisibleCells()) {
    const value = cell.getValue();
    if (typeof value === 'string' && value !== '') return value;
    if (typeof value === 'number') return String(value);
  }
  return row.id;
}

function SelectAllCheckbox({
  label,
  checked,
  indeterminate,
  onToggle,
}: {
  label: string;
  checked: boolean;
  indeterminate: boolean;
  onToggle: (event: unknown) => void;
}) {
  const ref = useRef<HTMLInputElement>(null);
  useEffect(() => {
    if (ref.current) ref.current.indeterminate = indeterminate;
  }, [indeterminate]);
  return <input ref={ref} type="checkbox" aria-label={label} checked={checked} onChange={onToggle} />;
}

function TableRow<T>({
  row,
  selectionColumn,
  checkboxLabel,
  cellLabels,
  ariaRowIndex,
  style,
}: {
  row: Row<T>;
  selectionColumn: boolean;
  checkboxLabel: string;
  /** Each column's header by column id, shown in the cells of a card (null: rows are table rows). */
  cellLabels: ReadonlyMap<string, ReactNode> | null;
  ariaRowIndex?: number;
  style?: CSSProperties;
}) {
  const isSelected = row.getIsSelected();
  return (
    <tr
      className="ui-table__row"
      data-selected={isSelected || undefined}
      aria-rowindex={ariaRowIndex}
      style={style}
    >
      {selectionColumn && (
        <td className="ui-table__td ui-table__select">
          <input
            type="checkbox"
            aria-label={checkboxLabel}
            checked={isSelected}
            disabled={!row.getCanSelect()}
            onChange={row.getToggleSelectedHandler()}
          />
        </td>
      )}
      {row.getVisibleCells().map((cell) => {
        const content = flexRender(cell.column.columnDef.cell, cell.getContext());
        if (!cellLabels) {
          return (
            <td key={cell.id} className="ui-table__td">
              {content}
            </td>
          );
        }
        const label = cellLabels.get(cell.column.id);
        return (
          <td key={cell.id} className="ui-table__td">
            {label !== undefined && label !== null && (
              // For the eye only: assistive technology reads the cell's column header from the table itself.
              <span className="ui-table__cell-label" aria-hidden="true">
                {label}
              </span>
            )}
            <span className="ui-table__cell-value">{content}</span>
          </td>
        );
      })}
    </tr>
  );
}
