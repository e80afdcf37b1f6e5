import react from '@vitejs/plugin-react';
import { readdirSync, readFileSync } from 'node:fs';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeMessages } from './scripts/locale-messages.ts';

/** The test files that mock a module (vi.mock), relative to this folder. */
const mockingFiles = readdirSync(join(import.meta.dirname, 'src'), { recursive: true, encoding: 'utf8' })
  .filter((file) => /\.test\.tsx?$/.test(file))
  .map((file) => join('src', file))
  .filter((file) => readFileSync(join(import.meta.dirname, file), 'utf8').includes('vi.mock('));

export default defineConfig({
  plugins: [react(), localeMessages()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    maxWorkers: 2,
    // A test that stubs a global or fakes the clock is undone after it (and real timers, cleared storage in
    // src/test/setup.ts): files share a worker's jsdom (the "shared" project below).
    unstubGlobals: true,
    unstubEnvs: true,
    projects: [
      // One jsdom and one module graph per worker, shared by its files: creating jsdom and importing the app for
      // each of ~100 files took 179 s of work where the whole shared run takes 45 s on these 2 cores.
      {
        extends: true,
        test: { name: 'shared', include: ['src/**/*.test.{ts,tsx}'], exclude: mockingFiles, isolate: false },
      },
      // A file that mocks a module (vi.mock) gets its own module graph: a module another file imported first would
      // otherwise keep the real import.
      { extends: true, test: { name: 'isolated', include: mockingFiles } },
    ],
    // A guard against hangs, not a speed check: user-event typing in jsdom takes seconds on a loaded 2-core machine.
    testTimeout: 15_000,
  },
});
