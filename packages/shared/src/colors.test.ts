import { describe, expect, it } from 'vitest';
import { brandColors, contrastRatio, DEFAULT_BRAND_COLOR } from './colors';

describe('brand colours', () => {
  it('computes WCAG contrast ratios', () => {
    expect(contrastRatio('#ffffff', '#000000')).toBeCloseTo(21, 5);
    expect(contrastRatio('#777777', '#777777')).toBe(1);
    // The product indigo on white is well above AA.
    expect(contrastRatio(DEFAULT_BRAND_COLOR, '#ffffff')).toBeGreaterThan(6);
  });

  it('writes white on dark colours and black on light ones, always readable', () => {
    expect(brandColors('#4f46e5').ink).toBe('#ffffff');
    expect(brandColors('#1b5e20').ink).toBe('#ffffff');
    expect(brandColors('#ffd600').ink).toBe('#000000');
    expect(brandColors('#f5f5f5').ink).toBe('#000000');
    for (const hex of ['#ff0000', '#00ff00', '#0000ff', '#ffd600', '#808080', '#ff9800', '#00bcd4', '#e91e63']) {
      const { base, ink } = brandColors(hex);
      // The better of the two inks always reaches at least 4.5:1 (AA for normal text).
      expect(contrastRatio(base, ink), hex).toBeGreaterThanOrEqual(4.5);
    }
  });

  it('darkens for hover and falls back to the product colour for anything but #rrggbb', () => {
    expect(brandColors('#FFFFFF')).toMatchObject({ base: '#ffffff', hover: '#d9d9d9' });
    expect(brandColors('red').base).toBe(DEFAULT_BRAND_COLOR);
    expect(brandColors('#fff').base).toBe(DEFAULT_BRAND_COLOR);
  });
});
