import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SelectCompanyPage, registrationLookupQuery } from '@/features/registration';
import { PagePending, RouteError } from '@/features/errors';
import { ensureQueryData } from '@/lib/query/ensure';
import { isValidEmail } from '@/lib/validation/email';

export const Route = createFileRoute('/selectcompany')({
  validateSearch: z.object({
    email: z._default(z.catch(z.string().check(z.trim()), ''), ''),
    type: z._default(
      z.catch(z.enum(['user-register', 'partner-register', 'dpack-capture']), 'user-register'),
      'user-register',
    ),
  }),
  loaderDeps: ({ search }) => ({ email: search.email, type: search.type }),
  loader: ({ context, deps }) =>
    isValidEmail(deps.email)
      ? ensureQueryData(context.queryClient, registrationLookupQuery(deps.type, deps.email))
      : undefined,
  head: () => ({ meta: [{ title: 'Select company – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: SelectCompanyRoute,
});

function SelectCompanyRoute() {
  const { email, type } = Route.useSearch();
  return <SelectCompanyPage email={email} type={type} />;
}
