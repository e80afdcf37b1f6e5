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
    // The files share one module graph (the demo API's and the engine's): importing them again for each of 21 files
    // was a sixth of the run. Each file starts its own demo with its own data folder and planted faults.
    isolate: false,
    unstubGlobals: true,
    unstubEnvs: true,
  },
});
