// The project's own Spectral rules fire on a contract that breaks them (and stay silent on the real one).
import { execFileSync } from 'node:child_process';
import { writeFileSync } from 'node:fs';
import { join } from 'node:path';
import { describe, expect, it } from 'vitest';
import { bin, raw, root, withTempDir, type OpenApiDoc } from './contract.ts';

interface SpectralResult {
  code: string;
  path: string[];
}

function lint(document: unknown): SpectralResult[] {
  return withTempDir((dir) => {
    const file = join(dir, 'openapi.json');
    writeFileSync(file, JSON.stringify(document));
    let output: string;
    try {
      output = execFileSync(
        bin('spectral'),
        ['lint', '--ruleset', join(root, '.spectral.yaml'), '--format', 'json', '--quiet', file],
        { cwd: root, stdio: 'pipe', encoding: 'utf8' },
      );
    } catch (error) {
      // Spectral exits non-zero when it finds problems; its JSON report is still on stdout.
      const stdout = (error as { stdout?: unknown }).stdout;
      output = typeof stdout === 'string' ? stdout : '';
    }
    return JSON.parse(output || '[]') as SpectralResult[];
  });
}

function broken(): OpenApiDoc {
  const d = JSON.parse(raw) as OpenApiDoc & Record<string, unknown>;
  const viewer = d.paths['/api/viewer']?.get as unknown as Record<string, unknown>;
  delete viewer['x-source'];
  viewer.operationId = 'Get_viewer';
  viewer.tags = [];
  const create = d.paths['/api/projects']?.post as unknown as Record<string, unknown>;
  create['x-source'] = 'invented';
  const share = d.paths['/api/projects/share']?.post;
  const body = share?.requestBody?.content['application/json'] as Record<string, unknown>;
  delete body.example;
  const ok = share?.responses['200'] as Record<string, unknown>;
  ok.headers = {};
  delete (ok.content as Record<string, Record<string, unknown>>)['application/json']?.example;
  const message = d.paths['/api/message/{key}']?.get;
  (message?.responses['200']?.headers as Record<string, unknown>)['X-Logged-Out'] = {
    schema: { type: 'string' },
  };
  delete (message?.parameters?.[0] as unknown as Record<string, unknown>).example;
  (d.components.schemas.Team?.properties?.Name as Record<string, unknown>).nullable = true;
  delete d.paths['/iokit/file']?.servers;
  return d;
}

describe('custom Spectral rules', () => {
  it('fire on a contract that breaks them', () => {
    const codes = new Set(lint(broken()).map((r) => r.code));
    for (const rule of [
      'x-source-present',
      'x-source-required',
      'operation-id-required',
      'operation-tag-required',
      'request-body-example',
      'response-example',
      'parameter-example',
      'logged-out-header-on-every-response',
      'logged-out-header-is-the-component',
      'no-nullable',
      'service-paths-have-servers',
    ]) {
      expect(codes, rule).toContain(rule);
    }
  }, 60_000);
});
