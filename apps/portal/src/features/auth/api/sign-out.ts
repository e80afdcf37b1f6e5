import { signOut } from '@assessment/sdk';

/** POST /api/auth/signout. Failure is ignored: the session is over for the portal either way. */
export async function requestSignOut(): Promise<void> {
  try {
    await signOut({ throwOnError: true });
  } catch {
    // already signed out, offline, or timed out: nothing else to do
  }
}
