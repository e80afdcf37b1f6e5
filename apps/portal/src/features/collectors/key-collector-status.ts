import { MessageKey } from '@assessment/sdk';
import type { TextId } from '@/lib/i18n/i18n';

/** The affirmative action of the server's confirmation messages (confirm_disable_collector…). */
export const CONFIRM_ACTION = 'Confirm';

/** The confirmation shown before a key collector is disabled or enabled (spec part 8: server messages). */
export function keyCollectorConfirmKey(enable: boolean): string {
  return enable ? MessageKey.CONFIRM_ENABLE_COLLECTOR : MessageKey.CONFIRM_DISABLE_COLLECTOR;
}

/** A key collector's state as words (never true/false). */
export function keyCollectorStateText(isEnabled: boolean): TextId {
  return isEnabled ? 'collectors.keys.enabled' : 'collectors.keys.disabled';
}
