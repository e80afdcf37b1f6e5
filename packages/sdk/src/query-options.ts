// TanStack Query's `queryOptions` under a name of ours, typed by a named alias: the generated options
// (src/gen/@tanstack/react-query.gen.ts, pointed here by scripts/query-errors.ts) call it, so the published .d.ts
// say `SdkQueryOptions<...>` where tsc would otherwise write out TanStack's type in full as the build's own
// settings read it, `queryFn?: QueryFunction<...> | undefined` among them. An app with
// `exactOptionalPropertyTypes` then refused them (TS2769 / TS2379 on `queryFn`: `undefined` is not a query
// function there); named, the type is TanStack's own, read under the app's settings. The same function at run time.
import {
  queryOptions as tanstackQueryOptions,
  type QueryKey,
  type QueryKeyWithDataTag,
  type UnusedSkipTokenOptions,
} from '@tanstack/react-query';

/** The options of one generated query: what TanStack's `queryOptions` gives for options without `initialData`. */
export type SdkQueryOptions<TQueryFnData, TError, TData, TQueryKey extends QueryKey> = UnusedSkipTokenOptions<
  TQueryFnData,
  TError,
  TData,
  TQueryKey
> &
  QueryKeyWithDataTag<TQueryKey, TQueryFnData, TError>;

export const queryOptions: <TQueryFnData, TError, TData, TQueryKey extends QueryKey>(
  options: UnusedSkipTokenOptions<TQueryFnData, TError, TData, TQueryKey>,
) => SdkQueryOptions<TQueryFnData, TError, TData, TQueryKey> = tanstackQueryOptions;
