import type { ModalName } from '@assessment/sdk';
import { getModalHtmlOptions } from '@assessment/sdk/query';

/**
 * GET /modal/{name} (optionally with a query string): the server-rendered modal body, HTML that is sanitized on
 * display. The name is the contract's ModalName (the SDK validates the request against it before sending).
 */
export const modalQuery = (name: ModalName, query?: Record<string, string>) => ({
  ...getModalHtmlOptions({ path: { name }, ...(query ? { query: { query } } : {}) }),
  staleTime: 0,
  gcTime: 0,
});
