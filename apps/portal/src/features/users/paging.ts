/** The search params after choosing a sort in the sort selector: the page number resets to 1. */
export function withSort<T extends { SortByField?: string; SortOrder?: 0 | 1; PageNumber?: number }>(
  search: T,
  field: string,
  order: 0 | 1,
): T {
  return { ...search, SortByField: field, SortOrder: order, PageNumber: 1 };
}
