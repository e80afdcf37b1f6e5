/**
 * Kit default, not a spec constant: the text-area counter is announced to screen readers once typing
 * pauses for this long, so each keystroke is not read out (the pattern of the GOV.UK character count).
 * The spec constants the form fields implement (TEXTAREA_DEFAULT_MAXLENGTH, DISABLE_NOTE_MAXLENGTH) live
 * in src/constants.ts.
 */
export const COUNTER_ANNOUNCE_DELAY_MS = 1000;
