/** How long the VPN check waits for the internal host before calling it unreachable. */
export const VPN_PROBE_TIMEOUT_MS = 5000;

/** How long one probe's answer holds: a tab probes again after five minutes (and on focus after that). */
export const VPN_PROBE_STALE_MS = 5 * 60_000;

/** Where a tab keeps its last answer (sessionStorage): the pages it loads next reuse it instead of probing again. */
export const VPN_PROBE_SESSION_KEY = 'vpnProbe';

/**
 * The VPN check (spec part 7): a no-cors request to the internal host. Any answer — an opaque one, whatever its
 * status — means the host is reachable; a network failure or the timeout means it is not. Never throws and logs
 * nothing itself: an unreachable host is the expected case off the VPN, not an error. (The browser may still log
 * the failed request: Chromium prints `net::ERR_NAME_NOT_RESOLVED` when the host's name does not resolve off the
 * VPN, but nothing for a request its own timeout aborts — so a host that does not answer off the VPN logs nothing.)
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

/** A probe's answer and when it was given (ms since the epoch). */
export interface ProbeAnswer {
  reachable: boolean;
  at: number;
}

function sessionStore(): Storage | null {
  try {
    return typeof sessionStorage === 'undefined' ? null : sessionStorage;
  } catch {
    // Storage refused (a sandboxed document, privacy settings): every page probes.
    return null;
  }
}

/**
 * The tab's last answer for this probe URL while it holds (younger than {@link VPN_PROBE_STALE_MS}), else null:
 * a full walk through the portal probes once per five minutes, not once per page.
 */
export function rememberedProbe(url: string, now = Date.now(), storage = sessionStore()): ProbeAnswer | null {
  let saved: unknown;
  try {
    saved = JSON.parse(storage?.getItem(VPN_PROBE_SESSION_KEY) ?? 'null');
  } catch {
    return null;
  }
  if (typeof saved !== 'object' || saved === null) return null;
  const { url: savedUrl, reachable, at } = saved as Record<string, unknown>;
  if (savedUrl !== url || typeof reachable !== 'boolean' || typeof at !== 'number') return null;
  return at <= now && now - at < VPN_PROBE_STALE_MS ? { reachable, at } : null;
}

/** Keeps a probe's answer for the tab's next pages. */
export function rememberProbe(url: string, answer: ProbeAnswer, storage = sessionStore()): void {
  try {
    storage?.setItem(VPN_PROBE_SESSION_KEY, JSON.stringify({ url, ...answer }));
  } catch {
    // Storage full or refused: the next page probes again.
  }
}
