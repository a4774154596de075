/**
 * The real server, in this process: the production composition root (createAppDeps) on a fresh
 * embedded database in a temporary folder, served by @hono/node-server on a free loopback port.
 */
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "@circleplan/api/app";
import { createAppDeps } from "@circleplan/api/deps";
import { loadConfig } from "@circleplan/core/env";
import { createLogger } from "@circleplan/core/log";
import type { MailTransport } from "@circleplan/core/mail/mail-service";
import type { DbHandle } from "@circleplan/db/client";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";

// High enough that no limiter ever answers 429 during a run.
const UNLIMITED = "1000000/60";

export interface BenchServer {
  /** Where to send requests: the loopback address the server listens on. */
  url: string;
  /** The app's configured origin; state-changing requests must send it as Origin. */
  appUrl: string;
  deps: Awaited<ReturnType<typeof createAppDeps>>;
  /**
   * Resolves once no request is being handled. A load generator that stops leaves its last
   * requests running (at 50 connections, many seconds of queued logins); the next measurement
   * must not pay for them.
   */
  drain(): Promise<void>;
  /** Requests answered since the server started (those a load generator stopped waiting for too). */
  answered(): number;
  close(): Promise<void>;
}

export interface BenchServerOptions {
  /**
   * Mail through this transport, in production mode (MAIL_TRANSPORT=ses: answers carry no dev
   * secrets). Absent: the sandbox, where mail costs nothing.
   */
  transport?: MailTransport;
  /** An open database (the plans section's PostgreSQL); absent: PGlite in the temporary folder. */
  db?: DbHandle;
}

export async function startBenchServer(options: BenchServerOptions = {}): Promise<BenchServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "circleplan-bench-"));
  let app: ReturnType<typeof createApp> | undefined;
  let inFlight = 0;
  let answered = 0;
  // Listen first so APP_URL can name the port; requests arrive only after `app` is set.
  const server = serve({
    fetch: async (request, env) => {
      if (!app) return new Response("starting", { status: 503 });
      inFlight++;
      try {
        return await app.fetch(request, env);
      } finally {
        inFlight--;
        answered++;
      }
    },
    port: 0,
    hostname: "127.0.0.1",
  });
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const appUrl = `http://localhost:${port}`;
  // An explicit environment, not process.env: a DATABASE_URL in the shell must not send the
  // benchmark to a real database.
  const config = loadConfig({
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    ...(options.transport ? { MAIL_TRANSPORT: "ses" } : {}),
    RATE_LIMIT_PASSWORD_CHANGE: UNLIMITED,
    RATE_LIMIT_EMAIL_CHANGE: UNLIMITED,
    RATE_LIMIT_INVITE_CIRCLE: UNLIMITED,
    RATE_LIMIT_INVITE_USER: UNLIMITED,
    RATE_LIMIT_LOGIN_IP: UNLIMITED,
    RATE_LIMIT_REGISTER_IP: UNLIMITED,
    RATE_LIMIT_CODE_ACCOUNT: UNLIMITED,
    RATE_LIMIT_CODE_IP: UNLIMITED,
    RATE_LIMIT_PLAN_CREATE: UNLIMITED,
    RATE_LIMIT_FEED_CREATE: UNLIMITED,
    RATE_LIMIT_FEED_READ: UNLIMITED,
  });
  // Security events of thousands of logins would drown the figures: this logger writes nothing.
  const deps = await createAppDeps(config, {
    log: createLogger(() => {}),
    ...(options.transport ? { transport: options.transport } : {}),
    ...(options.db ? { db: options.db } : {}),
  });
  app = createApp(deps, { remoteAddress: (c) => getConnInfo(c).remote.address });
  return {
    url: `http://127.0.0.1:${port}`,
    appUrl,
    deps,
    answered: () => answered,
    async drain() {
      const started = performance.now();
      while (inFlight > 0) await new Promise((resolve) => setTimeout(resolve, 50));
      const waited = performance.now() - started;
      if (waited > 500)
        console.log(
          `(waited ${(waited / 1000).toFixed(1)} s for the server to finish queued requests)`,
        );
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await deps.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
