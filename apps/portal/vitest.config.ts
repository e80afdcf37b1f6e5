import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vitest/config';
import { localeMessages } from './scripts/locale-messages.ts';

export default defineConfig({
  plugins: [react(), localeMessages()],
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  test: {
    environment: 'jsdom',
    include: ['src/**/*.test.{ts,tsx}'],
    setupFiles: ['./src/test/setup.ts'],
    css: false,
    maxWorkers: 2,
    // A guard against hangs, not a speed check: user-event typing in jsdom takes seconds on a loaded 2-core machine.
    testTimeout: 15_000,
  },
});
