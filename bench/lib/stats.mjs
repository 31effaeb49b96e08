// Small statistics helpers for latency samples (ms).

const round = (x, digits = 2) => (Number.isFinite(x) ? Number(x.toFixed(digits)) : null);

/** Nearest-rank percentile of an ascending array. */
export function percentile(sorted, p) {
  if (sorted.length === 0) return NaN;
  const rank = Math.ceil((p / 100) * sorted.length);
  return sorted[Math.min(sorted.length, Math.max(1, rank)) - 1];
}

/** p50/p90/p95/p99/max/mean of a list of samples, rounded for the report. */
export function summarise(samples) {
  const sorted = Float64Array.from(samples).sort();
  const mean = sorted.reduce((sum, x) => sum + x, 0) / sorted.length;
  return {
    count: sorted.length,
    p50: round(percentile(sorted, 50)),
    p90: round(percentile(sorted, 90)),
    p95: round(percentile(sorted, 95)),
    p99: round(percentile(sorted, 99)),
    max: round(sorted[sorted.length - 1]),
    mean: round(mean),
  };
}

export { round };
