// The figures mode's own reference (src/figures/reference.ts) on cases computed by hand from the documents' rules.
import { describe, expect, it } from 'vitest';
import { nearestRank, reference, roundHalfUp, scaledUp, type Rec } from '../src/figures/reference.ts';

const settings = { basis: 'p95', headroom: 30, growth: 10, horizon: 3 } as const;

function v1(samples: { t: number; host: string; iops: number; cpu: number }[]): Rec[] {
  const host = (id: string, cores: number): Rec => ({
    id,
    name: id,
    cpu: { cores },
    memoryBytes: 0,
    disks: [{ id: 'sda', capacityBytes: 100, usedBytes: 40, kind: 'local' }],
    nics: [],
  });
  return [
    { type: 'header', formatVersion: 1, intervalSeconds: 60, hosts: [host('a', 4), host('b', 12)] },
    ...samples.map((s) => ({
      type: 'sample',
      t: s.t,
      host: s.host,
      cpuPct: s.cpu,
      memUsedBytes: 0,
      disks: {
        sda: { readIops: s.iops, writeIops: 0, readBps: 0, writeBps: 0, latencyMs: 1, queueDepth: 0 },
      },
      net: {},
    })),
  ];
}

describe('the figures reference', () => {
  it('adds hosts 30 s apart on the 60 s grid, each time-weighted over the part it covers', () => {
    // a covers (0,60] at 100 and (60,120] at 300; b covers (30,90] at 200 and (90,150] at 400.
    const ref = reference(
      v1([
        { t: 60, host: 'a', iops: 100, cpu: 50 },
        { t: 90, host: 'b', iops: 200, cpu: 10 },
        { t: 120, host: 'a', iops: 300, cpu: 50 },
        { t: 150, host: 'b', iops: 400, cpu: 30 },
      ]),
      settings,
    );
    expect(ref.labels).toEqual([60, 120, 180]);
    expect(ref.totals.readIops).toEqual([300, 600, 400]);
    // CPU core-weighted: (50·4 + 10·12) / 16 = 20; then (50·4 + 20·12) / 16 = 27.5; then b alone.
    expect(ref.totals.cpu).toEqual([20, 27.5, 30]);
    expect(ref.summary.totalIops).toEqual({ peak: 600, p95: 600, average: 1300 / 3 });
    // A timestamp-matching reader would never see 600: no two samples share a t.
  });

  it('takes the nearest-rank percentile, never an interpolated one', () => {
    const twenty = Array.from({ length: 20 }, (_, i) => i + 1);
    expect(nearestRank(twenty, 0.95)).toBe(19);
    expect(nearestRank([5, 1, 9, 3, 7, 2, 8, 4, 6, 10], 0.95)).toBe(10);
    expect(nearestRank([42], 0.95)).toBe(42);
  });

  it('rounds the basis half up and the required figure up (docs/sizing.md example)', () => {
    expect(scaledUp(41230, 0, settings)).toEqual({ basis: 41230, required: 71341 });
    expect(roundHalfUp(0.05, 1)).toBe(0.1);
    expect(scaledUp(10, 1, { ...settings, headroom: 10, growth: 0 })).toEqual({ basis: 10, required: 11 });
  });
});
