import { defineConfig } from 'vitest/config';

export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts'],
    environment: 'node',
    // Packs, installs and starts the demo API once for every test file (see tests/global-setup.ts).
    globalSetup: ['./tests/global-setup.ts'],
    // Each test type-checks, bundles or runs a throw-away project in a child process.
    testTimeout: 120_000,
    hookTimeout: 120_000,
    // Two shared cores: one test file at a time, each running one child process at a time.
    fileParallelism: false,
  },
});
