import { defineConfig } from 'vitest/config';

// Contract tests: every operation of the SDK against Prism serving the bundled contract.
export default defineConfig({
  test: {
    include: ['contract/**/*.contract.ts'],
    environment: 'node',
    testTimeout: 20_000,
    hookTimeout: 60_000,
  },
});
