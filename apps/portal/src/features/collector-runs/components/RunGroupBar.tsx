import type { GroupActionResult, GroupCollectorRunAction } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { WorkingButton } from '@/components/WorkingButton';
import { useGroupCollectorRunAction } from '../api/group-collector-run-action';
import type { RunGroupItem } from '../run-group';

// Dialog code (forms, the project type-ahead, DOMPurify) loads when a dialog opens, not with the page.
const GroupProjectDialog = lazyDialog(() => import('./GroupProjectDialog').then((m) => m.GroupProjectDialog));
const GroupResultDialog = lazyDialog(() =>
  import('@/components/GroupResultDialog').then((m) => m.GroupResultDialog),
);

const RESULT_TITLES = {
  success: 'runSearch.group.result.success',
  partialsuccess: 'runSearch.group.result.partialsuccess',
  failure: 'runSearch.group.result.failure',
} as const;

export interface RunGroupBarProps {
  group: readonly RunGroupItem[];
  onGroupChange: (group: readonly RunGroupItem[]) => void;
  showMessage: (key: string) => void;
  confirm: (key: string, onConfirm: () => void) => void;
}

type Open = 'existing' | 'new' | null;

/**
 * The group-actions bar of the collector run search (spec parts 2, 3, 4, 5 and 7): the runs kept in the group,
 * removing one or clearing all, and the group actions: archive (confirmArchiveCR), add to an existing project
 * (update_proj) or create a new project. No runs gives CRsRequired, no project or name emptyfield.
 */
export function RunGroupBar({ group, onGroupChange, showMessage, confirm }: RunGroupBarProps) {
  const { _: t } = useLingui();
  const action = useGroupCollectorRunAction();
  const [open, setOpen] = useState<Open>(null);
  const [result, setResult] = useState<GroupActionResult | null>(null);
  const [summary, setSummary] = useState('');
  const ids = group.map((item) => item.Id);

  const run = (body: Omit<GroupCollectorRunAction, 'collectorRunIds'>) => {
    action.mutate(
      { body: { ...body, collectorRunIds: ids } },
      {
        onSuccess: (answer) => {
          setOpen(null);
          // What was done, to how many runs, in words: the runs sent less the ones that failed.
          const count = ids.length - answer.Data.PartialErrorList.length;
          const isNew = body.actionType === 'create_proj' || body.isNewProject === true;
          setSummary(
            answer.Data.Status === 'failure' || count <= 0
              ? ''
              : body.actionType === 'archive'
                ? t('runSearch.group.result.archived', { count })
                : isNew
                  ? t('runSearch.group.result.addedToNewProject', { count })
                  : t('runSearch.group.result.addedToProject', { count }),
          );
          setResult(answer.Data);
          // Done with these runs: the group empties. Runs that failed stay, so the person can retry them.
          if (answer.Data.Status === 'success') onGroupChange([]);
        },
      },
    );
  };
  /** Every action needs at least one run (CRsRequired). */
  const withRuns = (next: () => void) => () => {
    if (ids.length === 0) showMessage('CRsRequired');
    else next();
  };

  return (
    <section className="run-group" aria-labelledby="run-group-title">
      <div className="run-group__head">
        <h2 id="run-group-title">{t('runSearch.group.title')}</h2>
        <span className="run-group__count">{t('runSearch.group.count', { count: group.length })}</span>
      </div>
      {group.length > 0 && (
        <ul className="run-group__items" aria-label={t('runSearch.group.items')}>
          {group.map((item) => (
            <li key={item.Id}>
              <span className="run-group__name">{item.Name}</span>{' '}
              <span className="run-group__owner">{item.OwnerEmail}</span>{' '}
              <Button
                variant="link"
                aria-label={t('runSearch.group.removeOf', { name: item.Name })}
                onPress={() => {
                  onGroupChange(group.filter((other) => other.Id !== item.Id));
                }}
              >
                {t('runSearch.group.remove')}
              </Button>
            </li>
          ))}
        </ul>
      )}
      <div className="run-group__actions" role="toolbar" aria-label={t('runSearch.groupActions')}>
        <WorkingButton
          variant="secondary"
          working={action.isPending && action.variables.body.actionType === 'archive'}
          onPress={withRuns(() => {
            confirm('confirmArchiveCR', () => {
              run({ actionType: 'archive' });
            });
          })}
        >
          {t('runSearch.group.archive')}
        </WorkingButton>
        <Button
          variant="secondary"
          onPress={withRuns(() => {
            setOpen('existing');
          })}
        >
          {t('runSearch.group.addToProject')}
        </Button>
        <Button
          variant="secondary"
          onPress={withRuns(() => {
            setOpen('new');
          })}
        >
          {t('runSearch.group.newProject')}
        </Button>
        <Button
          variant="link"
          isDisabled={group.length === 0}
          onPress={() => {
            onGroupChange([]);
          }}
        >
          {t('runSearch.group.clear')}
        </Button>
      </div>
      {open !== null && (
        <GroupProjectDialog
          mode={open}
          runCount={group.length}
          working={action.isPending}
          showMessage={showMessage}
          onClose={() => {
            setOpen(null);
          }}
          onSubmit={run}
        />
      )}
      {result && (
        <GroupResultDialog
          result={result}
          titles={RESULT_TITLES}
          failedHeading="runSearch.group.result.failedRuns"
          summary={summary}
          onClose={() => {
            setResult(null);
          }}
        />
      )}
    </section>
  );
}
