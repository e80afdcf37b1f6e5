import { createFileRoute } from '@tanstack/react-router';
import { PagePending, RouteError } from '@/features/errors';
import { PartnerTermsPage } from '@/features/terms';

/** /account/PartnerTCNeeded?modal=PartnerTCNeeded: the page behind the partner terms modal (ModalHosts opens it). */
export const Route = createFileRoute('/_app/account/PartnerTCNeeded')({
  head: () => ({ meta: [{ title: 'Partner terms – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: PartnerTermsPage,
});
