// The busiest server's top two per bucket (value, host) and the counts of hosts that know each total: taking the
// busiest server out falls back to the runner-up without reading samples, a value only the removed server knew is
// unknown (null, never 0), and a data folder written before these columns is upgraded in place. Hand-computed.
import type { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import type { CollectorRecord } from '../src/collector-file/records.ts';
import { openDatabase } from '../src/store/db.ts';
import { seriesChanged } from '../src/series/cache.ts';
import { TOTALS_WINDOW, storeCollectorFile } from '../src/series/store.ts';
import {
  CPU_PEAK,
  CPU_PEAK2,
  CPU_PEAK2_HOST,
  CPU_PEAK_HOST,
  N_CPU,
  combineParts,
  emptyParts,
} from '../src/series/align.ts';
import { alignStoredRuns, projectHosts, querySeries, setNodeEnabled } from '../src/series/repo.ts';
import { freshStore, removeSamples, v2File } from './helpers.ts';

const RUN = 1;
const PROJECT = 1;
const T = 1_800_000_000 - (1_800_000_000 % 60);

/** Per host, per minute (T + 60, T + 120): its CPU % (null: unknown) and its read IOPS (null: unknown). */
type Minute = { cpu: number | null; iops: number | null };

/** A format-v2 file of these hosts (4 cores each), by host when `byHost` (the run's sums then meet in the table's upsert). */
const file = (hosts: Minute[][], byHost = false): CollectorRecord[] =>
  v2File(
    hosts.map((minutes) => ({
      cores: 4,
      samples: minutes.map((m, k) => ({
        t: T + 60 * (k + 1),
        d: 60,
        cpu: m.cpu,
        readIops: m.iops,
        queue: 1,
      })),
    })),
    60,
    { byHost },
  );

let dir = '';
let db: DatabaseSync;
freshStore(
  (opened, folder) => {
    db = opened;
    dir = folder;
  },
  { run: RUN, project: PROJECT },
);

/** The aggregate's average per minute bucket of these metrics (null: unknown). */
function minutes(
  metrics: ('cpuPeakServer' | 'readIops' | 'queueDepth')[],
): Record<string, (number | null)[]> {
  seriesChanged();
  const r = querySeries(db, PROJECT, {
    from: T,
    to: T + 180,
    points: 4,
    metrics,
    hostId: null,
    intervalS: 60,
  });
  // The minutes labelled T + 60 and T + 120: the buckets said to start a minute before (the time they measured).
  const at = [T + 60, T + 120].map((t) => r.times.indexOf(t - 60));
  return Object.fromEntries(
    metrics.map((m) => [
      m,
      at.map((i) => (i < 0 ? null : (r.series.find((s) => s.metric === m)?.avg[i] ?? null))),
    ]),
  );
}

const host = (name: string) => {
  const h = projectHosts(db, PROJECT).find((x) => x.name === name);
  if (!h) throw new Error(`no ${name}`);
  return h;
};
const node = (name: string): string => host(name).nodeId;
const hostId = (name: string): number => host(name).id;

describe('the busiest server taken out', () => {
  // Minute 1: A 90 %, B 60 %, C 30 %. Minute 2: A 20 %, B 80 %, C 50 %.
  const three: Minute[][] = [
    [
      { cpu: 90, iops: 100 },
      { cpu: 20, iops: 100 },
    ],
    [
      { cpu: 60, iops: 200 },
      { cpu: 80, iops: 200 },
    ],
    [
      { cpu: 30, iops: 400 },
      { cpu: 50, iops: 400 },
    ],
  ];

  it('falls back to the runner-up without reading samples; a second removal in the bucket reads them', async () => {
    await storeCollectorFile(db, RUN, file(three));
    expect(minutes(['cpuPeakServer']).cpuPeakServer).toEqual([90, 80]);
    // Without B's and C's samples (A's own are read to subtract it), only the kept runner-up can give B's 60 %.
    const a = hostId('HOST-0');
    const others = projectHosts(db, PROJECT)
      .map((h) => h.id)
      .filter((id) => id !== a);
    const kept = removeSamples(db, others);
    setNodeEnabled(db, PROJECT, node('HOST-0'), false);
    expect(minutes(['cpuPeakServer']).cpuPeakServer).toEqual([60, 80]);
    // B taken out as well: minute 1's runner-up is no longer known, so it is recomputed from the samples (C's 30 %);
    // minute 2 had B busiest and C as runner-up (A third): C's 50 %.
    kept();
    setNodeEnabled(db, PROJECT, node('HOST-1'), false);
    expect(minutes(['cpuPeakServer', 'readIops'])).toEqual({ cpuPeakServer: [30, 50], readIops: [400, 400] });
    setNodeEnabled(db, PROJECT, node('HOST-0'), true);
    expect(minutes(['cpuPeakServer']).cpuPeakServer).toEqual([90, 50]);
    setNodeEnabled(db, PROJECT, node('HOST-1'), true);
    expect(minutes(['cpuPeakServer', 'readIops'])).toEqual({ cpuPeakServer: [90, 80], readIops: [700, 700] });
  });

  it('keeps the top two exactly when the run sums meet in the table (a file written host by host)', async () => {
    // More minutes than the store keeps in memory (TOTALS_WINDOW): each host's buckets are upserted into the rows.
    const n = TOTALS_WINDOW + 100;
    const series = (cpu: (k: number) => number): Minute[] =>
      Array.from({ length: n }, (_, k) => ({ cpu: cpu(k), iops: 100 }));
    await storeCollectorFile(
      db,
      RUN,
      file(
        [series((k) => (k % 2 === 0 ? 90 : 10)), series(() => 60), series((k) => (k % 2 === 0 ? 30 : 40))],
        true,
      ),
    );
    const [a, b, c] = ['HOST-0', 'HOST-1', 'HOST-2'].map(hostId);
    const tops = (): Set<string> => {
      minutes(['cpuPeakServer']);
      const rows = db
        .prepare('SELECT cpu_peak, cpu_peak_host, cpu_peak2, cpu_peak2_host FROM series_totals')
        .all() as Record<string, number | null>[];
      return new Set(rows.map((r) => Object.values(r).join(' ')));
    };
    expect(tops()).toEqual(new Set([`90 ${String(a)} 60 ${String(b)}`, `60 ${String(b)} 40 ${String(c)}`]));
    removeSamples(db, [b ?? 0, c ?? 0]);
    setNodeEnabled(db, PROJECT, node('HOST-0'), false);
    // Where A was busiest, B moves up (its runner-up not known); where A was third, nothing changes.
    expect(tops()).toEqual(new Set([`60 ${String(b)}  `, `60 ${String(b)} 40 ${String(c)}`]));
  });

  it('a read IOPS only the server taken out knew is unknown, and its own again when it is back', async () => {
    await storeCollectorFile(
      db,
      RUN,
      file([
        [
          { cpu: 10, iops: 100 },
          { cpu: 10, iops: 300 },
        ],
        [
          { cpu: 20, iops: 50 },
          { cpu: 20, iops: null },
        ],
      ]),
    );
    expect(minutes(['readIops']).readIops).toEqual([150, 300]);
    setNodeEnabled(db, PROJECT, node('HOST-0'), false);
    expect(minutes(['readIops', 'cpuPeakServer'])).toEqual({ readIops: [50, null], cpuPeakServer: [20, 20] });
    setNodeEnabled(db, PROJECT, node('HOST-0'), true);
    expect(minutes(['readIops']).readIops).toEqual([150, 300]);
  });
});

describe('combineParts keeps the top two (value, host)', () => {
  const host = (value: number, id: number): Float64Array => {
    const v = emptyParts();
    v[CPU_PEAK] = value;
    v[CPU_PEAK_HOST] = id;
    v[N_CPU] = 1;
    return v;
  };
  const top = (v: Float64Array): number[] => [
    v[CPU_PEAK] ?? Number.NaN,
    v[CPU_PEAK_HOST] ?? Number.NaN,
    v[CPU_PEAK2] ?? Number.NaN,
    v[CPU_PEAK2_HOST] ?? Number.NaN,
    v[N_CPU] ?? Number.NaN,
  ];

  it('of hosts added one by one in any order', () => {
    const sum = emptyParts();
    for (const [value, id] of [
      [40, 1],
      [70, 2],
      [10, 3],
      [55, 4],
    ] as const)
      combineParts(sum, host(value, id));
    expect(top(sum)).toEqual([70, 2, 55, 4, 4]);
  });

  it('a runner-up no longer known stays unknown when its side has the top, and is the other top otherwise', () => {
    const stale = host(80, 1);
    stale[N_CPU] = 3; // three hosts know their CPU, the runner-up was taken out: not known
    const withHigher = host(90, 7);
    combineParts(withHigher, stale);
    expect(top(withHigher)).toEqual([90, 7, 80, 1, 4]);
    const lower = stale.slice();
    combineParts(lower, host(50, 8));
    expect(top(lower)).toEqual([80, 1, Number.NaN, Number.NaN, 4]);
  });

  it('a runner-up known only to be at most 60 is exact again when a host of 60 or more is added', () => {
    const bounded = host(80, 1);
    bounded[N_CPU] = 3;
    bounded[CPU_PEAK2] = 60; // the runner-up (60 %) was taken out: the one left is at most 60
    const below = bounded.slice();
    combineParts(below, host(59, 5));
    expect(top(below)).toEqual([80, 1, 60, Number.NaN, 4]);
    combineParts(bounded, host(60, 9));
    expect(top(bounded)).toEqual([80, 1, 60, 9, 4]);
  });
});

describe('a data folder from before the counts and the runner-up', () => {
  it('gets the columns in place and its sums recomputed once: unknown stays unknown after a server is taken out', async () => {
    await storeCollectorFile(
      db,
      RUN,
      file([
        [
          { cpu: 90, iops: 100 },
          { cpu: 90, iops: 300 },
        ],
        [
          { cpu: 60, iops: 50 },
          { cpu: 60, iops: null },
        ],
      ]),
    );
    // The earlier layout: none of the new columns (SQLite ≥ 3.35 drops columns).
    for (const table of ['series_run_totals', 'series_totals'])
      for (const column of [
        'n_read_iops',
        'n_write_iops',
        'n_read_bps',
        'n_write_bps',
        'n_mem_bytes',
        'n_rx_bps',
        'n_tx_bps',
        'n_queue_depth',
        'n_rlat',
        'n_wlat',
        'cpu_peak_host',
        'cpu_peak2',
        'cpu_peak2_host',
        'n_cpu',
      ])
        db.exec(`ALTER TABLE ${table} DROP COLUMN ${column}`);
    db.close();
    db = openDatabase(dir);
    alignStoredRuns(db);
    expect(minutes(['readIops', 'cpuPeakServer'])).toEqual({ readIops: [150, 300], cpuPeakServer: [90, 90] });
    removeSamples(db, [hostId('HOST-1')]);
    setNodeEnabled(db, PROJECT, node('HOST-0'), false);
    expect(minutes(['readIops', 'cpuPeakServer'])).toEqual({ readIops: [50, null], cpuPeakServer: [60, 60] });
    db.close();
  });
});
