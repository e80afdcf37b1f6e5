import { describe, expect, it } from 'vitest';
import * as sizing from './sizing-text';

describe('sizing texts', () => {
  it('show each resource with the decimals the server rounds to', () => {
    expect(sizing.DECIMALS).toEqual({ iops: 0, throughput: 1, capacity: 1, cores: 1, memory: 1 });
    expect(sizing.formatAmount(71341, 'iops', 'en-US')).toBe('71,341');
    expect(sizing.formatAmount(1106.6, 'throughput', 'en-US')).toBe('1,106.6');
    expect(sizing.formatAmount(38, 'cores', 'en-US')).toBe('38.0');
    expect(sizing.formatAmount(1106.6, 'memory', 'de-DE')).toBe('1.106,6');
  });

  it('write the factors with two decimals', () => {
    expect(sizing.factorText(30, 'en-US')).toBe('1.30');
    expect(sizing.factorText(0, 'en-US')).toBe('1.00');
    expect(sizing.factorText(-50, 'en-US')).toBe('0.50');
    expect(sizing.factorText(200, 'fr-FR')).toBe('3,00');
  });

  it('keep digits only, a leading minus where allowed, at most four digits', () => {
    expect(sizing.keepInteger('1a2.5', false)).toBe('125');
    expect(sizing.keepInteger('-20', false)).toBe('20');
    expect(sizing.keepInteger('-20', true)).toBe('-20');
    expect(sizing.keepInteger('2-0', true)).toBe('20');
    expect(sizing.keepInteger('123456', false)).toBe('1234');
  });

  it('name each resource, unit, basis and setting by its message id', () => {
    expect(sizing.RESOURCE_TEXT).toEqual({
      iops: 'performance.chart.iops',
      throughput: 'performance.sizing.resource.throughput',
      capacity: 'performance.sizing.resource.capacity',
      cores: 'performance.sizing.resource.cores',
      memory: 'performance.sizing.resource.memory',
    });
    expect(sizing.UNIT_TEXT).toEqual({
      iops: 'performance.unit.iops',
      megabytesPerSecond: 'performance.unit.megabytesPerSecond',
      gibibytes: 'performance.unit.gibibytes',
      cores: 'performance.sizing.unit.cores',
    });
    for (const basis of ['peak', 'p99', 'p95', 'p90'] as const) {
      expect(sizing.BASIS_TEXT[basis]).toBe(`performance.sizing.basis.${basis}`);
      expect(sizing.BASIS_SHORT_TEXT[basis]).toBe(`performance.sizing.short.${basis}`);
    }
    expect(Object.keys(sizing.BASIS_TEXT)).toEqual(['peak', 'p99', 'p95', 'p90']);
    expect(sizing.FIELD_TEXT).toEqual({
      headroom: 'performance.sizing.headroom',
      growth: 'performance.sizing.growth',
      horizon: 'performance.sizing.horizon',
    });
  });
});
