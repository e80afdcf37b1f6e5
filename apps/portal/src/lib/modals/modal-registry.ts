/**
 * The server-rendered modals of spec part 2. Every name loaded from /modal/{name} (optionally with a query string)
 * is the contract's ModalName (the SDK's `ModalName` type and `zModalName` schema); three of them can also be opened
 * on page load through the `modal` query parameter, with `modalsize` and `modal-clear` as companions.
 */
import { MessageKey, type ModalName } from '@assessment/sdk';

/** Values of the `modal` query parameter that open a modal on page load. */
export const PAGE_LOAD_MODALS = [
  'EULANeeded',
  'PartnerTCNeeded',
  'CollectorInfo',
] as const satisfies readonly ModalName[];
export type PageLoadModal = (typeof PAGE_LOAD_MODALS)[number];

/** The modals opened by actions (through openModal): every other name of the contract. */
export type ActionModal = Exclude<ModalName, PageLoadModal>;

/** The terms modals among them: accept or decline, and closing by an outside click declines. */
export const TERMS_MODALS = ['EULANeeded', 'PartnerTCNeeded'] as const satisfies readonly PageLoadModal[];
export type TermsModal = (typeof TERMS_MODALS)[number];

/** The message key shown when a modal does not load with 200 (spec part 8). */
export const MODAL_NOT_ALLOWED_KEY = MessageKey.OPERATIONNOTALLOWED;

export function isTermsModal(value: unknown): value is TermsModal {
  return typeof value === 'string' && (TERMS_MODALS as readonly string[]).includes(value);
}

/** The current page's path and query without the modal parameters (`modal-clear`, and after closing). */
export function urlWithoutModalParams(
  location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location,
): string {
  const params = new URLSearchParams(location.search);
  params.delete('modal');
  params.delete('modalsize');
  params.delete('modal-clear');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
