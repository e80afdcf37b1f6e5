/** Sort order of the paged-list contract (interfaces: SortOrder 0 ascending, 1 descending). */
export const SORT_ORDER_ASCENDING = 0;
/** Sort order of the paged-list contract (interfaces: SortOrder 0 ascending, 1 descending). */
export const SORT_ORDER_DESCENDING = 1;
export type SortOrder = typeof SORT_ORDER_ASCENDING | typeof SORT_ORDER_DESCENDING;

/**
 * Paging and sorting of a table, in the shape of the paged-list query (PageSize, PageNumber 1-based,
 * SortByField, SortOrder) so a server-side table can pass it straight to the API.
 */
export interface TableQuery {
  /** Rows per page (chosen by the user; changing it resets PageNumber to 1). */
  PageSize: number;
  /** 1-based. */
  PageNumber: number;
  /** Column id sorted by, or null when unsorted. */
  SortByField: string | null;
  /** 0 ascending, 1 descending. */
  SortOrder: SortOrder;
}

/** Page sizes offered when none are given (kit default, not a spec constant). */
export const DEFAULT_PAGE_SIZE_OPTIONS: readonly number[] = [10, 25, 50, 100];
/** First page size when none is given (kit default, not a spec constant). */
export const DEFAULT_PAGE_SIZE = 10;
/** Fixed row height used to virtualize long lists (kit default, matched by table.css). */
export const ROW_HEIGHT_PX = 36;

export const DEFAULT_TABLE_QUERY: TableQuery = {
  PageSize: DEFAULT_PAGE_SIZE,
  PageNumber: 1,
  SortByField: null,
  SortOrder: SORT_ORDER_ASCENDING,
};

/** The query after the user picks a page size: the page number resets to 1 (spec part 9). */
export function withPageSize(query: TableQuery, pageSize: number): TableQuery {
  return { ...query, PageSize: pageSize, PageNumber: 1 };
}
