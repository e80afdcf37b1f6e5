// The real Linux collector (collector/linux/iokit-collect.sh, POSIX sh + awk + gzip): run here for a few seconds at
// 1 s, its file is read by the demo API's parser and describes this machine (host name, cores, disks).
import { execFile } from 'node:child_process';
import { mkdtempSync, readFileSync, rmSync } from 'node:fs';
import { cpus, hostname, tmpdir } from 'node:os';
import path from 'node:path';
import { promisify } from 'node:util';
import { afterAll, describe, expect, it } from 'vitest';
import { zCollectorFileRecord } from '@assessment/sdk';
import {
  readCollectorFile,
  type CollectorHeader,
  type CollectorRecord,
} from '../src/collector-file/index.ts';
import { LINUX_COLLECTOR_DIR } from '../src/http/assets.ts';

const run = promisify(execFile);
const dir = mkdtempSync(path.join(tmpdir(), 'iokit-collect-'));
afterAll(() => rmSync(dir, { recursive: true, force: true }));

describe.runIf(process.platform === 'linux')('the Linux collector', () => {
  it('samples this machine for 4 s at 1 s into a valid v1 file with its host name, cores and disks', async () => {
    const out = path.join(dir, 'here.iokit');
    await run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '4', '-o', out], {
      timeout: 30_000,
    });
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    for (const r of records) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);

    const header = records[0] as CollectorHeader;
    expect(header.type).toBe('header');
    expect(header.collector.name).toBe('iokit-collect.sh');
    expect(header.intervalSeconds).toBe(1);
    const host = header.hosts[0];
    expect(host?.name).toBe(hostname());
    expect(host?.cpu.cores).toBe(cpus().length);
    expect(host?.memoryBytes).toBeGreaterThan(0);
    expect(host?.disks.length).toBeGreaterThanOrEqual(1);
    expect(host?.disks.every((d) => d.capacityBytes > 0 && !/^(loop|ram|zram)/.test(d.id))).toBe(true);
    const osRelease = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?$/m)?.[1];
    if (osRelease) expect(host?.os).toBe(osRelease);

    const samples = records.filter((r) => r.type === 'sample');
    expect(samples).toHaveLength(4);
    for (const s of samples) {
      expect(s.cpuPct).toBeGreaterThanOrEqual(0);
      expect(s.cpuPct).toBeLessThanOrEqual(100);
      expect(Object.keys(s.disks).sort()).toEqual(host?.disks.map((d) => d.id).sort());
    }
    expect(records.at(-1)).toEqual({ type: 'end', samples: 4 });
  }, 40_000);

  it('refuses bad options', async () => {
    await expect(
      run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', 'x']),
    ).rejects.toMatchObject({
      code: 2,
    });
  });
});
