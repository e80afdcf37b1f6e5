import type { GetModalHtmlData, ModalName } from '@assessment/sdk';
import { getModalHtmlOptions } from '@assessment/sdk/query';

/** The query string a server modal may carry: modalsize, modal-clear and the modal-specific values (projectId...). */
export type ModalQuery = NonNullable<GetModalHtmlData['query']>;

/**
 * GET /modal/{name} (optionally with a query string, each value its own declared query parameter): the
 * server-rendered modal body, HTML that is sanitized on display. The name is the contract's ModalName (the SDK
 * validates the request against it before sending).
 */
export const modalQuery = (name: ModalName, query?: ModalQuery) => ({
  ...getModalHtmlOptions({ path: { name }, ...(query ? { query } : {}) }),
  staleTime: 0,
  gcTime: 0,
});
