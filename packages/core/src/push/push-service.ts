/**
 * Push notifications to the devices that allowed them (Web Push: RFC 8030 delivery, RFC 8291
 * payload encryption, RFC 8292 VAPID), through the `web-push` library. One home for sending:
 * the reminder job calls `send` and removes a subscription the push service says is gone.
 */
import type { Agent } from "node:https";
import webPush from "web-push";

/** What a notification shows, and the app address a click opens. */
export interface PushMessage {
  title: string;
  body: string;
  /** An address inside the app (`/dashboard?eventId=12`), opened when the notification is clicked. */
  url: string;
  /** Notifications with one tag replace each other on the device. */
  tag?: string;
}

/** A device as the browser's PushSubscription describes it. */
export interface PushTarget {
  endpoint: string;
  p256dh: string;
  auth: string;
}

/** "gone": the push service no longer knows the device (404/410); forget it. */
export type PushOutcome = "sent" | "gone";

export interface PushService {
  /** The VAPID public key (base64url) browsers subscribe with (`applicationServerKey`). */
  readonly publicKey: string;
  /** Throws on any other failure (the caller retries later). */
  send(target: PushTarget, message: PushMessage): Promise<PushOutcome>;
  /**
   * Whether this sender will dial the endpoint: a browser's push service. Subscriptions naming
   * anything else are refused when saved (absent: every https endpoint, for test doubles).
   */
  accepts?(endpoint: string): boolean;
}

/**
 * The push services browsers subscribe with (Chromium browsers: FCM; Edge: WNS; Firefox:
 * Mozilla autopush; Safari: Apple). A subscription's endpoint is an address the server POSTs
 * to: without this list a user could make it POST to any address, an internal one included.
 */
export const BROWSER_PUSH_SERVICES = [
  "fcm.googleapis.com",
  "android.googleapis.com",
  "push.services.mozilla.com",
  "notify.windows.com",
  "push.apple.com",
] as const;

/** True when the endpoint is https on one of `hosts` or a subdomain of one. */
export function endpointOnHosts(endpoint: string, hosts: readonly string[]): boolean {
  let url: URL;
  try {
    url = new URL(endpoint);
  } catch {
    return false;
  }
  const host = url.hostname.toLowerCase();
  return (
    url.protocol === "https:" &&
    hosts.some((allowed) => host === allowed || host.endsWith(`.${allowed}`))
  );
}

export interface VapidKeys {
  publicKey: string;
  privateKey: string;
  /** A mailto: or https: address the push service can reach the sender at. */
  subject: string;
}

export interface WebPushOptions {
  /** Tests reach their local HTTPS push endpoint through an agent that trusts its certificate. */
  agent?: Agent;
  /** Seconds a push service keeps an undelivered message for an offline device. */
  ttlSeconds?: number;
  timeoutMs?: number;
  /** Hosts besides the browsers' push services (tests: their local endpoint, `localhost`). */
  extraHosts?: readonly string[];
}

export function createWebPushService(vapid: VapidKeys, options: WebPushOptions = {}): PushService {
  const hosts = [...BROWSER_PUSH_SERVICES, ...(options.extraHosts ?? [])];
  const accepts = (endpoint: string) => endpointOnHosts(endpoint, hosts);
  return {
    publicKey: vapid.publicKey,
    accepts,
    async send(target, message) {
      // Stored before the list changed, or written around the API: never dialled, and forgotten.
      if (!accepts(target.endpoint)) return "gone";
      try {
        await webPush.sendNotification(
          { endpoint: target.endpoint, keys: { p256dh: target.p256dh, auth: target.auth } },
          JSON.stringify(message),
          {
            vapidDetails: vapid,
            TTL: options.ttlSeconds ?? 60 * 60,
            timeout: options.timeoutMs ?? 10_000,
            urgency: "high",
            ...(options.agent ? { agent: options.agent } : {}),
          },
        );
        return "sent";
      } catch (error) {
        const status = (error as { statusCode?: number }).statusCode;
        if (status === 404 || status === 410) return "gone";
        throw error;
      }
    },
  };
}

/** A fresh VAPID key pair (local runs keep one in their data folder). */
export function generateVapidKeys(): { publicKey: string; privateKey: string } {
  return webPush.generateVAPIDKeys();
}
