import { verifyWizardEmployeesMutation } from '@assessment/sdk/query';
import { useTeamMutation } from './invalidate';

/** POST /Wizard/VerifyEmployees (form data: TeamId, UserIds) from the members wizard. */
export const useVerifyWizardEmployees = () => useTeamMutation(verifyWizardEmployeesMutation());
