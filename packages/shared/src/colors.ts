/*
 * The merchant's brand colour on the chat (public page, frame and widget
 * bubble). Any colour is allowed, so the text on it is chosen by contrast:
 * white on dark colours, black on light ones (WCAG relative luminance).
 * Kept free of dependencies: /widget.js bundles this file.
 */

/** The product's own indigo (brand-600), used until the merchant picks a colour. */
export const DEFAULT_BRAND_COLOR = '#4f46e5';

export interface BrandColors {
  /** The colour itself (bubbles, header, buttons). */
  base: string;
  /** A darker shade for hover and pressed states. */
  hover: string;
  /** Text and icons on the colour: '#ffffff' or '#000000', whichever contrasts more. */
  ink: string;
}

const INK_LIGHT = '#ffffff';
// Pure black: with it, the better of the two inks reaches 4.58:1 on any colour (AA for text).
const INK_DARK = '#000000';

function channels(hex: string): [number, number, number] {
  const n = Number.parseInt(hex.slice(1), 16);
  return [(n >> 16) & 255, (n >> 8) & 255, n & 255];
}

function luminance([r, g, b]: [number, number, number]): number {
  const lin = (c: number) => {
    const s = c / 255;
    return s <= 0.04045 ? s / 12.92 : ((s + 0.055) / 1.055) ** 2.4;
  };
  return 0.2126 * lin(r) + 0.7152 * lin(g) + 0.0722 * lin(b);
}

/** WCAG contrast ratio between two #rrggbb colours (1 to 21). */
export function contrastRatio(a: string, b: string): number {
  const [hi, lo] = [luminance(channels(a)), luminance(channels(b))].sort((x, y) => y - x) as [number, number];
  return (hi + 0.05) / (lo + 0.05);
}

/** The colours of a chat themed with `hex` (#rrggbb; anything else gives the product's indigo). */
export function brandColors(hex: string): BrandColors {
  const base = /^#[0-9a-f]{6}$/i.test(hex) ? hex.toLowerCase() : DEFAULT_BRAND_COLOR;
  const hover = `#${channels(base)
    .map((c) => Math.round(c * 0.85).toString(16).padStart(2, '0'))
    .join('')}`;
  const ink = contrastRatio(base, INK_LIGHT) >= contrastRatio(base, INK_DARK) ? INK_LIGHT : INK_DARK;
  return { base, hover, ink };
}
