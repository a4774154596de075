/**
 * Child-process entry of load.ts: runs one autocannon load and answers its figures. autocannon's
 * own summary has no p95, so the raw latency histogram is kept and read here.
 */
import autocannon from "autocannon";
import { decodeFromCompressedBase64 } from "hdr-histogram-js";
import type { LoadResult, LoadSpec } from "./load";

interface RawResult {
  latencies: string | null;
  totalCompletedRequests: number;
  duration: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodeStats: Record<string, { count: number }>;
}

async function run(spec: LoadSpec): Promise<LoadResult> {
  const options = {
    url: spec.url,
    connections: spec.connections,
    duration: spec.duration,
    // Logins queue behind scrypt for seconds at 50 connections: not a timeout.
    timeout: 60,
    requests: spec.requests,
    warmup:
      spec.warmupSeconds > 0
        ? { connections: spec.connections, duration: spec.warmupSeconds }
        : undefined,
    skipAggregateResult: true,
  };
  const raw = (await autocannon(options as autocannon.Options)) as unknown as RawResult;
  const histogram = raw.latencies ? decodeFromCompressedBase64(raw.latencies, 64) : null;
  const at = (p: number) => histogram?.getValueAtPercentile(p) ?? 0;
  const statusCodes = Object.fromEntries(
    Object.entries(raw.statusCodeStats).map(([code, { count }]) => [code, count]),
  );
  return {
    title: spec.title,
    connections: spec.connections,
    duration: raw.duration,
    requestsPerSecond: raw.totalCompletedRequests / raw.duration,
    completed: raw.totalCompletedRequests,
    non2xx: raw.non2xx,
    errors: raw.errors,
    timeouts: raw.timeouts,
    statusCodes,
    mean: histogram?.mean ?? 0,
    p50: at(50),
    p95: at(95),
    p99: at(99),
  };
}

// Exit once the answer is flushed: autocannon's timers would otherwise keep the child alive.
const answer = (message: { result?: LoadResult; error?: string }, code: number) =>
  process.send?.(message, undefined, {}, () => process.exit(code));

process.once("message", (spec: LoadSpec) => {
  run(spec).then(
    (result) => answer({ result }, 0),
    (error: unknown) => answer({ error: String(error) }, 1),
  );
});
