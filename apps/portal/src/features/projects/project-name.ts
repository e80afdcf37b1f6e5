/**
 * Project names (spec part 5): typing and pasting are restricted to the characters of the configured pattern
 * (UploadSettings.ProjectNamePattern) — pasted text is filtered, not refused — and data-maxlength applies.
 */

/** The longest name any object may have (the pattern of the demo API sets 100 for projects); used when the pattern sets no length. */
export const PROJECT_NAME_MAX_LENGTH = 200;

export interface ProjectNameRules {
  /** Keeps only the characters the pattern allows, in order. */
  filter: (text: string) => string;
  /** data-maxlength of the name field. */
  maxLength: number;
}

/**
 * Rules from the configured pattern. The contract describes it as one character class (`[A-Za-z0-9 _.\-]`);
 * a whole-name pattern such as `^[A-Za-z0-9 _.]{1,100}$` is read as its first character class and its upper
 * length bound. A pattern without a usable class allows every character.
 */
export function projectNameRules(pattern: string | null | undefined): ProjectNameRules {
  const characterClass = /\[(?:\\.|[^\]\\])+\]/.exec(pattern ?? '')?.[0];
  const bound = /\{\d*,?(\d+)\}/.exec(pattern ?? '')?.[1];
  const maxLength = bound ? Math.min(Number(bound), PROJECT_NAME_MAX_LENGTH) : PROJECT_NAME_MAX_LENGTH;
  let allowed: RegExp | null = null;
  if (characterClass) {
    try {
      allowed = new RegExp(`^${characterClass}$`, 'u');
    } catch {
      allowed = new RegExp(`^${characterClass}$`);
    }
  }
  return {
    maxLength,
    filter: (text) =>
      (allowed === null
        ? text
        : Array.from(text)
            .filter((char) => allowed.test(char))
            .join('')
      ).slice(0, maxLength),
  };
}
