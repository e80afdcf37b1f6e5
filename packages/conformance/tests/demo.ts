// Starts the demo API in-process on a loopback port with a freshly seeded temporary data folder.
import { cpSync, mkdtempSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import { loadConfig } from '../../../apps/mock/src/config.ts';
import { buildServer, type DemoServer } from '../../../apps/mock/src/http/server.ts';
import { inject } from 'vitest';

export const DEMO_PASSWORD = 'Demo-Portal-2026';

/** The four kinds of caller, as demo accounts no end-to-end journey signs in as wrongly. */
export const DEMO_CALLERS = [
  { name: 'anonymous' },
  { name: 'end user', email: 'enduser@adventure-works.example', password: DEMO_PASSWORD },
  { name: 'partner', email: 'partner.admin@contoso-partners.example', password: DEMO_PASSWORD },
  { name: 'admin', email: 'admin@dell.example', password: DEMO_PASSWORD },
];

/**
 * The seeds CI runs every time: the demo run's fixed seed, seed 1 (which once found a modal's projectId bound the
 * contract did not state) and a seed from today's date (a new one each day; a failure names it, replay it with
 * `pnpm conformance --seed N`). The whole-contract runs (tests/conformance.test.ts) and every planted fault
 * (src/checks/*.test.ts) run at each.
 */
export const TODAY_SEED = Number(new Date().toISOString().slice(0, 10).replace(/-/g, ''));
export const CI_SEEDS: readonly number[] = [2026, 1, TODAY_SEED];

/** The demo API's development mailbox (JSON), where the registration the run makes gets its confirmation link. */
export const DEMO_MAILBOX = '/dev/mailbox/messages.json';

export interface Demo {
  url: string;
  server: DemoServer;
  close: () => Promise<void>;
}

/** `mutate` runs before the server listens: the fault tests plant their faults there. */
export async function startDemo(mutate?: (server: DemoServer) => void): Promise<Demo> {
  // A copy of the data folder seeded once per run (tests/global-setup.ts): seeding hashes every password.
  const dataDir = mkdtempSync(path.join(tmpdir(), 'conformance-'));
  cpSync(inject('templateDataDir'), dataDir, { recursive: true });
  const config = loadConfig({}, [], {
    host: '127.0.0.1',
    port: 0,
    dataDir,
    timeScale: 0.01,
    portalDist: path.join(dataDir, 'no-portal'),
  });
  const server = await buildServer(config);
  mutate?.(server);
  const url = await server.app.listen({ host: '127.0.0.1', port: 0 });
  return {
    url,
    server,
    close: async () => {
      await server.close();
      rmSync(dataDir, { recursive: true, force: true });
    },
  };
}
