import { defineConfig } from 'vitest/config';

// Tests of the workspace's own tooling (lint boundaries, the CI summary).
export default defineConfig({
  test: {
    include: ['scripts/tests/**/*.test.ts'],
    environment: 'node',
    testTimeout: 120_000,
  },
});
