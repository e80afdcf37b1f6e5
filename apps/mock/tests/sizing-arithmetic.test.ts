// The sizing arithmetic against hand-computed cases: the basis (nearest-rank percentiles), the factors
// (compounding growth), the rounding (basis half up, required up, without binary noise), the shape choice (the
// smallest that meets every need, exact limits enough, none big enough) and the shape totals; the shipped catalogue
// and the catalogue format's refusals; the reports' formula text.
import { DatabaseSync } from 'node:sqlite';
import { describe, expect, it } from 'vitest';
import {
  BASIS_PERCENTILE,
  DEFAULT_SIZING,
  SIZING_BASES,
  SIZING_BOUNDS,
  SIZING_RESOURCES,
  basisOf,
  ceilTo,
  chooseShape,
  growthFactor,
  headroomFactor,
  roundTo,
  shapeTotals,
  sizeFigure,
  type Shape,
  type SizingSettings,
} from '../src/sizing/arithmetic.ts';
import { parseCatalogue, shippedCatalogue } from '../src/sizing/catalogue.ts';
import { SIZING_RULE, formulaText } from '../src/sizing/format.ts';
import { saveSizingSettings, sizingSettingsOf } from '../src/sizing/settings.ts';

const S = (over: Partial<SizingSettings> = {}): SizingSettings => ({ ...DEFAULT_SIZING, ...over });

describe('the settings', () => {
  it('default to p95, 30 % headroom, 10 % growth a year over 3 years', () => {
    expect(DEFAULT_SIZING).toEqual({ basis: 'p95', headroomPercent: 30, growthPercent: 10, horizonYears: 3 });
  });
  it('have the bounds of the contract and the four bases', () => {
    expect(SIZING_BOUNDS).toEqual({
      headroomPercent: { min: 0, max: 200 },
      growthPercent: { min: -50, max: 100 },
      horizonYears: { min: 0, max: 5 },
    });
    expect(SIZING_BASES).toEqual(['peak', 'p99', 'p95', 'p90']);
    expect(BASIS_PERCENTILE).toEqual({ peak: 1, p99: 0.99, p95: 0.95, p90: 0.9 });
  });
  it('size five resources in named units and decimals', () => {
    expect(SIZING_RESOURCES).toEqual([
      { resource: 'iops', unit: 'iops', decimals: 0 },
      { resource: 'throughput', unit: 'megabytesPerSecond', decimals: 1 },
      { resource: 'capacity', unit: 'gibibytes', decimals: 1 },
      { resource: 'cores', unit: 'cores', decimals: 1 },
      { resource: 'memory', unit: 'gibibytes', decimals: 1 },
    ]);
  });
});

describe('settings saved under the older, wider bounds', () => {
  it('are read at today’s bounds (a growth factor of 59,049 is never served again)', () => {
    const db = new DatabaseSync(':memory:');
    saveSizingSettings(db, 1, S({ headroomPercent: 200, growthPercent: 200, horizonYears: 10 }), null, 0);
    saveSizingSettings(db, 2, S({ growthPercent: -50, horizonYears: 4 }), null, 0);
    expect(sizingSettingsOf(db, 1)).toEqual({
      settings: S({ headroomPercent: 200, growthPercent: 100, horizonYears: 5 }),
      saved: true,
    });
    expect(growthFactor(sizingSettingsOf(db, 1).settings)).toBe(32);
    // Within bounds: as saved.
    expect(sizingSettingsOf(db, 2).settings).toEqual(S({ growthPercent: -50, horizonYears: 4 }));
    db.close();
  });
});

describe('the basis', () => {
  // 1..100: the nearest-rank p-th percentile of 1..100 is p itself.
  const hundred = Array.from({ length: 100 }, (_, i) => i + 1).reverse();
  it.each([
    ['peak', 100],
    ['p99', 99],
    ['p95', 95],
    ['p90', 90],
  ] as const)('%s of 1..100 is %d', (basis, want) => {
    expect(basisOf(hundred, basis)).toBe(want);
  });
  it('of 10 values: p95 and p99 are the maximum (rank ceil(9.5) = 10), p90 the 9th', () => {
    const ten = [5, 1, 9, 3, 7, 2, 8, 4, 10, 6];
    expect(basisOf(ten, 'p99')).toBe(10);
    expect(basisOf(ten, 'p95')).toBe(10);
    expect(basisOf(ten, 'p90')).toBe(9);
  });
  it('of one value is that value; of none null', () => {
    expect(basisOf([42], 'p90')).toBe(42);
    expect(basisOf([], 'peak')).toBeNull();
  });
  it('skips unknown intervals (NaN, format v2 null) instead of counting them as 0', () => {
    // 1..10 with five unknowns: p90 of the ten known is the 9th, not the rank among fifteen values with zeros.
    const withUnknown = [1, NaN, 2, 3, NaN, 4, 5, NaN, 6, 7, 8, NaN, 9, 10, NaN];
    expect(basisOf(withUnknown, 'p90')).toBe(9);
    expect(basisOf(withUnknown, 'peak')).toBe(10);
    expect(basisOf([NaN, NaN], 'p95')).toBeNull();
  });
});

describe('the factors and rounding', () => {
  it('headroom is 1 + %, growth compounds yearly', () => {
    expect(headroomFactor(S({ headroomPercent: 30 }))).toBe(1.3);
    expect(headroomFactor(S({ headroomPercent: 0 }))).toBe(1);
    expect(growthFactor(S({ growthPercent: 10, horizonYears: 3 }))).toBeCloseTo(1.331, 12);
    expect(growthFactor(S({ growthPercent: 100, horizonYears: 2 }))).toBe(4);
    expect(growthFactor(S({ growthPercent: -50, horizonYears: 2 }))).toBe(0.25);
    expect(growthFactor(S({ growthPercent: 200, horizonYears: 0 }))).toBe(1);
  });
  it('rounds without binary noise: 110.00000000000001 up is 110; 0.05 half up is 0.1', () => {
    expect(100 * 1.1).not.toBe(110);
    expect(ceilTo(100 * 1.1, 0)).toBe(110);
    expect(ceilTo(110.01, 0)).toBe(111);
    expect(ceilTo(12.31, 1)).toBe(12.4);
    expect(roundTo(0.05, 1)).toBe(0.1);
    expect(roundTo(41230.4, 0)).toBe(41230);
  });
  it('41,230 IOPS at p95 × 1.30 × 1.10^3 = 71,340.27 → 71,341 IOPS', () => {
    expect(sizeFigure(41230.4, 'iops', S())).toEqual({ basis: 41230, required: 71341 });
  });
  it('512.34 MB/s × 1.50 × 1.20^2 = 1,106.64 → 1,106.7 MB/s (basis rounded to 512.3 first)', () => {
    // 512.3 × 1.5 = 768.45; × 1.44 = 1106.568 → up to one decimal 1106.6
    expect(
      sizeFigure(512.34, 'throughput', S({ headroomPercent: 50, growthPercent: 20, horizonYears: 2 })),
    ).toEqual({ basis: 512.3, required: 1106.6 });
  });
  it('no headroom, no growth: required is the basis; shrinking load: 100 cores × 1 × 0.5^1 = 50', () => {
    expect(sizeFigure(7.25, 'cores', S({ headroomPercent: 0, growthPercent: 0 }))).toEqual({
      basis: 7.3,
      required: 7.3,
    });
    expect(sizeFigure(100, 'cores', S({ headroomPercent: 0, growthPercent: -50, horizonYears: 1 }))).toEqual({
      basis: 100,
      required: 50,
    });
  });
  it('no basis: no figure', () => {
    expect(sizeFigure(null, 'memory', S())).toEqual({ basis: null, required: null });
  });
});

const shape = (
  id: string,
  vCpu: number,
  memoryGiB: number,
  maxIops: number,
  maxThroughputMBps = 500,
): Shape => ({
  id,
  name: id.toUpperCase(),
  vCpu,
  memoryGiB,
  diskClass: maxIops > 10000 ? 'Fast' : 'Standard',
  maxIops,
  maxThroughputMBps,
});
const SHAPES = [
  shape('big', 8, 32, 20000, 1000),
  shape('small', 2, 8, 5000),
  shape('small-fast', 2, 8, 20000, 1000),
  shape('mid', 4, 16, 5000),
  shape('mid-mem', 4, 32, 5000),
];

describe('the shape choice', () => {
  const need = { cores: 1.2, memoryGiB: 6, iops: 3000, throughputMBps: 100 };
  it('takes the smallest shape that meets every need', () => {
    expect(chooseShape(SHAPES, need)?.id).toBe('small');
  });
  it('rounds cores up to whole vCPU: 2.1 cores need 4 vCPU; 0.2 cores still one', () => {
    expect(chooseShape(SHAPES, { ...need, cores: 2.1 })?.id).toBe('mid');
    expect(chooseShape([shape('one', 1, 2, 1000)], { ...need, cores: 0.2, memoryGiB: 1, iops: 10 })?.id).toBe(
      'one',
    );
  });
  it('a limit met exactly is enough (2 vCPU, 8 GiB, 5,000 IOPS, 500 MB/s)', () => {
    expect(chooseShape(SHAPES, { cores: 2, memoryGiB: 8, iops: 5000, throughputMBps: 500 })?.id).toBe(
      'small',
    );
  });
  it('more IOPS than the standard class: the same size in the faster class before a bigger size', () => {
    expect(chooseShape(SHAPES, { ...need, iops: 5001 })?.id).toBe('small-fast');
  });
  it('more memory: the memory shape of the next size', () => {
    expect(chooseShape(SHAPES, { ...need, cores: 3, memoryGiB: 16.1 })?.id).toBe('mid-mem');
  });
  it('throughput alone can pick the shape', () => {
    expect(chooseShape(SHAPES, { ...need, throughputMBps: 600 })?.id).toBe('small-fast');
  });
  it('none big enough: null', () => {
    expect(chooseShape(SHAPES, { ...need, cores: 9 })).toBeNull();
    expect(chooseShape(SHAPES, { ...need, iops: 20001 })).toBeNull();
    expect(chooseShape([], need)).toBeNull();
  });
  it('totals count servers per shape in size order, the unfitted last, no zeros', () => {
    expect(shapeTotals(SHAPES, ['mid', null, 'small', 'mid', 'big'])).toEqual([
      { shape: 'small', count: 1 },
      { shape: 'mid', count: 2 },
      { shape: 'big', count: 1 },
      { shape: null, count: 1 },
    ]);
    expect(shapeTotals(SHAPES, [])).toEqual([]);
  });
});

describe('the shape catalogue', () => {
  it('ships vendor-neutral shapes, smallest first, each with its disk class limits', () => {
    const c = shippedCatalogue();
    expect(c.name).toBe('Generic shapes');
    expect(c.shapes).toHaveLength(72);
    expect(c.shapes[0]).toEqual({
      id: 'g2-standard',
      name: 'G2 Standard',
      vCpu: 2,
      memoryGiB: 8,
      diskClass: 'Standard',
      maxIops: 5000,
      maxThroughputMBps: 200,
    });
    expect(c.shapes.at(-1)?.id).toBe('x128-performance');
  });
  const doc = {
    name: 'Team shapes',
    diskClasses: [{ id: 'std', name: 'Std', maxIops: 100, maxThroughputMBps: 10 }],
    shapes: [{ id: 'a', name: 'A', vCpu: 1, memoryGiB: 2, diskClass: 'std' }],
  };
  it('reads a team catalogue in the documented format', () => {
    expect(parseCatalogue(doc).shapes.map((s) => s.diskClass)).toEqual(['Std']);
  });
  it.each([
    [
      'an unknown disk class',
      { ...doc, shapes: [{ ...doc.shapes[0], diskClass: 'nvme' }] },
      'unknown disk class nvme',
    ],
    ['a duplicate id', { ...doc, shapes: [doc.shapes[0], doc.shapes[0]] }, 'duplicate id a'],
    ['no shapes', { ...doc, shapes: [] }, 'shapes'],
    ['a fractional vCPU', { ...doc, shapes: [{ ...doc.shapes[0], vCpu: 1.5 }] }, 'shapes.0.vCpu'],
  ])('refuses %s', (_, bad, message) => {
    expect(() => parseCatalogue(bad)).toThrow(message);
  });
});

describe('the formula as the reports write it', () => {
  it('writes the basis, both factors and the result with units', () => {
    expect(formulaText('iops', S(), 41230, 71341)).toBe(
      'p95 41,230 IOPS × 1.30 headroom × 1.10^3 growth = 71,341 IOPS',
    );
    expect(formulaText('capacity', S({ basis: 'peak' }), 1024.5, 1772.8)).toBe(
      'used 1,024.5 GiB × 1.30 headroom × 1.10^3 growth = 1,772.8 GiB',
    );
    expect(formulaText('cores', S(), null, null)).toBeNull();
    expect(SIZING_RULE).toBe('required = basis × (1 + headroom %) × (1 + annual growth %) ^ horizon years');
  });
});
