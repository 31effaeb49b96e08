import { formatNumber } from '../../lib/format';

const decimal = new Intl.NumberFormat('pt-BR', { maximumFractionDigits: 1 });
const UNITS = ['KB', 'MB', 'GB'] as const;

/** A file size as people read it in Brazil: '830 bytes', '12,4 KB', '1,2 MB'. */
export function formatBytes(bytes: number): string {
  if (bytes < 1024) return `${formatNumber(bytes)} ${bytes === 1 ? 'byte' : 'bytes'}`;
  let value = bytes / 1024;
  let unit = 0;
  // Compare the rounded value, so 1,048,575 bytes reads '1 MB' rather than '1.024 KB'.
  while (Math.round(value * 10) / 10 >= 1024 && unit < UNITS.length - 1) {
    value /= 1024;
    unit += 1;
  }
  return `${decimal.format(value)} ${UNITS[unit]}`;
}

/** '1 trecho', '12 trechos', '1.234 trechos'. */
export const formatPassages = (count: number) => `${formatNumber(count)} ${count === 1 ? 'trecho' : 'trechos'}`;
