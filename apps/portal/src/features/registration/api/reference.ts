import { listCountriesOptions, listLanguagesOptions } from '@assessment/sdk/query';

/** GET /api/countries and the languages: the options of stage two. */
export const countriesQuery = () => listCountriesOptions();
export const languagesQuery = () => listLanguagesOptions();
