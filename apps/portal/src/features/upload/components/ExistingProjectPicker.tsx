import { ComboBox, type ComboBoxOption } from '@assessment/ui/combobox';
import { useQueryClient } from '@tanstack/react-query';
import { useMemo } from 'react';
import { ProjectOption } from '@/components/ProjectOption';
import { uploadProjectSource } from '../api/search-projects';

export interface ExistingProjectPickerProps {
  label: string;
  project: ComboBoxOption | null;
  onProjectChange: (project: ComboBoxOption | null) => void;
}

/**
 * An existing project by type-ahead (GET /api/lookup/project?isIokitUpload=true) on the kit's ComboBox. Loaded
 * only when the user picks "existing project": React Aria's ComboBox is most of its weight.
 */
export default function ExistingProjectPicker({
  label,
  project,
  onProjectChange,
}: ExistingProjectPickerProps) {
  const queryClient = useQueryClient();
  const loadOptions = useMemo(() => uploadProjectSource(queryClient), [queryClient]);
  return (
    <ComboBox
      label={label}
      name="project"
      loadOptions={loadOptions}
      selectedOption={project}
      onSelectionChange={onProjectChange}
      allowsCustomValue={false}
      renderOption={(option) => <ProjectOption option={option} />}
      isRequired
    />
  );
}
