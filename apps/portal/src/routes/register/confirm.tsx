import { createFileRoute } from '@tanstack/react-router';
import * as z from 'zod/mini';
import { ConfirmRoute } from '@/features/registration';

/**
 * /register/confirm?token=…: the link of a registration's confirmation mail (issue #32). The search is the token
 * only, in the contract's shape (43 base64url characters); anything else arrives as no token, which the page treats
 * as an unknown link. A static segment, so it wins over /register/$type.
 */
export const Route = createFileRoute('/register/confirm')({
  validateSearch: z.object({
    token: z.catch(z.optional(z.string().check(z.regex(/^[A-Za-z0-9_-]{43}$/))), undefined),
  }),
  component: ConfirmRoute,
});
