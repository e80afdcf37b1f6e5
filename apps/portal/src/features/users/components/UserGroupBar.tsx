import type { AutocompleteItem, GroupAccountAction, GroupActionResult, User } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { WorkingButton } from '@/components/WorkingButton';
import { commonDomain, offeredActions, type AccountAction } from '../account-actions';
import { useGroupAccountAction } from '../api/group-account-action';

// Dialog code (forms, type-aheads, DOMPurify) loads when a dialog opens, not with the page.
const DisableUsersDialog = lazyDialog(() => import('./DisableUsersDialog').then((m) => m.DisableUsersDialog));
const ReassignRepDialog = lazyDialog(() => import('./ReassignRepDialog').then((m) => m.ReassignRepDialog));
const AddToTeamDialog = lazyDialog(() => import('./AddToTeamDialog').then((m) => m.AddToTeamDialog));
const RESULT_TITLES = {
  success: 'users.group.result.success',
  partialsuccess: 'users.group.result.partialsuccess',
  failure: 'users.group.result.failure',
} as const;

const AccountResultDialog = lazyDialog(() =>
  import('@/components/GroupResultDialog').then((m) => m.GroupResultDialog),
);

export interface UserGroupBarProps {
  selected: readonly User[];
  /** Called after an action went through (the selection is done with). */
  onDone: () => void;
  showMessage: (key: string) => void;
  confirm: (key: string, onConfirm: () => void) => void;
}

type Open = 'disable' | 'reassign' | { team: string } | null;

/**
 * The group actions of the user management list (spec parts 3, 5, 6, 7, 8) for user administrators: disable (with
 * a note of at most 500 characters), enable — each offered according to the selected users' statuses —, change
 * role, reassign primary rep (primaryRepId else validate_info, confirmed by useraccounts_confirm_reassign) and add to
 * team (all emails on one domain else addToTeamEmailsDontMatch; checkaddtoteam with the Domain, then addToTeam).
 */
export function UserGroupBar({ selected, onDone, showMessage, confirm }: UserGroupBarProps) {
  const { _: t } = useLingui();
  const action = useGroupAccountAction();
  const [open, setOpen] = useState<Open>(null);
  const [note, setNote] = useState('');
  const [rep, setRep] = useState<AutocompleteItem | null>(null);
  const [team, setTeam] = useState<AutocompleteItem | null>(null);
  const [result, setResult] = useState<GroupActionResult | null>(null);
  const ids = selected.map((user) => user.UserId);
  const offered = new Set(offeredActions(selected.map((user) => user.Status)));

  const run = (body: Omit<GroupAccountAction, 'accountIds'>, after?: () => void) => {
    action.mutate(
      { body: { ...body, accountIds: ids } },
      {
        onSuccess: (answer) => {
          setOpen(null);
          setResult(answer.Data);
          if (answer.Data.Status !== 'failure') {
            after?.();
            onDone();
          }
        },
      },
    );
  };
  const working = (type: AccountAction) => action.isPending && action.variables.body.actionType === type;

  const addToTeam = () => {
    const domain = commonDomain(selected.map((user) => user.Email));
    if (domain === null) {
      showMessage('addToTeamEmailsDontMatch');
      return;
    }
    action.mutate(
      { body: { actionType: 'checkaddtoteam', AccountIds: ids, Domain: domain } },
      {
        onSuccess: (answer) => {
          if (answer.Data.Status === 'success') setOpen({ team: domain });
          else setResult(answer.Data);
        },
      },
    );
  };

  return (
    <div className="group-actions" role="toolbar" aria-label={t('users.group.title')}>
      <span aria-live="polite">
        {selected.length > 0
          ? t('users.group.selected', { count: selected.length })
          : t('users.group.noneSelected')}
      </span>
      {offered.has('disable') && (
        <Button
          variant="secondary"
          onPress={() => {
            setOpen('disable');
          }}
        >
          {t('users.group.disable')}
        </Button>
      )}
      {offered.has('enable') && (
        <WorkingButton
          variant="secondary"
          working={working('enable')}
          onPress={() => {
            run({ actionType: 'enable' });
          }}
        >
          {t('users.group.enable')}
        </WorkingButton>
      )}
      {selected.length > 0 && !offered.has('enable') && !offered.has('disable') && (
        <span className="group-actions__hint">{t('users.group.mixedStatuses')}</span>
      )}
      {offered.has('changerole') && (
        <WorkingButton
          variant="secondary"
          working={working('changerole')}
          onPress={() => {
            run({ actionType: 'changerole' });
          }}
        >
          {t('users.group.changeRole')}
        </WorkingButton>
      )}
      {offered.has('reassignprimaryrep') && (
        <Button
          variant="secondary"
          onPress={() => {
            setOpen('reassign');
          }}
        >
          {t('users.group.reassign')}
        </Button>
      )}
      {offered.has('addToTeam') && (
        <WorkingButton
          variant="secondary"
          working={action.isPending && action.variables.body.actionType === 'checkaddtoteam'}
          onPress={addToTeam}
        >
          {t('users.group.addToTeam')}
        </WorkingButton>
      )}
      {open === 'disable' && (
        <DisableUsersDialog
          count={selected.length}
          note={note}
          onNoteChange={setNote}
          working={action.isPending}
          onClose={() => {
            setOpen(null);
          }}
          onSubmit={() => {
            run({ actionType: 'disable', disableNote: note.trim() || null }, () => {
              setNote('');
            });
          }}
        />
      )}
      {open === 'reassign' && (
        <ReassignRepDialog
          rep={rep}
          onRepChange={setRep}
          working={action.isPending}
          onClose={() => {
            setOpen(null);
          }}
          onSubmit={() => {
            const primaryRepId = rep === null ? Number.NaN : Number(rep.id);
            if (!Number.isInteger(primaryRepId)) {
              showMessage('validate_info');
              return;
            }
            confirm('useraccounts_confirm_reassign', () => {
              run({ actionType: 'reassignprimaryrep', primaryRepId }, () => {
                setRep(null);
              });
            });
          }}
        />
      )}
      {open !== null && typeof open === 'object' && (
        <AddToTeamDialog
          domain={open.team}
          team={team}
          onTeamChange={setTeam}
          working={action.isPending}
          onClose={() => {
            setOpen(null);
          }}
          onSubmit={() => {
            const teamId = team === null ? Number.NaN : Number(team.id);
            if (!Number.isInteger(teamId)) {
              showMessage('validate_info');
              return;
            }
            run({ actionType: 'addToTeam', AccountIds: ids, TeamId: teamId }, () => {
              setTeam(null);
            });
          }}
        />
      )}
      {result && (
        <AccountResultDialog
          result={result}
          titles={RESULT_TITLES}
          failedHeading="users.group.result.failed"
          onClose={() => {
            setResult(null);
          }}
        />
      )}
    </div>
  );
}
