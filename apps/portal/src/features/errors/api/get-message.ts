import { getMessageOptions } from '@assessment/sdk/query';

/** GET /api/message/{key}: the server's title, message and actions for a message key (spec part 8). */
export const messageQuery = (key: string) => ({
  ...getMessageOptions({ path: { key } }),
  staleTime: Infinity,
});
