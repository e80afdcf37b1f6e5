import { execFileSync } from 'node:child_process';
import { existsSync } from 'node:fs';
import { defineConfig } from '@playwright/test';
import { chromiumLaunchOptions } from '../../scripts/chromium.ts';

/** Port of the static catalogue server (not 8080/4010/5173, which other packages use). */
const PORT = Number(process.env.UI_CATALOGUE_PORT ?? 6106);

// The story list of e2e/catalogue.spec.ts is read from the built catalogue's index.json when test files load,
// so the catalogue is built here, once, in the main process; workers inherit UI_CATALOGUE_DIR and skip it.
// Each run builds into its own folder, so a concurrent `catalogue:build` (which empties build/catalogue) or a
// second e2e run cannot pull the files from under this one. UI_CATALOGUE_PREBUILT=1 reuses build/catalogue.
if (!process.env.UI_CATALOGUE_DIR) {
  const reuse = process.env.UI_CATALOGUE_PREBUILT === '1' && existsSync('build/catalogue/index.json');
  const dir = reuse ? 'build/catalogue' : `build/e2e-catalogue-${process.pid}`;
  if (!reuse) {
    try {
      execFileSync('pnpm', ['exec', 'storybook', 'build', '-o', dir, '--quiet'], {
        stdio: 'pipe',
        env: { ...process.env, STORYBOOK_DISABLE_TELEMETRY: '1' },
      });
    } catch (error) {
      const { stdout, stderr } = error as { stdout?: Buffer; stderr?: Buffer };
      const output = `${stdout?.toString() ?? ''}${stderr?.toString() ?? ''}`.slice(-4000);
      throw new Error(`Building the catalogue failed:\n${output}`, { cause: error });
    }
  }
  process.env.UI_CATALOGUE_DIR = dir;
}
const CATALOGUE_DIR = process.env.UI_CATALOGUE_DIR;

export default defineConfig({
  testDir: './e2e',
  globalTeardown: './e2e/teardown.ts',
  fullyParallel: true,
  workers: 2,
  retries: 0,
  timeout: 30_000,
  reporter: process.env.CI ? 'line' : 'list',
  use: {
    baseURL: `http://127.0.0.1:${PORT}`,
    browserName: 'chromium',
    headless: true,
    launchOptions: chromiumLaunchOptions,
  },
  webServer: {
    command: `pnpm exec vite preview --outDir ${CATALOGUE_DIR} --host 127.0.0.1 --port ${PORT} --strictPort`,
    url: `http://127.0.0.1:${PORT}/index.json`,
    reuseExistingServer: false,
    timeout: 60_000,
    stdout: 'ignore',
    stderr: 'pipe',
  },
});
