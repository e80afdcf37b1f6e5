import type { QueryClient } from '@tanstack/react-query';
import { SESSION_LOGOUT_KEY, SESSION_START_KEY } from '@/lib/session/session-timer';
import { requestSignOut } from '../api/sign-out';

export type EndReason = 'inactive' | 'forced' | 'declined' | 'user' | 'other-tab';

/** Where each way of ending a session lands (spec parts 2 and 4). */
export function loginUrlAfter(reason: EndReason): string {
  return reason === 'inactive' || reason === 'other-tab' ? '/auth/login?logout=inactive' : '/auth/login';
}

let ending = false;

/**
 * Ends the session: signs out on the server, tells the other tabs (storage event), forgets every cached answer
 * and loads the login page afresh, so nothing of the previous user stays in memory.
 */
export async function endSession(queryClient: QueryClient, reason: EndReason): Promise<void> {
  if (ending) return;
  ending = true;
  if (reason !== 'other-tab') {
    window.localStorage.removeItem(SESSION_START_KEY);
    window.localStorage.setItem(SESSION_LOGOUT_KEY, String(Date.now()));
  }
  await requestSignOut();
  queryClient.clear();
  window.location.assign(loginUrlAfter(reason));
}
