import { defineConfig } from 'vitest/config';

// Runs the engine against an in-process demo API (temporary data folder) with a fixed seed and budget; each check
// class's planted-fault test lives beside its module (src/checks/*.test.ts).
export default defineConfig({
  test: {
    include: ['tests/**/*.test.ts', 'src/**/*.test.ts'],
    environment: 'node',
    globalSetup: ['tests/global-setup.ts'],
    testTimeout: 120_000,
    hookTimeout: 120_000,
    fileParallelism: false,
  },
});
