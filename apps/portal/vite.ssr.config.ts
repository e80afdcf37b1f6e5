import { tanstackRouter } from '@tanstack/router-plugin/vite';
import react from '@vitejs/plugin-react';
import { fileURLToPath } from 'node:url';
import { defineConfig } from 'vite';
import { localeMessages } from './scripts/locale-messages.ts';

/**
 * The server's build of the portal (scripts/build.ts, after the browser's): src/app/first-screen.tsx, which renders a
 * first page as the app does, for the demo server to write into the page's document (dist/server/first-screen.js).
 */
export default defineConfig({
  plugins: [tanstackRouter({ target: 'react', autoCodeSplitting: false }), react(), localeMessages()],
  // Self-contained, libraries included (React's production build: the build sets NODE_ENV), so the server loads one
  // file whatever its own dependencies are.
  ssr: { noExternal: true },
  define: { 'process.env.NODE_ENV': JSON.stringify('production') },
  resolve: { alias: { '@': fileURLToPath(new URL('./src', import.meta.url)) } },
  build: {
    ssr: 'src/app/first-screen.tsx',
    outDir: `${process.env.PORTAL_OUT_DIR ?? 'dist'}/server`,
    emptyOutDir: true,
    sourcemap: false,
    target: 'node24',
    rolldownOptions: {
      // One file: on the server a lazy part costs nothing to load with the rest.
      output: { codeSplitting: false },
      // Where the browser's build splits a module off, the server's has nothing to split.
      onLog(level, log, handler) {
        if (log.code !== 'INEFFECTIVE_DYNAMIC_IMPORT') handler(level, log);
      },
    },
  },
});
