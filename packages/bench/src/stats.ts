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

/** Timed calls one after another, after five discarded ones. */
export async function sequential(
  samples: number,
  call: () => Promise<unknown>,
): Promise<LatencySummary> {
  for (let i = 0; i < 5; i++) await call();
  const times: number[] = [];
  for (let i = 0; i < samples; i++) {
    const t0 = performance.now();
    await call();
    times.push(performance.now() - t0);
  }
  return summarize(times);
}

export function median(values: number[]): number {
  return summarize(values).p50;
}

export interface ClosedLoopResult extends LatencySummary {
  opsPerSecond: number;
  completed: number;
}

/**
 * `concurrency` loops calling `run` back to back until the time is up, like autocannon's
 * connections: the in-process counterpart of an HTTP load, for the raw SQL the doors are
 * compared with. `run` gets a running index to pick its input.
 */
export async function closedLoopLoad(
  run: (index: number) => Promise<unknown>,
  concurrency: number,
  seconds: number,
): Promise<ClosedLoopResult> {
  const samples: number[] = [];
  const started = performance.now();
  const deadline = started + seconds * 1000;
  const loop = async (offset: number) => {
    for (let i = offset; performance.now() < deadline; i += concurrency) {
      const t0 = performance.now();
      await run(i);
      samples.push(performance.now() - t0);
    }
  };
  await Promise.all(Array.from({ length: concurrency }, (_, index) => loop(index)));
  const elapsed = (performance.now() - started) / 1000;
  return {
    ...summarize(samples),
    opsPerSecond: samples.length / elapsed,
    completed: samples.length,
  };
}
