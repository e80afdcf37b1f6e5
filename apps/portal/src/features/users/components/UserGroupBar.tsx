import type { AutocompleteItem, GroupAccountAction, GroupActionResult, Role, User } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { WorkingButton } from '@/components/WorkingButton';
import { commonDomain, offeredActions, type AccountAction } from '../account-actions';
import { useGroupAccountAction } from '../api/group-account-action';
import { roleText } from '../labels';

// Dialog code (forms, type-aheads, DOMPurify) loads when a dialog opens, not with the page.
const DisableUsersDialog = lazyDialog(() => import('./DisableUsersDialog').then((m) => m.DisableUsersDialog));
const ReassignRepDialog = lazyDialog(() => import('./ReassignRepDialog').then((m) => m.ReassignRepDialog));
const AddToTeamDialog = lazyDialog(() => import('./AddToTeamDialog').then((m) => m.AddToTeamDialog));
const ChangeRoleDialog = lazyDialog(() => import('./ChangeRoleDialog').then((m) => m.ChangeRoleDialog));
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

type Open = 'disable' | 'reassign' | 'role' | { team: string } | null;

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
  const [newRole, setNewRole] = useState<Role | null>(null);
  const [result, setResult] = useState<GroupActionResult | null>(null);
  const [summary, setSummary] = useState('');
  const ids = selected.map((user) => user.UserId);
  const offered = new Set(offeredActions(selected.map((user) => user.Status)));

  /** What an action did, to how many accounts, in words (empty when nothing was done). */
  const summaryOf = (body: Omit<GroupAccountAction, 'accountIds'>, count: number): string => {
    if (count <= 0) return '';
    switch (body.actionType) {
      case 'disable':
        return t('users.group.result.disabled', { count });
      case 'enable':
        return t('users.group.result.enabled', { count });
      case 'changerole':
        return body.role ? t('users.group.result.roleChanged', { count, role: t(roleText(body.role)) }) : '';
      case 'reassignprimaryrep':
        return t('users.group.result.reassigned', { count });
      case 'addToTeam':
        return t('users.group.result.addedToTeam', { count, team: team?.label ?? '' });
      default:
        return '';
    }
  };

  const run = (body: Omit<GroupAccountAction, 'accountIds'>, after?: () => void) => {
    action.mutate(
      { body: { ...body, accountIds: ids } },
      {
        onSuccess: (answer) => {
          setOpen(null);
          const failed = answer.Data.PartialErrorList.length;
          setSummary(answer.Data.Status === 'failure' ? '' : summaryOf(body, ids.length - failed));
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
          else {
            setSummary('');
            setResult(answer.Data);
          }
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
            setOpen('role');
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
      {open === 'role' && (
        <ChangeRoleDialog
          roles={selected.map((user) => user.Role)}
          role={newRole}
          onRoleChange={setNewRole}
          working={action.isPending}
          onClose={() => {
            setOpen(null);
          }}
          onSubmit={(role) => {
            run({ actionType: 'changerole', role }, () => {
              setNewRole(null);
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
          summary={summary}
          onClose={() => {
            setResult(null);
          }}
        />
      )}
    </div>
  );
}
