// The release rehearsal's copy of the workspace: only what changesets and pnpm read (every workspace package's
// manifest, the changesets, and the published packages' built files), so `changeset version` consumes the pending
// changesets there, writing versions and CHANGELOG.md files, without touching the workspace. The real release
// does the same in the repository (docs/releasing.md); the consumer tests then publish the copy's packages.
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
import { run } from './process.ts';

export const BUMPS = ['patch', 'minor', 'major'] as const;
export type Bump = (typeof BUMPS)[number];

export interface Changeset {
  /** Package name → bump. */
  releases: Record<string, Bump>;
  summary: string;
}

/** The pending changesets of a workspace (front matter `'pkg': bump`, then the summary). */
export function pendingChangesets(root: string): Changeset[] {
  const dir = path.join(root, '.changeset');
  return readdirSync(dir)
    .filter((file) => file.endsWith('.md') && file !== 'README.md')
    .map((file) => {
      const [, frontMatter = '', summary = ''] =
        /^---\n([\s\S]*?)\n---\n([\s\S]*)$/.exec(readFileSync(path.join(dir, file), 'utf8')) ?? [];
      const releases = Object.fromEntries(
        [...frontMatter.matchAll(/^['"]?([^'":]+)['"]?:\s*(patch|minor|major)\s*$/gm)].map(
          ([, name = '', bump]) => [name, bump as Bump] as const,
        ),
      );
      return { releases, summary: summary.trim() };
    });
}

/** The version `changeset version` gives: the largest pending bump applied to the current version. */
export function nextVersion(current: string, bumps: Bump[]): string {
  if (bumps.length === 0) return current;
  const [major = 0, minor = 0, patch = 0] = current.split('.').map(Number);
  const largest = Math.max(...bumps.map((bump) => BUMPS.indexOf(bump)));
  if (largest === 2) return `${major + 1}.0.0`;
  if (largest === 1) return `${major}.${minor + 1}.0`;
  return `${major}.${minor}.${patch + 1}`;
}

export function readManifest(root: string, folder: string) {
  return JSON.parse(readFileSync(path.join(root, folder, 'package.json'), 'utf8')) as {
    name: string;
    version: string;
    exports: Record<string, unknown>;
  };
}

/**
 * Copies the workspace's manifests and changesets to `copy`, adds a patch changeset for every published package
 * nothing is pending for (right after a release), and runs `changeset version` there. Returns the changesets it
 * consumed.
 */
export async function versionInCopy(
  workspace: string,
  copy: string,
  folders: Record<string, string>,
): Promise<Changeset[]> {
  for (const file of ['package.json', 'pnpm-workspace.yaml', '.changeset'])
    cpSync(path.join(workspace, file), path.join(copy, file), { recursive: true });
  for (const group of ['openapi', 'packages', 'apps']) {
    const groupFolders =
      group === 'openapi'
        ? ['openapi']
        : readdirSync(path.join(workspace, group)).map((n) => `${group}/${n}`);
    for (const folder of groupFolders) {
      if (!existsSync(path.join(workspace, folder, 'package.json'))) continue;
      mkdirSync(path.join(copy, folder), { recursive: true });
      cpSync(path.join(workspace, folder, 'package.json'), path.join(copy, folder, 'package.json'));
    }
  }
  for (const folder of Object.values(folders)) {
    for (const file of ['dist', 'README.md', 'LICENSE'])
      cpSync(path.join(workspace, folder, file), path.join(copy, folder, file), { recursive: true });
    // pnpm replaces `workspace:` ranges (the conformance tests' dev dependency on the demo API) with the linked
    // package's version: link them as `pnpm install` would.
    const { devDependencies = {} } = JSON.parse(
      readFileSync(path.join(copy, folder, 'package.json'), 'utf8'),
    ) as { devDependencies?: Record<string, string> };
    for (const [name, range] of Object.entries(devDependencies)) {
      if (!range.startsWith('workspace:')) continue;
      const target = realpathSync(path.join(workspace, folder, 'node_modules', name));
      const link = path.join(copy, folder, 'node_modules', name);
      mkdirSync(path.dirname(link), { recursive: true });
      symlinkSync(path.join(copy, path.relative(workspace, target)), link);
    }
  }
  const pending = pendingChangesets(copy);
  const unreleased = Object.keys(folders).filter(
    (name) => !pending.some((changeset) => name in changeset.releases),
  );
  if (unreleased.length > 0)
    writeFileSync(
      path.join(copy, '.changeset/release-rehearsal.md'),
      `---\n${unreleased.map((name) => `'${name}': patch`).join('\n')}\n---\n\nRelease rehearsal.\n`,
    );
  const changesets = pendingChangesets(copy);
  await run(path.join(workspace, 'node_modules/.bin/changeset'), ['version'], { cwd: copy });
  return changesets;
}
