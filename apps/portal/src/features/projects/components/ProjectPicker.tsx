import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ProjectOption } from '@/components/ProjectOption';
import { lookupSource } from '../api/lookup';

export interface ProjectPickerProps {
  label: string;
  selected: ComboBoxOption | null;
  onChange: (option: ComboBoxOption | null) => void;
  description?: string;
}

/** Project type-ahead (GET /api/lookup/project) on the kit's ComboBox with the part 9 constants. */
export function ProjectPicker({ label, selected, onChange, description }: ProjectPickerProps) {
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => lookupSource(queryClient, 'project'), [queryClient]);
  return (
    <ComboBox
      label={label}
      name="project"
      loadOptions={loadOptions}
      selectedOption={selected}
      onSelectionChange={onChange}
      allowsCustomValue={false}
      renderOption={(option) => <ProjectOption option={option} />}
      {...(description ? { description } : {})}
    />
  );
}
