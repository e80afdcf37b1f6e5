import type { AutocompleteType } from '@assessment/sdk';
import { autocompleteOptions } from '@assessment/sdk/query';
import type { QueryClient } from '@tanstack/react-query';

/** GET /api/lookup/{type}?name=: type-ahead suggestions (collector runs, primary reps). */
export const lookupQuery = (type: AutocompleteType, name: string) =>
  autocompleteOptions({ path: { type }, query: { name } });

/**
 * A ComboBox source over the lookup, cached per text. The ComboBox drops answers of older searches itself,
 * so a superseded request is simply ignored.
 */
export function lookupSource(queryClient: QueryClient, type: AutocompleteType) {
  return async (text: string) => (await queryClient.query(lookupQuery(type, text))).items;
}
