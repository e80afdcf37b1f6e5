// The packed tarballs as a registry would serve them: the ecosystem's checkers (publint, arethetypeswrong) report
// nothing, and the manifest and files are the published ones (dist only, exports into dist, no workspace paths).
import { readFileSync } from 'node:fs';
import path from 'node:path';
import { publint } from 'publint';
import { formatMessage } from 'publint/utils';
import { describe, expect, inject, it } from 'vitest';
import { WORKSPACE } from './global-setup.ts';
import { run } from './process.ts';

const { sdkTarball, uiTarball, conformanceTarball, workDir } = inject('consumers');
const ATTW = path.join(import.meta.dirname, '../node_modules/.bin/attw');
/** The repository's and the registry's addresses, configured once for every release. */
const ADDRESSES = JSON.parse(
  readFileSync(path.join(WORKSPACE, 'scripts/release-addresses.json'), 'utf8'),
) as {
  repository: string;
  registry: string;
};

interface PackedManifest {
  name: string;
  scripts?: unknown;
  devDependencies?: unknown;
  repository?: { type: string; url: string; directory?: string };
  homepage?: string;
  engines?: { node?: string };
  license?: string;
  private?: boolean;
  bin?: Record<string, string>;
  exports: Record<string, unknown>;
  peerDependencies?: Record<string, string>;
  sideEffects?: boolean | string[];
}

/** The tarball's file list (without the `package/` prefix) and its package.json. */
async function unpack(tarball: string): Promise<{ files: string[]; manifest: PackedManifest }> {
  const listing = await run('tar', ['-tzf', tarball], { cwd: workDir });
  const files = listing
    .split('\n')
    .filter(Boolean)
    .map((name) => name.replace(/^package\//, ''));
  const manifest = JSON.parse(
    await run('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: workDir }),
  ) as PackedManifest;
  return { files, manifest };
}

/** Every file an exports target names (wildcards expanded against the packed files). */
function exportTargets(exports: unknown, files: string[]): string[] {
  if (typeof exports === 'string') {
    const target = exports.replace(/^\.\//, '');
    if (!target.includes('*')) return [target];
    const [before = '', after = ''] = target.split('*');
    return files.filter((file) => file.startsWith(before) && file.endsWith(after));
  }
  if (exports && typeof exports === 'object')
    return Object.values(exports).flatMap((v) => exportTargets(v, files));
  return [];
}

/**
 * arethetypeswrong's problems under Node's ESM and bundler resolution (its `esm-only` profile; it fails on any).
 * The packages are ESM-only: CommonJS gets them through Node's require(esm), which attw 0.18 still reports as
 * "CJSResolvesToESM" for `node16-cjs`; the CommonJS consumer test proves that setup instead.
 */
async function attwProblems(tarball: string, args: string[]): Promise<unknown[]> {
  const output = await run(ATTW, [tarball, '--profile', 'esm-only', '--format', 'json', ...args], {
    cwd: workDir,
  });
  const { problems } = JSON.parse(output) as { problems: Record<string, { resolutionKind?: string }[]> };
  return Object.values(problems)
    .flat()
    .filter((problem) => !['node10', 'node16-cjs'].includes(problem.resolutionKind ?? ''));
}

async function expectPublintClean(tarball: string) {
  const data = readFileSync(tarball);
  const { messages, pkg } = await publint({
    pack: { tarball: data.buffer.slice(data.byteOffset, data.byteOffset + data.byteLength) },
    strict: true,
  });
  expect(messages.map((message) => formatMessage(message, pkg) ?? message.code)).toEqual([]);
}

describe('every published manifest', () => {
  it.each([
    ['@assessment/sdk', sdkTarball, 'packages/sdk'],
    ['@assessment/ui', uiTarball, 'packages/ui'],
    ['@assessment/conformance', conformanceTarball, 'packages/conformance'],
  ])('%s: no scripts or devDependencies; repository, homepage and engines', async (name, tarball, folder) => {
    const { manifest } = await unpack(tarball);
    expect(manifest.name).toBe(name);
    // Nothing of the workspace: its scripts and dev tools (conformance's name the private demo API).
    expect(manifest.scripts).toBeUndefined();
    expect(manifest.devDependencies).toBeUndefined();
    expect(manifest.repository?.type).toBe('git');
    expect(manifest.repository?.url).toBe(`git+${ADDRESSES.repository}.git`);
    expect(manifest.repository?.directory).toBe(folder);
    expect(manifest.homepage).toBe(`${ADDRESSES.repository}/tree/main/${folder}#readme`);
    expect(manifest.engines?.node).toBe('>=20.19.0');
  });

  it.each([
    ['@assessment/sdk', sdkTarball],
    ['@assessment/ui', uiTarball],
    ['@assessment/conformance', conformanceTarball],
  ])(
    '%s: the README names the configured registry and gives its .npmrc line, no other address',
    async (_, tarball) => {
      const readme = await run('tar', ['-xzOf', tarball, 'package/README.md'], { cwd: workDir });
      expect(readme).toContain(`\`\`\`ini\n@assessment:registry=${ADDRESSES.registry}\n\`\`\``);
      // A changed address is changed in release-addresses.json and in each README: none may keep another one.
      const addresses = new Set(readme.match(/https:\/\/npm\.[^\s`'")]+/g));
      expect([...addresses]).toEqual([ADDRESSES.registry]);
      expect(readme.match(/^@assessment:registry=.*$/gm)).toEqual([
        `@assessment:registry=${ADDRESSES.registry}`,
      ]);
    },
  );
});

describe('@assessment/sdk tarball', () => {
  it('publint reports no error, warning or suggestion', async () => {
    await expectPublintClean(sdkTarball);
  });

  it('arethetypeswrong finds no problem for any entry point (ESM-only profile)', async () => {
    expect(await attwProblems(sdkTarball, [])).toEqual([]);
    // The per-operation validators entries (a subpath pattern), two of them named.
    const perOperation = ['./validators/getMessage', './validators/listProjects'];
    expect(await attwProblems(sdkTarball, ['--include-entrypoints', ...perOperation])).toEqual([]);
  });

  it('ships dist (JS + .d.ts per entry point) and the README, no sources, exports into dist', async () => {
    const { files, manifest } = await unpack(sdkTarball);
    for (const entry of ['index', 'query', 'validators', 'upload-file', 'fastify'])
      expect(files).toEqual(expect.arrayContaining([`dist/${entry}.js`, `dist/${entry}.d.ts`]));
    expect(files).toEqual(expect.arrayContaining(['README.md', 'LICENSE', 'CHANGELOG.md']));
    expect(
      files.filter(
        (file) =>
          !file.startsWith('dist/') && !/^(README\.md|CHANGELOG\.md|LICENSE|package\.json)$/.test(file),
      ),
    ).toEqual([]);
    expect(Object.keys(manifest.exports)).toEqual([
      '.',
      './query',
      './validators',
      './validators/index',
      './validators/contract-check',
      './validators/*',
      './upload',
      './fastify',
      './package.json',
    ]);
    // `@assessment/sdk/validators/<operationId>`: each operation's validators module, JS and .d.ts; the table and
    // the check they share are not entries.
    expect(manifest.exports['./validators/*']).toEqual({
      types: './dist/gen/split/validators/*.gen.d.ts',
      default: './dist/gen/split/validators/*.gen.js',
    });
    expect(manifest.exports['./validators/index']).toBeNull();
    expect(manifest.exports['./validators/contract-check']).toBeNull();
    for (const operation of ['getMessage', 'listProjects'])
      for (const extension of ['js', 'd.ts'])
        expect(files).toContain(`dist/gen/split/validators/${operation}.gen.${extension}`);
    for (const target of exportTargets(manifest.exports, files)) expect(files).toContain(target);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    expect(JSON.stringify(manifest.exports)).not.toContain('src/');
  });
});

describe('@assessment/ui tarball', () => {
  it('publint reports no error, warning or suggestion', async () => {
    await expectPublintClean(uiTarball);
  });

  it('arethetypeswrong finds no problem for any component subpath (ESM-only profile)', async () => {
    const { files } = await unpack(uiTarball);
    const subpaths = files
      .map((file) => /^dist\/([\w-]+)\/index\.d\.ts$/.exec(file)?.[1])
      .filter((folder) => folder !== undefined)
      .map((folder) => `./${folder}`);
    expect(subpaths.length).toBeGreaterThan(10);
    expect(await attwProblems(uiTarball, ['--entrypoints', './constants', ...subpaths])).toEqual([]);
  });

  it('ships built JS, .d.ts and CSS, lists the CSS as its only side effect and takes React as a peer', async () => {
    const { files, manifest } = await unpack(uiTarball);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/styles.css',
        'dist/button/button.css',
        'dist/button/index.js',
        'dist/button/index.d.ts',
        'dist/constants.js',
        'dist/constants.d.ts',
        'README.md',
        'LICENSE',
      ]),
    );
    expect(files.filter((file) => /\.(tsx?|map)$/.test(file) && !file.endsWith('.d.ts'))).toEqual([]);
    expect(files.filter((file) => /\.(test|stories)\./.test(file) || file.startsWith('dist/test/'))).toEqual(
      [],
    );
    expect(manifest.sideEffects).toEqual(['**/*.css']);
    expect(Object.keys(manifest.peerDependencies ?? {}).sort()).toEqual(['react', 'react-dom']);
    for (const target of exportTargets(manifest.exports, files)) expect(files).toContain(target);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
    expect(JSON.stringify(manifest.exports)).not.toContain('src/');
  });
});

describe('@assessment/conformance tarball', () => {
  it('publint reports no error, warning or suggestion', async () => {
    await expectPublintClean(conformanceTarball);
  });

  it('ships the compiled command, the contract, README and LICENSE; no TypeScript; public MIT manifest', async () => {
    const { files, manifest } = await unpack(conformanceTarball);
    expect(files).toEqual(
      expect.arrayContaining([
        'dist/cli.js',
        'dist/engine.js',
        'dist/openapi.json',
        'README.md',
        'LICENSE',
        'package.json',
      ]),
    );
    expect(files.filter((file) => /\.(ts|map)$/.test(file))).toEqual([]);
    expect(manifest.private).toBeUndefined();
    expect(manifest.license).toBe('MIT');
    expect(manifest.bin?.conformance).toMatch(/^(\.\/)?dist\/cli\.js$/);
    for (const target of exportTargets(manifest.exports, files)) expect(files).toContain(target);
    expect(JSON.stringify(manifest)).not.toContain('workspace:');
  });
});
