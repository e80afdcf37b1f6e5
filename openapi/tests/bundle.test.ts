// dist/openapi.json is committed: it must be exactly what the sources bundle to.
import { execFileSync } from 'node:child_process';
import { readFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, doc, root, withTempDir } from './contract.ts';

describe('bundle', () => {
  it('dist/openapi.json is up to date with src/ (run `pnpm run bundle`)', () => {
    const bundled = withTempDir((dir) => {
      const out = join(dir, 'openapi.json');
      execFileSync(bin('redocly'), ['bundle', 'src/openapi.yaml', '--output', out, '--ext', 'json'], {
        cwd: root,
        env: { ...process.env, REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
        stdio: 'pipe',
      });
      return JSON.parse(readFileSync(out, 'utf8')) as unknown;
    });
    expect(bundled).toEqual(doc);
  }, 60_000);

  it('is OpenAPI 3.1', () => {
    expect(doc.openapi).toBe('3.1.0');
  });
});
