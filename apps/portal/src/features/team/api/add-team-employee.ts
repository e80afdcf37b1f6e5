import { addTeamEmployeeMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** Add employee: the serialized form posted to the configured URL (the SDK's addTeamEmployee). */
export const useAddTeamEmployee = () => useTeamMutation(addTeamEmployeeMutation());
