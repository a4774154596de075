/**
 * A Lambda function's container for the smoke: a child process of the given Node binary
 * (container.mjs) with only the environment Lambda would give the function, kept warm between
 * invocations. Its output (the app's JSON log lines) is kept and shown when something fails.
 */
import { type ChildProcess, fork } from "node:child_process";
import { randomUUID } from "node:crypto";
import type { BuiltPackage } from "./sst-build";

export interface Invocation {
  result: unknown;
  ms: number;
  node: string;
}

export class LambdaContainer {
  private readonly child: ChildProcess;
  private readonly output: string[] = [];
  private readonly waiting = new Map<
    string,
    { resolve: (value: Invocation) => void; reject: (error: Error) => void }
  >();

  constructor(
    private readonly pkg: BuiltPackage,
    options: { node: string; env: Record<string, string> },
  ) {
    this.child = fork(new URL("./container.mjs", import.meta.url), [], {
      execPath: options.node,
      execArgv: [],
      env: options.env,
      cwd: pkg.dir,
      stdio: ["ignore", "pipe", "pipe", "ipc"],
      // JSON: the two ends run different Node (and V8) versions.
      serialization: "json",
    });
    const keep = (chunk: Buffer) => this.output.push(chunk.toString());
    this.child.stdout?.on("data", keep);
    this.child.stderr?.on("data", keep);
    this.child.on(
      "message",
      (message: { id: string; ok: boolean; error?: string } & Invocation) => {
        const waiting =
          this.waiting.get(message.id) ?? (message.ok ? undefined : [...this.waiting.values()][0]);
        if (!waiting) return;
        this.waiting.delete(message.id);
        if (message.ok) waiting.resolve(message);
        else waiting.reject(new Error(message.error));
      },
    );
    this.child.on("exit", (code, signal) => {
      for (const { reject } of this.waiting.values()) {
        reject(new Error(`the container exited (${signal ?? code})`));
      }
      this.waiting.clear();
    });
  }

  invoke(event: unknown, timeoutMs = 30_000): Promise<Invocation> {
    const id = randomUUID();
    return new Promise((resolve, reject) => {
      this.waiting.set(id, { resolve, reject });
      this.child.send({
        id,
        module: this.pkg.module,
        exportName: this.pkg.exportName,
        event,
        timeoutMs,
      });
    });
  }

  /** What the function wrote, for a failure's report. */
  log(): string {
    return this.output.join("");
  }

  stop(): void {
    this.child.kill();
  }
}
