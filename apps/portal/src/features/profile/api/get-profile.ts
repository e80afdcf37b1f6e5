import { getProfileOptions } from '@assessment/sdk/query';

/** The signed-in user's profile. */
export const profileQuery = () => getProfileOptions();
