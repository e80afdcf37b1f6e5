import { defineConfig, devices } from '@playwright/test';
import { mkdtempSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

/**
 * Journeys against the demo API serving the built portal on one origin (as `pnpm start` does), on a test port
 * with a fresh data dir per run. The webServer builds the portal first so the tests see the current code.
 */
const PORT = Number(process.env.PORTAL_E2E_PORT ?? 8090);
const dataDir = process.env.PORTAL_E2E_DATA_DIR ?? mkdtempSync(join(tmpdir(), 'portal-e2e-'));
// A run on its own port builds into its own folder, so runs side by side never serve each other's half-written build.
const outDir = process.env.PORTAL_E2E_PORT ? `dist-e2e-${String(PORT)}` : 'dist';

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: 1,
  retries: 0,
  timeout: 60_000,
  expect: { timeout: 10_000 },
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    // No trace files: other runs may clean test-results/ while this one writes; failures keep their error context.
    trace: 'off',
    ...devices['Desktop Chrome'],
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: 'pnpm --filter @assessment/portal run build && pnpm --filter @assessment/mock run serve',
    url: `http://127.0.0.1:${PORT}/api/viewer`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(PORT),
      DATA_DIR: dataDir,
      PORTAL_OUT_DIR: outDir,
      PORTAL_DIST: join(import.meta.dirname, outDir),
      SESSION_TTL: '300',
      TIME_SCALE: '0.01',
      // The internal host of the VPN check: the demo server itself, so internal staff are "on the VPN" unless a
      // journey cuts the probe off (vpn.spec.ts).
      VPN_PROBE_URL: `http://127.0.0.1:${String(PORT)}/vpn-probe.gif`,
    },
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
