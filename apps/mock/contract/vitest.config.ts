import { defineConfig } from 'vitest/config';

// Contract tests: every operation of the SDK against Prism serving the bundled contract (and, for the few
// Prism cannot serve, against the demo API started from the seeded template folder of the tests' global setup).
export default defineConfig({
  test: {
    include: ['contract/**/*.contract.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
