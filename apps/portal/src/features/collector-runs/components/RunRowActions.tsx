import type { CollectorRun } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useNavigate } from '@tanstack/react-router';
import { useState } from 'react';
import { WorkingButton } from '@/components/WorkingButton';
import { reportError } from '@/lib/errors/error-bus';
import { useArchiveCollectorRun } from '../api/archive-collector-run';
import { projectByCollectorRunQuery } from '../api/get-project-by-collector-run';
import { invalidateRunQueries } from '../api/invalidate';
import { refreshCollectorRunQuery } from '../api/refresh-collector-run-of-project';
import { useRestoreCollectorRun } from '../api/restore-collector-run';
import { useStopCollectorRun } from '../api/stop-collector-run';
import { runActionsFor } from '@/lib/runs/run-status';

export interface RunRowActionsProps {
  run: CollectorRun;
  /** Shows a server message (success keys) or a confirmation whose text says what will happen. */
  showMessage: (key: string) => void;
  confirm: (key: string, onConfirm: () => void) => void;
  /** Opens the server's view of the run. */
  onOpenView: (run: CollectorRun) => void;
  /**
   * Says a run was archived (the spec has no message key for it; the row leaves the list, so the page must say
   * what happened, as Stop and Restore do).
   */
  onArchived: (run: CollectorRun) => void;
}

/**
 * A run's actions (spec parts 2, 4 and 7): refresh, stop (confirmStop; collectorRunStopped then a refresh; a 409
 * shows its error), archive via delete (confirmArchiveCR), restore (collectorRestored), open its project
 * (projectbycollectorrun) and its view. Failures go to the error catalogue.
 */
export function RunRowActions({ run, showMessage, confirm, onOpenView, onArchived }: RunRowActionsProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const navigate = useNavigate();
  const stop = useStopCollectorRun();
  const archive = useArchiveCollectorRun();
  const restore = useRestoreCollectorRun();
  const [refreshing, setRefreshing] = useState(false);
  const [openingProject, setOpeningProject] = useState(false);
  const allowed = runActionsFor(run);
  const path = { path: { id: run.Id } };

  const refresh = async () => {
    setRefreshing(true);
    try {
      // The run of a project is read afresh on the server first; every list then shows its new state in place.
      if (run.ProjectId !== null)
        await queryClient.query({ ...refreshCollectorRunQuery(run.Id, run.ProjectId), staleTime: 0 });
      await invalidateRunQueries(queryClient);
    } catch (error) {
      reportError(error);
    } finally {
      setRefreshing(false);
    }
  };

  const openProject = async () => {
    setOpeningProject(true);
    try {
      const found = await queryClient.query(projectByCollectorRunQuery(run.Id));
      await navigate({ to: '/project/details/$id', params: { id: found.Data.Id } });
    } catch (error) {
      reportError(error);
    } finally {
      setOpeningProject(false);
    }
  };

  return (
    <span className="run-row-actions">
      <WorkingButton
        variant="link"
        working={refreshing}
        aria-label={t('runSearch.row.refreshOf', { name: run.Name })}
        onPress={() => void refresh()}
      >
        {t('runSearch.row.refresh')}
      </WorkingButton>
      {allowed.stop && (
        <WorkingButton
          variant="link"
          working={stop.isPending}
          aria-label={t('runSearch.row.stopOf', { name: run.Name })}
          onPress={() => {
            confirm('confirmStop', () => {
              stop.mutate(path, {
                onSuccess: (answer) => {
                  showMessage(answer.ResourceKey ?? 'collectorRunStopped');
                },
              });
            });
          }}
        >
          {t('runSearch.row.stop')}
        </WorkingButton>
      )}
      {allowed.archive && (
        <WorkingButton
          variant="link"
          working={archive.isPending}
          aria-label={t('runSearch.row.archiveOf', { name: run.Name })}
          onPress={() => {
            confirm('confirmArchiveCR', () => {
              archive.mutate(path, {
                onSuccess: () => {
                  onArchived(run);
                },
              });
            });
          }}
        >
          {t('runSearch.row.archive')}
        </WorkingButton>
      )}
      {allowed.restore && (
        <WorkingButton
          variant="link"
          working={restore.isPending}
          aria-label={t('runSearch.row.restoreOf', { name: run.Name })}
          onPress={() => {
            restore.mutate(path, {
              onSuccess: (answer) => {
                showMessage(answer.ResourceKey ?? 'collectorRestored');
              },
            });
          }}
        >
          {t('runSearch.row.restore')}
        </WorkingButton>
      )}
      {/* Only a project the viewer may open (ProjectName is null for another account's project). */}
      {run.ProjectName !== null && (
        <WorkingButton
          variant="link"
          working={openingProject}
          aria-label={t('runSearch.row.projectOf', { name: run.Name })}
          onPress={() => void openProject()}
        >
          {t('runSearch.row.project')}
        </WorkingButton>
      )}
      <Button
        variant="link"
        aria-label={t('runSearch.row.viewOf', { name: run.Name })}
        onPress={() => {
          onOpenView(run);
        }}
      >
        {t('runSearch.row.view')}
      </Button>
    </span>
  );
}
