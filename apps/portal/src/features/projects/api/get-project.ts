import { getProjectOptions } from '@assessment/sdk/query';

/** The project of the details and edit pages. */
export const projectQuery = (id: number) => getProjectOptions({ path: { id } });
