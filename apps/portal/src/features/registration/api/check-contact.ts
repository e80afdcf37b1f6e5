import { checkContactEmailOptions } from '@assessment/sdk/query';

/** GET /api/contact/check?email= (p=true from the partner-register form): the user/partner stage-one lookup. */
export const contactCheckQuery = (email: string, partner: boolean) =>
  checkContactEmailOptions({ query: partner ? { email, p: true } : { email } });
