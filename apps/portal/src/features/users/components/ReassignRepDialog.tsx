import type { AutocompleteItem, AutocompleteType } from '@assessment/sdk';
import { ComboBox } from '@assessment/ui/combobox';
import { useLingui } from '@lingui/react';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { FormDialog } from '@/components/FormDialog';
import { lookupSource } from '@/features/projects';

/** A type-ahead source over the lookup call (primary reps, companies): the projects feature's, cached per text. */
export function useLookupSource(type: AutocompleteType) {
  const queryClient = useQueryClient();
  return useMemo(() => lookupSource(queryClient, type), [queryClient, type]);
}

export interface ReassignRepDialogProps {
  rep: AutocompleteItem | null;
  onRepChange: (rep: AutocompleteItem | null) => void;
  working: boolean;
  onClose: () => void;
  /** Called on submit; the caller checks that a rep is chosen (validate_info) and asks for confirmation. */
  onSubmit: () => void;
}

/** Reassign primary rep: the new rep from the primary-rep type-ahead (its id becomes primaryRepId). */
export function ReassignRepDialog({ rep, onRepChange, working, onClose, onSubmit }: ReassignRepDialogProps) {
  const { _: t } = useLingui();
  const loadOptions = useLookupSource('primaryRep');
  return (
    <FormDialog
      title={t('users.group.reassignTitle')}
      submitLabel={t('users.group.reassignSubmit')}
      working={working}
      onClose={onClose}
      onSubmit={onSubmit}
    >
      <ComboBox
        label={t('users.group.newRep')}
        name="primaryRep"
        loadOptions={loadOptions}
        selectedOption={rep}
        onSelectionChange={onRepChange}
        allowsCustomValue={false}
        renderOption={(option) => `${option.label} (${option.description ?? ''})`}
      />
    </FormDialog>
  );
}
