import { getDashboardOptions } from '@assessment/sdk/query';

/** The landing page's recent projects and collector runs. */
export const dashboardQuery = () => getDashboardOptions();
