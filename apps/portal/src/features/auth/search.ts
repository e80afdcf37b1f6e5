import * as z from 'zod/mini';
import { optionalText } from '@/lib/search/search-schemas';

/** The banners of the sign-in page after a logout (spec part 2: `logout=inactive` or `logout=accountdeletion`). */
export const LOGOUT_BANNERS = ['inactive', 'accountdeletion'] as const;
export type LogoutBanner = (typeof LOGOUT_BANNERS)[number];

/** Search params of /auth/login: ReturnUrl, logout (a banner) and getmessage (a message key shown in a modal). */
export const loginSearch = z.object({
  ReturnUrl: optionalText,
  logout: z.catch(z.optional(z.enum(LOGOUT_BANNERS)), undefined),
  getmessage: optionalText,
});
