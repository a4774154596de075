/**
 * This browser's side of push: whether it can, what the person allowed, and its
 * PushSubscription (made through the service worker's pushManager with the server's VAPID key).
 * The server only ever learns the subscription from here (POST /api/push/subscriptions).
 */
import {
  base64UrlBytes,
  type PushSubscriptionInput,
} from "@circleplan/shared/notification-schemas";
import { SERVICE_WORKER_URL } from "./register-service-worker";

/** "install-first": iPhone and iPad Safari offer push only to an app added to the Home Screen. */
export type PushSupport = "supported" | "install-first" | "unsupported";

export function pushSupport(): PushSupport {
  if ("serviceWorker" in navigator && "PushManager" in window && "Notification" in window) {
    return "supported";
  }
  const appleMobile =
    /\b(iPhone|iPad|iPod)\b/.test(navigator.userAgent) ||
    (/\bMacintosh\b/.test(navigator.userAgent) && navigator.maxTouchPoints > 1);
  return appleMobile ? "install-first" : "unsupported";
}

/** The service worker's registration, registering it if the page load has not yet. */
async function registration(): Promise<ServiceWorkerRegistration> {
  if (!(await navigator.serviceWorker.getRegistration())) {
    await navigator.serviceWorker.register(SERVICE_WORKER_URL, { scope: "/" });
  }
  return navigator.serviceWorker.ready;
}

export async function currentSubscription(): Promise<PushSubscription | null> {
  const existing = await navigator.serviceWorker.getRegistration();
  return (await existing?.pushManager.getSubscription()) ?? null;
}

const sameBytes = (a: ArrayBuffer | null, b: Uint8Array) =>
  a !== null && a.byteLength === b.length && new Uint8Array(a).every((byte, i) => byte === b[i]);

/**
 * Subscribes this browser for the server's key. A subscription made for another key (the
 * server's keys were replaced) cannot be reused: it is dropped and a new one made.
 */
export async function subscribeDevice(publicKey: string): Promise<PushSubscription> {
  const key = base64UrlBytes(publicKey);
  if (!key) throw new Error("The server's push key is not valid");
  const worker = await registration();
  const existing = await worker.pushManager.getSubscription();
  if (existing && !sameBytes(existing.options.applicationServerKey, key)) {
    await existing.unsubscribe();
  }
  return worker.pushManager.subscribe({ userVisibleOnly: true, applicationServerKey: key });
}

/** What the server stores: the endpoint and keys, as the browser's toJSON() gives them. */
export function subscriptionInput(subscription: PushSubscription): PushSubscriptionInput {
  const json = subscription.toJSON();
  return {
    endpoint: json.endpoint ?? subscription.endpoint,
    expirationTime: json.expirationTime ?? null,
    keys: { p256dh: json.keys?.p256dh ?? "", auth: json.keys?.auth ?? "" },
  };
}

/** How long signing out waits for this device to be forgotten before it goes on regardless. */
const FORGET_DEVICE_TIMEOUT_MS = 2000;

/**
 * Signing out of a shared device must stop its push too: the server forgets this browser's
 * endpoint (while the session still allows asking) and the browser drops the subscription, so
 * the next person on it does not get the previous account's reminders. Never throws and never
 * holds signing out up for long.
 */
export async function forgetThisDevice(
  forgetOnServer: (endpoint: string) => Promise<unknown>,
): Promise<void> {
  const forget = async () => {
    const subscription = "serviceWorker" in navigator ? await currentSubscription() : null;
    if (!subscription) return;
    await forgetOnServer(subscription.endpoint).catch(() => undefined);
    await subscription.unsubscribe();
  };
  await Promise.race([
    forget().catch(() => undefined),
    new Promise((resolve) => setTimeout(resolve, FORGET_DEVICE_TIMEOUT_MS)),
  ]);
}
