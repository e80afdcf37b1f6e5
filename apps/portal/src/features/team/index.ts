export { teamQuery } from './api/get-team';
export { MembersTable, sortMembers } from './components/MembersTable';
export { MembersWizardPage } from './components/MembersWizardPage';
export { TeamPage } from './components/TeamPage';
export { teamCheckKey, teamCheckKeyOf, type TeamCheckKey } from './team-check';
