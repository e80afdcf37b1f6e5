import { listCountriesOptions } from '@assessment/sdk/query';

/** The countries a profile can choose from. */
export const countriesQuery = () => ({ ...listCountriesOptions(), staleTime: Infinity });
