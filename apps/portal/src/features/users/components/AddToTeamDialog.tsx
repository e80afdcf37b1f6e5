import type { AutocompleteItem } from '@assessment/sdk';
import { ComboBox } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { FormDialog } from '@/components/FormDialog';
import { useLookupSource } from './ReassignRepDialog';

export interface AddToTeamDialogProps {
  domain: string;
  team: AutocompleteItem | null;
  onTeamChange: (team: AutocompleteItem | null) => void;
  working: boolean;
  onClose: () => void;
  onSubmit: () => void;
}

/** Add to team, after checkaddtoteam passed for the common domain: the team from the company type-ahead (TeamId). */
export function AddToTeamDialog({
  domain,
  team,
  onTeamChange,
  working,
  onClose,
  onSubmit,
}: AddToTeamDialogProps) {
  const { _: t } = useLingui();
  const loadOptions = useLookupSource('company');
  return (
    <FormDialog
      title={t('users.group.teamTitle')}
      submitLabel={t('users.group.teamSubmit')}
      working={working}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <ComboBox
        label={t('users.group.team')}
        name="team"
        description={t('users.group.teamHint', { domain })}
        loadOptions={loadOptions}
        selectedOption={team}
        onSelectionChange={onTeamChange}
        allowsCustomValue={false}
      />
    </FormDialog>
  );
}
