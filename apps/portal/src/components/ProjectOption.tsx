import type { ComboBoxOption } from '@assessment/ui/combobox';

/** A project suggestion of the lookup: its name and, as secondary text, its owner (AutocompleteItem.description). */
export interface ProjectSuggestion extends ComboBoxOption {
  description?: string | null;
}

/**
 * A project in a type-ahead list: its name with its owner beside it, so projects of the same name (three owners'
 * "Singapore Backup assessment") can be told apart (issue #40).
 */
export function ProjectOption({ option }: { option: ProjectSuggestion }) {
  return (
    <span className="project-option">
      <span className="project-option__name">{option.label}</span>
      {option.description ? <span className="project-option__owner muted">{option.description}</span> : null}
    </span>
  );
}
