/**
 * Live sync's one mechanism (docs/decisions/018-live-sync.md, "The mechanism"): what a change
 * announces waits for its transaction to commit, then for the unit of work it belongs to (a tRPC
 * call, a scheduled run) to end, and goes out once per circle (its newest version, to each of
 * its members as they are then) and once per user. A rolled-back transaction announces nothing.
 * Who hears a circle is decided here, once, for every channel: a member removed a moment ago
 * hears nothing more of it, wherever they listen.
 *
 * - `recordActivity` announces every circle it writes an entry for, and the member an entry is
 *   about (joined, left, removed, promoted, demoted, handed a circle): their set of circles or
 *   their role changed.
 * - `deps.live.announceUser(userId)` tells one user's own screens that something of theirs
 *   changed (an invitation to them, their inbox). Inside a transaction of `deps.db` it waits for
 *   that transaction's commit; outside any, for the end of the unit.
 * - The tRPC procedures (api/src/trpc.ts) and the scheduled job run inside `deps.live.during`.
 *   A transaction that commits outside any unit publishes at once.
 *
 * Transactions are followed through `deps.db`: `createLive(...).tracked(db)` answers the
 * database whose `transaction` keeps the announcements of each one apart until it commits
 * (createAppDeps hands that to every domain function).
 */
import { AsyncLocalStorage } from "node:async_hooks";
import type { Db, Executor } from "@circleplan/db/client";
import { circleMembers } from "@circleplan/db/schema";
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";
import { inArray } from "drizzle-orm";
import type { Logger } from "../log";
import type { LivePublisher, LiveTransport } from "./live-publisher";

/** What a transaction or a unit of work will announce: each circle's newest version, and users. */
class Pending {
  readonly circles = new Map<number, number>();
  readonly users = new Set<number>();
  /** A unit that has published: anything reaching it later (work it left running) goes at once. */
  closed = false;

  circle(circleId: number, version: number): void {
    if ((this.circles.get(circleId) ?? 0) < version) this.circles.set(circleId, version);
  }

  user(userId: number): void {
    this.users.add(userId);
  }

  take(other: Pending): void {
    for (const [circleId, version] of other.circles) this.circle(circleId, version);
    for (const userId of other.users) this.user(userId);
  }

  get empty(): boolean {
    return this.circles.size === 0 && this.users.size === 0;
  }

  /**
   * Each announcement with the users who hear it: a circle's, its members now (read once for
   * every circle of the unit); a user's, that user.
   */
  async audience(db: Executor): Promise<[number, LiveAnnouncement][]> {
    const circleIds = [...this.circles.keys()];
    const members =
      circleIds.length === 0
        ? []
        : await db
            .select({ circleId: circleMembers.circleId, userId: circleMembers.userId })
            .from(circleMembers)
            .where(inArray(circleMembers.circleId, circleIds));
    // Users first: what changed their circles matters more than one circle's new version.
    return [
      ...[...this.users].map((userId): [number, LiveAnnouncement] => [userId, { kind: "user" }]),
      ...members.map(({ circleId, userId }): [number, LiveAnnouncement] => [
        userId,
        { kind: "circle", circleId, version: this.circles.get(circleId) as number },
      ]),
    ];
  }
}

const openTransaction = new AsyncLocalStorage<Pending>();
const openUnit = new AsyncLocalStorage<Pending>();

/** Where an announcement made now waits: the open transaction's, else the unit's. */
const waitingRoom = () => openTransaction.getStore() ?? openUnit.getStore();

/**
 * The change feed's hook (activity/record.ts): entries written in a transaction of `deps.db`
 * announce their circle's version, and the member they are about, once it commits.
 */
export function announceEntries(
  entries: { circleId: number; version: number; memberId: number | null }[],
): void {
  const pending = waitingRoom();
  for (const entry of entries) {
    pending?.circle(entry.circleId, entry.version);
    if (entry.memberId !== null) pending?.user(entry.memberId);
  }
}

/**
 * The inbox's hook (activity/record.ts): the members an entry was queued for hear that their
 * inbox changed, once the transaction commits (their bell and inbox refetch).
 */
export function announceInboxes(userIds: readonly number[]): void {
  const pending = waitingRoom();
  for (const userId of userIds) pending?.user(userId);
}

/** What every domain function may announce through (`deps.live`). */
export interface Live {
  /** How browsers reach the channel (`live.connect` answers it per caller). */
  readonly transport: LiveTransport;
  /** Tells one user's own screens that something of theirs changed; once, after commit. */
  announceUser(userId: number): void;
  /** Runs one unit of work; what its committed transactions announce goes out as it ends. */
  during<T>(work: () => Promise<T>): Promise<T>;
}

export interface LiveService extends Live {
  /** `db` whose transactions hold their announcements until they commit. */
  tracked(db: Db): Db;
}

/**
 * Announcements one unit publishes at most: ten full circles' worth (CIRCLE_MEMBERS_MAX each).
 * A unit that changes more at once (an account in many circles deleted) drops the rest, logged:
 * those screens catch up when they are next shown or focused.
 */
export const LIVE_DELIVERIES_PER_UNIT_MAX = 1000;

export function createLive(options: {
  publisher: LivePublisher;
  transport: LiveTransport;
  /** Where a circle's members are read when it is announced. */
  db: Executor;
  log: Logger;
  deliveriesMax?: number;
}): LiveService {
  const { publisher, transport, db, log } = options;
  const deliveriesMax = options.deliveriesMax ?? LIVE_DELIVERIES_PER_UNIT_MAX;

  /** Never throws: the change it announces has committed, whatever becomes of the announcement. */
  async function publish(pending: Pending): Promise<void> {
    // Without a channel nobody listens: not even the members are read.
    if (transport.kind === "none") return;
    try {
      const audience = await pending.audience(db);
      if (audience.length > deliveriesMax) {
        log.warn("live.announcements_dropped", { dropped: audience.length - deliveriesMax });
      }
      const results = await Promise.allSettled(
        audience
          .slice(0, deliveriesMax)
          .map(([userId, announcement]) => publisher.publish(userId, announcement)),
      );
      for (const result of results) {
        if (result.status === "rejected") log.error("live.publish_failed", result.reason);
      }
    } catch (error) {
      log.error("live.publish_failed", error);
    }
  }

  /** Committed announcements join the open unit's, or go now when no unit is open. */
  async function settle(pending: Pending): Promise<void> {
    if (pending.empty) return;
    const unit = openUnit.getStore();
    if (unit && !unit.closed) unit.take(pending);
    else await publish(pending);
  }

  return {
    transport,
    announceUser(userId) {
      const pending = waitingRoom();
      if (pending && !pending.closed) return pending.user(userId);
      const now = new Pending();
      now.user(userId);
      void publish(now);
    },
    async during(work) {
      // A unit inside a unit (a procedure calling another) announces with the outer one.
      if (openUnit.getStore()?.closed === false) return work();
      const unit = new Pending();
      try {
        return await openUnit.run(unit, work);
      } finally {
        unit.closed = true;
        await publish(unit);
      }
    },
    tracked(db) {
      const transaction: Db["transaction"] = async (work, config) => {
        const pending = new Pending();
        const result = await openTransaction.run(pending, () => db.transaction(work, config));
        // Reached only after COMMIT: a transaction that rolled back threw above.
        await settle(pending);
        return result;
      };
      // Everything else is the database's own (its prototype); only `transaction` is watched.
      return Object.assign(Object.create(db) as Db, { transaction });
    },
  };
}
