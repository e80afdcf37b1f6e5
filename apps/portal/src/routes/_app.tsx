import { Outlet, createFileRoute, redirect } from '@tanstack/react-router';
import { SessionGuard, useViewer } from '@/features/auth';
import { AppLayout } from '@/features/layout';
import { ModalHosts } from '@/features/modals';
import { VpnCheck } from '@/features/vpn';

/** Every page behind sign-in: guarded, timed (session), laid out with the side navigation. */
export const Route = createFileRoute('/_app')({
  beforeLoad: ({ context, location }) => {
    if (context.viewer.isPublic) {
      redirect({ to: '/auth/login', search: { ReturnUrl: location.href }, replace: true, throw: true });
    }
    return { user: context.viewer.user };
  },
  component: AppRoute,
});

function AppRoute() {
  const viewer = useViewer();
  // Terms still to accept: the terms modal over an empty page. Nothing of the account's data (its pages, the
  // header's account menu) renders behind it; the pages come once the terms are accepted.
  if (viewer.pendingTerms) {
    return (
      <>
        <SessionGuard />
        <main id="main" className="terms-pending" />
        <ModalHosts />
      </>
    );
  }
  return (
    <AppLayout>
      <SessionGuard />
      <VpnCheck />
      <Outlet />
      <ModalHosts />
    </AppLayout>
  );
}
