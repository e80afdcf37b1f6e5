// TanStack Query's `queryOptions` under a name of ours, typed by a named alias: the generated options
// (src/gen/@tanstack/react-query.gen.ts, pointed here by scripts/query-errors.ts) call it, so the published .d.ts
// say `SdkQueryOptions<...>` where tsc would otherwise write out TanStack's type in full as the build's own
// settings read it, `queryFn?: QueryFunction<...> | undefined` among them. An app with
// `exactOptionalPropertyTypes` then refused them (TS2769 / TS2379 on `queryFn`: `undefined` is not a query
// function there); named, the type is TanStack's own, read under the app's settings. The same function at run time.
// The only run-time import of the optional peer: without it a bundler reports one error, on the import below, whose
// code frame shows the sentence above it (Vite 7) and the one beside it (Vite 7 and 8).
// @assessment/sdk/query needs its optional peer @tanstack/react-query 5:
// prettier-ignore
import { queryOptions as peer } from '@tanstack/react-query'; // not installed? npm install @tanstack/react-query
import type { QueryKey, QueryKeyWithDataTag, UnusedSkipTokenOptions } from '@tanstack/react-query';

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
) => SdkQueryOptions<TQueryFnData, TError, TData, TQueryKey> = peer;
