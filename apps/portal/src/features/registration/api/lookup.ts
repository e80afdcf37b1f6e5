import type { RegistrationType } from '@assessment/sdk';
import { captureCheckQuery } from './check-capture';
import { contactCheckQuery } from './check-contact';

/** The stage-one lookup of a registration form: the capture check for dpack-capture, else the contact check. */
export const registrationLookupQuery = (type: RegistrationType, email: string) =>
  type === 'dpack-capture' ? captureCheckQuery(email) : contactCheckQuery(email, type === 'partner-register');
