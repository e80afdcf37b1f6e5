// The portal's production build (`pnpm run build`): Vite twice. The first run, in memory, finds which modules each
// first page needs; the second writes dist/ with those grouped into a few chunks per page (scripts/page-chunks.ts).
import { fileURLToPath } from 'node:url';
import { build } from 'vite';
import { surveyFirstPages } from './page-chunks.ts';

const root = fileURLToPath(new URL('..', import.meta.url));
await surveyFirstPages(root);
await build({ root });
