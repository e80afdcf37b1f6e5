// Command line of the demo API: `serve` (server only), `demo` (build the portal when needed, then serve), `reset`
// (reseed the data folder). Settings come from flags and env (see config.ts).
import { spawnSync } from 'node:child_process';
import { existsSync, readdirSync, statSync } from 'node:fs';
import path from 'node:path';
import {
  DEMO_VPN_PROBE_PATH,
  loadConfig,
  publicOriginNote,
  REPO_ROOT,
  withDemoDefaults,
  type Config,
} from './config.ts';
import { REFERENCE_HTML, REFERENCE_MISSING } from './http/docs.ts';
import { buildServer } from './http/server.ts';
import { startVsphereBuildIfMissing } from './http/vsphere-collector.ts';
import { openDatabase } from './store/db.ts';
import { arenaNote, startMemoryTrace, writeMemorySnapshot } from './ingest/memory.ts';
import { seed, DEMO_ACCOUNTS, DEMO_CAPTURE_TOKENS, DEMO_PASSWORD } from './store/seed.ts';

const command = process.argv[2] ?? 'serve';
const config = loadConfig(process.env, process.argv.slice(3));

function newestMtime(dir: string): number {
  let newest = 0;
  const walk = (d: string): void => {
    for (const entry of readdirSync(d, { withFileTypes: true })) {
      if (entry.name === 'node_modules' || entry.name === 'dist' || entry.name.startsWith('.')) continue;
      const p = path.join(d, entry.name);
      if (entry.isDirectory()) walk(p);
      else newest = Math.max(newest, statSync(p).mtimeMs);
    }
  };
  if (existsSync(dir)) walk(dir);
  return newest;
}

/** Builds the portal when its dist is missing or older than its sources (or the UI kit's / SDK's). */
function buildPortalIfStale(cfg: Config): void {
  const portal = path.join(REPO_ROOT, 'apps', 'portal');
  const index = path.join(cfg.portalDist, 'index.html');
  const sources = Math.max(
    newestMtime(path.join(portal, 'src')),
    newestMtime(path.join(REPO_ROOT, 'packages', 'ui', 'src')),
    newestMtime(path.join(REPO_ROOT, 'packages', 'sdk', 'src')),
  );
  if (existsSync(index) && statSync(index).mtimeMs >= sources) {
    console.log('Portal build is up to date.');
    return;
  }
  console.log('Building the portal…');
  const r = spawnSync('pnpm', ['--filter', '@assessment/portal', 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0)
    console.warn('The portal did not build; the demo serves the API and a placeholder page.');
}

/** Builds the API reference page (`/docs`) when it is missing or older than the bundled contract (about 10 s). */
function buildReferenceIfStale(): void {
  const contract = path.join(REPO_ROOT, 'openapi', 'dist', 'openapi.json');
  if (existsSync(REFERENCE_HTML) && statSync(REFERENCE_HTML).mtimeMs >= statSync(contract).mtimeMs) return;
  console.log('Building the API reference (/docs)…');
  const r = spawnSync('pnpm', ['--filter', '@assessment/openapi', 'run', 'build'], {
    cwd: REPO_ROOT,
    stdio: 'inherit',
  });
  if (r.status !== 0) console.warn(`The API reference did not build: ${REFERENCE_MISSING}`);
}

function printBanner(url: string, cfg: Config): void {
  const width = Math.max(...DEMO_ACCOUNTS.map((a) => a.email.length));
  console.log(`\nAssessment portal demo: ${url}\n`);
  console.log(`Demo accounts (password for all: ${DEMO_PASSWORD})`);
  for (const a of DEMO_ACCOUNTS) console.log(`  ${a.email.padEnd(width)}  ${a.note}`);
  if (cfg.vpnProbeUrl)
    console.log(
      `\nVPN check: internal staff probe ${cfg.vpnProbeUrl}${URL.parse(cfg.vpnProbeUrl)?.pathname === DEMO_VPN_PROBE_PATH ? ' (never answers on purpose: the VPN notice shows; set VPN_PROBE_URL to change it)' : ''}`,
    );
  console.log(
    `\nCapture links (no sign-in; each builds one collector): ${url}/dpackcapture?CaptureRequestToken=${DEMO_CAPTURE_TOKENS[0] ?? ''} … ${DEMO_CAPTURE_TOKENS.at(-1) ?? ''}`,
  );
  console.log(
    cfg.smtpUrl === null
      ? `\nMail (registration links): development mailbox at ${url}/dev/mailbox (set SMTP_URL to send real mail)`
      : '\nMail (registration links): sent through SMTP_URL',
  );
  console.log(`\nData folder: ${cfg.dataDir} (reset: pnpm --filter @assessment/mock run reset)`);
  console.log('Ctrl-C stops the server.\n');
}

async function serve(cfg: Config, banner: boolean): Promise<void> {
  // MEMORY_TRACE=<file>: the server's and its ingest threads' memory, a line per 100 ms (ingest/memory.ts).
  const trace = process.env.MEMORY_TRACE;
  if (trace) await writeMemorySnapshot(trace, 'start');
  const server = await buildServer(cfg);
  if (trace) startMemoryTrace(trace, 'built', Number(process.env.MEMORY_TRACE_MS ?? 100));
  if (server.missing.length > 0) console.warn(`Operations without a handler: ${server.missing.join(', ')}`);
  const address = await server.app.listen({ host: cfg.host, port: cfg.port });
  const url = address.replace('://[::1]', '://127.0.0.1');
  if (banner) printBanner(url, cfg);
  else console.log(`Demo API listening on ${url}`);
  // Where mailed links point when PUBLIC_URL is unset (issue #39): said once, at start.
  const linkNote = publicOriginNote(cfg, server.ctx.publicOrigin());
  if (linkNote) console.log(linkNote);
  const note = arenaNote(process.env, process.platform);
  if (note) console.warn(note);
  let stopping = false;
  const stop = (): void => {
    if (stopping) return;
    stopping = true;
    void server.close().then(() => process.exit(0));
  };
  process.on('SIGINT', stop);
  process.on('SIGTERM', stop);
}

switch (command) {
  case 'serve':
    await serve(config, false);
    break;
  case 'demo':
    buildPortalIfStale(config);
    buildReferenceIfStale();
    await serve(withDemoDefaults(config), true);
    // After the banner: the VMware vCenter collector package needs the vSphere collector's binaries (issue #41).
    console.log(startVsphereBuildIfMissing(config.vsphereCollectorDist, config.dataDir));
    break;
  case 'reset': {
    const db = openDatabase(config.dataDir);
    const summary = seed(db);
    db.close();
    console.log(`Reseeded ${config.dataDir}:`, summary);
    break;
  }
  default:
    console.error(`Unknown command ${command}; use serve, demo or reset.`);
    process.exit(2);
}
