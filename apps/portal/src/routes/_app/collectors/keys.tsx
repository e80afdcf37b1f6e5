import { createFileRoute } from '@tanstack/react-router';
import { KeyCollectorsPage, keyCollectorsQuery } from '@/features/collectors';
import { PagePending, RouteError } from '@/features/errors';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/_app/collectors/keys')({
  loader: ({ context }) => ensureQueryData(context.queryClient, keyCollectorsQuery()),
  head: () => ({ meta: [{ title: 'RSA-key collectors – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: KeyCollectorsPage,
});
