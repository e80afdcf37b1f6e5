import { getUploadSettingsOptions } from '@assessment/sdk/query';

/**
 * The upload settings (server): the upload stepper's limits and the project-name pattern every project-name field
 * uses. Shared by the upload and projects features, so it belongs to neither.
 */
export const uploadSettingsQuery = () => ({ ...getUploadSettingsOptions(), staleTime: Infinity });
