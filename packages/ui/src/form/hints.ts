/** The constraints a field hint describes (spec part 5: "field hints (min, max, required)"). */
export interface FieldConstraints {
  /**
   * Whether the field is required ("Required.").
   * @default undefined (not required)
   */
  isRequired?: boolean | undefined;
  /**
   * Lowest allowed number ("Minimum 1.").
   * @default undefined (no minimum)
   */
  minValue?: number | undefined;
  /**
   * Highest allowed number ("Maximum 20.").
   * @default undefined (no maximum)
   */
  maxValue?: number | undefined;
  /**
   * Maximum number of characters ("At most 50 characters.").
   * @default undefined (no limit)
   */
  maxLength?: number | undefined;
}

/** Formats the visible hint of a field; pass your own to translate it. */
export type FieldHintFormatter = (constraints: FieldConstraints) => string;

/** English default: "Required. Minimum 1. Maximum 20." (empty when there is nothing to say). */
export const defaultFieldHint: FieldHintFormatter = ({ isRequired, minValue, maxValue, maxLength }) => {
  const parts: string[] = [];
  if (isRequired) parts.push('Required.');
  if (minValue !== undefined) parts.push(`Minimum ${minValue}.`);
  if (maxValue !== undefined) parts.push(`Maximum ${maxValue}.`);
  if (maxLength !== undefined) parts.push(`At most ${maxLength} characters.`);
  return parts.join(' ');
};

/** Keeps digits and the first dot only (spec part 5: "Number inputs allow digits and one dot only"). */
export function sanitizeNumberText(text: string): string {
  let out = '';
  let hasDot = false;
  for (const ch of text) {
    if (ch >= '0' && ch <= '9') out += ch;
    else if (ch === '.' && !hasDot) {
      hasDot = true;
      out += ch;
    }
  }
  return out;
}
