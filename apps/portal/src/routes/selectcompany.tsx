import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { SelectCompanyRoute } from '@/features/registration';
import { optionalText } from '@/lib/search/search-schemas';

/**
 * /selectcompany?email=&type=: the select-company modal (spec part 2). Like the register route, only the search
 * params and the lazy component are in the route tree (the sign-in page's first load carries it).
 */
export const Route = createFileRoute('/selectcompany')({
  validateSearch: z.object({ email: optionalText, type: optionalText }),
  component: SelectCompanyRoute,
});
