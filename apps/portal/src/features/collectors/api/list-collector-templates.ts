import { listCollectorTemplatesOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/collectors/templates: the choices of the collector download dialog (they rarely change). */
export const collectorTemplatesQuery = () =>
  queryOptions({ ...listCollectorTemplatesOptions(), staleTime: 5 * 60_000 });
