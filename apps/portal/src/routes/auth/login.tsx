import { createFileRoute, redirect } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { LoginPage } from '@/features/auth';
import { safeReturnUrl } from '@/lib/navigation/return-url';
import { optionalText } from '@/lib/search/search-schemas';

const loginSearch = z.object({
  ReturnUrl: optionalText,
  logout: z.catch(z.optional(z.enum(['inactive', 'accountdeletion'])), undefined),
  getmessage: optionalText,
});

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
