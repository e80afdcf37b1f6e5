// One hook per project operation of spec part 7, each over the SDK's generated mutation. Failures go to the
// error catalogue (the QueryClient's MutationCache); successes invalidate every project query.
import {
  addCollectorRunToProjectMutation,
  createProjectByNameMutation,
  createProjectMutation,
  deleteProjectMutation,
  publishProjectMutation,
  reassignProjectOwnerMutation,
  removeCollectorRunAndDeleteProjectMutation,
  removeCollectorRunFromProjectMutation,
  renameObjectMutation,
  retryProjectMutation,
  shareProjectMutation,
  startProjectArchiveRestoreMutation,
} from '@assessment/sdk/query';
import { useMutation, useQueryClient, type UseMutationOptions } from '@tanstack/react-query';
import { invalidateProjectQueries } from './invalidate';

function useProjectMutation<TData, TError, TVariables>(
  options: UseMutationOptions<TData, TError, TVariables>,
  /** For a deletion: the id of the deleted project, whose own queries are not refetched. */
  deletedProject?: (variables: TVariables) => number,
) {
  const queryClient = useQueryClient();
  return useMutation({
    ...options,
    onSuccess: (_data, variables) => invalidateProjectQueries(queryClient, deletedProject?.(variables)),
  });
}

/** POST /api/projects?name=&CollectorRunIdToAddToProject= (a new project with a first collector run). */
export const useCreateProjectWithRun = () => useProjectMutation(createProjectMutation());
/** POST /api/projects/?name= (an empty project). */
export const useCreateProjectByName = () => useProjectMutation(createProjectByNameMutation());
/** POST /{type}/update/{id}?name= with type project. */
export const useRenameProject = () => useProjectMutation(renameObjectMutation());
/** DELETE /api/projects/{id}. */
export const useDeleteProject = () =>
  useProjectMutation(deleteProjectMutation(), (variables) => variables.path.id);
/** POST /api/project/{id}/retry. */
export const useRetryProject = () => useProjectMutation(retryProjectMutation());
/** POST /api/projects/addcollectorrun/{projectId}/{collectorRunId}. */
export const useAddCollectorRun = () => useProjectMutation(addCollectorRunToProjectMutation());
/** POST /api/projects/removecollectorrun/{projectId}/{collectorRunId}. */
export const useRemoveCollectorRun = () => useProjectMutation(removeCollectorRunFromProjectMutation());
/** DELETE /api/projects/removecollectorunanddeleteproject/{projectId}/{collectorRunId}. */
export const useRemoveLastRunAndDelete = () =>
  useProjectMutation(removeCollectorRunAndDeleteProjectMutation(), (variables) => variables.path.projectId);
/** POST /api/project/{archive or restore}/{id}. */
export const useStartArchiveRestore = () => useProjectMutation(startProjectArchiveRestoreMutation());
/** POST /api/projects/{id}/publish?publish=true or false. */
export const usePublishProject = () => useProjectMutation(publishProjectMutation());
/** POST /api/projects/share. */
export const useShareProject = () => useProjectMutation(shareProjectMutation());
/** POST api/projectverifyowner/dellreassignownership/{projectId}/{newOwnerId}. */
export const useReassignProjectOwner = () =>
  // Its failure is the spec's fixed text in the dialog itself, not the error modal.
  useProjectMutation({ ...reassignProjectOwnerMutation(), meta: { silentError: true } });
