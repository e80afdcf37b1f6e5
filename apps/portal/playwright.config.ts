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
// A run on its own port builds into its own folder, so runs side by side never serve each other's half-written build.
const outDir = process.env.PORTAL_E2E_PORT ? `dist-e2e-${String(PORT)}` : 'dist';
// Journeys change what they touch (accounts, projects, runs), so each worker has a demo server of its own, on port
// PORT + its parallel index, with its own data dir (e2e/fixtures.ts points the worker's baseURL at it). A file's
// journeys stay in order on one worker. One worker by default: two on these 2 cores are not yet measured on a quiet
// machine (PORTAL_E2E_WORKERS=2 tries it).
const WORKERS = Number(process.env.PORTAL_E2E_WORKERS ?? 1);
// PORTAL_E2E_PREBUILT=1: the portal in dist/ was just built from this tree (scripts/test.sh sets it after its build
// gate passed), so the journeys serve it instead of building it a second time.
const prebuilt = process.env.PORTAL_E2E_PREBUILT === '1' && !process.env.PORTAL_E2E_PORT;

function demoServer(index: number) {
  const port = PORT + index;
  return {
    // The first server builds the portal; Playwright starts the servers one after another, so the others serve
    // the finished build.
    command: `${index === 0 && !prebuilt ? 'pnpm --filter @assessment/portal run build && ' : ''}pnpm --filter @assessment/mock run serve`,
    url: `http://127.0.0.1:${String(port)}/api/viewer`,
    reuseExistingServer: false,
    timeout: 120_000,
    env: {
      PORT: String(port),
      DATA_DIR:
        index === 0 && process.env.PORTAL_E2E_DATA_DIR
          ? process.env.PORTAL_E2E_DATA_DIR
          : mkdtempSync(join(tmpdir(), 'portal-e2e-')),
      PORTAL_OUT_DIR: outDir,
      PORTAL_DIST: join(import.meta.dirname, outDir),
      SESSION_TTL: '300',
      TIME_SCALE: '0.01',
      // The internal host of the VPN check: the demo server itself, so internal staff are "on the VPN" unless a
      // journey cuts the probe off (vpn.spec.ts).
      VPN_PROBE_URL: `http://127.0.0.1:${String(port)}/vpn-probe.gif`,
    },
    stdout: 'ignore' as const,
    stderr: 'pipe' as const,
  };
}

export default defineConfig({
  testDir: './e2e',
  fullyParallel: false,
  workers: WORKERS,
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
  webServer: Array.from({ length: WORKERS }, (_, index) => demoServer(index)),
});
