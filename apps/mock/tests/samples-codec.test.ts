// The chunked sample store (series/samples.ts) against a plain oracle: an array of rows per host, filtered by range
// and merged by t the way the row-per-sample SQL did (each t once, the lowest host id's values).
import { DatabaseSync } from 'node:sqlite';
import fc from 'fast-check';
import { describe, expect, it } from 'vitest';
import {
  CHUNK_SAMPLES,
  SAMPLES_SCHEMA,
  SAMPLE_FIELDS,
  SampleWriter,
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
