/**
 * What every domain function may use, injected: tests build it with an in-memory database, a
 * manual clock, a cheap password cost and low rate limits; the servers build it from the
 * environment (packages/api/src/deps.ts is the one composition root).
 */
import type { Db } from "@circleplan/db/client";
import type { PasswordHasher } from "./auth/password";
import type { SessionService } from "./auth/sessions";
import type { Clock } from "./clock";
import type { Config } from "./env";
import type { Live } from "./live/announcements";
import type { Logger } from "./log";
import type { MailService } from "./mail/mail-service";
import type { PushService } from "./push/push-service";
import type { ObjectStorage } from "./storage/object-storage";

export interface CoreDeps {
  db: Db;
  clock: Clock;
  config: Config;
  mail: MailService;
  sessions: SessionService;
  passwords: PasswordHasher;
  /** Photos and attachments, by key. */
  storage: ObjectStorage;
  /** Web Push to the devices that allowed it. */
  push: PushService;
  log: Logger;
  /** Keys the hashes of reset codes (HMAC), so a copied table cannot be reversed offline. */
  secretKey: string;
  /**
   * Live sync (docs/decisions/018-live-sync.md): changes announce themselves after commit;
   * `live.announceUser(userId)` tells one user's screens that something of theirs changed.
   */
  live: Live;
}

/** Who is asking: the signed-in user (if any), the client address, and the request's id. */
export interface Caller {
  userId: number | null;
  sessionId: string | null;
  ip: string;
  requestId: string;
  userAgent?: string | undefined;
}

/**
 * A caller the protected procedures have checked: the one way to read who is signed in. The
 * session's read carries the user's zone, so the busiest reads need not ask for it again.
 */
export type SignedInCaller = Caller & {
  userId: number;
  sessionId: string;
  timeZone?: string | undefined;
};

/** Every domain function takes one object: what it may use, who asks, and what they sent. */
export interface Call<Input = undefined, Who extends Caller = Caller> {
  deps: CoreDeps;
  caller: Who;
  input: Input;
}
