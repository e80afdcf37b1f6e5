// The portal's production build (`pnpm run build`): Vite three times. The first run, in memory, finds which modules
// each first page needs; the second writes dist/ with those grouped into a few chunks per page
// (scripts/page-chunks.ts); the third writes the server's renderer of the first pages, dist/server/first-screen.js
// (vite.ssr.config.ts, src/app/first-screen.tsx).
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { surveyFirstPages } from './page-chunks.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
await surveyFirstPages(root);
await build({ root });
await build({
  root,
  configFile: fileURLToPath(new URL('../vite.ssr.config.ts', import.meta.url)),
  logLevel: 'warn',
});
