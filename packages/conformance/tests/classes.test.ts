// Every check class has a planted fault (#37: at least 20 classes): each check name of the reports is the `check` of
// a fault some src/checks/*.test.ts plants, which tests/plant.ts runs at every seed of PLANT_SEEDS.
import { readdirSync, readFileSync } from 'node:fs';
import { describe, expect, it } from 'vitest';
import { CHECKS } from '../src/report.ts';
import { PLANT_SEEDS } from './plant.ts';
import { TODAY_SEED } from './demo.ts';

const dir = new URL('../src/checks/', import.meta.url);
const planted = new Set(
  readdirSync(dir)
    .filter((f) => f.endsWith('.test.ts'))
    .flatMap((f) =>
      [...readFileSync(new URL(f, dir), 'utf8').matchAll(/check: '([a-z-]+)'/g)].map((m) => m[1]),
    ),
);

describe('check classes', () => {
  it('are at least 20, each with a planted fault', () => {
    expect(CHECKS.length).toBeGreaterThanOrEqual(20);
    expect(CHECKS.filter((c) => !planted.has(c))).toEqual([]);
  });
  it('plant their faults at three seeds, the day’s CI seed among them', () => {
    expect(PLANT_SEEDS).toEqual([11, 1, TODAY_SEED]);
  });
});
