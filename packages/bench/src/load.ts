/**
 * HTTP load with autocannon. The load generator runs in a child process so it does not share
 * the server's event loop: on a 2-core machine an in-thread client would steal a large share of
 * the very CPU being measured.
 */
import { fork } from "node:child_process";
import type { LatencySummary } from "./stats";

export interface LoadRequest {
  method: "GET" | "POST";
  path: string;
  headers?: Record<string, string>;
  body?: string;
}

export interface LoadSpec {
  title: string;
  /** Base URL of the server, e.g. http://127.0.0.1:40123 */
  url: string;
  connections: number;
  /** Seconds measured, after `warmupSeconds` of discarded load. */
  duration: number;
  warmupSeconds: number;
  /** Each connection cycles through these in order. */
  requests: LoadRequest[];
}

export interface LoadResult extends LatencySummary {
  title: string;
  connections: number;
  duration: number;
  requestsPerSecond: number;
  completed: number;
  non2xx: number;
  errors: number;
  timeouts: number;
  statusCodes: Record<string, number>;
}

export function runLoad(spec: LoadSpec): Promise<LoadResult> {
  return new Promise((resolve, reject) => {
    // fork() reuses this process's execArgv, which carries tsx's loader.
    const child = fork(new URL("./load-process.ts", import.meta.url));
    let answer: { result?: LoadResult; error?: string } | undefined;
    child.once("message", (message: { result?: LoadResult; error?: string }) => {
      answer = message;
    });
    child.once("error", reject);
    // Settled once the child has exited, so its CPU time is counted by then (cpu-accounting.ts).
    child.once("exit", (code) => {
      if (answer?.result) resolve(answer.result);
      else if (answer) reject(new Error(`load generator: ${answer.error}`));
      else reject(new Error(`load generator exited with code ${code} before answering`));
    });
    child.send(spec);
  });
}
