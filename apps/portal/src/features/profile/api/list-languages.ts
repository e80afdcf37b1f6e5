import { listLanguagesOptions } from '@assessment/sdk/query';

/** The languages (cultures with native names) a profile can choose from. */
export const languagesQuery = () => ({ ...listLanguagesOptions(), staleTime: Infinity });
