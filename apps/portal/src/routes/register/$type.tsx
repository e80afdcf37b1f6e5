import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { RegisterRoute } from '@/features/registration';
import { optionalInteger, optionalText } from '@/lib/search/search-schemas';

/**
 * /register/{user-register | partner-register | dpack-capture}: the registration forms, outside the signed-in
 * layout. Every route's definition ships with the sign-in page's first load, so this one keeps only its search
 * params (the shared building block) and its lazy component; pending, error and not-found are the router's
 * defaults, and the page loads its own data (countries, languages) and sets its title.
 */
export const Route = createFileRoute('/register/$type')({
  validateSearch: z.object({
    email: optionalText,
    companyId: optionalInteger,
    CaptureRequestToken: optionalText,
  }),
  component: RegisterRoute,
});
