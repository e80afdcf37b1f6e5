import { describe, expect, it } from 'vitest';
import { DECIMALS, factorText, formatAmount, keepInteger } from './sizing-text';

describe('sizing texts', () => {
  it('show each resource with the decimals the server rounds to', () => {
    expect(DECIMALS).toEqual({ iops: 0, throughput: 1, capacity: 1, cores: 1, memory: 1 });
    expect(formatAmount(71341, 'iops', 'en-US')).toBe('71,341');
    expect(formatAmount(1106.6, 'throughput', 'en-US')).toBe('1,106.6');
    expect(formatAmount(38, 'cores', 'en-US')).toBe('38.0');
    expect(formatAmount(1106.6, 'memory', 'de-DE')).toBe('1.106,6');
  });

  it('write the factors with two decimals', () => {
    expect(factorText(30, 'en-US')).toBe('1.30');
    expect(factorText(0, 'en-US')).toBe('1.00');
    expect(factorText(-50, 'en-US')).toBe('0.50');
    expect(factorText(200, 'fr-FR')).toBe('3,00');
  });

  it('keep digits only, a leading minus where allowed, at most four digits', () => {
    expect(keepInteger('1a2.5', false)).toBe('125');
    expect(keepInteger('-20', false)).toBe('20');
    expect(keepInteger('-20', true)).toBe('-20');
    expect(keepInteger('2-0', true)).toBe('20');
    expect(keepInteger('123456', false)).toBe('1234');
  });
});
