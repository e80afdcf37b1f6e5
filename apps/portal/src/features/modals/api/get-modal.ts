import { getModalOptions } from '@assessment/sdk/query';
import type { ModalName } from '@/lib/modals/modal-registry';

/** GET /modal/{name} (optionally with a query string): the server-rendered modal body (HTML, sanitized on display). */
export const modalQuery = (name: ModalName, query?: Record<string, string>) => ({
  ...getModalOptions({ path: { name }, ...(query ? { query } : {}) }),
  staleTime: 0,
  gcTime: 0,
});
