// The demo's stand-in for an internal host seen from off the VPN (issue #40 item 6): a request to it is never
// answered, so the portal's VPN check gives up at its own timeout — a request aborted that way leaves no line in the
// browser's console, where one whose host name does not resolve does (config.ts, DEMO_VPN_PROBE_PATH).
import type { FastifyInstance } from 'fastify';
import { DEMO_VPN_PROBE_PATH, type Config } from '../config.ts';

/** How long a probe is held before its connection is dropped (the portal gives up after 5 s). */
export const DEMO_VPN_PROBE_HOLD_MS = 30_000;

/**
 * Holds every GET of the demo's probe path without an answer until the caller leaves, or drops it after
 * {@link DEMO_VPN_PROBE_HOLD_MS}; registered only when the configured probe is that path (the `demo` command).
 */
export function registerDemoVpnProbe(
  app: FastifyInstance,
  config: Pick<Config, 'vpnProbeUrl'>,
  holdMs = DEMO_VPN_PROBE_HOLD_MS,
): void {
  if (config.vpnProbeUrl === null || URL.parse(config.vpnProbeUrl)?.pathname !== DEMO_VPN_PROBE_PATH) return;
  app.get(DEMO_VPN_PROBE_PATH, (request, reply) => {
    reply.hijack();
    const timer = setTimeout(() => {
      request.raw.destroy();
    }, holdMs);
    timer.unref();
    request.raw.once('close', () => {
      clearTimeout(timer);
    });
  });
}
