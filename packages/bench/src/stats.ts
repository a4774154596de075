export interface LatencySummary {
  mean: number;
  p50: number;
  p95: number;
  p99: number;
}

/** Nearest-rank percentiles of raw samples (ms). */
export function summarize(samples: number[]): LatencySummary {
  const sorted = [...samples].sort((a, b) => a - b);
  const at = (p: number) =>
    sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
  const mean = sorted.reduce((sum, value) => sum + value, 0) / (sorted.length || 1);
  return { mean, p50: at(50), p95: at(95), p99: at(99) };
}

export function median(values: number[]): number {
  return summarize(values).p50;
}
