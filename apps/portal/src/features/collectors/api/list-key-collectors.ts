import { listKeyCollectorsOptions } from '@assessment/sdk/query';
import { queryOptions } from '@tanstack/react-query';

/** GET /api/keycollectors: the RSA-key collectors the viewer manages (own, team's for a team admin). */
export const keyCollectorsQuery = () => queryOptions({ ...listKeyCollectorsOptions(), staleTime: 0 });
