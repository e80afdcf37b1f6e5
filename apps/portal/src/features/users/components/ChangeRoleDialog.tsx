import type { Role } from '@assessment/sdk';
import { useLingui } from '@lingui/react';
import { FormDialog } from '@/components/FormDialog';
import { roleChoices } from '../account-actions';
import { roleText } from '../labels';

export interface ChangeRoleDialogProps {
  /** The current roles of the selected accounts. */
  roles: readonly Role[];
  /** The chosen role, kept by the caller; null until one is chosen. */
  role: Role | null;
  onRoleChange: (role: Role) => void;
  working: boolean;
  onClose: () => void;
  onSubmit: (role: Role) => void;
}

/**
 * Change role (spec part 6): the roles the selected accounts may have — the admin and member role of their team
 * kind —, the accounts' own role marked and not offered, and a sentence saying what will happen; nothing is sent
 * before a role is chosen and the change confirmed with the submit button.
 */
export function ChangeRoleDialog({
  roles,
  role,
  onRoleChange,
  working,
  onClose,
  onSubmit,
}: ChangeRoleDialogProps) {
  const { _: t } = useLingui();
  const choices = roleChoices(roles);
  const current = new Set(roles);
  /** A role every selected account already has is not a change. */
  const unchanged = (choice: Role) => current.size === 1 && current.has(choice);
  const chosen = role !== null && choices.includes(role) && !unchanged(role) ? role : null;
  return (
    <FormDialog
      title={t('users.group.changeRoleTitle')}
      submitLabel={t('users.group.changeRoleSubmit')}
      working={working}
      submitDisabled={chosen === null}
      onClose={onClose}
      onSubmit={() => {
        if (chosen !== null) onSubmit(chosen);
      }}
    >
      <p>{t('users.group.selected', { count: roles.length })}</p>
      {choices.length === 0 ? (
        <p role="alert">{t('users.group.noRoleChoice')}</p>
      ) : (
        <fieldset>
          <legend>{t('users.group.newRole')}</legend>
          {choices.map((choice) => (
            <label key={choice} className="users-role-choice">
              <input
                type="radio"
                name="role"
                value={choice}
                checked={chosen === choice}
                disabled={unchanged(choice)}
                onChange={() => {
                  onRoleChange(choice);
                }}
              />{' '}
              {unchanged(choice)
                ? t('users.group.currentRole', { role: t(roleText(choice)) })
                : t(roleText(choice))}
            </label>
          ))}
        </fieldset>
      )}
      <p aria-live="polite">
        {chosen !== null && t('users.group.roleConfirm', { count: roles.length, role: t(roleText(chosen)) })}
      </p>
    </FormDialog>
  );
}
