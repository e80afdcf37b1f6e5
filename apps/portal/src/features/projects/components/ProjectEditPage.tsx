import type { CollectorRun } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useSuspenseQuery } from '@tanstack/react-query';
import { Link, useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { projectQuery } from '../api/get-project';
import { useDeleteProject } from '../api/delete-project';
import { useRemoveCollectorRun } from '../api/remove-collector-run';
import { useRemoveLastRunAndDelete } from '../api/remove-last-run-and-delete';
import { useServerMessage } from '@/features/errors';
import { CollectorRunsOfProject } from './CollectorRunsOfProject';
import { RenameProjectForm } from './RenameProjectForm';
import { lazyDialog } from '@/components/lazy-dialog';
import { WorkingButton } from '@/components/WorkingButton';

const AddCollectorRunDialog = lazyDialog(() =>
  import('./AddCollectorRunDialog').then((module) => module.AddCollectorRunDialog),
);

/** /project/edit/{id}: rename, add and remove collector runs, delete the project. */
export function ProjectEditPage({ id }: { id: number }) {
  const { _: t } = useLingui();
  const navigate = useNavigate();
  const { data: project } = useSuspenseQuery(projectQuery(id));
  const { messageElement, showMessage, confirm } = useServerMessage();
  const [adding, setAdding] = useState(false);
  const removeRun = useRemoveCollectorRun();
  const removeLast = useRemoveLastRunAndDelete();
  const remove = useDeleteProject();
  const toProjects = () => {
    void navigate({ to: '/projects' });
  };

  const onRemove = (run: CollectorRun) => {
    const path = { projectId: project.Id, collectorRunId: run.Id };
    if (project.CollectorRuns.length > 1) {
      confirm('remove_cr', () => {
        removeRun.mutate(
          { path },
          {
            onSuccess: (answer) => {
              showMessage(answer.ResourceKey ?? 'projectupdated');
            },
          },
        );
      });
    } else {
      // The last run: removing it deletes the project, and the message says so.
      confirm('project_removecollectorrun', () => {
        removeLast.mutate({ path }, { onSuccess: toProjects });
      });
    }
  };

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('project.editTitle')}: {project.Name}
      </h1>
      <p>
        <Link to="/project/details/$id" params={{ id: project.Id }}>
          {t('project.detailsTitle')}
        </Link>
      </p>
      <h2>{t('projects.rename.title')}</h2>
      <RenameProjectForm
        key={project.Name}
        projectId={project.Id}
        currentName={project.Name}
        showMessage={showMessage}
      />
      <h2>{t('project.collectorRuns')}</h2>
      <div className="toolbar">
        <Button
          onPress={() => {
            setAdding(true);
          }}
        >
          {t('projects.addRun.open')}
        </Button>
      </div>
      <CollectorRunsOfProject runs={project.CollectorRuns} onRemove={onRemove} />
      <h2>{t('projects.dangerZone')}</h2>
      <WorkingButton
        variant="danger"
        working={remove.isPending}
        onPress={() => {
          confirm('project_delete', () => {
            remove.mutate({ path: { id: project.Id } }, { onSuccess: toProjects });
          });
        }}
      >
        {t('projects.delete')}
      </WorkingButton>
      {adding && (
        <AddCollectorRunDialog
          projectId={project.Id}
          showMessage={showMessage}
          onClose={() => {
            setAdding(false);
          }}
        />
      )}
      {messageElement}
    </section>
  );
}
