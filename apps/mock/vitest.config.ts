import { defineConfig } from 'vitest/config';

// The demo API's tests: a real server on a random loopback port with a temporary data folder per test file.
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 30_000,
    hookTimeout: 90_000,
    // Two shared cores: one file at a time keeps Prism and the servers from starving each other.
    fileParallelism: false,
    // The files share one module graph: importing the server's modules for each of ~80 files was a third of the run
    // (130 of 395 s in CI). Each file still starts its own server with its own data folder; a test that fakes the
    // clock or stubs a global undoes it.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
