/** Where accepting terms leads (spec part 4): the partner terms page when the answer's Message says so. */
export const PARTNER_TERMS_URL = '/account/PartnerTCNeeded?modal=PartnerTCNeeded';
export const AFTER_TERMS_URL = '/dashboard';

export function termsAfterAccept(message: string | null | undefined): string {
  return message === 'PartnerTCNeeded' ? PARTNER_TERMS_URL : AFTER_TERMS_URL;
}
