import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { useMemo } from 'react';
import { useLookupSource } from './ReassignRepDialog';

export interface RepEmailComboBoxProps {
  label: string;
  initialEmail: string;
  onChange: (email: string) => void;
}

/** Primary-rep email type-ahead (GET /api/lookup/primaryRep) on the kit's ComboBox: suggests reps' emails. */
export function RepEmailComboBox({ label, initialEmail, onChange }: RepEmailComboBoxProps) {
  const reps = useLookupSource('primaryRep');
  const loadOptions = useMemo(
    () =>
      async (text: string): Promise<ComboBoxOption[]> =>
        (await reps(text)).flatMap((rep) =>
          rep.description ? [{ id: rep.description, label: rep.description }] : [],
        ),
    [reps],
  );
  return (
    <ComboBox
      label={label}
      name="PrimaryRepEmail"
      loadOptions={loadOptions}
      defaultSelectedOption={initialEmail ? { id: initialEmail, label: initialEmail } : null}
      onInputChange={onChange}
      onSelectionChange={(option) => {
        if (option) onChange(option.label);
      }}
    />
  );
}
