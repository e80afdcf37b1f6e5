// The contract lints clean with the standard rulesets alone — Spectral `spectral:oas` and Redocly `recommended` —
// with no ignore file, no overrides and no rule switched off: the combined document and each service document,
// zero problems of any severity (warnings included, which the linters' exit codes let through).
import { execFileSync } from 'node:child_process';
import { existsSync, readFileSync, writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, root, withTempDir } from './contract.ts';

const DOCS = ['dist/openapi.json', 'dist/portal.json', 'dist/upload.json', 'dist/support.json'];

/** Runs a linter; its JSON report is on stdout whether it passes or fails. */
function output(command: string, args: string[], env: Record<string, string> = {}): string {
  try {
    return execFileSync(command, args, {
      cwd: root,
      stdio: 'pipe',
      encoding: 'utf8',
      env: { ...process.env, ...env },
    });
  } catch (error) {
    const stdout = (error as { stdout?: unknown }).stdout;
    return typeof stdout === 'string' ? stdout : '';
  }
}

describe('standard rulesets, nothing ignored', () => {
  it('has no ignore file, no Spectral overrides and no Redocly rule changed', () => {
    expect(existsSync(join(root, '.redocly.lint-ignore.yaml'))).toBe(false);
    expect(readFileSync(join(root, '.spectral.yaml'), 'utf8')).not.toMatch(/^overrides:/m);
    const redocly = readFileSync(join(root, 'redocly.yaml'), 'utf8');
    expect(redocly).toMatch(/^extends:\n {2}- recommended$/m);
    expect(redocly).not.toMatch(/^\s*rules:/m);
  });

  it('Spectral spectral:oas: no problem at any severity in any document', () => {
    const problems = withTempDir((dir) => {
      const ruleset = join(dir, 'standard.yaml');
      writeFileSync(ruleset, 'extends:\n  - spectral:oas\n');
      const report = output(bin('spectral'), [
        'lint',
        '--ruleset',
        ruleset,
        '--format',
        'json',
        '--quiet',
        ...DOCS,
      ]);
      return (JSON.parse(report || '[]') as { code: string; source: string; path: string[] }[]).map(
        (p) => `${p.source}: ${p.code} at ${p.path.join('.')}`,
      );
    });
    expect(problems).toEqual([]);
  }, 120_000);

  it('Redocly recommended: 0 errors and 0 warnings in the sources and every document', () => {
    const report = output(
      bin('redocly'),
      ['lint', '--extends', 'recommended', '--format', 'json', 'src/openapi.yaml', ...DOCS.slice(1)],
      { REDOCLY_TELEMETRY: 'off', REDOCLY_SUPPRESS_UPDATE_NOTICE: 'true' },
    );
    // One JSON report per file, written back to back.
    const reports = report
      .slice(report.indexOf('{'))
      .split(/(?<=\})(?=\{)/)
      .map(
        (r) =>
          JSON.parse(r) as {
            totals: { errors: number; warnings: number; ignored: number };
            problems: { ruleId: string; message: string }[];
          },
      );
    expect(reports).toHaveLength(DOCS.length);
    for (const parsed of reports) {
      expect(parsed.problems.map((p) => `${p.ruleId}: ${p.message}`)).toEqual([]);
      expect(parsed.totals).toEqual({ errors: 0, warnings: 0, ignored: 0 });
    }
  }, 120_000);
});
