import { checkContactEmailOptions } from '@assessment/sdk/query';

/** GET /api/contact/check?email=: the contact lookup, including the companies that share the email's domain. */
export const contactCheckQuery = (email: string) => checkContactEmailOptions({ query: { email } });
