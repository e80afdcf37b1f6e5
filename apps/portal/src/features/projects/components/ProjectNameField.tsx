import { TextField } from '@/components/form';
import { useProjectNameRules } from '../hooks/use-project-name-rules';

export interface ProjectNameFieldProps {
  label: string;
  value: string;
  onChange: (value: string) => void;
  autoFocus?: boolean;
}

/** A project name: typed and pasted text filtered to the configured pattern, data-maxlength honoured. */
export function ProjectNameField({ label, value, onChange, autoFocus = false }: ProjectNameFieldProps) {
  const { filter, maxLength } = useProjectNameRules();
  return (
    <TextField
      label={label}
      name="name"
      value={value}
      onChange={onChange}
      filter={filter}
      maxLength={maxLength}
      data-maxlength={maxLength}
      isRequired
      // Empty names get the server's emptyfield message, not the browser's own bubble.
      validationBehavior="aria"
      autoFocus={autoFocus}
    />
  );
}
