export { createSortingFn, DataTable, DEFAULT_TABLE_LABELS, textSortKey } from './DataTable';
export type { DataTableLabels, DataTableProps, DataTableVariant } from './DataTable';
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
export { createColumnHelper } from '@tanstack/react-table';
export type { ColumnDef } from '@tanstack/react-table';
