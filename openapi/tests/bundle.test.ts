// dist/openapi.json is committed: it must be exactly what the sources bundle to.
import { execFileSync } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { describe, expect, it } from 'vitest';
import { doc } from './contract.ts';

const root = fileURLToPath(new URL('..', import.meta.url));

describe('bundle', () => {
  it('dist/openapi.json is up to date with src/ (run `pnpm run bundle`)', () => {
    const dir = mkdtempSync(join(tmpdir(), 'openapi-bundle-'));
    try {
      const out = join(dir, 'openapi.json');
      execFileSync(
        join(root, 'node_modules/.bin/redocly'),
        ['bundle', 'src/openapi.yaml', '--output', out, '--ext', 'json'],
        {
          cwd: root,
          env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
          stdio: 'pipe',
        },
      );
      expect(JSON.parse(readFileSync(out, 'utf8'))).toEqual(doc);
    } finally {
      rmSync(dir, { recursive: true, force: true });
    }
  }, 60_000);

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });
});
