import { createFileRoute } from '@tanstack/react-router';
import { CaptureCollectorRoute } from '@/features/collectors';

/**
 * /dpackcapture?CaptureRequestToken=…: the capture link of a dpack-capture registration, outside the
 * signed-in layout (the capture requester has no account yet) and without session timing. The page reads its
 * token itself (the document keeps the portal's own title), and pending/error are the router's defaults: nothing of it in the route tree
 * (which every first page loads) beyond the path.
 */
export const Route = createFileRoute('/dpackcapture')({
  component: CaptureCollectorRoute,
});
