// The real Linux collector (collector/linux/iokit-collect.sh, POSIX sh + awk + gzip): run here for a few seconds at
// 1 s, its file is read by the demo API's parser and describes this machine (host name, cores, disks).
import { execFile, execFileSync } from 'node:child_process';
import {
  existsSync,
  mkdirSync,
  mkdtempSync,
  readdirSync,
  readFileSync,
  rmSync,
  symlinkSync,
  writeFileSync,
} from 'node:fs';
import { writeFile } from 'node:fs/promises';
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

/**
 * A recorded machine for the collector: sda (partitions sda1, sda2) and sdb under an LVM volume dm-0 (over sda2 and
 * sdb), an md0 array and a loop device; df lists /boot on sda1 and / on dm-0. /proc/diskstats is a FIFO (fed by the
 * test) or, without `fifo`, a fixed reading.
 */
function recordedMachine(fifo: boolean): {
  root: string;
  proc: string;
  sys: string;
  df: string;
  tmp: string;
  stats: (reads: number) => string;
} {
  const root = mkdtempSync(path.join(dir, 'machine-'));
  const proc = path.join(root, 'proc');
  const sys = path.join(root, 'sys');
  const tmp = path.join(root, 'tmp');
  mkdirSync(path.join(proc, 'net'), { recursive: true });
  mkdirSync(tmp);
  writeFileSync(path.join(proc, 'stat'), 'cpu  100 0 100 800 0 0 0 0 0 0\n');
  writeFileSync(path.join(proc, 'meminfo'), 'MemTotal: 1000 kB\nMemAvailable: 400 kB\n');
  writeFileSync(path.join(proc, 'cpuinfo'), 'processor : 0\nmodel name : Recorded CPU\n');
  writeFileSync(path.join(proc, 'uptime'), '1000.00 0\n');
  writeFileSync(
    path.join(proc, 'net', 'dev'),
    'Inter-| Receive\n face | bytes\n    lo: 0 0 0 0 0 0 0 0 0 0\n  eth0: 1000 0 0 0 0 0 0 0 2000 0\n',
  );
  const block = (name: string, sectors: number): void => {
    mkdirSync(path.join(sys, 'block', name), { recursive: true });
    writeFileSync(path.join(sys, 'block', name, 'size'), `${String(sectors)}\n`);
  };
  block('sda', 2_000_000);
  block('sdb', 2_000_000);
  block('dm-0', 3_000_000);
  block('md0', 1_000_000);
  block('loop0', 1_000);
  mkdirSync(path.join(sys, 'class', 'block'), { recursive: true });
  for (const part of ['sda1', 'sda2']) {
    mkdirSync(path.join(sys, 'block', 'sda', part));
    writeFileSync(path.join(sys, 'block', 'sda', part, 'partition'), '1\n');
    symlinkSync(path.join(sys, 'block', 'sda', part), path.join(sys, 'class', 'block', part));
  }
  for (const disk of ['sda', 'sdb', 'dm-0'])
    symlinkSync(path.join(sys, 'block', disk), path.join(sys, 'class', 'block', disk));
  mkdirSync(path.join(sys, 'block', 'dm-0', 'slaves'));
  for (const slave of ['sda2', 'sdb']) mkdirSync(path.join(sys, 'block', 'dm-0', 'slaves', slave));
  const df = path.join(root, 'df');
  writeFileSync(
    df,
    [
      '#!/bin/sh',
      "echo 'Filesystem 1024-blocks Used Available Capacity Mounted on'",
      "echo '/dev/sda1 1000000 1000 999000 1% /boot'",
      "echo '/dev/dm-0 5000000 4000 4996000 1% /'",
      "echo 'tmpfs 100 10 90 10% /run'",
    ].join('\n'),
    { mode: 0o755 },
  );
  // diskstats: major minor name reads merged sectors ms writes merged sectors ms inflight io_ms weighted_ms
  const stats = (reads: number): string =>
    ['sda', 'sdb', 'dm-0', 'md0']
      .map((d) => `   8 0 ${d} ${String(reads)} 0 ${String(reads * 8)} ${String(reads)} 0 0 0 0 0 0 0`)
      .join('\n') + '\n';
  if (fifo) execFileSync('mkfifo', [path.join(proc, 'diskstats')]);
  else writeFileSync(path.join(proc, 'diskstats'), stats(100));
  return { root, proc, sys, df, tmp, stats };
}

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

  it('on recorded kernel files: whole disks only, used capacity per disk, a reset counter left out, samples one interval apart', async () => {
    // /proc/diskstats is a FIFO fed one reading per snapshot (each once the sampler has
    // shown it took the one before), so every interval's counters are known; /proc/uptime stands still, so each
    // interval counts as the nominal second.
    const { root, proc, sys, df, tmp, stats } = recordedMachine(true);
    const disks = [stats(100), stats(350), stats(50), stats(175)];
    const out = path.join(root, 'recorded.iokit');
    const collector = run(
      'sh',
      [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '3', '-o', out],
      {
        timeout: 30_000,
        env: { ...process.env, IOKIT_PROC: proc, IOKIT_SYS: sys, IOKIT_DF: df, TMPDIR: tmp },
      },
    );
    /** The sampler's progress in its work folder: 0 before its first snapshot is taken, then 1 + samples written. */
    const progress = (): number => {
      const work = readdirSync(tmp).find((f) => f.startsWith('iokit-collect.'));
      if (!work || !existsSync(path.join(tmp, work, 'start'))) return 0;
      const samples = path.join(tmp, work, 'samples');
      return 1 + (existsSync(samples) ? readFileSync(samples, 'utf8').split('\n').length - 1 : 0);
    };
    const feed = async (): Promise<void> => {
      for (const [i, reading] of disks.entries()) {
        // A FIFO reopened before the sampler closed it would lose the reading: wait until it shows it took the last.
        await expect
          .poll(progress, { timeout: 20_000, interval: 20 })
          .toBeGreaterThanOrEqual(i === 0 ? 0 : i);
        await writeFile(path.join(proc, 'diskstats'), reading);
      }
    };
    await Promise.all([collector, feed()]);
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    const header = records[0] as CollectorHeader;
    // dm-0 and md0 sit over sda/sdb: left out (their I/O is the disks'); loop0 is no disk.
    expect(header.hosts[0]?.disks.map((d) => d.id)).toEqual(['sda', 'sdb']);
    // /boot (1000 KiB on sda1) and / (4000 KiB on dm-0 over sda2 and sdb, shared equally).
    expect(header.hosts[0]?.disks.map((d) => d.usedBytes)).toEqual([(1000 + 2000) * 1024, 2000 * 1024]);
    const samples = records.filter((r) => r.type === 'sample');
    expect(samples).toHaveLength(3);
    // 250 reads in the first second; then the counters reset (left out, not 0); then 125 reads.
    expect(samples.map((s) => s.disks.sda?.readIops ?? null)).toEqual([250, null, 125]);
    expect(samples.map((s) => s.disks.sdb?.readIops ?? null)).toEqual([250, null, 125]);
    expect(samples[0]?.disks.sda?.readBps).toBe(250 * 8 * 512);
    expect(samples[0]?.memUsedBytes).toBe(600 * 1024);
    expect(samples.every((s) => s.t % 1 === 0 && s.disks['dm-0'] === undefined)).toBe(true);
    expect(samples.map((s) => s.t - (samples[0]?.t ?? 0))).toEqual([0, 1, 2]);
  }, 40_000);

  it('lists device-mapper and md devices beside the disks with -a', async () => {
    const { root, proc, sys, df, tmp } = recordedMachine(false);
    const out = path.join(root, 'all.iokit');
    await run(
      'sh',
      [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '1', '-a', '-o', out],
      {
        timeout: 30_000,
        env: { ...process.env, IOKIT_PROC: proc, IOKIT_SYS: sys, IOKIT_DF: df, TMPDIR: tmp },
      },
    );
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    const header = records[0] as CollectorHeader;
    expect(header.collector.version).toBe('1.1.0');
    expect(header.hosts[0]?.disks.map((d) => d.id)).toEqual(['dm-0', 'md0', 'sda', 'sdb']);
  }, 40_000);

  it('refuses bad options', async () => {
    await expect(
      run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', 'x']),
    ).rejects.toMatchObject({
      code: 2,
    });
  });
});
