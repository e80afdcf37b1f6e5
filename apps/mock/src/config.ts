// Runtime settings of the demo API, from flags (--port=, --data-dir=, ...) and environment variables.
import { fileURLToPath } from 'node:url';
import path from 'node:path';

export const MOCK_ROOT = path.resolve(path.dirname(fileURLToPath(import.meta.url)), '..');
export const REPO_ROOT = path.resolve(MOCK_ROOT, '..', '..');

export interface Config {
  host: string;
  port: number;
  dataDir: string;
  /** Multiplies every simulated duration: 1 = real time (tens of seconds), 0.01 = a hundred times faster. */
  timeScale: number;
  /** Session lifetime in seconds (sliding: refreshed on every authenticated call). */
  sessionTtlSeconds: number;
  /** Folder of the built portal; served for every non-API GET. */
  portalDist: string;
  /** Per-file and combined iokit/siokit upload limits in bytes (settings; the message says 100 MB). */
  maxIokitFileBytes: number;
  maxCombinedUploadBytes: number;
  /** Log each request (off for tests and the load bench). */
  logRequests: boolean;
  /**
   * Origins besides its own the portal may call (CSP connect-src): the upload and support services and the
   * internal host of the VPN check when they live elsewhere. Env CSP_CONNECT_ORIGINS, space- or comma-separated.
   */
  connectOrigins: string[];
  /**
   * The internal host internal staff's browsers probe (no-cors) to tell whether they are on the VPN; its origin
   * joins connect-src. Env VPN_PROBE_URL; none by default (no probe, no notice).
   */
  vpnProbeUrl: string | null;
  /**
   * Serve over HTTPS with HTTP/2 (HTTP/1.1 still answered, ALPN), as a production host does: the PEM files of the
   * certificate and its key (env TLS_CERT, TLS_KEY; both or neither). Null: plain HTTP/1.1 (the default).
   */
  tls: { certFile: string; keyFile: string } | null;
}

function flag(argv: readonly string[], name: string): string | undefined {
  const prefix = `--${name}=`;
  const hit = argv.find((a) => a.startsWith(prefix));
  return hit?.slice(prefix.length);
}

function num(value: string | undefined, fallback: number, label: string): number {
  if (value === undefined || value === '') return fallback;
  const n = Number(value);
  if (!Number.isFinite(n) || n < 0) throw new Error(`${label} must be a non-negative number, got "${value}"`);
  return n;
}

export const MB = 1024 * 1024;

/** An absolute http(s) URL, or null when unset; anything else is a configuration error. */
function probeUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`VPN_PROBE_URL must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  return url.href;
}

/**
 * The VPN probe address of the demo (`demo` command) when VPN_PROBE_URL is not set: unreachable on purpose. The
 * `.invalid` top-level domain never resolves (RFC 2606, RFC 6761), so the probe always fails and internal staff see
 * the dellvpn notice, as they would off the VPN. Set VPN_PROBE_URL to a reachable host to hide it (the journeys use
 * the demo server itself), or to an empty value for no probe at all.
 */
export const DEMO_VPN_PROBE_URL = 'http://vpn-probe.invalid/probe.gif';

/** The demo's configuration: the unreachable VPN probe unless VPN_PROBE_URL says otherwise (even empty). */
export function withDemoDefaults(config: Config, env: NodeJS.ProcessEnv = process.env): Config {
  return env.VPN_PROBE_URL === undefined ? { ...config, vpnProbeUrl: DEMO_VPN_PROBE_URL } : config;
}

/** The TLS certificate and key files: both or neither. */
function tlsFiles(cert: string | undefined, key: string | undefined): Config['tls'] {
  if (!cert && !key) return null;
  if (!cert || !key) throw new Error('TLS_CERT and TLS_KEY go together: set both (PEM files) or neither');
  return { certFile: path.resolve(cert), keyFile: path.resolve(key) };
}

export function loadConfig(
  env: NodeJS.ProcessEnv = process.env,
  argv: readonly string[] = process.argv.slice(2),
  overrides: Partial<Config> = {},
): Config {
  const dataDir = flag(argv, 'data-dir') ?? env.DATA_DIR ?? path.join(MOCK_ROOT, '.data');
  return {
    host: flag(argv, 'host') ?? env.HOST ?? '127.0.0.1',
    port: num(flag(argv, 'port') ?? env.PORT, 8080, 'PORT'),
    dataDir: path.resolve(dataDir),
    timeScale: num(flag(argv, 'time-scale') ?? env.TIME_SCALE, 1, 'TIME_SCALE'),
    sessionTtlSeconds: num(flag(argv, 'session-ttl') ?? env.SESSION_TTL, 3600, 'SESSION_TTL'),
    portalDist: path.resolve(
      flag(argv, 'portal-dist') ?? env.PORTAL_DIST ?? path.join(REPO_ROOT, 'apps', 'portal', 'dist'),
    ),
    maxIokitFileBytes: num(env.IOKIT_MAX_FILE_MB, 100, 'IOKIT_MAX_FILE_MB') * MB,
    maxCombinedUploadBytes: num(env.IOKIT_MAX_COMBINED_MB, 250, 'IOKIT_MAX_COMBINED_MB') * MB,
    logRequests: (env.LOG_REQUESTS ?? '') === '1',
    connectOrigins: (env.CSP_CONNECT_ORIGINS ?? '').split(/[\s,]+/).filter((o) => o !== ''),
    vpnProbeUrl: probeUrl(env.VPN_PROBE_URL),
    tls: tlsFiles(env.TLS_CERT, env.TLS_KEY),
    ...overrides,
  };
}
