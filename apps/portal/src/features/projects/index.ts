export { projectQuery } from './api/get-project';
export { projectViewerQuery } from './api/get-project-viewer';
export { projectListQuery, type ProjectListQuery } from './api/list-projects';
export { ProjectDetailsPage } from './components/ProjectDetailsPage';
export { ProjectEditPage } from './components/ProjectEditPage';
export { CreateProjectButton } from './components/CreateProjectButton';
export {
  ARCHIVE_STATUS_POLL_MS,
  archiveStatusRefetchInterval,
  isArchiveRestoreBusy,
  projectStatusLabel,
} from './project-status';
export { invalidateProjectQueries } from './api/invalidate';
export { ProjectSearchPage } from './components/ProjectSearchPage';
export { ProjectsPage } from './components/ProjectsPage';
export { ProjectsTable } from './components/ProjectsTable';
export { RecentProjectsTable } from './components/RecentProjectsTable';
export { ProjectViewerPage } from './components/ProjectViewerPage';
export { CollectorRunsOfProject } from './components/CollectorRunsOfProject';
export {
  PROJECT_LIST_DEFAULTS,
  projectListSearch,
  toProjectListQuery,
  type ProjectListSearch,
} from './search';
export { ProjectNameField, type ProjectNameFieldProps } from './components/ProjectNameField';
export { ProjectPicker } from './components/ProjectPicker';
export { useProjectNameRules } from './hooks/use-project-name-rules';
export { PrimaryRepEmailField } from './components/PrimaryRepEmailField';
export { lookupSource } from './api/lookup';
