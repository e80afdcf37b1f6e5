// The API reference people read: dist/openapi.json rendered by Redocly's build-docs (Redoc, pre-rendered) into one
// static page, dist/reference.html, with the Redoc bundle inlined (nothing loaded from a CDN, so it opens offline and
// under a CSP that allows only the origin itself). Built by `pnpm --filter @assessment/openapi run build`, not
// committed (2.8 MB that changes with every contract change); the demo API serves it at /docs.
import { execFileSync } from 'node:child_process';
import { existsSync, renameSync, statSync } from 'node:fs';
import { fileURLToPath } from 'node:url';

export const CONTRACT_JSON = fileURLToPath(new URL('../dist/openapi.json', import.meta.url));
export const REFERENCE_HTML = fileURLToPath(new URL('../dist/reference.html', import.meta.url));
const PACKAGE_DIR = fileURLToPath(new URL('..', import.meta.url));

/** Builds into a side file and renames it: a server reading the page never sees half of it. */
export function buildReference(): void {
  const partial = `dist/reference.html.${String(process.pid)}.partial`;
  execFileSync(
    'pnpm',
    [
      'exec',
      'redocly',
      'build-docs',
      'dist/openapi.json',
      '--inlineBundle',
      '--output',
      partial,
      '--title',
      'Assessment portal API reference',
      // Redoc's default page plus a description and contrast fixes (axe, WCAG AA).
      '--template',
      'reference/template.hbs',
    ],
    {
      cwd: PACKAGE_DIR,
      stdio: 'pipe',
      env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    },
  );
  renameSync(`${PACKAGE_DIR}/${partial}`, REFERENCE_HTML);
}

/** Builds the page when it is missing or older than the contract (for tests run without the workspace build). */
export function ensureReference(): string {
  if (!existsSync(REFERENCE_HTML) || statSync(REFERENCE_HTML).mtimeMs < statSync(CONTRACT_JSON).mtimeMs)
    buildReference();
  return REFERENCE_HTML;
}

if (process.argv[1] === fileURLToPath(import.meta.url)) buildReference();
