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
