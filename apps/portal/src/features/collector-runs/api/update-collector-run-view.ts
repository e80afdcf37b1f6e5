import { updateCollectorRunViewOptions } from '@assessment/sdk/query';

/** GET /CollectorRuns/UpdateCollectorRun/{id}: the server's view of one run (an HTML fragment). */
export const updateCollectorRunViewQuery = (id: number) => updateCollectorRunViewOptions({ path: { id } });
