import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { lookupSource } from '../api/lookup';

export interface PrimaryRepComboBoxProps {
  label: string;
  initialEmail: string;
  onChange: (email: string) => void;
}

/** Primary-rep email type-ahead (GET /api/lookup/primaryRep) on the kit's ComboBox: suggests reps' emails. */
export function PrimaryRepComboBox({ label, initialEmail, onChange }: PrimaryRepComboBoxProps) {
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => {
    const reps = lookupSource(queryClient, 'primaryRep');
    return async (text: string): Promise<ComboBoxOption[]> =>
      (await reps(text)).flatMap((rep) =>
        rep.description ? [{ id: rep.description, label: rep.description }] : [],
      );
  }, [queryClient]);
  return (
    <ComboBox
      label={label}
      name="primaryRepEmail"
      loadOptions={loadOptions}
      defaultSelectedOption={initialEmail ? { id: initialEmail, label: initialEmail } : null}
      onInputChange={onChange}
      onSelectionChange={(option) => {
        if (option) onChange(option.label);
      }}
    />
  );
}
