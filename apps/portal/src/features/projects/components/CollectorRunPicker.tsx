import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { lookupSource } from '../api/lookup';

export interface CollectorRunPickerProps {
  label: string;
  selected: ComboBoxOption | null;
  onChange: (option: ComboBoxOption | null) => void;
  description?: string;
}

/** Collector-run type-ahead (GET /api/lookup/collectorrun) on the kit's ComboBox with the part 9 constants. */
export function CollectorRunPicker({ label, selected, onChange, description }: CollectorRunPickerProps) {
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => lookupSource(queryClient, 'collectorrun'), [queryClient]);
  return (
    <ComboBox
      label={label}
      name="collectorRun"
      loadOptions={loadOptions}
      selectedOption={selected}
      onSelectionChange={onChange}
      allowsCustomValue={false}
      {...(description ? { description } : {})}
    />
  );
}
