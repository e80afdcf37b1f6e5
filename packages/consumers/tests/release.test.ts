// The release as the global setup rehearsed it: `changeset version` on a copy of the workspace turned the pending
// changesets into versions and CHANGELOG.md entries, `pnpm publish` put the three packages on the local registry,
// and what the registry serves is that version, with its changelog, licence and built files.
import { readdirSync, readFileSync } from 'node:fs';
import path from 'node:path';
import { describe, expect, inject, it } from 'vitest';
import { FOLDERS, WORKSPACE } from './global-setup.ts';
import { run } from './process.ts';
import { nextVersion, readManifest } from './release-copy.ts';

const { workDir, releaseCopy, changesets, versions, registryUrl, sdkTarball, uiTarball, conformanceTarball } =
  inject('consumers');
const TARBALLS: Record<string, string> = {
  '@assessment/sdk': sdkTarball,
  '@assessment/ui': uiTarball,
  '@assessment/conformance': conformanceTarball,
};

describe('a release of the published packages', () => {
  for (const [name, folder] of Object.entries(FOLDERS)) {
    it(`${name}: changeset version sets the version and writes the changelog entries`, () => {
      const bumps = changesets.flatMap((changeset) => changeset.releases[name] ?? []);
      expect(bumps.length).toBeGreaterThan(0);
      const version = nextVersion(readManifest(WORKSPACE, folder).version, bumps);
      expect(readManifest(releaseCopy, folder).version).toBe(version);
      expect(versions[name]).toBe(version);
      const changelog = readFileSync(path.join(releaseCopy, folder, 'CHANGELOG.md'), 'utf8');
      expect(changelog).toContain(`## ${version}`);
      for (const changeset of changesets.filter((c) => name in c.releases))
        expect(changelog).toContain(changeset.summary.split('\n')[0]);
    });

    it(`${name}: the local registry serves that version, with CHANGELOG.md, LICENSE and dist`, async () => {
      const version = versions[name] ?? '';
      const view = JSON.parse(
        await run('npm', ['view', `${name}@${version}`, '--json', '--registry', registryUrl], {
          cwd: workDir,
        }),
      ) as { name: string; version: string; license: string };
      expect(view).toMatchObject({ name, version, license: 'MIT' });
      const tarball = TARBALLS[name] ?? '';
      const files = await run('tar', ['-tzf', tarball], { cwd: workDir });
      expect(files).toContain('package/dist/');
      expect(files).toContain('package/LICENSE');
      expect(files).toContain('package/CHANGELOG.md');
      // The API reference people read ships with the SDK (openapi/scripts/reference.ts).
      if (name === '@assessment/sdk') expect(files).toContain('package/dist/reference.html');
      const changelog = await run('tar', ['-xzOf', tarball, 'package/CHANGELOG.md'], { cwd: workDir });
      expect(changelog).toContain(`## ${version}`);
      const packed = JSON.parse(
        await run('tar', ['-xzOf', tarball, 'package/package.json'], { cwd: workDir }),
      ) as {
        version: string;
        exports: Record<string, unknown>;
      };
      expect(packed.version).toBe(version);
      expect(JSON.stringify(packed.exports)).toMatch(/"\.\/dist\//);
      expect(JSON.stringify(packed.exports)).not.toContain('./src/');
    });
  }

  it('consumes the changesets', () => {
    expect(
      readdirSync(path.join(releaseCopy, '.changeset')).filter(
        (file) => file !== 'README.md' && file.endsWith('.md'),
      ),
    ).toEqual([]);
  });

  it('serves only what was published: the scope has no uplink, so an unpublished name is not found', async () => {
    const missing = await run('npm', ['view', '@assessment/portal', '--registry', registryUrl], {
      cwd: workDir,
    }).catch((error: unknown) => String(error));
    expect(missing).toMatch(/E404|404 Not Found/);
  });
});
