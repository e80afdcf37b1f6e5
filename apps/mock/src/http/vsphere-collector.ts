// The vSphere collector's built binaries (collector/vsphere, issue #41): the VMware vCenter collector package ships
// them with their SHA-256 checksums. They are built from Debian's Go and govmomi by collector/vsphere/build.sh into
// its dist/ folder (SHA256SUMS beside the binaries); a package is ready only once every platform's binary is there
// and matches its checksum — never a package without the collector in it.
import { spawn } from 'node:child_process';
import { createHash } from 'node:crypto';
import { existsSync, mkdirSync, openSync, readFileSync, statSync } from 'node:fs';
import path from 'node:path';
import { REPO_ROOT } from '../config.ts';

/** Where build.sh lives (and, by default, writes dist/). */
export const VSPHERE_COLLECTOR_DIR = path.join(REPO_ROOT, 'collector', 'vsphere');
/** build.sh's output folder, the default of Config.vsphereCollectorDist. */
export const VSPHERE_DEFAULT_DIST = path.join(VSPHERE_COLLECTOR_DIR, 'dist');

/** The platforms the package offers, as Go names them (GOOS, GOARCH). */
export const VSPHERE_PLATFORMS = [
  { os: 'linux', arch: 'amd64' },
  { os: 'linux', arch: 'arm64' },
  { os: 'windows', arch: 'amd64' },
  { os: 'darwin', arch: 'arm64' },
] as const;

export interface VsphereBinary {
  /** The file name, e.g. iokit-vsphere-0.1.0-linux-amd64 (Windows: .exe). */
  name: string;
  os: string;
  arch: string;
  bytes: number;
  /** Lower-case hex SHA-256 of the file, as SHA256SUMS states it. */
  sha256: string;
}

export interface VsphereBuild {
  binaries: VsphereBinary[];
  /** The SHA256SUMS file's text (sha256sum format: `<hex>  <name>` per line). */
  sums: string;
}

/** The lines of a SHA256SUMS file: name → checksum (either `<hex>  name` or `<hex> *name`). */
export function parseSha256Sums(text: string): Map<string, string> {
  const sums = new Map<string, string>();
  for (const line of text.split('\n')) {
    const m = /^([0-9a-f]{64}) [ *](.+)$/.exec(line.trim());
    if (m?.[1] && m[2]) sums.set(m[2], m[1]);
  }
  return sums;
}

const PLATFORM_NAME = /^iokit-vsphere-[^/\\]+-(linux|windows|darwin)-(amd64|arm64)(\.exe)?$/;

// Checked once per SHA256SUMS (its path and modification time): hashing ~50 MB of binaries is not a per-request cost.
let cached: { key: string; build: VsphereBuild | null } | undefined;

/**
 * The built binaries of dist/, one per platform of VSPHERE_PLATFORMS, each matching SHA256SUMS; null while any is
 * missing or does not match (not built yet, being built, or damaged).
 */
export function vsphereBuild(distDir: string): VsphereBuild | null {
  const sumsFile = path.join(distDir, 'SHA256SUMS');
  if (!existsSync(sumsFile)) return null;
  const key = `${sumsFile}:${String(statSync(sumsFile).mtimeMs)}`;
  if (cached?.key === key) return cached.build;
  const sums = readFileSync(sumsFile, 'utf8');
  const binaries: VsphereBinary[] = [];
  for (const [name, sha256] of parseSha256Sums(sums)) {
    const m = PLATFORM_NAME.exec(name);
    const file = path.join(distDir, name);
    if (!m?.[1] || !m[2] || !existsSync(file)) continue;
    const data = readFileSync(file);
    if (createHash('sha256').update(data).digest('hex') !== sha256) continue;
    binaries.push({ name, os: m[1], arch: m[2], bytes: data.length, sha256 });
  }
  const complete = VSPHERE_PLATFORMS.every((p) => binaries.some((b) => b.os === p.os && b.arch === p.arch));
  const build = complete ? { binaries, sums } : null;
  // Only a complete build is remembered: one still being written is looked at again on the next call.
  if (build) cached = { key, build };
  return build;
}

/** The folder a command is found in on PATH, or undefined. */
function onPath(command: string): string | undefined {
  return (process.env.PATH ?? '')
    .split(path.delimiter)
    .find((dir) => dir !== '' && existsSync(path.join(dir, command)));
}

/**
 * At the demo's start: when the binaries are not built, build them in the background (at low priority, logged to
 * the data folder) if Go is installed, so the VMware collector package becomes ready a few minutes later; else say
 * how to build them. Returns what it did, for the start-up log.
 */
export function startVsphereBuildIfMissing(distDir: string, dataDir: string): string {
  if (vsphereBuild(distDir))
    return 'vSphere collector: built (the VMware vCenter collector package is ready).';
  // build.sh writes its own dist/; a folder configured elsewhere is filled by whoever configured it.
  if (path.resolve(distDir) !== VSPHERE_DEFAULT_DIST)
    return `vSphere collector: not built in ${distDir} — the VMware vCenter collector package stays in preparation until it is.`;
  const how = 'bash collector/vsphere/build.sh';
  if (!onPath('go'))
    return `vSphere collector: not built, and Go is not installed — the VMware vCenter collector package stays in preparation until you run ${how} (it needs Debian's golang-go and golang-github-vmware-govmomi-dev).`;
  mkdirSync(dataDir, { recursive: true });
  const log = path.join(dataDir, 'vsphere-build.log');
  const out = openSync(log, 'a');
  const child = spawn('nice', ['-n', '10', 'bash', path.join(VSPHERE_COLLECTOR_DIR, 'build.sh')], {
    cwd: REPO_ROOT,
    stdio: ['ignore', out, out],
    detached: true,
  });
  child.unref();
  return `vSphere collector: building its binaries in the background (log: ${log}); the VMware vCenter collector package is ready when they are.`;
}
