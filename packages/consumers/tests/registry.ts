// A local npm registry for one run of the consumer tests: verdaccio (pinned in this package) on loopback with a
// throw-away config, storage and user file. The published packages are stored locally only (no uplink for the
// @assessment scope); every other package is read through from the npm registry. Verdaccio never forwards a
// publish upstream: what is published here stays in the run's temporary folder and is removed with it.
import { spawn, type ChildProcess } from 'node:child_process';
import { randomBytes } from 'node:crypto';
import { createRequire } from 'node:module';
import { createServer } from 'node:net';
import path from 'node:path';
import { writeProject } from './process.ts';

/** Ports of this suite's registry (next to the demo API's 18150-18159). */
export const REGISTRY_PORTS = [18160, 18161, 18162, 18163, 18164, 18165, 18166, 18167, 18168, 18169];
/** The scope published to the local registry, and only there. */
export const SCOPE = '@assessment';
/** The user the release rehearsal publishes as (created in the throw-away user file). */
export const PUBLISHER = 'release-rehearsal';

export interface LocalRegistry {
  /** `http://127.0.0.1:<port>/` */
  url: string;
  /** The publisher's token, for an `.npmrc` line `//127.0.0.1:<port>/:_authToken=…`. */
  token: string;
  stop: () => void;
}

async function freePort(ports: number[]): Promise<number> {
  for (const port of ports) {
    const free = await new Promise<boolean>((resolve) => {
      const probe = createServer()
        .once('error', () => resolve(false))
        .listen(port, '127.0.0.1', () => probe.close(() => resolve(true)));
    });
    if (free) return port;
  }
  throw new Error(`no free port in ${ports[0]}-${ports.at(-1)}`);
}

/** The verdaccio configuration: local-only scope, read-through for the rest, no web UI, no audit forwarding. */
export function registryConfig(dir: string): string {
  return `storage: ${JSON.stringify(path.join(dir, 'storage'))}
auth:
  htpasswd:
    file: ${JSON.stringify(path.join(dir, 'htpasswd'))}
    max_users: 1
uplinks:
  npmjs:
    url: https://registry.npmjs.org/
packages:
  '${SCOPE}/*':
    access: $all
    publish: $authenticated
    unpublish: $authenticated
  '**':
    access: $all
    publish: nobody
    proxy: npmjs
web:
  enable: false
middlewares:
  audit:
    enabled: false
log: { type: stdout, format: pretty, level: warn }
`;
}

export async function startRegistry(dir: string): Promise<LocalRegistry> {
  const port = await freePort(REGISTRY_PORTS);
  writeProject(dir, { 'config.yaml': registryConfig(dir) });
  // Its bin, run by this Node (the package exports no subpath for it: found next to its manifest).
  const bin = path.join(
    path.dirname(createRequire(import.meta.url).resolve('verdaccio/package.json')),
    'bin/verdaccio',
  );
  const child: ChildProcess = spawn(
    process.execPath,
    [bin, '--config', path.join(dir, 'config.yaml'), '--listen', `127.0.0.1:${port}`],
    { stdio: 'pipe' },
  );
  const stop = () => {
    child.kill();
  };
  const url = `http://127.0.0.1:${port}/`;
  let output = '';
  try {
    await new Promise<void>((resolve, reject) => {
      const onData = (chunk: Buffer) => {
        output += chunk.toString();
        if (output.includes(`http address - ${url}`)) resolve();
      };
      child.stdout?.on('data', onData);
      child.stderr?.on('data', onData);
      child.once('exit', (code) => reject(new Error(`verdaccio exited (${code}):\n${output}`)));
    });
    // The publisher: verdaccio's CouchDB-style sign-up answers the token npm would store on `npm adduser`.
    const response = await fetch(`${url}-/user/org.couchdb.user:${PUBLISHER}`, {
      method: 'PUT',
      headers: { 'Content-Type': 'application/json' },
      body: JSON.stringify({ name: PUBLISHER, password: randomBytes(18).toString('base64url') }),
    });
    const { token } = (await response.json()) as { token?: string };
    if (!response.ok || !token) throw new Error(`verdaccio refused the publisher (${response.status})`);
    return { url, token, stop };
  } catch (error) {
    stop();
    throw error;
  }
}

/** The `.npmrc` lines that send the scope to the local registry (every other package keeps the usual one). */
export function scopeNpmrc(registry: LocalRegistry, withToken = false): string {
  const host = registry.url.replace(/^http:/, '');
  return `${SCOPE}:registry=${registry.url}\n${withToken ? `${host}:_authToken=${registry.token}\n` : ''}`;
}
