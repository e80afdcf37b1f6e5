// The plain-sample scanner (issue #41 item 4, collector-file/fast-sample.ts) against the general reader (lineShape,
// JSON.parse and the rules of parse.ts, then SampleReducer): on any line, valid or not, canonical or not, both give the
// same packed rows, or the same error with the same line number — property-tested with fast-check over sample lines
// spelled in many ways (number spellings JSON.parse refuses or reads differently, whitespace, escapes, duplicate,
// missing and unknown keys, unknown and index-like ids). The common line (as a collector writes it) takes the scanner.
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import { Readable } from 'node:stream';
import { gzipSync } from 'node:zlib';
import {
  COLLECTOR_FILE_LIMITS,
  LineValidator,
  parseCollectorFileBatches,
} from '../src/collector-file/parse.ts';
import { IdStrings, scanSample, SampleScan } from '../src/collector-file/fast-sample.ts';
import { CollectorFileError } from '../src/collector-file/errors.ts';
import { generateVsphereRecords } from '../src/collector-file/generate-vsphere.ts';
import { diurnalLoad } from '../src/collector-file/generate.ts';
import { PACKED, PackedSamples, SampleReducer } from '../src/series/reduce.ts';

/** A v3 host with a whole disk, a partition (not added into totals), an index-like disk id and two interfaces. */
function headerLine(version: 2 | 3): string {
  const disk = (id: string, layer: string) => ({
    id,
    name: id,
    capacityBytes: 1e12,
    layer,
    kind: 'local',
  });
  return JSON.stringify({
    type: 'header',
    format: 'iokit',
    formatVersion: version,
    collector: { name: 'test', version: '1' },
    start: '2026-11-16T00:00:00Z',
    end: '2026-11-17T00:00:00Z',
    intervalSeconds: 20,
    datacenters: [],
    clusters: [],
    datastores: [],
    hosts: ['h1', 'h2'].map((id) => ({
      id,
      entity: 'host',
      name: id,
      os: 'ESXi',
      cpu: { model: 'x', cores: 8 },
      memoryBytes: 64e9,
      timeZone: 'UTC',
      machine: 'physical',
      disks: [disk('d1', 'disk'), disk('p1', 'partition'), disk('7', 'disk'), disk('3', 'disk')],
      fileSystems: [],
      nics: [
        { id: 'n1', name: 'n1' },
        { id: '4000', name: 'a' },
      ],
    })),
  });
}

type Outcome = { rows: number[]; error: [string, string, number | undefined] | null; plain: number };

/** Reads the header and lines with the scanner (sink) or without it (records reduced as the store reduces them). */
function read(version: 2 | 3, lines: string[], scanner: boolean): Outcome {
  const rows = new PackedSamples(1000);
  const sink = { rows, flush: () => undefined };
  const v = new LineValidator(COLLECTOR_FILE_LIMITS, scanner ? sink : undefined);
  let reducer: SampleReducer | null = null;
  let error: Outcome['error'] = null;
  try {
    for (const line of [headerLine(version), ...lines]) {
      const r = v.line(line);
      if (r?.type === 'header') reducer = new SampleReducer(r);
      else if (r?.type === 'sample') reducer?.reduce(r, rows);
    }
  } catch (e) {
    if (!(e instanceof CollectorFileError)) throw e;
    error = [e.errorKey, e.reason, e.line];
  }
  return { rows: Array.from(rows.rows.subarray(0, rows.count * PACKED)), error, plain: v.plainLines };
}

const numberText = fc.oneof(
  { weight: 6, arbitrary: fc.double({ min: 0, max: 1e13, noNaN: true }).map((x) => JSON.stringify(x)) },
  { weight: 3, arbitrary: fc.nat({ max: 200_000 }).map(String) },
  { weight: 2, arbitrary: fc.double({ noNaN: true }).map((x) => JSON.stringify(x)) },
  { weight: 2, arbitrary: fc.constant('null') },
  {
    weight: 3,
    arbitrary: fc.constantFrom(
      '-0',
      '01',
      '1.',
      '.5',
      '1e3',
      '1.5E+2',
      '2e-3',
      '1e400',
      '12345678901234567890',
      '0.1234567890123456789',
      '9007199254740993',
      '123456789012345.6',
      'true',
      '"7"',
      '{}',
      '[]',
      'NaN',
      '0x10',
      '1e',
      '5-',
      'nul',
      'nullx',
    ),
  },
);

/** An object's text from its entries, each spelled as given (duplicates and odd values kept). */
const objectText = (entries: [string, string][]): string =>
  `{${entries.map(([k, v]) => `${JSON.stringify(k)}:${v}`).join(',')}}`;

/** Entries with some left out, some repeated, an unknown one added, and the order shuffled — or as written. */
const entriesOf = (arbs: [string, fc.Arbitrary<string>][]): fc.Arbitrary<[string, string][]> =>
  fc
    .tuple(
      fc.tuple(...arbs.map(([k, a]) => a.map((v): [string, string] => [k, v]))),
      fc.nat(),
      fc.nat(),
      fc.constantFrom('none', 'drop', 'dup', 'extra', 'shuffle'),
    )
    .map(([entries, a, b, change]) => {
      const out = [...entries];
      const i = a % out.length;
      const j = b % out.length;
      const at = out[i] as [string, string];
      if (change === 'drop') out.splice(i, 1);
      else if (change === 'dup') out.splice(j, 0, [at[0], out[j]?.[1] ?? at[1]]);
      else if (change === 'extra') out.splice(j, 0, ['extra', '1']);
      else if (change === 'shuffle') [out[i], out[j]] = [out[j] as [string, string], at];
      return out;
    });

const measure = fc.oneof(
  { weight: 8, arbitrary: fc.nat({ max: 5000 }).map(String) },
  { weight: 4, arbitrary: numberText },
);

const diskText = entriesOf(
  ['readIops', 'writeIops', 'readBps', 'writeBps', 'readLatencyMs', 'writeLatencyMs', 'queueDepth'].map(
    (k) => [k, measure],
  ),
).map(objectText);
const nicText = entriesOf(['rxBps', 'txBps'].map((k) => [k, measure])).map(objectText);

const devices = (ids: string[], value: fc.Arbitrary<string>): fc.Arbitrary<string> =>
  fc.array(fc.tuple(fc.constantFrom(...ids), value), { maxLength: 4 }).map((entries) => objectText(entries));

const sampleLine = (t: number): fc.Arbitrary<string> =>
  fc
    .tuple(
      entriesOf([
        ['type', fc.constantFrom('"sample"', '"sample"', '"sample"', '"end"', '"samp\\u006ce"', '1')],
        [
          'tMs',
          fc.oneof({ weight: 8, arbitrary: fc.constant(String(t)) }, { weight: 1, arbitrary: numberText }),
        ],
        [
          'intervalMs',
          fc.oneof({ weight: 8, arbitrary: fc.constant('20000') }, { weight: 1, arbitrary: numberText }),
        ],
        ['host', fc.constantFrom('"h1"', '"h2"', '"h1"', '"nope"', '"h\\u0031"', '""')],
        [
          'cpuPct',
          fc.oneof(
            { weight: 4, arbitrary: fc.constantFrom('12.5', '100', '0') },
            { weight: 1, arbitrary: numberText },
          ),
        ],
        ['cpuMhz', numberText],
        [
          'memUsedBytes',
          fc.oneof({ weight: 4, arbitrary: fc.constant('1000000') }, { weight: 1, arbitrary: numberText }),
        ],
        ['memActiveBytes', numberText],
        ['disks', devices(['d1', 'p1', '7', '3', 'zz'], diskText)],
        ['net', devices(['n1', '4000', 'zz'], nicText)],
      ]),
      fc.constantFrom('', '', '', ' ', '\r', '\t'),
      fc.nat(),
    )
    .map(([entries, space, at]) => {
      const text = objectText(entries);
      if (space === '') return text;
      // Whitespace somewhere: outside or inside a string.
      const i = at % text.length;
      return text.slice(0, i) + space + text.slice(i);
    });

describe('the plain-sample scanner', () => {
  it('agrees with the general reader on every line: the same rows, or the same error at the same line', () => {
    for (const version of [2, 3] as const)
      fc.assert(
        fc.property(
          fc
            .array(fc.nat({ max: 3 }), { minLength: 1, maxLength: 4 })
            .chain((steps) => fc.tuple(...steps.map((s, i) => sampleLine(1794787200000 + (i + s) * 20000)))),
          (lines) => {
            const general = read(version, lines, false);
            const scanned = read(version, lines, true);
            expect(scanned.error).toEqual(general.error);
            expect(scanned.rows).toEqual(general.rows);
            expect(general.plain).toBe(0);
          },
        ),
        { numRuns: 400 },
      );
  });

  it('gives back the string its bytes decode to, from the ids met before or not (colliding slots, a reused buffer)', () => {
    // Two slots: most ids share a slot with another; the bytes are written into one reused buffer, as gunzip's chunks.
    const ids = new IdStrings(2);
    const buffer = Buffer.alloc(256);
    const id = fc.oneof(
      fc.constantFrom('vm-1', 'vm-2', 'disk-1', 'scsi0:0', '7', '4000', ''),
      fc.string({ unit: 'grapheme', maxLength: 40 }),
      fc.string({ minLength: 60, maxLength: 70 }),
    );
    fc.assert(
      fc.property(fc.array(fc.tuple(id, fc.nat({ max: 100 })), { minLength: 1, maxLength: 30 }), (seq) => {
        for (const [text, at] of seq) {
          buffer.fill(0x78);
          const end = at + buffer.write(text, at, 'utf8');
          const wide = buffer.subarray(at, end).some((c) => c >= 0x80);
          expect(ids.get(buffer, at, end, wide)).toBe(buffer.toString(wide ? 'utf8' : 'latin1', at, end));
        }
      }),
      { numRuns: 1000 },
    );
  });

  it('reads a number exactly as JSON.parse does, or leaves the line to it', () => {
    const scan = new SampleScan();
    fc.assert(
      fc.property(numberText, (n) => {
        const line = `{"type":"sample","tMs":1,"intervalMs":1,"host":"h","cpuPct":${n},"memUsedBytes":0,"disks":{},"net":{}}`;
        let parsed: unknown;
        try {
          parsed = (JSON.parse(line) as { cpuPct: unknown }).cpuPct;
        } catch {
          parsed = undefined;
        }
        const scanned = scanSample(line, scan, COLLECTOR_FILE_LIMITS.tokenChars);
        // Exactly the JSON numbers written without a sign, and null, are scanned.
        expect(scanned).toBe(n === 'null' || /^(?:0|[1-9]\d*)(?:\.\d+)?(?:[eE][+-]?\d+)?$/.test(n));
        if (scanned) expect(scan.cpuPct).toEqual(parsed === null ? Number.NaN : parsed);
      }),
      { numRuns: 2000 },
    );
  });

  it('reads the lines a collector writes (a vSphere estate) with the scanner, each row as the general reader', () => {
    const records = [
      ...generateVsphereRecords(
        {
          vsphere: { clusters: 1, hostsPerCluster: 2, vmsPerHost: 4, poweredOffEvery: 3 },
          durationSeconds: 600,
          intervalSeconds: 20,
          seed: 11,
        },
        diurnalLoad,
      ),
    ];
    const lines = records.map((r) => JSON.stringify(r));
    const rows = (scanner: boolean): { rows: number[]; plain: number } => {
      const out = new PackedSamples(10_000);
      const v = new LineValidator(
        COLLECTOR_FILE_LIMITS,
        scanner ? { rows: out, flush: () => undefined } : undefined,
      );
      let reducer: SampleReducer | null = null;
      for (const line of lines) {
        const r = v.line(line);
        if (r?.type === 'header') reducer = new SampleReducer(r);
        else if (r?.type === 'sample') reducer?.reduce(r, out);
      }
      v.finish();
      return { rows: Array.from(out.rows.subarray(0, out.count * PACKED)), plain: v.plainLines };
    };
    const scanned = rows(true);
    const samples = records.filter((r) => r.type === 'sample').length;
    expect(scanned.plain).toBe(samples);
    expect(scanned.rows).toEqual(rows(false).rows);
    expect(scanned.rows.length).toBe(samples * PACKED);
  });

  it('reads a file through from its bytes: lines across chunks and ids beyond ASCII give the general reader’s rows', async () => {
    const records = [
      ...generateVsphereRecords(
        {
          vsphere: { clusters: 1, hostsPerCluster: 2, vmsPerHost: 4, poweredOffEvery: 3 },
          durationSeconds: 2 * 3600,
          intervalSeconds: 20,
          seed: 5,
        },
        diurnalLoad,
      ),
    ];
    // Ids of two- and three-byte characters (a VM's, a datastore's): a line's bytes are no longer its characters.
    const text = `${records.map((r) => JSON.stringify(r)).join('\n')}\n`
      .replaceAll('vm-', 'vm-ü')
      .replaceAll('datastore-', '数据存储-');
    const data = gzipSync(text);
    const rowsOf = async (scanner: boolean): Promise<number[]> => {
      const out = new PackedSamples(1_000_000);
      const sink = { rows: out, flush: () => undefined };
      let reducer: SampleReducer | null = null;
      for await (const batch of parseCollectorFileBatches(
        Readable.from([data]),
        COLLECTOR_FILE_LIMITS,
        undefined,
        scanner ? sink : undefined,
      ))
        for (const r of batch) {
          if (r.type === 'header') reducer = new SampleReducer(r);
          else if (r.type === 'sample') reducer?.reduce(r, out);
        }
      return Array.from(out.rows.subarray(0, out.count * PACKED));
    };
    const samples = records.filter((r) => r.type === 'sample').length;
    // More than one decompressed chunk (128 KiB): lines are cut across chunks.
    expect(Buffer.byteLength(text)).toBeGreaterThan(4 * 128 * 1024);
    const scanned = await rowsOf(true);
    expect(scanned.length).toBe(samples * PACKED);
    expect(scanned).toEqual(await rowsOf(false));
  });
});
