import type { TeamMember } from '@assessment/sdk';
import { Button } from '@assessment/ui/button';
import { useLingui } from '@lingui/react';
import { useQueryClient, useSuspenseQuery } from '@tanstack/react-query';
import { useState } from 'react';
import { lazyDialog } from '@/components/lazy-dialog';
import { useServerMessage } from '@/features/errors';
import { useViewer } from '@/features/auth';
import { useChangeTeamRole } from '../api/change-team-role';
import { useRemoveFromTeam } from '../api/remove-from-team';
import { teamQuery } from '../api/get-team';
import { useVerifyTeamEmployees } from '../api/verify-team-employees';
import { isTeamAdminRole } from '../labels';
import { MembersTable } from './MembersTable';
import { OpmToggle } from './OpmToggle';
import './team.css';

const AddEmployeeDialog = lazyDialog(async () => (await import('./AddEmployeeDialog')).AddEmployeeDialog);
const RemoveEmployeeDialog = lazyDialog(
  async () => (await import('./RemoveEmployeeDialog')).RemoveEmployeeDialog,
);

/**
 * /team/edit/{id}: team settings. The team's admins (CanEdit) toggle the OPM option and manage employees (add,
 * verify, promote/demote, remove — never themselves); everyone else sees the same data read-only.
 */
export function TeamPage({ teamId }: { teamId: number }) {
  const { _: t } = useLingui();
  // The viewer first (cached by the root route in the app): the team is read once, after it.
  const myId = useViewer().user?.id;
  const { data } = useSuspenseQuery(teamQuery(teamId));
  const { messageElement, showMessage } = useServerMessage();
  const verify = useVerifyTeamEmployees();
  const changeRole = useChangeTeamRole();
  const queryClient = useQueryClient();
  const remove = useRemoveFromTeam();
  const [adding, setAdding] = useState(false);
  const [removing, setRemoving] = useState<TeamMember | null>(null);
  const [done, setDone] = useState('');
  const busy = verify.isPending || changeRole.isPending || remove.isPending;

  /** The team could not be re-read after a change: the page cannot say what happened, so it shows the error. */
  const showRereadError = () => {
    showMessage('generalError');
  };

  const actions = (member: TeamMember) => {
    const name = `${member.FirstName} ${member.LastName}`;
    const admin = isTeamAdminRole(member.Role);
    return (
      <span className="team-row-actions">
        {!member.Verified && (
          <Button
            variant="link"
            isDisabled={busy}
            aria-label={t('team.verifyOf', { name })}
            onPress={() => {
              verify.mutate(
                { body: { TeamId: teamId, UserIds: [member.UserId] } },
                {
                  onSuccess: () => {
                    setDone(t('team.verifiedOne', { name }));
                  },
                },
              );
            }}
          >
            {t('team.verify')}
          </Button>
        )}
        <Button
          variant="link"
          isDisabled={busy}
          aria-label={t(admin ? 'team.demoteOf' : 'team.promoteOf', { name })}
          onPress={() => {
            changeRole.mutate(
              { query: { userId: member.UserId, button: admin ? 'demote' : 'promote' } },
              {
                onSuccess: (answer) => {
                  // Report only what the server did (a refusal never gets here: the SDK rejects a non-200
                  // StatusCode): a team re-read that still shows the old role says so instead of claiming a change.
                  void queryClient.query({ ...teamQuery(teamId), staleTime: 0 }).then((fresh) => {
                    const now = fresh.Members.find((m) => m.UserId === member.UserId);
                    if (!now || isTeamAdminRole(now.Role) === admin) {
                      setDone(t('team.roleUnchanged', { name }));
                      return;
                    }
                    setDone(t(admin ? 'team.demotedOne' : 'team.promotedOne', { name }));
                    if (answer.ResourceKey) showMessage(answer.ResourceKey);
                  }, showRereadError);
                },
              },
            );
          }}
        >
          {t(admin ? 'team.demote' : 'team.promote')}
        </Button>
        {member.UserId !== myId && (
          <Button
            variant="link"
            isDisabled={busy}
            aria-label={t('team.removeOf', { name })}
            onPress={() => {
              setRemoving(member);
            }}
          >
            {t('team.remove')}
          </Button>
        )}
      </span>
    );
  };

  return (
    <section aria-labelledby="page-title" className="page">
      <h1 id="page-title">
        {t('team.title')}: {data.Team.Name}
      </h1>
      <OpmToggle teamId={teamId} enabled={data.Team.IsOpmEnabled} canEdit={data.CanEdit} />
      <h2>{t('team.members')}</h2>
      <p role="status">{done}</p>
      {data.CanEdit && (
        <p>
          <Button
            onPress={() => {
              setAdding(true);
            }}
          >
            {t('team.addTitle')}
          </Button>
        </p>
      )}
      <MembersTable members={data.Members} label={t('team.members')} {...(data.CanEdit ? { actions } : {})} />
      {adding && (
        <AddEmployeeDialog
          teamId={teamId}
          onClose={() => {
            setAdding(false);
          }}
          onRefused={(key) => {
            setAdding(false);
            showMessage(key);
          }}
          onAdded={() => {
            setAdding(false);
            setDone(t('team.added'));
          }}
        />
      )}
      {removing && (
        <RemoveEmployeeDialog
          name={`${removing.FirstName} ${removing.LastName}`}
          working={remove.isPending}
          onClose={() => {
            setRemoving(null);
          }}
          onConfirm={() => {
            const name = `${removing.FirstName} ${removing.LastName}`;
            remove.mutate(
              { query: { userId: removing.UserId, teamId } },
              {
                onSuccess: () => {
                  setDone(t('team.removedOne', { name }));
                },
                onSettled: () => {
                  setRemoving(null);
                },
              },
            );
          }}
        />
      )}
      {messageElement}
    </section>
  );
}
