/**
 * What every domain function may use, injected: tests build it with an in-memory database, a
 * manual clock and low rate limits; the servers build it from the environment.
 */
import type { Db } from "@circleplan/db/client";
import type { SessionService } from "./auth/sessions";
import type { Clock } from "./clock";
import type { Config } from "./env";
import type { Logger } from "./log";
import type { MailService } from "./mail/mail-service";

export interface CoreDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mail: MailService;
  sessions: SessionService;
  log: Logger;
  /** Keys the hashes of reset codes (HMAC), so a copied table cannot be reversed offline. */
  secretKey: string;
}

/** Who is asking: the signed-in user (if any), the client address, and the request's id. */
export interface Caller {
  userId: number | null;
  sessionId: string | null;
  ip: string;
  requestId: string;
  userAgent?: string | undefined;
}
