/**
 * The timing section's server: like bench-server.ts (the production composition root on a fresh
 * embedded database, no rate limit in reach), but mail goes through a transport that takes as
 * long as SES. Sandbox mail costs nothing, so it would hide any time spent only on known accounts.
 */
import { once } from "node:events";
import { mkdtemp, rm } from "node:fs/promises";
import type { AddressInfo } from "node:net";
import { tmpdir } from "node:os";
import path from "node:path";
import { createApp } from "@circleplan/api/app";
import { createAppDeps } from "@circleplan/api/deps";
import { type Config, loadConfig } from "@circleplan/core/env";
import { createLogger } from "@circleplan/core/log";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { createDelayedMailTransport, type DelayedMailTransport } from "./delayed-mail-transport";

// High enough that no limiter ever answers 429 during a run.
const UNLIMITED = "1000000/60";

export interface TimingServer {
  /** Where to send requests: the loopback address the server listens on. */
  url: string;
  /** The app's configured origin; state-changing requests must send it as Origin. */
  appUrl: string;
  /** Every message the server sends ends up here, after the delay. */
  mail: DelayedMailTransport;
  /** Resolves once no mail is being delivered, in the background after an answer or not. */
  settled(): Promise<void>;
  close(): Promise<void>;
}

/** The production composition root with mail through `transport`, and the app. */
async function createTimingApp(config: Config, transport: DelayedMailTransport) {
  // Security events of every failed login would drown the figures: this logger writes nothing.
  const deps = await createAppDeps(config, { log: createLogger(() => {}), transport });
  const app = createApp(deps, { remoteAddress: (c) => getConnInfo(c).remote.address });
  return { app, mail: deps.mail, close: () => deps.close() };
}

export async function startTimingServer(options: { mailDelayMs: number }): Promise<TimingServer> {
  const dataDir = await mkdtemp(path.join(tmpdir(), "circleplan-bench-timing-"));
  let app: ReturnType<typeof createApp> | undefined;
  // Listen first so APP_URL can name the port; requests arrive only after `app` is set.
  const server = serve({
    fetch: (request, env) =>
      app ? app.fetch(request, env) : new Response("starting", { status: 503 }),
    port: 0,
    hostname: "127.0.0.1",
  });
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const appUrl = `http://localhost:${port}`;
  // An explicit environment, not process.env (see bench-server.ts). MAIL_TRANSPORT=ses makes the
  // answers production-shaped (no dev secrets, which only known accounts would get).
  const config = loadConfig({
    APP_URL: appUrl,
    DATA_DIR: dataDir,
    MAIL_TRANSPORT: "ses",
    RATE_LIMIT_PASSWORD_CHANGE: UNLIMITED,
    RATE_LIMIT_LOGIN_IP: UNLIMITED,
    RATE_LIMIT_REGISTER_IP: UNLIMITED,
    RATE_LIMIT_CODE_ACCOUNT: UNLIMITED,
    RATE_LIMIT_CODE_IP: UNLIMITED,
  });
  const transport = createDelayedMailTransport(options.mailDelayMs);
  const built = await createTimingApp(config, transport);
  app = built.app;
  return {
    url: `http://127.0.0.1:${port}`,
    appUrl,
    mail: transport,
    async settled() {
      await built.mail.idle();
      await transport.idle();
    },
    async close() {
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await built.close();
      await rm(dataDir, { recursive: true, force: true });
    },
  };
}
