import { createFileRoute, stripSearchParams } from '@tanstack/react-router';
import {
  COLLECTOR_RUN_DEFAULTS,
  CollectorRunSearchPage,
  collectorRunSearch,
  collectorRunSearchQuery,
  toCollectorRunQuery,
} from '@/features/collector-runs';
import { PagePending, RouteError } from '@/features/errors';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/collectorruns/search')({
  validateSearch: collectorRunSearch,
  search: { middlewares: [stripSearchParams(COLLECTOR_RUN_DEFAULTS)] },
  loaderDeps: ({ search }) => toCollectorRunQuery(search),
  loader: ({ context, deps }) => ensureQueryData(context.queryClient, collectorRunSearchQuery(deps)),
  head: () => ({ meta: [{ title: 'Collector run search – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: CollectorRunSearchRoute,
});

function CollectorRunSearchRoute() {
  const search = Route.useSearch();
  return <CollectorRunSearchPage query={toCollectorRunQuery(search)} advanced={search.advanced === true} />;
}
