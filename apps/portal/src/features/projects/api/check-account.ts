import { checkContactEmailOptions } from '@assessment/sdk/query';

/** GET /api/contact/check?email=: the reassign dialog's email check (ExistingAccountId, CurrentRole). */
export const accountCheckQuery = (email: string) => checkContactEmailOptions({ query: { email } });
