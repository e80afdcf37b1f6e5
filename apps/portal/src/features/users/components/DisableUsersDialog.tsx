import { TextArea } from '@/components/form';
import { useLingui } from '@lingui/react';
import { FormDialog } from '@/components/FormDialog';
import { DISABLE_NOTE_MAX, noteState } from '../account-actions';

export interface DisableUsersDialogProps {
  count: number;
  /** The note is kept by the caller, so a failed call (or closing the dialog) never loses what was typed. */
  note: string;
  onNoteChange: (note: string) => void;
  working: boolean;
  onClose: () => void;
  onSubmit: () => void;
}

/**
 * The DisableUser modal (spec parts 4, 5, 9): a note with a live character counter; over 500 characters the box
 * warns and the users cannot be disabled until the note is shortened.
 */
export function DisableUsersDialog({
  count,
  note,
  onNoteChange,
  working,
  onClose,
  onSubmit,
}: DisableUsersDialogProps) {
  const { _: t } = useLingui();
  const state = noteState(note);
  return (
    <FormDialog
      title={t('users.group.disableTitle')}
      submitLabel={t('users.group.disableSubmit')}
      working={working}
      onClose={onClose}
      onSubmit={() => {
        if (state.sendable) onSubmit();
      }}
    >
      <p>{t('users.group.selected', { count })}</p>
      <TextArea
        label={t('users.group.disableNote')}
        value={note}
        onChange={onNoteChange}
        maxLength={DISABLE_NOTE_MAX}
        isLimitEnforced={false}
        showHint={false}
        formatCounter={(remaining, max) =>
          remaining >= 0
            ? t('users.group.noteCounter', { remaining, max })
            : t('users.group.noteOver', { over: -remaining, max })
        }
      />
      {!state.sendable && (
        <p className="users-note-warning" role="alert">
          {t('users.group.noteOverWarning', { max: DISABLE_NOTE_MAX })}
        </p>
      )}
    </FormDialog>
  );
}
