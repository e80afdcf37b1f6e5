// Runtime settings of the demo API, from flags (--port=, --data-dir=, ...) and environment variables.
import { fileURLToPath } from 'node:url';
import { isIP } from 'node:net';
import path from 'node:path';
import { defaultIngestWorkers, INGEST_LIMITS, type IngestSettings } from './ingest/queue.ts';

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
  /**
   * Where registration mail goes (issue #32): an SMTP server URL such as `smtp://user:pass@mail.example.com:587`
   * (`smtps://` for implicit TLS on 465). Env SMTP_URL or flag --smtp-url. Null: the embedded development mailbox
   * (an SMTP catcher on loopback whose messages the demo lists at /dev/mailbox).
   */
  smtpUrl: string | null;
  /** The From address of the mail the demo sends. Env MAIL_FROM. */
  mailFrom: string;
  /** How long a confirmation link works, in seconds (24 hours). Env CONFIRM_TTL or flag --confirm-ttl. */
  confirmTtlSeconds: number;
  /**
   * The portal's public origin for links in mail, e.g. `https://portal.example.com` (env PUBLIC_URL). Null: the
   * demo's own listen address (listenOrigin; said once at start). Never the request's Host or X-Forwarded-Host, so a
   * forged header cannot point a genuine mail elsewhere (issue #39).
   */
  publicUrl: string | null;
  /**
   * The reverse proxies whose X-Forwarded-For/-Host/-Proto are believed (env TRUSTED_PROXIES: IPs or CIDRs, space-
   * or comma-separated). Empty (the default): those headers are ignored, whoever sends them.
   */
  trustedProxies: string[];
  /**
   * Background ingest of queued collector files (issue #32, ingest/queue.ts): parses at once in total (the worker
   * pool, env INGEST_WORKERS, default the machine's cores from 1 to 4) and per account (INGEST_PARSES_PER_ACCOUNT),
   * files queued per account (INGEST_QUEUED_PER_ACCOUNT) and in total (INGEST_QUEUED_TOTAL). Files are stored in
   * worker threads; INGEST_INLINE=1 stores them on the server's own connection (the query-plan test).
   */
  ingest: IngestSettings;
  /**
   * The vSphere collector's built binaries and their SHA256SUMS (collector/vsphere/build.sh writes them to
   * collector/vsphere/dist, the default; env VSPHERE_COLLECTOR_DIST): the VMware vCenter collector package ships them
   * and is ready only once they are all there (http/vsphere-collector.ts).
   */
  vsphereCollectorDist: string;
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
 * Where the demo's stand-in for an internal host listens when VPN_PROBE_URL is not set: a path of the demo server
 * that never answers (http/demo-vpn-probe.ts), as an internal host behind a VPN does for a browser off it. The probe
 * gives up after its 5 s timeout and internal staff see the dellvpn notice, with nothing in the browser's console
 * (Chromium logs a name that does not resolve, as the `.invalid` address used before did on every page, but not a
 * request its own timeout aborts). Set VPN_PROBE_URL to a reachable host to hide the notice (the journeys use the
 * demo server itself), or to an empty value for no probe at all.
 */
export const DEMO_VPN_PROBE_PATH = '/dev/vpn-probe.gif';

/** The demo's probe address: DEMO_VPN_PROBE_PATH on its own origin (PUBLIC_URL, else the listen address). */
export function demoVpnProbeUrl(config: Pick<Config, 'publicUrl' | 'host' | 'port' | 'tls'>): string {
  return new URL(DEMO_VPN_PROBE_PATH, config.publicUrl ?? listenOrigin(config, config.port)).href;
}

/** The demo's configuration: the never-answering VPN probe unless VPN_PROBE_URL says otherwise (even empty). */
export function withDemoDefaults(config: Config, env: NodeJS.ProcessEnv = process.env): Config {
  return env.VPN_PROBE_URL === undefined ? { ...config, vpnProbeUrl: demoVpnProbeUrl(config) } : config;
}

/** DEFAULT_MAIL_FROM: the sender of the demo's mail unless MAIL_FROM says otherwise. */
export const DEFAULT_MAIL_FROM = 'Assessment portal <no-reply@assessment.invalid>';

/** An smtp:// or smtps:// URL, or null when unset; anything else is a configuration error. */
function smtpUrl(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'smtp:' && url.protocol !== 'smtps:'))
    throw new Error('SMTP_URL must be an smtp:// or smtps:// URL (smtp://user:pass@host:587)');
  return value;
}

/** The public origin of the portal (no path), or null when unset. */
function publicOrigin(value: string | undefined): string | null {
  if (value === undefined || value === '') return null;
  const url = URL.parse(value);
  if (!url || (url.protocol !== 'http:' && url.protocol !== 'https:'))
    throw new Error(`PUBLIC_URL must be an absolute http(s) URL, not ${JSON.stringify(value)}`);
  return url.origin;
}

/** An IPv4/IPv6 address or CIDR (what Fastify's trustProxy takes); anything else is a configuration error. */
function proxyList(value: string | undefined): string[] {
  const list = (value ?? '').split(/[\s,]+/).filter((p) => p !== '');
  for (const entry of list) {
    const [address = '', prefix, ...rest] = entry.split('/');
    const family = isIP(address);
    const bits = family === 4 ? 32 : 128;
    const prefixOk = prefix === undefined || (/^\d+$/.test(prefix) && Number(prefix) <= bits);
    if (family === 0 || !prefixOk || rest.length > 0)
      throw new Error(
        `TRUSTED_PROXIES takes IP addresses or CIDRs (10.0.0.0/8), not ${JSON.stringify(entry)}`,
      );
  }
  return list;
}

/**
 * The origin of the demo's own listen address, for links in mail when PUBLIC_URL is unset: http(s) by TLS, the
 * configured host (a wildcard address, which no browser can open, as localhost) and the port really bound.
 */
export function listenOrigin(config: Pick<Config, 'host' | 'tls'>, port: number): string {
  const wildcard = config.host === '' || config.host === '0.0.0.0' || config.host === '::';
  const host = wildcard ? 'localhost' : isIP(config.host) === 6 ? `[${config.host}]` : config.host;
  return `${config.tls ? 'https' : 'http'}://${host}:${String(port)}`;
}

/** The start-up line that says where mailed links point when PUBLIC_URL is unset (null when it is set). */
export function publicOriginNote(config: Pick<Config, 'publicUrl'>, origin: string): string | null {
  return config.publicUrl === null
    ? `Links in mail point to ${origin}, the listen address: set PUBLIC_URL to the portal's public origin.`
    : null;
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
    smtpUrl: smtpUrl(flag(argv, 'smtp-url') ?? env.SMTP_URL),
    mailFrom: env.MAIL_FROM ?? DEFAULT_MAIL_FROM,
    confirmTtlSeconds: num(flag(argv, 'confirm-ttl') ?? env.CONFIRM_TTL, 24 * 3600, 'CONFIRM_TTL'),
    publicUrl: publicOrigin(env.PUBLIC_URL),
    trustedProxies: proxyList(env.TRUSTED_PROXIES),
    ingest: {
      workers: Math.max(1, num(env.INGEST_WORKERS, defaultIngestWorkers(), 'INGEST_WORKERS')),
      perAccount: Math.max(
        1,
        num(env.INGEST_PARSES_PER_ACCOUNT, INGEST_LIMITS.perAccount, 'INGEST_PARSES_PER_ACCOUNT'),
      ),
      queuedPerAccount: num(
        env.INGEST_QUEUED_PER_ACCOUNT,
        INGEST_LIMITS.queuedPerAccount,
        'INGEST_QUEUED_PER_ACCOUNT',
      ),
      queuedTotal: num(env.INGEST_QUEUED_TOTAL, INGEST_LIMITS.queuedTotal, 'INGEST_QUEUED_TOTAL'),
      inline: (env.INGEST_INLINE ?? '') === '1',
    },
    vsphereCollectorDist: path.resolve(
      env.VSPHERE_COLLECTOR_DIST ?? path.join(REPO_ROOT, 'collector', 'vsphere', 'dist'),
    ),
    ...overrides,
  };
}
