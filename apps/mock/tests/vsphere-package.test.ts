// The VMware vCenter collector package (issue #41): it ships the vSphere collector's binary for every platform with
// their SHA-256 checksums and the collector's README, and is ready only once every binary is built and matches its
// checksum — a missing, damaged or incomplete build leaves the collector in preparation and its package unserved.
import { afterAll, beforeAll, describe, expect, it } from 'vitest';
import JSZip from 'jszip';
import { createHash } from 'node:crypto';
import { appendFileSync, mkdtempSync, readFileSync, rmSync, writeFileSync } from 'node:fs';
import { tmpdir } from 'node:os';
import path from 'node:path';
import type { CollectorEnvelope, IdEnvelope } from '@assessment/sdk';
import {
  VSPHERE_COLLECTOR_DIR,
  VSPHERE_PLATFORMS,
  parseSha256Sums,
  startVsphereBuildIfMissing,
  vsphereBuild,
} from '../src/http/vsphere-collector.ts';
import { Client, fakeVsphereDist, startServer, waitFor, type TestServer } from './helpers.ts';

const OWNER = 'partner.admin@contoso-partners.example';
const VMWARE_TEMPLATE = 7;
const LINUX_TEMPLATE = 5;

const folders: string[] = [];
function folder(dir: string): string {
  folders.push(dir);
  return dir;
}
afterAll(() => {
  for (const dir of folders) rmSync(dir, { recursive: true, force: true });
});

describe('SHA256SUMS and the build check', () => {
  it('reads both sha256sum forms and skips anything else', () => {
    const a = 'a'.repeat(64);
    const b = 'b'.repeat(64);
    expect([
      ...parseSha256Sums(
        `${a}  iokit-vsphere-1-linux-amd64\n${b} *iokit-vsphere-1-windows-amd64.exe\nnot a line\n`,
      ),
    ]).toEqual([
      ['iokit-vsphere-1-linux-amd64', a],
      ['iokit-vsphere-1-windows-amd64.exe', b],
    ]);
    expect(parseSha256Sums(`${'A'.repeat(64)}  upper-case\n${'a'.repeat(63)}  short\n`).size).toBe(0);
  });

  it('is complete with one matching binary per platform, and not when one is missing or damaged', () => {
    const dist = folder(fakeVsphereDist('1.2.3'));
    const build = vsphereBuild(dist);
    expect(build?.binaries.map((b) => `${b.os}/${b.arch}`).sort()).toEqual(
      VSPHERE_PLATFORMS.map((p) => `${p.os}/${p.arch}`).sort(),
    );
    for (const b of build?.binaries ?? []) {
      const data = readFileSync(path.join(dist, b.name));
      expect(b.sha256).toBe(createHash('sha256').update(data).digest('hex'));
      expect(b.bytes).toBe(data.length);
    }

    // A binary that no longer matches its checksum: not a build to ship.
    const damaged = folder(fakeVsphereDist('1.2.4'));
    appendFileSync(path.join(damaged, 'iokit-vsphere-1.2.4-darwin-arm64'), 'x');
    expect(vsphereBuild(damaged)).toBeNull();

    // A platform missing from SHA256SUMS (a build cut short): not complete.
    const partial = folder(fakeVsphereDist('1.2.5'));
    const sums = readFileSync(path.join(partial, 'SHA256SUMS'), 'utf8')
      .split('\n')
      .filter((l) => !l.includes('windows'))
      .join('\n');
    writeFileSync(path.join(partial, 'SHA256SUMS'), sums);
    expect(vsphereBuild(partial)).toBeNull();

    // Nothing built.
    expect(vsphereBuild(folder(mkdtempSync(path.join(tmpdir(), 'vsphere-empty-'))))).toBeNull();
  });
});

async function createCollector(c: Client, template: number): Promise<number> {
  const created = await c.json<IdEnvelope>('POST', `/collector/insert?collectortemplateid=${template}`);
  expect(created.status).toBe(200);
  return created.body.Data.Id;
}

async function collector(c: Client, id: number): Promise<CollectorEnvelope['Data']> {
  return (await c.json<CollectorEnvelope>('GET', `/collector/getcollector?collectorId=${id}`)).body.Data;
}

describe('the demo at start', () => {
  it('says a complete build is there, and builds nothing into a folder configured elsewhere', () => {
    const data = folder(mkdtempSync(path.join(tmpdir(), 'vsphere-data-')));
    expect(startVsphereBuildIfMissing(folder(fakeVsphereDist('3.0.0')), data)).toBe(
      'vSphere collector: built (the VMware vCenter collector package is ready).',
    );
    const elsewhere = folder(mkdtempSync(path.join(tmpdir(), 'vsphere-elsewhere-')));
    expect(startVsphereBuildIfMissing(elsewhere, data)).toBe(
      `vSphere collector: not built in ${elsewhere} — the VMware vCenter collector package stays in preparation until it is.`,
    );
  });
});

describe('the VMware vCenter collector package', () => {
  let built: TestServer;
  let unbuilt: TestServer;
  const dist = folder(fakeVsphereDist('2.0.0'));
  beforeAll(async () => {
    built = await startServer({ vsphereCollectorDist: dist });
    unbuilt = await startServer({
      vsphereCollectorDist: folder(mkdtempSync(path.join(tmpdir(), 'vsphere-unbuilt-'))),
    });
  });
  afterAll(async () => {
    await built.close();
    await unbuilt.close();
  });

  it('holds every platform binary, SHA256SUMS that match them, and the collector README', async () => {
    const owner = new Client(built.url);
    await owner.signIn(OWNER);
    const id = await createCollector(owner, VMWARE_TEMPLATE);
    const ready = await waitFor(async () => {
      const data = await collector(owner, id);
      return data.IsReady ? data : undefined;
    });
    expect(ready.FileName).toBe(`collector-vmware-${id}.zip`);
    const dl = await owner.request('GET', ready.DownloadUrl ?? '');
    expect(dl.status).toBe(200);
    const zip = await JSZip.loadAsync(await dl.arrayBuffer());
    const names = Object.keys(zip.files).filter((n) => !zip.files[n]?.dir);
    expect(names.sort()).toEqual(
      [
        'README.md',
        'README.txt',
        'collector.json',
        'bin/SHA256SUMS',
        'bin/iokit-vsphere-2.0.0-darwin-arm64',
        'bin/iokit-vsphere-2.0.0-linux-amd64',
        'bin/iokit-vsphere-2.0.0-linux-arm64',
        'bin/iokit-vsphere-2.0.0-windows-amd64.exe',
      ].sort(),
    );
    // Each shipped binary is the built one, executable, and its line of the shipped SHA256SUMS is its own hash.
    const sums = parseSha256Sums((await zip.file('bin/SHA256SUMS')?.async('string')) ?? '');
    expect(sums.size).toBe(4);
    for (const [name, sha256] of sums) {
      const entry = zip.file(`bin/${name}`);
      const data = Buffer.from((await entry?.async('uint8array')) ?? new Uint8Array());
      expect(data.equals(readFileSync(path.join(dist, name)))).toBe(true);
      expect(createHash('sha256').update(data).digest('hex')).toBe(sha256);
      expect((Number(entry?.unixPermissions) & 0o777).toString(8)).toBe('755');
    }
    expect(await zip.file('README.md')?.async('string')).toBe(
      readFileSync(path.join(VSPHERE_COLLECTOR_DIR, 'README.md'), 'utf8'),
    );
  });

  it('stays in preparation while the binaries are not built; other collectors are not held up', async () => {
    const owner = new Client(unbuilt.url);
    await owner.signIn(OWNER);
    const vmware = await createCollector(owner, VMWARE_TEMPLATE);
    const linux = await createCollector(owner, LINUX_TEMPLATE);
    // The Linux package is ready after its build time; by then the VMware one would be too, had it its binaries.
    await waitFor(async () => ((await collector(owner, linux)).IsReady ? true : undefined));
    expect(await collector(owner, vmware)).toMatchObject({
      IsReady: false,
      FileName: null,
      DownloadUrl: null,
    });
    const ready = await owner.json<CollectorEnvelope>(
      'GET',
      `/collector/iscollectorready?collectorId=${vmware}`,
    );
    expect(ready.body.Data.IsReady).toBe(false);
    const dl = await owner.request('GET', `/downloads/collectors/${vmware}/collector-vmware-${vmware}.zip`);
    expect(dl.status).toBe(404);
  });
});
