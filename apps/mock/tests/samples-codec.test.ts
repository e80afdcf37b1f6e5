// The chunked sample store (series/samples.ts) against a plain oracle: an array of rows per host, filtered by range
// and merged by t the way the row-per-sample SQL did (each t once, the lowest host id's values); and its chunks'
// column encodings, each value given back exactly (the same double, -0 and NaN included), a chunk written before
// them read as it was.
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SAMPLES,
  SAMPLES_SCHEMA,
  SAMPLE_FIELDS,
  SampleWriter,
  decodeChunk,
  encodeChunk,
  readSamples,
  storedSampleCount,
  sampleExtent,
  timesHeldBy,
} from '../src/series/samples.ts';

type Row = number[];

function freshDb(): DatabaseSync {
  const db = new DatabaseSync(':memory:');
  db.exec(SAMPLES_SCHEMA);
  return db;
}

function store(db: DatabaseSync, hosts: Map<number, Row[]>): void {
  const writer = new SampleWriter(db);
  const chunks = new Map([...hosts.keys()].map((id) => [id, writer.chunkFor(id)]));
  // Time-major, as a collector file arrives: every host at its i-th sample before any host's (i + 1)-th.
  const longest = Math.max(0, ...[...hosts.values()].map((r) => r.length));
  for (let i = 0; i < longest; i++)
    for (const [id, rows] of hosts) {
      const r = rows[i];
      const c = chunks.get(id);
      if (r && c) writer.append(c, r, 0);
    }
  writer.flush();
}

/** The oracle: rows with t in the range, of the lowest id holding each t, in t order. */
function oracle(hosts: Map<number, Row[]>, ids: number[], from: number, to: number, after: boolean): Row[] {
  const byT = new Map<number, Row>();
  for (const id of [...ids].sort((a, b) => b - a))
    for (const r of hosts.get(id) ?? []) {
      const t = r[0] as number;
      if ((after ? t > from : t >= from) && t <= to) byT.set(t, r);
    }
  return [...byT.entries()].sort((a, b) => a[0] - b[0]).map(([, r]) => r);
}

/** A value as the store gives it back: unknown (null) as NaN, -0 as 0. */
const asStored = (v: number | null): number => (v === null ? Number.NaN : v === 0 ? 0 : v);

const value = fc.oneof(
  fc.constant(null),
  fc.constant(-0),
  fc.double({ noNaN: true }),
  fc.integer({ min: -1000, max: 1_000_000 }),
);
/** Strictly increasing times with millisecond fractions (format v2 t), some shared between hosts. */
const times = fc
  .uniqueArray(fc.integer({ min: 0, max: 2000 }), { maxLength: 3 * CHUNK_SAMPLES + 5 })
  .map((ms) => ms.sort((a, b) => a - b).map((x) => 1_700_000_000 + x * 0.25 + (x % 3) / 1000));
const host = times.chain((ts) =>
  fc.tuple(...ts.map((t) => fc.array(value, { minLength: 15, maxLength: 15 }).map((v) => [t, ...v]))),
);

describe('sample chunks', () => {
  it('read back, merged and cut to a range, the rows a plain array gives', () => {
    fc.assert(
      fc.property(
        fc.array(host, { minLength: 1, maxLength: 3 }),
        fc.integer({ min: -10, max: 600 }),
        fc.integer({ min: 0, max: 600 }),
        fc.boolean(),
        (series, a, span, after) => {
          const ids = series.map((_, i) => 10 - 3 * i);
          const hosts = new Map(
            series.map((rows, i) => [
              ids[i] as number,
              rows.map((r) => r.map((v) => (v === null ? NaN : v))),
            ]),
          );
          const db = freshDb();
          store(db, hosts);
          expect(storedSampleCount(db)).toBe(series.reduce((n, r) => n + r.length, 0));
          const from = 1_700_000_000 + a * 0.25;
          const to = from + span * 0.25;
          const want = oracle(hosts, ids, from, to, after);
          const got = readSamples(db, ids, SAMPLE_FIELDS, { from, to, after });
          expect(got.length).toBe(want.length);
          SAMPLE_FIELDS.forEach((f, c) => {
            expect([...got.columns[f]], f).toEqual(want.map((r) => asStored(r[c] ?? null)));
          });
          for (const id of ids) {
            const rows = hosts.get(id) ?? [];
            expect(sampleExtent(db, id)).toEqual({
              first: rows[0]?.[0] ?? null,
              last: rows[rows.length - 1]?.[0] ?? null,
            });
          }
          db.close();
        },
      ),
      { numRuns: 150 },
    );
  });

  it('say whether one host’s sample times are all held by others', () => {
    fc.assert(
      fc.property(times, times, (mine, theirs) => {
        const db = freshDb();
        const row = (t: number): Row => [t, ...Array.from({ length: 15 }, () => 1)];
        store(
          db,
          new Map([
            [1, theirs.map(row)],
            [2, mine.map(row)],
          ]),
        );
        const held = new Set(theirs);
        expect(timesHeldBy(db, 2, [1])).toBe(mine.every((t) => held.has(t)));
        db.close();
      }),
      { numRuns: 100 },
    );
  });

  it('keep a chunk boundary exact: the last sample of one chunk and the first of the next', () => {
    const db = freshDb();
    const rows = Array.from({ length: 2 * CHUNK_SAMPLES + 1 }, (_, i) => [
      100 + i * 20.001,
      ...Array.from({ length: 15 }, (__, c) => (c === 3 && i % 7 === 0 ? Number.NaN : i * 16 + c)),
    ]);
    store(db, new Map([[5, rows]]));
    const at = (i: number): number => rows[i]?.[0] as number;
    const edge = readSamples(db, 5, ['read_bps'], { from: at(CHUNK_SAMPLES - 1), to: at(CHUNK_SAMPLES) });
    expect([...edge.columns.t]).toEqual([at(CHUNK_SAMPLES - 1), at(CHUNK_SAMPLES)]);
    // read_bps is a row's fourth number (after t, read_iops, write_iops).
    expect([...edge.columns.read_bps]).toEqual([rows[CHUNK_SAMPLES - 1]?.[3], rows[CHUNK_SAMPLES]?.[3]]);
    const open = readSamples(db, 5, ['write_bps'], {
      from: at(CHUNK_SAMPLES - 1),
      to: at(2 * CHUNK_SAMPLES),
      after: true,
    });
    const want = rows.slice(CHUNK_SAMPLES).map((r) => r[4]);
    expect(want.some((v) => Number.isNaN(v))).toBe(true);
    expect([...open.columns.write_bps]).toEqual(want);
    db.close();
  });

  it('refuse a host’s sample that is not after its previous one', () => {
    const db = freshDb();
    const writer = new SampleWriter(db);
    const c = writer.chunkFor(1);
    const row = (t: number): Row => [t, ...Array.from({ length: 15 }, () => 0)];
    writer.append(c, row(10), 0);
    expect(() => writer.append(c, row(10), 0)).toThrow('is not after');
    db.close();
  });
});

const FIELDS = SAMPLE_FIELDS.length;
/** Same doubles (NaN as NaN, -0 apart from 0). */
const same = (a: ArrayLike<number>, b: ArrayLike<number>): boolean =>
  a.length === b.length && Array.from(a).every((v, i) => Object.is(v, b[i]));

/** A column of n values shaped to fit one encoding (or none), NaNs and -0 sprinkled in some. */
const column = (n: number): fc.Arbitrary<number[]> =>
  fc.oneof(
    fc.double().map((v) => Array.from({ length: n }, () => v)),
    fc
      .tuple(
        fc.double({ noNaN: true, min: -1e12, max: 2e9 }),
        fc.oneof(fc.constant(20), fc.double({ noNaN: true, min: -1e3, max: 1e3 })),
      )
      .map(([v0, step]) => Array.from({ length: n }, (_, i) => v0 + i * step)),
    fc.array(fc.oneof(fc.integer(), fc.constant(-0x80000000), fc.constant(0x7fffffff), fc.constant(NaN)), {
      minLength: n,
      maxLength: n,
    }),
    fc.array(
      fc.oneof(
        fc.integer({ min: -2e9, max: 2e9 }).map((w) => w / 100),
        fc.constant(NaN),
        fc.constant(-0),
      ),
      { minLength: n, maxLength: n },
    ),
    // Mixed: an integer beside hundredths (neither encoding alone), the smallest doubles around -0, infinities.
    fc.array(
      fc.oneof(
        fc.integer(),
        fc.integer({ min: -1e6, max: 1e6 }).map((w) => w / 100),
        fc.double(),
        fc.constantFrom(-0, 5e-324, -5e-324, Infinity, -Infinity, 2 ** 31, -(2 ** 31)),
      ),
      { minLength: n, maxLength: n },
    ),
    // A start and a step through the smallest doubles (a step's -0 against 0).
    fc
      .tuple(fc.constantFrom(5e-324, -5e-324, 0, -0), fc.constantFrom(5e-324, -5e-324, -1e-323))
      .map(([v0, step]) => Array.from({ length: n }, (_, i) => v0 + i * step)),
  );
const chunk = fc
  .integer({ min: 1, max: CHUNK_SAMPLES })
  .chain((n) => fc.tuple(fc.constant(n), fc.array(column(n), { minLength: FIELDS, maxLength: FIELDS })));

/** The columns laid out as the writer keeps them: column f at f × CHUNK_SAMPLES. */
function laidOut(columns: number[][]): Float64Array {
  const buf = new Float64Array(CHUNK_SAMPLES * FIELDS);
  columns.forEach((c, f) => {
    buf.set(c, f * CHUNK_SAMPLES);
  });
  return buf;
}

describe('sample chunk encodings', () => {
  const out = new ArrayBuffer(32 + CHUNK_SAMPLES * FIELDS * 8);

  it('give back every value exactly, whichever encoding each column takes', () => {
    fc.assert(
      fc.property(chunk, fc.subarray([...SAMPLE_FIELDS.keys()]), ([n, columns], wanted) => {
        const blob = encodeChunk(laidOut(columns), CHUNK_SAMPLES, n, out).slice();
        expect(blob.byteLength).toBeLessThanOrEqual(24 + n * FIELDS * 8);
        const all = decodeChunk(blob, n);
        columns.forEach((c, f) => {
          expect(same(all.subarray(f * n, (f + 1) * n), c), `column ${String(f)}`).toBe(true);
        });
        // Only the columns asked for are decoded: the others are left 0.
        const some = decodeChunk(blob, n, wanted);
        columns.forEach((c, f) => {
          const got = some.subarray(f * n, (f + 1) * n);
          expect(same(got, wanted.includes(f) ? c : new Array<number>(n).fill(0))).toBe(true);
        });
      }),
      { numRuns: 400 },
    );
  });

  it('store a vSphere VM’s 128 samples in about half the bytes of Float64 columns', () => {
    const n = CHUNK_SAMPLES;
    const i = Array.from({ length: n }, (_, k) => k);
    // Values that vary irregularly (a regular column would be stored as a start and a step).
    const wobble = (k: number, f: number): number => (k * k * 37 + f * 11) % 5003;
    const centi = (k: number, f: number): number => (wobble(k, f) + 3) / 100;
    // SAMPLE_FIELDS order: t, read/write IOPS, read/write B/s, latency, CPU %, memory, rx/tx, read/write latency,
    // interval, queue depth, MHz, active memory.
    const columns = [
      i.map((k) => 1_794_787_280 + 20 * k),
      i.map((k) => centi(k, 1)),
      i.map((k) => centi(k, 2)),
      i.map((k) => 300_000 + wobble(k, 6) * 977),
      i.map((k) => 60_000 + wobble(k, 7) * 313),
      i.map((k) => (1.04 * (29.28 + k) + 1.66 * 19.52) / (48.8 + k)),
      i.map((k) => centi(k, 3)),
      i.map((k) => 10_186_132_586 + wobble(k, 8) * 4099),
      i.map((k) => 900_000 + wobble(k, 9) * 1013),
      i.map((k) => 640_000 + wobble(k, 10) * 1019),
      i.map((k) => centi(k, 4)),
      i.map((k) => centi(k, 5)),
      i.map(() => 20),
      i.map(() => NaN),
      i.map((k) => 500 + wobble(k, 11)),
      i.map((k) => 2_663_554_477 + wobble(k, 12) * 7),
    ];
    const blob = encodeChunk(laidOut(columns), CHUNK_SAMPLES, n, out);
    // 24 bytes of head; t a start and a step, the interval and the unknown queue depth one value each; latency and
    // both memories Float64; the other ten columns 4 bytes a value.
    expect(blob.byteLength).toBe(24 + 16 + 8 + 8 + 3 * n * 8 + 10 * n * 4);
    expect(blob.byteLength / (n * FIELDS * 8)).toBeLessThan(0.51);
    const back = decodeChunk(blob.slice(), n);
    columns.forEach((c, f) => {
      expect(same(back.subarray(f * n, (f + 1) * n), c), `column ${String(f)}`).toBe(true);
    });
  });

  it('read a chunk written before the encodings (Float64 columns) as it was, beside encoded ones', () => {
    const db = freshDb();
    const n = 3;
    const legacy = new Float64Array(n * FIELDS);
    for (let f = 0; f < FIELDS; f++)
      for (let k = 0; k < n; k++) legacy[f * n + k] = f === 0 ? 100 + 20 * k : f === 13 ? NaN : f * 1.5 + k;
    db.prepare(
      'INSERT INTO series_chunks (host_id, first_t, last_t, count, data) VALUES (?, ?, ?, ?, ?)',
    ).run(7, 100, 140, n, new Uint8Array(legacy.buffer));
    // The host's later samples go in through the writer (encoded).
    const writer = new SampleWriter(db);
    const c = writer.chunkFor(7);
    const later = [160, ...Array.from({ length: 15 }, (_, f) => f + 0.25)];
    writer.append(c, later, 0);
    writer.flush();
    const got = readSamples(db, 7, SAMPLE_FIELDS);
    expect([...got.columns.t]).toEqual([100, 120, 140, 160]);
    SAMPLE_FIELDS.forEach((f, k) => {
      if (k === 0) return;
      const want = [...legacy.subarray(k * n, (k + 1) * n), later[k] as number];
      expect(same(got.columns[f], want), f).toBe(true);
    });
    db.close();
  });

  it('refuse a blob of the wrong size, encoded or not', () => {
    const blob = encodeChunk(
      laidOut(Array.from({ length: FIELDS }, () => [1.5, 2.5])),
      CHUNK_SAMPLES,
      2,
      out,
    ).slice();
    expect(() => decodeChunk(blob, 3)).toThrow('wrong size');
    expect(() => decodeChunk(blob.subarray(0, blob.length - 8), 2)).toThrow('wrong size');
    expect(() => decodeChunk(new Uint8Array(FIELDS * 8 * 2 + 8), 2)).toThrow('wrong size');
  });
});
