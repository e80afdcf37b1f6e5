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
// journeys stay in order on one worker. Two workers by default: a journey mostly waits (one file used ~65 s of CPU in
// 190 s), so two keep both cores busy; PORTAL_E2E_WORKERS=1 runs them one at a time.
const WORKERS = Number(process.env.PORTAL_E2E_WORKERS ?? 2);
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
  // Generous bounds, not waits (every step waits for its condition): two journeys share two cores with their demo
  // servers, and a long journey runs axe on every step. At load 10–13 (two workers beside other work) only
  // multi-page journeys went past 60 s.
  timeout: 120_000,
  expect: { timeout: 15_000 },
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
