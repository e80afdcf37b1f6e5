/**
 * Kit-local timing of the form fields (not a spec constant): the text-area counter is announced to
 * screen readers once typing pauses for this long, so each keystroke is not read out (the pattern of
 * the GOV.UK character count).
 */
export const COUNTER_ANNOUNCE_DELAY_MS = 1000;
