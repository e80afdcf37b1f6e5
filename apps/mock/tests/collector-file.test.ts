// The open collector file (format v1, docs/collector-format.md): the streamed parser and its four error classes,
// the writer, the synthetic generator, and their agreement with the contract's CollectorFile* schemas.
import { collectorFileFailure, readCollectorRecords } from './helpers.ts';
import { readFileSync } from 'node:fs';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import { describe, expect, it } from 'vitest';
import fc from 'fast-check';
import {
  zCollectorFileRecord,
  type CollectorFileEnd,
  type CollectorFileHeader,
  type CollectorFileHeaderV2,
  type CollectorFileSample,
  type CollectorFileSampleV2,
} from '@assessment/sdk';
import {
  COLLECTOR_FILE_ERROR_KEYS,
  COLLECTOR_FORMAT_VERSION,
  CollectorFileError,
  generateCollectorRecords,
  isSampleV2,
  parseCollectorFile,
  sampleCount,
  writeCollectorFile,
  type CollectorEnd,
  type CollectorHeader,
  type CollectorRecord,
  type CollectorSample,
  type CollectorSampleV1,
  type CollectorSampleV2,
} from '../src/collector-file/index.ts';
import { MESSAGES } from '../src/messages.ts';

// records.ts and the contract's schemas describe the same lines (compile-time): samples both ways per version; a
// header of either version is a CollectorHeader (whose version-2 fields are optional, formatVersion tells them apart).
const headerFromSchema = (h: CollectorFileHeader): CollectorHeader => h;
const headerV2FromSchema = (h: CollectorFileHeaderV2): CollectorHeader => h;
const sampleToSchema = (s: CollectorSampleV1): CollectorFileSample => s;
const sampleFromSchema = (s: CollectorFileSample): CollectorSample => s;
const sampleV2ToSchema = (s: CollectorSampleV2): CollectorFileSampleV2 => s;
const sampleV2FromSchema = (s: CollectorFileSampleV2): CollectorSampleV2 => s;
const endBothWays = (e: CollectorEnd): CollectorEnd => ((x: CollectorFileEnd) => x)(e);
it('records.ts and the contract schemas are the same types', () => {
  expect([
    headerFromSchema,
    headerV2FromSchema,
    sampleToSchema,
    sampleFromSchema,
    sampleV2ToSchema,
    sampleV2FromSchema,
    endBothWays,
  ]).toHaveLength(7);
});

const SMALL = { hosts: 4, days: 1 / 24, intervalSeconds: 60, seed: 42 };

const lines = (...records: unknown[]): Buffer =>
  gzipSync(records.map((r) => (typeof r === 'string' ? r : JSON.stringify(r))).join('\n') + '\n');

const records = (): CollectorRecord[] => [...generateCollectorRecords(SMALL)];
const header = (): CollectorHeader => records()[0] as CollectorHeader;
const firstSample = (): CollectorSampleV1 => records()[1] as CollectorSampleV1;

describe('round trip (writer → streamed parser)', () => {
  it('reads back exactly the records written, header first and end last', async () => {
    const written = records();
    expect(written).toHaveLength(sampleCount(SMALL) + 2);
    const read = await readCollectorRecords(writeCollectorFile(written));
    expect(read).toEqual(written);
    expect(read[0]?.type).toBe('header');
    expect(read.at(-1)).toEqual({ type: 'end', samples: sampleCount(SMALL) });
  });

  it('writes version 1 by default (the server describes version 2), and the generator is deterministic (same seed, same file)', () => {
    expect(COLLECTOR_FORMAT_VERSION).toBe(2);
    expect(header().formatVersion).toBe(1);
    expect(writeCollectorFile(records()).equals(writeCollectorFile(records()))).toBe(true);
    const other = [...generateCollectorRecords({ ...SMALL, seed: 43 })];
    expect(other).not.toEqual(records());
  });

  it('generates a diurnal load: office hours busier than the night, weekdays busier than weekends', () => {
    const week = [...generateCollectorRecords({ hosts: 3, days: 7, intervalSeconds: 900, seed: 5 })];
    const cpuAt = (pred: (hour: number, weekday: number) => boolean): number => {
      const xs = week.filter(
        (r): r is CollectorSampleV1 =>
          r.type === 'sample' &&
          !isSampleV2(r) &&
          pred((r.t % 86400) / 3600, (Math.floor(r.t / 86400) + 4) % 7),
      );
      return xs.reduce((a, s) => a + s.cpuPct, 0) / xs.length;
    };
    const weekdayNoon = cpuAt((h, d) => h >= 11 && h <= 15 && d >= 1 && d <= 5);
    const night = cpuAt((h) => h >= 22 || h < 5);
    const weekendNoon = cpuAt((h, d) => h >= 11 && h <= 15 && (d === 0 || d === 6));
    expect(weekdayNoon).toBeGreaterThan(night * 2);
    expect(weekdayNoon).toBeGreaterThan(weekendNoon * 1.5);
  });
});

describe('agreement with the contract (SDK zod of CollectorFileRecord)', () => {
  it('every generated record is a valid CollectorFileRecord (cluster and shared disk included)', () => {
    const all = records();
    const h = all[0] as CollectorHeader;
    expect(h.clusters).toHaveLength(1);
    expect(h.hosts[0]?.disks.some((d) => d.kind === 'shared' && d.clusterId === 'c1')).toBe(true);
    for (const r of all) expect(zCollectorFileRecord.safeParse(r).success, JSON.stringify(r)).toBe(true);
  });

  it('what the parser refuses the schema refuses too (negative, over 100 %, wrong type)', async () => {
    const s = firstSample();
    const bad: unknown[] = [
      { ...s, cpuPct: 101 },
      { ...s, memUsedBytes: -1 },
      { ...s, t: 1.5 },
      { type: 'end', samples: -1 },
      { ...header(), intervalSeconds: 0 },
    ];
    for (const b of bad) expect(zCollectorFileRecord.safeParse(b).success, JSON.stringify(b)).toBe(false);
    const err = await collectorFileFailure(
      lines(header(), { ...s, cpuPct: 101 }, { type: 'end', samples: 1 }),
    );
    expect(err.errorKey).toBe('iokit_file_corrupt');
  });
});

describe('plausibility limits: a value no device can produce refuses the file, naming the line', () => {
  const withDisk = (change: Partial<CollectorSample['disks'][string]>): Buffer => {
    const all = records();
    const s = all[2] as CollectorSample;
    const id = Object.keys(s.disks)[0] ?? '';
    const disk = s.disks[id];
    if (!disk) throw new Error('no disk');
    return lines(
      ...all.slice(0, 2),
      { ...s, disks: { ...s.disks, [id]: { ...disk, ...change } } },
      ...all.slice(3),
    );
  };
  it.each<[string, Partial<CollectorSample['disks'][string]>, RegExp]>([
    [
      '1.1 TB/s written by one disk',
      { writeBps: 1.1e12 },
      /Line 3: .*writeBps is 1100000000000, beyond 100000000000 bytes per second/,
    ],
    [
      '20 M IOPS on one disk',
      { readIops: 2e7 },
      /Line 3: .*readIops is 20000000, beyond 10000000 I\/Os per second/,
    ],
    [
      'a latency of 11 minutes',
      { latencyMs: 660_000 },
      /Line 3: .*latencyMs is 660000, beyond 600000 milliseconds/,
    ],
    ['a queue of 200 000', { queueDepth: 200_000 }, /Line 3: .*queueDepth/],
  ])('%s', async (_, change, reason) => {
    const err = await collectorFileFailure(withDisk(change));
    expect(err.errorKey).toBe('iokit_sample_implausible');
    expect(err.line).toBe(3);
    expect(err.message).toMatch(reason);
  });

  it('an interface over 100 GB/s and memory beyond the host are refused; values at the limits are read', async () => {
    const all = records();
    const s = all[1] as CollectorSample;
    const nic = Object.keys(s.net)[0] ?? '';
    const net = await collectorFileFailure(
      lines(all[0], { ...s, net: { ...s.net, [nic]: { rxBps: 1.5e11, txBps: 0 } } }),
    );
    expect(net.errorKey).toBe('iokit_sample_implausible');
    expect(net.message).toMatch(/Line 2: Interface .*rxBps/);
    const h = all[0] as CollectorHeader;
    const memory = h.hosts.find((x) => x.id === s.host)?.memoryBytes ?? 0;
    const mem = await collectorFileFailure(lines(all[0], { ...s, memUsedBytes: memory * 2 }));
    expect(mem.errorKey).toBe('iokit_sample_implausible');
    expect(mem.message).toMatch(/Line 2: memUsedBytes .* is more than host/);
    const id = Object.keys(s.disks)[0] ?? '';
    const atLimit = {
      ...s,
      memUsedBytes: memory,
      disks: {
        ...s.disks,
        [id]: {
          readIops: 1e7,
          writeIops: 0,
          readBps: 1e11,
          writeBps: 0,
          latencyMs: 600_000,
          queueDepth: 100_000,
        },
      },
    };
    const read = await readCollectorRecords(lines(...all.slice(0, 1), atLimit, ...all.slice(2)));
    expect(read).toHaveLength(all.length);
  });
});

describe('errors: each class has its key and an English reason', () => {
  it('has a message for every key, in the catalogue the server uses', () => {
    expect([...COLLECTOR_FILE_ERROR_KEYS]).toEqual([
      'iokit_file_corrupt',
      'iokit_file_truncated',
      'iokit_file_wrong_version',
      'iokit_file_empty',
      'iokit_sample_implausible',
      // The size limits (issue #32, tests/collector-limits.test.ts).
      'iokit_file_too_many_hosts',
      'iokit_file_too_many_devices',
      'iokit_file_line_too_long',
      // A line nested too deep or with too long a value (issue #39).
      'iokit_file_line_too_complex',
      'iokit_file_too_large',
      'iokit_file_compression_ratio',
      'iokit_file_too_many_samples',
    ]);
    for (const key of COLLECTOR_FILE_ERROR_KEYS) expect(MESSAGES[key].title).toBeTruthy();
  });

  it.each<[string, () => Buffer, string, RegExp]>([
    ['not gzip', () => Buffer.from('host,cpu\nsql01,37\n'), 'iokit_file_corrupt', /not gzip-compressed/],
    ['not JSON', () => lines('{"type":"header",'), 'iokit_file_corrupt', /Line 1: .*not valid JSON/],
    ['a JSON array line', () => lines([1, 2]), 'iokit_file_corrupt', /not a JSON object/],
    ['no header first', () => lines(firstSample()), 'iokit_file_corrupt', /first record must be the header/],
    [
      'not an iokit file',
      () => lines({ ...header(), format: 'csv' }),
      'iokit_file_corrupt',
      /format is "csv"/,
    ],
    [
      'an unknown host',
      () => lines(header(), { ...firstSample(), host: 'h99' }, { type: 'end', samples: 1 }),
      'iokit_file_corrupt',
      /Line 2: .*host "h99" is not in the header/,
    ],
    [
      'an unknown disk',
      () =>
        lines(
          header(),
          { ...firstSample(), disks: { nvme9: firstSample().disks.sda } },
          { type: 'end', samples: 1 },
        ),
      'iokit_file_corrupt',
      /Disk "nvme9" is not in the inventory/,
    ],
    [
      'a negative number',
      () =>
        lines(
          header(),
          { ...firstSample(), disks: { sda: { ...firstSample().disks.sda, readIops: -3 } } },
          { type: 'end', samples: 1 },
        ),
      'iokit_file_corrupt',
      /finite numbers ≥ 0/,
    ],
    [
      'an infinite number',
      () =>
        gzipSync(
          `${JSON.stringify(header())}\n${JSON.stringify(firstSample()).replace(/"memUsedBytes":\d+/, '"memUsedBytes":1e999')}\n{"type":"end","samples":1}\n`,
        ),
      'iokit_file_corrupt',
      /memUsedBytes must be a finite number/,
    ],
    [
      'samples out of time order',
      () =>
        lines(
          header(),
          firstSample(),
          { ...firstSample(), t: firstSample().t - 60 },
          { type: 'end', samples: 2 },
        ),
      'iokit_file_corrupt',
      /Line 3: .*out of time order/,
    ],
    [
      'a second header',
      () => lines(header(), firstSample(), header()),
      'iokit_file_corrupt',
      /second header/,
    ],
    [
      'data after the end record',
      () => lines(header(), firstSample(), { type: 'end', samples: 1 }, firstSample()),
      'iokit_file_corrupt',
      /data after the end record/,
    ],
    [
      'gzip data followed by other bytes',
      () => Buffer.concat([writeCollectorFile(records()), Buffer.from('trailing bytes')]),
      'iokit_file_corrupt',
      /gzip data is damaged/,
    ],
    ['no end record', () => lines(header(), firstSample()), 'iokit_file_truncated', /without its end record/],
    [
      'an end count that does not match',
      () => lines(header(), firstSample(), { type: 'end', samples: 2 }),
      'iokit_file_truncated',
      /counts 2 samples but the file has 1/,
    ],
    [
      'a gzip stream cut short',
      () => {
        const whole = writeCollectorFile(records());
        return whole.subarray(0, Math.floor(whole.length / 2));
      },
      'iokit_file_truncated',
      /cut short/,
    ],
    [
      'another format version',
      () => lines({ ...header(), formatVersion: 4 }),
      'iokit_file_wrong_version',
      /format version 4; this server reads versions 1, 2 and 3/,
    ],
    ['no lines at all', () => gzipSync(''), 'iokit_file_empty', /no header and no samples/],
    [
      'a header but no samples',
      () => lines(header(), { type: 'end', samples: 0 }),
      'iokit_file_empty',
      /header but no samples/,
    ],
  ])('%s', async (_name, make, key, reason) => {
    const err = await collectorFileFailure(make());
    expect(err).toBeInstanceOf(CollectorFileError);
    expect(err.errorKey).toBe(key);
    expect(err.reason).toMatch(reason);
  });

  it('ignores blank lines and fields it does not know (additions within a version)', async () => {
    const read = await readCollectorRecords(
      lines({ ...header(), site: 'Frankfurt' }, '', { ...firstSample(), extra: 1 }, '   ', {
        type: 'end',
        samples: 1,
      }),
    );
    expect(read.map((r) => r.type)).toEqual(['header', 'sample', 'end']);
  });

  it('stops reading when the consumer stops (the input is released)', async () => {
    const source = Readable.from([writeCollectorFile(records())]);
    let seen = 0;
    for await (const r of parseCollectorFile(source)) {
      seen += r.type === 'sample' ? 1 : 0;
      if (seen === 3) break;
    }
    expect(seen).toBe(3);
    expect(source.destroyed).toBe(true);
  });
});

describe('properties (fast-check)', () => {
  const options = fc.record({
    hosts: fc.integer({ min: 1, max: 6 }),
    minutes: fc.integer({ min: 1, max: 90 }),
    intervalSeconds: fc.constantFrom(15, 30, 60, 300),
    seed: fc.integer({ min: 0, max: 2 ** 31 - 1 }),
  });

  it('any generated file, cut into any chunks, reads back as written', async () => {
    await fc.assert(
      fc.asyncProperty(
        options,
        fc.array(fc.integer({ min: 1, max: 4096 }), { maxLength: 12 }),
        async (o, cuts) => {
          const opts = {
            hosts: o.hosts,
            days: (o.minutes * 60) / 86400 / 1,
            intervalSeconds: o.intervalSeconds,
            seed: o.seed,
          };
          fc.pre(sampleCount(opts) > 0);
          const written = [...generateCollectorRecords(opts)];
          const data = writeCollectorFile(written);
          const chunks: Buffer[] = [];
          let at = 0;
          for (const c of cuts) {
            if (at >= data.length) break;
            chunks.push(data.subarray(at, at + c));
            at += c;
          }
          if (at < data.length) chunks.push(data.subarray(at));
          expect(await readCollectorRecords(chunks)).toEqual(written);
        },
      ),
      { numRuns: 40 },
    );
  });

  it('a header line longer than many decompressed chunks, with characters of several bytes, reads back as written', async () => {
    const written = [
      ...generateCollectorRecords({ hosts: 600, days: 2 / 1440, intervalSeconds: 60, seed: 7 }),
    ].map((record) =>
      record.type === 'header'
        ? { ...record, hosts: record.hosts.map((h, i) => ({ ...h, name: `Ünïcødé-日本-${String(i)}` })) }
        : record,
    );
    const data = writeCollectorFile(written);
    // The header alone is over ten of gunzip's 16 KiB chunks: carried over chunk after chunk.
    expect(JSON.stringify(written[0]).length).toBeGreaterThan(10 * 16 * 1024);
    expect(await readCollectorRecords([data])).toEqual(written);
  });

  it('any file cut short fails with a CollectorFileError (never another error, never success)', async () => {
    const data = writeCollectorFile(records());
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 0, max: data.length - 1 }), async (length) => {
        const err = await collectorFileFailure(data.subarray(0, length));
        expect(COLLECTOR_FILE_ERROR_KEYS).toContain(err.errorKey);
      }),
      { numRuns: 60 },
    );
  });

  it('any lines cut from the middle are caught (truncated by the end count)', async () => {
    const all = records();
    await fc.assert(
      fc.asyncProperty(fc.integer({ min: 1, max: all.length - 2 }), async (drop) => {
        const err = await collectorFileFailure(writeCollectorFile(all.filter((_, i) => i !== drop)));
        expect(err.errorKey).toBe('iokit_file_truncated');
      }),
      { numRuns: 30 },
    );
  });
});

describe('docs/collector-format.md', () => {
  const doc = readFileSync(new URL('../../../docs/collector-format.md', import.meta.url), 'utf8');

  it('its small example is a valid file, for the parser and for the contract', async () => {
    const example = doc.split('## A small example')[1]?.match(/```json\n([\s\S]*?)```/)?.[1] ?? '';
    const read = await readCollectorRecords(gzipSync(example));
    expect(read.map((r) => r.type)).toEqual(['header', 'sample', 'sample', 'end']);
    for (const r of read) expect(zCollectorFileRecord.safeParse(r).success).toBe(true);
  });

  it('names every error key and the version', () => {
    for (const key of COLLECTOR_FILE_ERROR_KEYS) expect(doc).toContain(`\`${key}\``);
    expect(doc).toContain(`version **${String(COLLECTOR_FORMAT_VERSION)}**`);
  });
});
