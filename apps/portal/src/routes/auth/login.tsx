import { createFileRoute, redirect } from '@tanstack/react-router';
import { LoginPage, loginSearch } from '@/features/auth';
import { safeReturnUrl } from '@/lib/navigation/return-url';

export const Route = createFileRoute('/auth/login')({
  validateSearch: loginSearch,
  beforeLoad: ({ context, search }) => {
    // A signed-in viewer has nothing to do here: go where they were heading (same-origin paths only).
    if (!context.viewer.isPublic && search.logout === undefined) {
      redirect({ href: safeReturnUrl(search.ReturnUrl), replace: true, throw: true });
    }
  },
  head: () => ({ meta: [{ title: 'Sign in – Assessment Portal' }] }),
  component: LoginRoute,
});

function LoginRoute() {
  const search = Route.useSearch();
  return <LoginPage returnUrl={search.ReturnUrl} logout={search.logout} getmessage={search.getmessage} />;
}
