import { getUploadSettingsOptions } from '@assessment/sdk/query';

/** The upload stepper's limits and patterns (server settings). */
export const uploadSettingsQuery = () => ({ ...getUploadSettingsOptions(), staleTime: Infinity });
