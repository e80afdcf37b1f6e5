import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SelectCompanyPage, contactCheckQuery } from '@/features/companies';
import { PagePending, RouteError } from '@/features/errors';
import { ensureQueryData } from '@/lib/query/ensure';

export const Route = createFileRoute('/selectcompany')({
  validateSearch: z.object({ email: z._default(z.catch(z.string().check(z.trim()), ''), '') }),
  loaderDeps: ({ search }) => ({ email: search.email }),
  loader: ({ context, deps }) =>
    deps.email === '' ? undefined : ensureQueryData(context.queryClient, contactCheckQuery(deps.email)),
  head: () => ({ meta: [{ title: 'Select company – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: SelectCompanyRoute,
});

function SelectCompanyRoute() {
  const { email } = Route.useSearch();
  return <SelectCompanyPage email={email} />;
}
