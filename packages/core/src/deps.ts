/**
 * What every domain function may use, injected: tests build it with an in-memory database, a
 * manual clock and low rate limits; the servers build it from the environment.
 */
import type { Db } from "@circleplan/db/client";
import type { SessionService } from "./auth/sessions";
import type { Clock } from "./clock";
import type { Config } from "./env";
import type { MailService } from "./mail/mail-service";

export interface CoreDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mail: MailService;
  sessions: SessionService;
}

/** Who is asking: the signed-in user (if any) and the client address for rate limits. */
export interface Caller {
  userId: number | null;
  sessionId: string | null;
  ip: string;
}
