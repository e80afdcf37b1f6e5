import { insertCollectorMutation } from '@assessment/sdk/query';
import { useMutation } from '@tanstack/react-query';

/**
 * POST /collector/insert?collectortemplateid=: starts building a collector (Data.Id). Its failure is shown by the
 * download dialog (collectorDownloadError), not the generic error modal.
 */
export const useInsertCollector = () =>
  useMutation({ ...insertCollectorMutation(), meta: { silentError: true } });
