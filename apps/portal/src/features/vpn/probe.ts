/** How long the VPN check waits for the internal host before calling it unreachable. */
export const VPN_PROBE_TIMEOUT_MS = 5000;

/**
 * The VPN check (spec part 7): a no-cors request to the internal host. Any answer — an opaque one, whatever its
 * status — means the host is reachable; a network failure or the timeout means it is not. Never throws and logs
 * nothing: an unreachable host is the expected case off the VPN, not an error.
 */
export async function isReachable(
  url: string,
  { timeoutMs = VPN_PROBE_TIMEOUT_MS, fetch: send = fetch } = {},
): Promise<boolean> {
  try {
    await send(url, {
      mode: 'no-cors',
      cache: 'no-store',
      credentials: 'omit',
      referrerPolicy: 'no-referrer',
      signal: AbortSignal.timeout(timeoutMs),
    });
    return true;
  } catch {
    return false;
  }
}
