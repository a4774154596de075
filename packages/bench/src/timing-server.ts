/**
 * The timing section's server: the bench server (the production composition root on a fresh
 * embedded database, no rate limit in reach) with mail through a transport that takes as long
 * as SES. Sandbox mail costs nothing, so it would hide any time spent only on known accounts.
 */
import { startBenchServer } from "./bench-server";
import { createDelayedMailTransport, type DelayedMailTransport } from "./delayed-mail-transport";

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

export async function startTimingServer(options: { mailDelayMs: number }): Promise<TimingServer> {
  const transport = createDelayedMailTransport(options.mailDelayMs);
  const server = await startBenchServer({ transport });
  return {
    url: server.url,
    appUrl: server.appUrl,
    mail: transport,
    async settled() {
      await server.deps.mail.idle();
      await transport.idle();
    },
    close: () => server.close(),
  };
}
