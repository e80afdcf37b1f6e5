import type { PageLoadModal } from './modal-registry';

/**
 * Page-load modals the portal renders itself instead of loading /modal/{name}: CollectorInfo is the collector
 * download dialog (choose a template, build, download). Kept apart from the registry, which the entry loads for
 * every page's search params: only the signed-in layout's modal host needs this.
 */
export const CLIENT_PAGE_MODALS = ['CollectorInfo'] as const satisfies readonly PageLoadModal[];
export type ClientPageModal = (typeof CLIENT_PAGE_MODALS)[number];

export function isClientPageModal(value: unknown): value is ClientPageModal {
  return typeof value === 'string' && (CLIENT_PAGE_MODALS as readonly string[]).includes(value);
}
