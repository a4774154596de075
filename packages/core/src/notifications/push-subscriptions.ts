/**
 * The devices a user allowed push on (one row per browser PushSubscription, keyed by its
 * endpoint), and sending to them. A device's endpoint and keys are its secrets: they are
 * stored to send, never answered. Whoever posts an endpoint owns it from then on: a browser
 * signed into another account takes its notifications along, rather than keep getting the
 * previous account's reminders.
 */
import type { Executor } from "@circleplan/db/client";
import { pushSubscriptions } from "@circleplan/db/schema";
import { notificationMessages } from "@circleplan/shared/notification-messages";
import type { PushDevice } from "@circleplan/shared/notification-outputs";
import {
  PUSH_DEVICES_PER_USER_MAX,
  type PushEndpointInput,
  type PushSubscriptionInput,
} from "@circleplan/shared/notification-schemas";
import { and, desc, eq, inArray, notInArray, or, type SQL, sql } from "drizzle-orm";
import type { Call, CoreDeps, SignedInCaller } from "../deps";
import type { RateRule } from "../env";
import { AppError } from "../errors";
import type { PushMessage } from "../push/push-service";
import { consumeRateLimit } from "../rate-limit/rate-limit";

type SignedInCall<Input = undefined> = Call<Input, SignedInCaller>;

const deviceColumns = {
  id: pushSubscriptions.id,
  userAgent: pushSubscriptions.userAgent,
  createdAt: pushSubscriptions.createdAt,
  lastSentAt: pushSubscriptions.lastSentAt,
};

/**
 * Stores this device's subscription for the caller (201). The same endpoint again replaces its
 * keys and counts as newly allowed; past PUSH_DEVICES_PER_USER_MAX the caller's oldest devices
 * are dropped, so a browser that subscribes afresh on every visit cannot grow the table.
 */
export async function saveSubscription({
  deps,
  caller,
  input,
}: SignedInCall<PushSubscriptionInput>): Promise<PushDevice> {
  if (deps.push.accepts && !deps.push.accepts(input.endpoint)) {
    throw new AppError("BAD_REQUEST", notificationMessages.pushServiceUnsupported, {
      issues: [{ path: "endpoint", message: notificationMessages.pushServiceUnsupported }],
    });
  }
  const now = deps.clock.now();
  const fields = {
    userId: caller.userId,
    p256dh: input.keys.p256dh,
    auth: input.keys.auth,
    userAgent: caller.userAgent ?? null,
    createdAt: now,
    lastSentAt: null,
  };
  return deps.db.transaction(async (tx) => {
    const [device] = await tx
      .insert(pushSubscriptions)
      .values({ endpoint: input.endpoint, ...fields })
      .onConflictDoUpdate({ target: pushSubscriptions.endpoint, set: fields })
      .returning(deviceColumns);
    if (!device) throw new Error("push subscription upsert returned no row");
    await dropOldestDevices(tx, caller.userId);
    return device;
  });
}

async function dropOldestDevices(tx: Executor, userId: number): Promise<void> {
  const newest = tx
    .select({ id: pushSubscriptions.id })
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id))
    .limit(PUSH_DEVICES_PER_USER_MAX);
  await tx
    .delete(pushSubscriptions)
    .where(and(eq(pushSubscriptions.userId, userId), notInArray(pushSubscriptions.id, newest)));
}

/** "Turn off on this device": the caller's own endpoint only; anyone else's is unknown. */
export async function removeSubscription({
  deps,
  caller,
  input,
}: SignedInCall<PushEndpointInput>): Promise<{ message: string }> {
  const removed = await deps.db
    .delete(pushSubscriptions)
    .where(
      and(
        eq(pushSubscriptions.endpoint, input.endpoint),
        eq(pushSubscriptions.userId, caller.userId),
      ),
    )
    .returning({ id: pushSubscriptions.id });
  if (removed.length === 0)
    throw new AppError("NOT_FOUND", notificationMessages.pushDeviceNotFound);
  return { message: notificationMessages.pushDeviceRemoved };
}

/** The caller's devices, the most recently allowed first. */
export async function listDevices({
  deps,
  caller,
}: SignedInCall): Promise<{ devices: PushDevice[] }> {
  const devices = await deps.db
    .select(deviceColumns)
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, caller.userId))
    .orderBy(desc(pushSubscriptions.createdAt), desc(pushSubscriptions.id));
  return { devices };
}

/** A few tries to see it work; every one dials each of the user's push services. */
const TEST_PUSH_RULE: RateRule = { limit: 10, windowMs: 15 * 60 * 1000 };

/** The profile's "Send a test notification": to every device of the caller. */
export async function sendTestNotification({
  deps,
  caller,
}: SignedInCall): Promise<{ message: string; sent: number; removed: number; failed: number }> {
  await consumeRateLimit(deps.db, {
    key: `push-test:user:${caller.userId}`,
    rule: TEST_PUSH_RULE,
    now: deps.clock.now(),
  });
  const devices = await deps.db
    .select()
    .from(pushSubscriptions)
    .where(eq(pushSubscriptions.userId, caller.userId));
  if (devices.length === 0) throw new AppError("BAD_REQUEST", notificationMessages.pushNoDevices);
  const outcome = await pushToDevices(deps, devices, {
    title: notificationMessages.pushTestTitle,
    body: notificationMessages.pushTestBody,
    url: "/profile",
    tag: "circleplan-test",
  });
  return { message: notificationMessages.pushTestTitle, ...outcome };
}

export interface PushDeviceRow {
  id: number;
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** A user's devices as one JSON column of a set-based statement: `PushDeviceRow[]`. */
export const devicesOf = (userId: SQL) => sql`(
  select coalesce(json_agg(json_build_object(
      'id', s.id, 'endpoint', s.endpoint, 'p256dh', s.p256dh, 'auth', s.auth)
    order by s.id), '[]')
  from push_subscriptions s where s.user_id = ${userId})`;

/**
 * Sends one message to each device, side by side: marks when each was last reached, removes
 * the ones whose push service answered that they are gone, and logs (then counts) a failure
 * without letting it stop the others. For the profile's test and the scheduled reminders.
 */
export async function pushToDevices(
  deps: Pick<CoreDeps, "db" | "push" | "clock" | "log">,
  devices: readonly PushDeviceRow[],
  message: PushMessage,
): Promise<{ sent: number; removed: number; failed: number }> {
  const outcomes = await Promise.allSettled(
    devices.map((device) =>
      deps.push.send(
        { endpoint: device.endpoint, p256dh: device.p256dh, auth: device.auth },
        message,
      ),
    ),
  );
  const sent: number[] = [];
  const gone: PushDeviceRow[] = [];
  outcomes.forEach((outcome, index) => {
    const device = devices[index] as PushDeviceRow;
    if (outcome.status === "rejected") {
      deps.log.warn("push.failed", {
        deviceId: device.id,
        reason: String((outcome.reason as Error)?.message ?? outcome.reason),
      });
    } else if (outcome.value === "gone") gone.push(device);
    else sent.push(device.id);
  });
  if (sent.length) {
    await deps.db
      .update(pushSubscriptions)
      .set({ lastSentAt: deps.clock.now() })
      .where(inArray(pushSubscriptions.id, sent));
  }
  if (gone.length) {
    // Unless the browser subscribed again meanwhile (same endpoint, new keys): that one works.
    await deps.db
      .delete(pushSubscriptions)
      .where(
        or(
          ...gone.map((device) =>
            and(eq(pushSubscriptions.id, device.id), eq(pushSubscriptions.p256dh, device.p256dh)),
          ),
        ),
      );
  }
  return {
    sent: sent.length,
    removed: gone.length,
    failed: devices.length - sent.length - gone.length,
  };
}
