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

export type ActionModal = Exclude<(typeof ACTION_MODALS)[number], 'ProjectReassign{provider}'> | `ProjectReassign${string}`;
export type ModalName = ActionModal | PageLoadModal;

/** The concrete name of ProjectReassign{provider}. */
export function projectReassignModal(provider: string = REASSIGN_PROVIDER): `ProjectReassign${string}` {
  return `ProjectReassign${provider}`;
}

/** Every concrete modal name this deployment loads. */
export function concreteModalNames(provider: string = REASSIGN_PROVIDER): ModalName[] {
  return [
    ...ACTION_MODALS.map((name) => (name === 'ProjectReassign{provider}' ? projectReassignModal(provider) : name)),
    ...PAGE_LOAD_MODALS,
  ];
}

export function isPageLoadModal(value: unknown): value is PageLoadModal {
  return typeof value === 'string' && (PAGE_LOAD_MODALS as readonly string[]).includes(value);
}

export function isTermsModal(value: unknown): value is TermsModal {
  return typeof value === 'string' && (TERMS_MODALS as readonly string[]).includes(value);
}

/** The path a modal is loaded from: /modal/{name}, optionally with a query string. */
export function modalPath(name: ModalName, query?: Record<string, string | number | boolean> | string): string {
  const base = `/modal/${encodeURIComponent(name)}`;
  if (query === undefined) return base;
  const search =
    typeof query === 'string'
      ? query.replace(/^\?/, '')
      : new URLSearchParams(Object.entries(query).map(([key, value]) => [key, String(value)])).toString();
  return search ? `${base}?${search}` : base;
}

/** The modal query parameters of a page URL. */
export interface ModalSearch {
  modal?: PageLoadModal | undefined;
  /** Mapped to a dialog width by the UI kit's dialogSizeFromParam. */
  modalsize?: string | undefined;
  'modal-clear'?: boolean | undefined;
}

/** The search params with the modal parameters removed (what `modal-clear` leaves in the URL). */
export function withoutModalParams<T extends Record<string, unknown>>(search: T): Omit<T, keyof ModalSearch> {
  const rest: Record<string, unknown> = { ...search };
  delete rest.modal;
  delete rest.modalsize;
  delete rest['modal-clear'];
  return rest as Omit<T, keyof ModalSearch>;
}

/** The current page's path and query without the modal parameters (`modal-clear`, and after closing). */
export function urlWithoutModalParams(location: Pick<Location, 'pathname' | 'search' | 'hash'> = window.location): string {
  const params = new URLSearchParams(location.search);
  params.delete('modal');
  params.delete('modalsize');
  params.delete('modal-clear');
  const search = params.toString();
  return `${location.pathname}${search ? `?${search}` : ''}${location.hash}`;
}
