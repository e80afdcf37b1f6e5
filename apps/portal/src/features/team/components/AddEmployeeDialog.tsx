import { TextField } from '@/components/form';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useState } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { isValidEmail } from '@/lib/validation/email';
import { useAddTeamEmployee } from '../api/add-team-employee';
import { useAddToTeam } from '../api/add-to-team';
import { teamCheckQuery } from '../api/check-team-email';
import { teamCheckKeyOf, type TeamCheckKey } from '../team-check';

export interface AddEmployeeDialogProps {
  teamId: number;
  onClose: () => void;
  /** The team check refused the account (spec part 5): the caller shows the server message of the key. */
  onRefused: (key: TeamCheckKey) => void;
  onAdded: () => void;
}

/**
 * Add employee: GET /api/team/check?email= first (user_already_team_admin / user_already_assigned_to_team per
 * role), then the serialized form (Email, FirstName, LastName, TeamId, MakeAdmin) posted via the SDK; an existing
 * account the check lets in is added with /team/AddToTeam (changeExistingMembersTeam when it is in another team).
 */
export function AddEmployeeDialog({ teamId, onClose, onRefused, onAdded }: AddEmployeeDialogProps) {
  const { _: t } = useLingui();
  const queryClient = useQueryClient();
  const add = useAddTeamEmployee();
  const addToTeam = useAddToTeam();
  const [email, setEmail] = useState('');
  const [first, setFirst] = useState('');
  const [last, setLast] = useState('');
  const [makeAdmin, setMakeAdmin] = useState(false);
  const [checking, setChecking] = useState(false);
  const [submitted, setSubmitted] = useState(false);
  const emailError = submitted && !isValidEmail(email) ? t('team.emailInvalid') : undefined;
  const firstError = submitted && first.trim() === '' ? t('team.required') : undefined;
  const lastError = submitted && last.trim() === '' ? t('team.required') : undefined;

  const submit = async () => {
    setSubmitted(true);
    if (!isValidEmail(email) || first.trim() === '' || last.trim() === '') return;
    setChecking(true);
    try {
      const check = await queryClient.query({ ...teamCheckQuery(email.trim()), staleTime: 0 });
      const key = teamCheckKeyOf(check);
      if (key !== null) {
        onRefused(key);
        return;
      }
      if (check.UserExists && check.UserId !== null) {
        // An existing account the team check lets in (e.g. an end user): POST /team/AddToTeam, moving it out of
        // a team it may still be in (changeExistingMembersTeam).
        addToTeam.mutate(
          {
            query: {
              userId: check.UserId,
              teamId,
              changeExistingMembersTeam: check.TeamId !== null && check.TeamId !== teamId,
            },
          },
          { onSuccess: onAdded },
        );
        return;
      }
    } catch {
      // The check failed: the add call below answers with the server's own refusal if any.
    } finally {
      setChecking(false);
    }
    add.mutate(
      {
        body: {
          Email: email.trim(),
          FirstName: first.trim(),
          LastName: last.trim(),
          TeamId: teamId,
          MakeAdmin: makeAdmin,
        },
      },
      { onSuccess: onAdded },
    );
  };

  return (
    <FormDialog
      title={t('team.addTitle')}
      submitLabel={t('team.add')}
      working={checking || add.isPending || addToTeam.isPending}
      onClose={onClose}
      onSubmit={() => {
        void submit();
      }}
    >
      <TextField
        label={t('columns.email')}
        type="email"
        value={email}
        onChange={setEmail}
        isRequired
        {...(emailError ? { errorMessage: emailError, isInvalid: true } : {})}
      />
      <TextField
        label={t('team.firstName')}
        value={first}
        onChange={setFirst}
        isRequired
        {...(firstError ? { errorMessage: firstError, isInvalid: true } : {})}
      />
      <TextField
        label={t('team.lastName')}
        value={last}
        onChange={setLast}
        isRequired
        {...(lastError ? { errorMessage: lastError, isInvalid: true } : {})}
      />
      <p className="checkbox">
        <input
          type="checkbox"
          id="team-make-admin"
          checked={makeAdmin}
          onChange={(event) => {
            setMakeAdmin(event.target.checked);
          }}
        />
        <label htmlFor="team-make-admin">{t('team.makeAdmin')}</label>
      </p>
    </FormDialog>
  );
}
