import { createFileRoute } from '@tanstack/react-router';
import { CaptureCollectorPage, captureLinkSearch } from '@/features/collectors';
import { PagePending, RouteError } from '@/features/errors';

/**
 * /dpackcapture/collector?CaptureRequestToken=…: the capture link of a dpack-capture registration, outside the
 * signed-in layout (the capture requester has no account yet) and without session timing.
 */
export const Route = createFileRoute('/dpackcapture/collector')({
  validateSearch: captureLinkSearch,
  head: () => ({ meta: [{ title: 'Download your collector – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: CaptureCollectorRoute,
});

function CaptureCollectorRoute() {
  const { CaptureRequestToken } = Route.useSearch();
  return <CaptureCollectorPage captureRequestToken={CaptureRequestToken?.trim() ?? ''} />;
}
