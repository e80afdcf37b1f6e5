/**
 * The download dialog polls isCollectorReady while the collector is built (spec part 7 names the call, not its
 * interval): every 2 s, and not at all once IsReady.
 */
export const COLLECTOR_READY_POLL_MS = 2_000;

/** TanStack Query refetchInterval of the readiness query: poll until ready. */
export function collectorReadyRefetchInterval(
  isReady: boolean | undefined,
  pollMs = COLLECTOR_READY_POLL_MS,
): number | false {
  return isReady === true ? false : pollMs;
}
