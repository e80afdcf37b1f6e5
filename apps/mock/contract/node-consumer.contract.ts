// Internal tools import the published SDK from plain Node 24 scripts: this imports the BUILT package
// (packages/sdk/dist, as published) in a separate Node process and calls Prism with it.
import { execFileSync } from 'node:child_process';
import { existsSync, mkdtempSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import { join } from 'node:path';
import { fileURLToPath } from 'node:url';
import { afterAll, beforeAll, expect, it } from 'vitest';
import { startPrism, type RunningPrism } from '../src/prism.ts';

const sdkRoot = fileURLToPath(new URL('../../../packages/sdk/', import.meta.url));
let prism: RunningPrism;

beforeAll(async () => {
  if (!existsSync(join(sdkRoot, 'dist/index.js'))) {
    execFileSync(process.execPath, ['scripts/build.ts'], { cwd: sdkRoot, stdio: 'inherit' });
  }
  prism = await startPrism({ mode: 'mock' });
});

afterAll(async () => {
  await prism.stop();
});

it('the built SDK works from a plain Node script', () => {
  const dir = mkdtempSync(join(tmpdir(), 'sdk-consumer-'));
  const script = join(dir, 'consumer.mjs');
  writeFileSync(
    script,
    `import { configureSdk, getMessage, callApi, HttpError } from ${JSON.stringify(join(sdkRoot, 'dist/index.js'))};
configureSdk({ baseUrl: process.argv[2] });
const { data } = await getMessage({ path: { key: 'generalError' } });
let status = 0;
try { await callApi('/no/such/path'); } catch (error) { status = error instanceof HttpError ? error.status : -1; }
console.log(JSON.stringify({ data, status }));`,
  );
  const output = execFileSync(process.execPath, [script, prism.url], { encoding: 'utf8', cwd: sdkRoot });
  const result = JSON.parse(output.trim().split('\n').at(-1) ?? '{}') as {
    data: Record<string, unknown>;
    status: number;
  };
  expect(Object.keys(result.data).sort()).toEqual(['actions', 'message', 'title']);
  expect(result.status).toBe(404);
});
