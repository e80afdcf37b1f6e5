import { zModalName } from '@assessment/sdk';
import { getModalHtmlOptions } from '@assessment/sdk/query';
import type { ModalName } from '@/lib/modals/modal-registry';

/**
 * GET /modal/{name} (optionally with a query string): the server-rendered modal body, HTML that is sanitized on
 * display. The name is checked against the contract's ModalName list before anything is sent.
 */
export const modalQuery = (name: ModalName, query?: Record<string, string>) => ({
  ...getModalHtmlOptions({ path: { name: zModalName.parse(name) }, ...(query ? { query: { query } } : {}) }),
  staleTime: 0,
  gcTime: 0,
});
