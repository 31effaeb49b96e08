import { describe, expect, it } from 'vitest';
import { formatBytes, formatPassages } from './format';

describe('formatBytes', () => {
  it('uses pt-BR decimals and binary units', () => {
    expect(formatBytes(1)).toBe('1 byte');
    expect(formatBytes(830)).toBe('830 bytes');
    expect(formatBytes(1024)).toBe('1 KB');
    expect(formatBytes(12_697)).toBe('12,4 KB');
    expect(formatBytes(1_258_291)).toBe('1,2 MB');
    expect(formatBytes(52_428_800)).toBe('50 MB');
  });

  it('moves to the next unit when rounding reaches it', () => {
    expect(formatBytes(1_048_575)).toBe('1 MB');
  });
});

describe('formatPassages', () => {
  it('agrees in number and groups thousands', () => {
    expect(formatPassages(1)).toBe('1 trecho');
    expect(formatPassages(12)).toBe('12 trechos');
    expect(formatPassages(1234)).toBe('1.234 trechos');
  });
});
