import { getProjectByCollectorRunOptions } from '@assessment/sdk/query';

/** GET /api/projectbycollectorrun/{id}: the project a run belongs to. */
export const projectByCollectorRunQuery = (id: number) => getProjectByCollectorRunOptions({ path: { id } });
