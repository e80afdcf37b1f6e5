import { getModalHtmlOptions } from '@assessment/sdk/query';
import type { TermsModal } from '@/lib/modals/modal-registry';

/** GET /modal/EULANeeded or /modal/PartnerTCNeeded: the terms text (server HTML, sanitized on display). */
export const termsModalQuery = (kind: TermsModal) => ({
  ...getModalHtmlOptions({ path: { name: kind } }),
  staleTime: 0,
});
