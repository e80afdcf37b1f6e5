/**
 * The server-rendered modals of spec part 2. The named modals are opened by actions and loaded from
 * /modal/{name} (optionally with a query string); three of them can also be opened on page load through the
 * `modal` query parameter, with `modalsize` and `modal-clear` as companions.
 */
export const ACTION_MODALS = [
  'addtoproject',
  'addcollector',
  'archivecollectorrun',
  'shareproject',
  'publishproject',
  'ProjectReassign{provider}',
  'Language',
  'Country',
  'DisableUser',
  'DownloadLink',
  'CreatePSSRequest',
  'ErrorSuccessModal',
  'ReportsModal',
] as const;

/** Values of the `modal` query parameter that open a modal on page load. */
export const PAGE_LOAD_MODALS = ['EULANeeded', 'PartnerTCNeeded', 'CollectorInfo'] as const;
export type PageLoadModal = (typeof PAGE_LOAD_MODALS)[number];

/** The terms modals among them: accept or decline, and closing by an outside click declines. */
export const TERMS_MODALS = ['EULANeeded', 'PartnerTCNeeded'] as const satisfies readonly PageLoadModal[];
export type TermsModal = (typeof TERMS_MODALS)[number];

/** The provider of ProjectReassign{provider} in this deployment (the contract spells ProjectReassignDell). */
export const REASSIGN_PROVIDER = 'Dell';

/** The message key shown when a modal does not load with 200 (spec part 8). */
export const MODAL_NOT_ALLOWED_KEY = 'operationnotallowed';

export type ActionModal =
  Exclude<(typeof ACTION_MODALS)[number], 'ProjectReassign{provider}'> | `ProjectReassign${string}`;
export type ModalName = ActionModal | PageLoadModal;

/** The concrete name of ProjectReassign{provider}. */
export function projectReassignModal(provider: string = REASSIGN_PROVIDER): `ProjectReassign${string}` {
  return `ProjectReassign${provider}`;
}

/** Every concrete modal name this deployment loads. */
export function concreteModalNames(provider: string = REASSIGN_PROVIDER): ModalName[] {
  return [
    ...ACTION_MODALS.map((name) =>
      name === 'ProjectReassign{provider}' ? projectReassignModal(provider) : name,
    ),
    ...PAGE_LOAD_MODALS,
  ];
}

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
