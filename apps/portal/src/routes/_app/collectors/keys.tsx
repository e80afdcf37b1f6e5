import { createFileRoute } from '@tanstack/react-router';
import { KeyCollectorsPage } from '@/features/collectors';

// Only the path and the lazily loaded page are in the route tree every first page loads (the sign-in page has well
// under 1 KB to spare): the page's one query suspends in its component (useSuspenseQuery; the router's default
// PagePending meanwhile, its default RouteError on failure) and the page renders its own <title>.
export const Route = createFileRoute('/_app/collectors/keys')({
  component: KeyCollectorsPage,
});
