// The real Linux collector (collector/linux/iokit-collect.sh, POSIX sh + awk + gzip): run here for a few seconds at
// 1 s, its file (format v2) is read by the demo API's parser and describes this machine (host name, cores, disks,
// file systems, time zone, physical or virtual); on a recorded machine (IOKIT_PROC, IOKIT_SYS, IOKIT_ETC, IOKIT_DF,
// IOKIT_DETECT_VIRT) every figure is checked: whole disks only, the file systems with their disks, rates over the
// measured interval in milliseconds, null across a counter reset, read and write latency apart.
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
  isSampleV2,
  readCollectorFile,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSampleV2,
} from '../src/collector-file/index.ts';
import { isTimeZone } from '../src/collector-file/parse.ts';
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
  etc: string;
  df: string;
  tmp: string;
  stats: (reads: number) => string;
  env: NodeJS.ProcessEnv;
} {
  const root = mkdtempSync(path.join(dir, 'machine-'));
  const proc = path.join(root, 'proc');
  const sys = path.join(root, 'sys');
  const etc = path.join(root, 'etc');
  const tmp = path.join(root, 'tmp');
  mkdirSync(path.join(proc, 'net'), { recursive: true });
  mkdirSync(tmp);
  mkdirSync(etc);
  writeFileSync(path.join(etc, 'timezone'), 'Europe/Berlin\n');
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
      "echo '/dev/sda1 1000000 1000 949000 1% /boot'",
      "echo '/dev/dm-0 5000000 4000 4996000 1% /'",
      "echo '/dev/dm-0 5000000 4000 4996000 1% /srv/my data'",
      "echo '/dev/loop0 100 10 90 10% /snap/core'",
      "echo 'tmpfs 100 10 90 10% /run'",
    ].join('\n'),
    { mode: 0o755 },
  );
  // diskstats: major minor name reads merged sectors ms writes merged sectors ms inflight io_ms weighted_ms. Each
  // read takes 1 ms; half as many writes, of 16 sectors, take 6 ms each; the weighted ms grow 2 per read.
  const stats = (reads: number): string =>
    ['sda', 'sdb', 'dm-0', 'md0']
      .map(
        (d) =>
          `   8 0 ${d} ${String(reads)} 0 ${String(reads * 8)} ${String(reads)} ${String(reads / 2)} 0 ${String(reads * 8)} ${String(reads * 3)} 0 0 ${String(reads * 2)}`,
      )
      .join('\n') + '\n';
  if (fifo) execFileSync('mkfifo', [path.join(proc, 'diskstats')]);
  else writeFileSync(path.join(proc, 'diskstats'), stats(100));
  const env = {
    ...process.env,
    IOKIT_PROC: proc,
    IOKIT_SYS: sys,
    IOKIT_ETC: etc,
    IOKIT_DF: df,
    IOKIT_DETECT_VIRT: path.join(root, 'no-such-command'),
    TMPDIR: tmp,
    TZ: '',
  };
  return { root, proc, sys, etc, df, tmp, stats, env };
}

describe.runIf(process.platform === 'linux')('the Linux collector', () => {
  it('samples this machine for 4 s at 1 s into a valid v2 file with its host name, cores, disks, file systems and time', async () => {
    const out = path.join(dir, 'here.iokit');
    await run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '4', '-o', out], {
      timeout: 30_000,
    });
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    for (const r of records) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);

    const header = records[0] as CollectorHeader;
    expect(header.type).toBe('header');
    expect(header.formatVersion).toBe(2);
    expect(header.collector.name).toBe('iokit-collect.sh');
    expect(header.intervalSeconds).toBe(1);
    const host = header.hosts[0];
    expect(host?.name).toBe(hostname());
    expect(host?.cpu.cores).toBe(cpus().length);
    expect(host?.memoryBytes).toBeGreaterThan(0);
    expect(host?.disks.length).toBeGreaterThanOrEqual(1);
    expect(host?.disks.every((d) => d.capacityBytes > 0 && !/^(loop|ram|zram)/.test(d.id))).toBe(true);
    expect(host?.disks.every((d) => d.layer === 'disk')).toBe(true);
    const osRelease = readFileSync('/etc/os-release', 'utf8').match(/^PRETTY_NAME="?([^"\n]*)"?$/m)?.[1];
    if (osRelease) expect(host?.os).toBe(osRelease);
    expect(isTimeZone(host?.timeZone)).toBe(true);
    expect([null, 'physical', 'virtual']).toContain(host?.machine);
    // The root file system is mounted from a block device here: it is listed, on the machine's whole disks.
    const root = host?.fileSystems?.find((f) => f.mount === '/');
    const df = execFileSync('df', ['-P', '/'], { encoding: 'utf8' }).split('\n')[1]?.split(/\s+/) ?? [];
    if (df[0]?.startsWith('/dev/')) {
      expect(root?.device).toBe(df[0]);
      expect(root?.sizeBytes).toBe(Number(df[1]) * 1024);
      expect(root?.disks.every((d) => host?.disks.some((x) => x.id === d))).toBe(true);
    }

    const samples = records.filter((r) => r.type === 'sample').filter(isSampleV2);
    expect(samples).toHaveLength(4);
    for (const [i, s] of samples.entries()) {
      if (s.cpuPct !== null) {
        expect(s.cpuPct).toBeGreaterThanOrEqual(0);
        expect(s.cpuPct).toBeLessThanOrEqual(100);
      }
      expect(Object.keys(s.disks).sort()).toEqual(host?.disks.map((d) => d.id).sort());
      // Measured intervals (10 ms uptime ticks) that join up: each sample starts where the one before ended.
      expect(s.intervalMs).toBeGreaterThan(0);
      expect(s.intervalMs % 10).toBe(0);
      const before = samples[i - 1];
      if (before) expect(Math.abs(s.tMs - s.intervalMs - before.tMs)).toBeLessThanOrEqual(1);
    }
    // The samples were taken now, on the wall clock, to the millisecond.
    expect(Math.abs((samples.at(-1)?.tMs ?? 0) - Date.now())).toBeLessThan(30_000);
    expect(samples.some((s) => s.tMs % 1000 !== 0)).toBe(true);
    expect(records.at(-1)).toEqual({ type: 'end', samples: 4 });
  }, 40_000);

  it('on recorded kernel files: whole disks, file systems with their disks, rates over the measured interval, null across a reset, read and write latency, time zone, virtual', async () => {
    // /proc/diskstats is a FIFO fed one reading per snapshot (each once the sampler has shown it took the one
    // before), so every interval's counters are known. /proc/uptime is a file the test moves on before each snapshot:
    // 0.75 s, then 0.75 s (the reset), then 0.5 s — always behind the sampler's schedule, so it sleeps ≥ 1 s before
    // every snapshot after the first and reads the uptime written for it (the first may still see the start's).
    const { root, proc, sys, tmp, stats, env } = recordedMachine(true);
    mkdirSync(path.join(sys, 'class', 'dmi', 'id'), { recursive: true });
    writeFileSync(path.join(sys, 'class', 'dmi', 'id', 'product_name'), 'KVM\n');
    const disks = [stats(100), stats(350), stats(50), stats(200)];
    const uptimes = ['1000.00', '1000.75', '1001.50', '1002.00'];
    const out = path.join(root, 'recorded.iokit');
    const collector = run(
      'sh',
      [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '3', '-o', out],
      { timeout: 30_000, env },
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
        if (i > 0) await writeFile(path.join(proc, 'uptime'), `${uptimes[i] ?? ''} 0\n`);
        await writeFile(path.join(proc, 'diskstats'), reading);
      }
    };
    await Promise.all([collector, feed()]);
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    for (const r of records) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);
    const header = records[0] as CollectorHeader;
    const host = header.hosts[0];
    expect(header.formatVersion).toBe(2);
    // dm-0 and md0 sit over sda/sdb: left out (their I/O is the disks'); loop0 is no disk.
    expect(host?.disks.map((d) => [d.id, d.layer, d.capacityBytes])).toEqual([
      ['sda', 'disk', 2_000_000 * 512],
      ['sdb', 'disk', 2_000_000 * 512],
    ]);
    // /boot on sda1 (a partition of sda); / and "/srv/my data" on dm-0 over sda2 and sdb; the loop mount has no
    // disk of the inventory and is left out.
    expect(host?.fileSystems).toEqual([
      {
        mount: '/boot',
        device: '/dev/sda1',
        sizeBytes: 1_000_000 * 1024,
        usedBytes: 1000 * 1024,
        freeBytes: 949_000 * 1024,
        disks: ['sda'],
      },
      {
        mount: '/',
        device: '/dev/dm-0',
        sizeBytes: 5_000_000 * 1024,
        usedBytes: 4000 * 1024,
        freeBytes: 4_996_000 * 1024,
        disks: ['sda', 'sdb'],
      },
      {
        mount: '/srv/my data',
        device: '/dev/dm-0',
        sizeBytes: 5_000_000 * 1024,
        usedBytes: 4000 * 1024,
        freeBytes: 4_996_000 * 1024,
        disks: ['sda', 'sdb'],
      },
    ]);
    expect(host?.timeZone).toBe('Europe/Berlin');
    // No systemd-detect-virt: the DMI product name tells a KVM guest.
    expect(host?.machine).toBe('virtual');
    const samples = records.filter((r) => r.type === 'sample').filter(isSampleV2);
    expect(samples).toHaveLength(3);
    const [first, reset, last] = samples as [CollectorSampleV2, CollectorSampleV2, CollectorSampleV2];
    // Every rate is its counter difference over the sample's own measured interval.
    // (readIops is written to 0.1: the product is 250 to within 0.05.)
    expect(Math.abs(((first.disks.sda?.readIops ?? 0) * first.intervalMs) / 1000 - 250)).toBeLessThanOrEqual(
      0.05,
    );
    // The counters went back (a reset): every value of the interval is unknown — null, never 0.
    for (const id of ['sda', 'sdb'])
      expect(reset.disks[id]).toEqual({
        readIops: null,
        writeIops: null,
        readBps: null,
        writeBps: null,
        readLatencyMs: null,
        writeLatencyMs: null,
        queueDepth: null,
      });
    // 150 reads and 75 writes (16 sectors each) in the 0.5 s after: 1 ms per read, 6 ms per write, 300 I/Os weighted.
    expect(last.intervalMs).toBe(500);
    expect(last.tMs - reset.tMs).toBe(500);
    expect(last.disks.sda).toEqual({
      readIops: 300,
      writeIops: 150,
      readBps: 300 * 8 * 512,
      writeBps: 150 * 16 * 512,
      readLatencyMs: 1,
      writeLatencyMs: 6,
      queueDepth: 0.6,
    });
    expect(last.disks.sdb).toEqual(last.disks.sda);
    // /proc/stat stands still: no CPU time passed, so CPU % is unknown; memory in use is MemTotal − MemAvailable.
    expect(samples.map((s) => s.cpuPct)).toEqual([null, null, null]);
    expect(last.memUsedBytes).toBe(600 * 1024);
    expect(samples.every((s) => s.disks['dm-0'] === undefined && s.net.eth0?.rxBps === 0)).toBe(true);
  }, 40_000);

  it.each([
    ['the CPU hypervisor flag', { cpuinfo: 'flags : fpu vme hypervisor lahf_lm\n' }, 'virtual'],
    ['a DMI product of a physical server', { dmi: 'PowerEdge R740\n' }, 'physical'],
    ['systemd-detect-virt saying none', { detect: 'none' }, 'physical'],
    ['systemd-detect-virt naming a hypervisor', { detect: 'vmware' }, 'virtual'],
    ['nothing that tells', {}, null],
  ] as const)(
    'tells physical from virtual by %s',
    async (_, given, machine) => {
      const { root, proc, sys, etc, env } = recordedMachine(false);
      const extra: { cpuinfo?: string; dmi?: string; detect?: string } = given;
      if (extra.cpuinfo)
        writeFileSync(
          path.join(proc, 'cpuinfo'),
          `processor : 0\nmodel name : Recorded CPU\n${extra.cpuinfo}`,
        );
      if (extra.dmi) {
        mkdirSync(path.join(sys, 'class', 'dmi', 'id'), { recursive: true });
        writeFileSync(path.join(sys, 'class', 'dmi', 'id', 'product_name'), extra.dmi);
      }
      const detect = path.join(root, 'detect-virt');
      if (extra.detect)
        writeFileSync(detect, `#!/bin/sh\necho ${extra.detect}\n[ ${extra.detect} != none ]\n`, {
          mode: 0o755,
        });
      // No /etc/timezone: the zone is the target of /etc/localtime.
      rmSync(path.join(etc, 'timezone'));
      symlinkSync('/usr/share/zoneinfo/America/New_York', path.join(etc, 'localtime'));
      const out = path.join(root, 'machine.iokit');
      await run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '1', '-o', out], {
        timeout: 30_000,
        env: extra.detect ? { ...env, IOKIT_DETECT_VIRT: detect } : env,
      });
      const header = (await readCollectorFile(out).next()).value as CollectorHeader;
      expect(header.hosts[0]?.machine).toBe(machine);
      expect(header.hosts[0]?.timeZone).toBe('America/New_York');
    },
    40_000,
  );

  it('lists device-mapper and md devices with their layer beside the disks with -a', async () => {
    const { root, env } = recordedMachine(false);
    const out = path.join(root, 'all.iokit');
    await run(
      'sh',
      [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', '1', '-d', '1', '-a', '-o', out],
      { timeout: 30_000, env },
    );
    const records: CollectorRecord[] = [];
    for await (const r of readCollectorFile(out)) records.push(r);
    const header = records[0] as CollectorHeader;
    expect(header.collector.version).toBe('2.0.0');
    expect(header.hosts[0]?.disks.map((d) => [d.id, d.layer])).toEqual([
      ['dm-0', 'dm'],
      ['md0', 'md'],
      ['sda', 'disk'],
      ['sdb', 'disk'],
    ]);
  }, 40_000);

  it('refuses bad options', async () => {
    await expect(
      run('sh', [path.join(LINUX_COLLECTOR_DIR, 'iokit-collect.sh'), '-i', 'x']),
    ).rejects.toMatchObject({
      code: 2,
    });
  });
});
