import { describe, expect, it } from 'vitest';
import * as z from 'zod/mini';
import { maxLengthOf, minLengthOf } from './max-length';

describe('maxLengthOf', () => {
  it('reads the maxLength check of a string schema', () => {
    expect(maxLengthOf(z.string().check(z.minLength(1), z.maxLength(64)))).toBe(64);
  });
  it('is undefined when the contract sets no limit', () => {
    expect(maxLengthOf(z.string().check(z.minLength(1)))).toBeUndefined();
    expect(maxLengthOf(z.nullable(z.string()))).toBeUndefined();
  });
});

describe('maxLengthOf through wrappers', () => {
  it('reads the limit of a nullable string', () => {
    expect(maxLengthOf(z.nullable(z.string().check(z.maxLength(30))))).toBe(30);
  });
});

describe('minLengthOf', () => {
  it('reads the minLength check, through a nullable too', () => {
    expect(minLengthOf(z.string().check(z.minLength(8), z.maxLength(128)))).toBe(8);
    expect(minLengthOf(z.nullable(z.string().check(z.minLength(2))))).toBe(2);
    expect(minLengthOf(z.string())).toBeUndefined();
  });
});
