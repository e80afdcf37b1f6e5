import { createFileRoute, notFound } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { useViewer } from '@/features/auth';
import { PagePending, RouteError } from '@/features/errors';
import { countriesQuery, isRegistrationType, languagesQuery, RegisterPage } from '@/features/registration';
import { ensureQueryData } from '@/lib/query/ensure';

/** /register/{user-register | partner-register | dpack-capture}: the registration forms (outside the signed-in layout). */
export const Route = createFileRoute('/register/$type')({
  validateSearch: z.object({
    email: z.optional(z.catch(z.string().check(z.trim()), '')),
    companyId: z.optional(z.catch(z.coerce.number(), 0)),
    CaptureRequestToken: z.optional(z.catch(z.string(), '')),
  }),
  loader: async ({ context, params }) => {
    // eslint-disable-next-line @typescript-eslint/only-throw-error -- the router's not-found signal
    if (!isRegistrationType(params.type)) throw notFound();
    await Promise.all([
      ensureQueryData(context.queryClient, countriesQuery()),
      ensureQueryData(context.queryClient, languagesQuery()),
    ]);
  },
  head: () => ({ meta: [{ title: 'Register – Assessment Portal' }] }),
  pendingComponent: PagePending,
  errorComponent: RouteError,
  component: RegisterRoute,
});

function RegisterRoute() {
  const { type } = Route.useParams();
  const search = Route.useSearch();
  const viewer = useViewer();
  if (!isRegistrationType(type)) return null;
  return (
    <RegisterPage
      key={`${type} ${search.email ?? ''} ${String(search.companyId ?? '')}`}
      type={type}
      email={search.email}
      companyId={search.companyId}
      captureRequestToken={search.CaptureRequestToken}
      isAdmin={viewer.user?.isAdmin === true}
    />
  );
}
