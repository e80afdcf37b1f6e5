// A release rehearsal on a copy of the workspace's manifests and changesets: `changeset version` turns the pending
// changesets into versions and CHANGELOG entries, and `pnpm publish --dry-run` shows what would reach the
// registry (name, version, files, restricted access); the packed manifest's exports point into the built files.
import {
  cpSync,
  existsSync,
  mkdirSync,
  readdirSync,
  readFileSync,
  realpathSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import path from 'node:path';
import { beforeAll, describe, expect, inject, it } from 'vitest';
import { PUBLISHED, WORKSPACE } from './global-setup.ts';
import { run } from './process.ts';

const { workDir } = inject('consumers');
const copy = path.join(workDir, 'release');
const FOLDERS = {
  [PUBLISHED.sdk]: 'packages/sdk',
  [PUBLISHED.ui]: 'packages/ui',
  [PUBLISHED.conformance]: 'packages/conformance',
};
const BUMPS = ['patch', 'minor', 'major'] as const;
type Bump = (typeof BUMPS)[number];

interface Changeset {
  releases: Map<string, Bump>;
  summary: string;
}

/** The pending changesets of a workspace (front matter `'pkg': bump`, then the summary). */
function pendingChangesets(root: string): Changeset[] {
  const dir = path.join(root, '.changeset');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => {
      const [, frontMatter = '', summary = ''] =
        /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path.join(dir, file), 'utf8')) ?? [];
      const releases = new Map(
        [...frontMatter.matchAll(/^['"]?([^'":]+)['"]?:\s*(patch|minor|major)\s*$/gm)].map(
          ([, name = '', bump]) => [name, bump as Bump] as const,
        ),
      );
      return { releases, summary: summary.trim() };
    });
}

/** The version `changeset version` gives: the largest pending bump applied to the current version. */
function nextVersion(current: string, bumps: Bump[]): string {
  if (bumps.length === 0) return current;
  const [major = 0, minor = 0, patch = 0] = current.split('.').map(Number);
  const largest = Math.max(...bumps.map((bump) => BUMPS.indexOf(bump)));
  if (largest === 2) return `${major + 1}.0.0`;
  if (largest === 1) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

const manifest = (root: string, folder: string) =>
  JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
    version: string;
    exports: Record<string, unknown>;
  };

let changesets: Changeset[] = [];

beforeAll(async () => {
  // Only what changesets and pnpm read: the manifests of every workspace package, the changesets, and the built
  // files of the published packages (the global setup built them).
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset'])
    cpSync(path.join(WORKSPACE, file), path.join(copy, file), { recursive: true });
  for (const group of ['openapi', 'packages', 'apps']) {
    const folders =
      group === 'openapi'
        ? ['openapi']
        : readdirSync(path.join(WORKSPACE, group)).map((n) => `${group}/${n}`);
    for (const folder of folders) {
      if (!existsSync(path.join(WORKSPACE, folder, 'package.json'))) continue;
      mkdirSync(path.join(copy, folder), { recursive: true });
      cpSync(path.join(WORKSPACE, folder, 'package.json'), path.join(copy, folder, 'package.json'));
    }
  }
  for (const folder of Object.values(FOLDERS)) {
    for (const file of ['dist', 'README.md', 'LICENSE'])
      cpSync(path.join(WORKSPACE, folder, file), path.join(copy, folder, file), { recursive: true });
    // pnpm replaces `workspace:` ranges (the conformance tests' dev dependency on the demo API) with the linked
    // package's version: link them as `pnpm install` would.
    const { devDependencies = {} } = JSON.parse(
      readFileSync(path.join(copy, folder, 'package.json'), 'utf8'),
    ) as { devDependencies?: Record<string, string> };
    for (const [name, range] of Object.entries(devDependencies)) {
      if (!range.startsWith('workspace:')) continue;
      const target = realpathSync(path.join(WORKSPACE, folder, 'node_modules', name));
      const link = path.join(copy, folder, 'node_modules', name);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(path.join(copy, path.relative(WORKSPACE, target)), link);
    }
  }
  // Right after a release nothing is pending: the rehearsal then adds a patch changeset of its own to the copy.
  const pending = pendingChangesets(copy);
  const unreleased = Object.keys(FOLDERS).filter(
    (name) => !pending.some((changeset) => changeset.releases.has(name)),
  );
  if (unreleased.length > 0)
    writeFileSync(
      path.join(copy, '.changeset/release-rehearsal.md'),
      `---\n${unreleased.map((name) => `'${name}': patch`).join('\n')}\n---\n\nRelease rehearsal.\n`,
    );
  changesets = pendingChangesets(copy);
  await run(path.join(WORKSPACE, 'node_modules/.bin/changeset'), ['version'], { cwd: copy });
});

describe('a release of the published packages', () => {
  for (const [name, folder] of Object.entries(FOLDERS)) {
    it(`${name}: changeset version sets the version and writes the changelog entries`, () => {
      const bumps = changesets.flatMap((changeset) => changeset.releases.get(name) ?? []);
      expect(bumps.length).toBeGreaterThan(0);
      const version = nextVersion(manifest(WORKSPACE, folder).version, bumps);
      expect(manifest(copy, folder).version).toBe(version);
      const changelog = readFileSync(path.join(copy, folder, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`## ${version}`);
      for (const changeset of changesets.filter((c) => c.releases.has(name)))
        expect(changelog).toContain(changeset.summary.split('\n')[0]);
    });

    it(`${name}: pnpm publish --dry-run would publish that version with dist, exports into dist`, async () => {
      const { version } = manifest(copy, folder);
      const output = await run('pnpm', ['publish', '--dry-run', '--no-git-checks'], {
        cwd: path.join(copy, folder),
      });
      expect(output).toContain(`+ ${name}@${version}`);
      const tarballs = path.join(workDir, 'release-tarballs');
      await run('pnpm', ['pack', '--pack-destination', tarballs], { cwd: path.join(copy, folder) });
      const tarball = path.join(tarballs, `${name.replace('@', '').replace('/', '-')}-${version}.tgz`);
      const files = await run('tar', ['-tzf', tarball], { cwd: workDir });
      expect(files).toContain('package/dist/');
      expect(files).toContain('package/CHANGELOG.md');
      expect(files).toContain('package/LICENSE');
      const packed = JSON.parse(
        await run('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: workDir }),
      ) as {
        version: string;
        license: string;
        exports: Record<string, unknown>;
      };
      expect(packed.license).toBe('MIT');
      expect(packed.version).toBe(version);
      expect(JSON.stringify(packed.exports)).toMatch(/"\.\/dist\//);
      expect(JSON.stringify(packed.exports)).not.toContain('./src/');
    });
  }

  it('consumes the changesets', () => {
    expect(
      readdirSync(path.join(copy, '.changeset')).filter(
        (file) => file !== 'README.md' && file.endsWith('.md'),
      ),
    ).toEqual([]);
  });
});
