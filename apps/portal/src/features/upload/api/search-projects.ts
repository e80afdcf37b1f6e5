import { autocompleteOptions } from '@assessment/sdk/query';
import type { QueryClient } from '@tanstack/react-query';

/** GET /api/lookup/project?name=&isIokitUpload=true: the projects files can be uploaded into. */
export const uploadProjectLookupQuery = (name: string) =>
  autocompleteOptions({ path: { type: 'project' }, query: { name, isIokitUpload: true } });

/** A ComboBox source over the lookup (the ComboBox drops answers of older searches itself). */
export function uploadProjectSource(queryClient: QueryClient) {
  return async (text: string) => (await queryClient.query(uploadProjectLookupQuery(text))).items;
}
