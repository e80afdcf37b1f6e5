import { getResourceStringOptions } from '@assessment/sdk/query';

/** GET /api/message/GetResourceString/{key}: one localized resource string (spec part 7). */
export const resourceStringQuery = (key: string) => ({
  ...getResourceStringOptions({ path: { key } }),
  staleTime: Infinity,
});
