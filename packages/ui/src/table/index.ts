export { DataTable, DEFAULT_TABLE_LABELS } from './DataTable';
export type { DataTableLabels, DataTableNarrowLayout, DataTableProps, DataTableVariant } from './DataTable';
export {
  DEFAULT_PAGE_SIZE,
  DEFAULT_PAGE_SIZE_OPTIONS,
  DEFAULT_TABLE_QUERY,
  ROW_HEIGHT_PX,
  SORT_ORDER_ASCENDING,
  SORT_ORDER_DESCENDING,
  withPageSize,
} from './query';
export type { SortOrder, TableQuery } from './query';
export { compareSortKeys, createSortingFn, getKeyedSortedRowModel, textSortKey, toSortKey } from './sorting';
export type { SortKey } from './sorting';
export { createColumnHelper } from '@tanstack/react-table';
export type { ColumnDef } from '@tanstack/react-table';
