/**
 * Web Push for real, against a push endpoint started here over HTTPS: the payload is encrypted
 * so that only the subscribing browser's key reads it (RFC 8291), the request is signed for
 * the endpoint's origin with our VAPID key (RFC 8292), and the push service's answers mean
 * what they should: 201 sent, 404/410 gone, anything else an error the caller retries.
 */
import { afterAll, beforeAll, beforeEach, describe, expect, it } from "vitest";
import {
  createWebPushService,
  endpointOnHosts,
  generateVapidKeys,
  type PushService,
} from "./push-service";
import {
  type LocalPushEndpoint,
  startLocalPushEndpoint,
  verifyVapidHeader,
} from "./testing/local-push-endpoint";

const vapid = { ...generateVapidKeys(), subject: "mailto:push-tests@circleplan.test" };
const message = {
  title: "Reminder: Dentist",
  body: "Starting 3:30 PM",
  url: "/dashboard?eventId=12",
  tag: "reminder-12",
};

let endpoint: LocalPushEndpoint;
let push: PushService;

beforeAll(async () => {
  endpoint = await startLocalPushEndpoint();
  push = createWebPushService(vapid, { agent: endpoint.agent, extraHosts: ["localhost"] });
});
afterAll(() => endpoint.close());
beforeEach(() => {
  endpoint.received.length = 0;
});

const target = (subscription: ReturnType<LocalPushEndpoint["subscribe"]>) => ({
  endpoint: subscription.endpoint,
  ...subscription.keys,
});

describe("sending a push", () => {
  it("delivers a payload only the subscribing browser can read", async () => {
    const browser = endpoint.subscribe();
    expect(await push.send(target(browser), message)).toBe("sent");

    expect(endpoint.received).toHaveLength(1);
    const [request] = endpoint.received;
    expect(request?.path).toBe(new URL(browser.endpoint).pathname);
    expect(request?.headers["content-encoding"]).toBe("aes128gcm");
    expect(request?.body.includes(Buffer.from("Dentist"))).toBe(false);
    expect(JSON.parse(browser.decrypt(request?.body as Buffer))).toEqual(message);
    // Another browser's keys do not open it.
    const stranger = endpoint.subscribe();
    expect(() => stranger.decrypt(request?.body as Buffer)).toThrow();
  });

  it("signs for the endpoint's origin with the VAPID key, and asks for an hour's keeping, urgently", async () => {
    const browser = endpoint.subscribe();
    const before = Math.floor(Date.now() / 1000);
    await push.send(target(browser), message);

    const headers = endpoint.received[0]?.headers ?? {};
    const claims = verifyVapidHeader(headers.authorization as string, vapid.publicKey);
    expect(claims).toMatchObject({ aud: endpoint.origin, sub: vapid.subject });
    expect(claims?.exp).toBeGreaterThan(before);
    expect(claims?.exp).toBeLessThanOrEqual(before + 24 * 60 * 60 + 60);
    expect(headers.ttl).toBe("3600");
    expect(headers.urgency).toBe("high");
    // A header signed by another key does not pass.
    expect(verifyVapidHeader(headers.authorization as string, generateVapidKeys().publicKey)).toBe(
      null,
    );
  });

  it("answers gone when the push service no longer knows the device (410 or 404)", async () => {
    const expired = endpoint.subscribe("/push/expired");
    const unknown = endpoint.subscribe("/push/unknown");
    endpoint.answer("/push/expired", 410);
    endpoint.answer("/push/unknown", 404);
    expect(await push.send(target(expired), message)).toBe("gone");
    expect(await push.send(target(unknown), message)).toBe("gone");
  });

  it("throws on any other failure, so the caller tries again later", async () => {
    const browser = endpoint.subscribe("/push/broken");
    endpoint.answer("/push/broken", 500);
    await expect(push.send(target(browser), message)).rejects.toMatchObject({ statusCode: 500 });
    endpoint.answer("/push/limited", 429);
    await expect(push.send(target(endpoint.subscribe("/push/limited")), message)).rejects.toThrow();
  });

  it("never dials an endpoint that is not a browser's push service", async () => {
    const strict = createWebPushService(vapid, { agent: endpoint.agent });
    const browser = endpoint.subscribe();
    expect(strict.accepts?.(browser.endpoint)).toBe(false);
    expect(await strict.send(target(browser), message)).toBe("gone");
    expect(endpoint.received).toHaveLength(0);
  });
});

describe("which endpoints a sender dials", () => {
  const hosts = ["fcm.googleapis.com", "push.services.mozilla.com", "push.apple.com"];
  it("takes the push services and their subdomains over https only", () => {
    expect(endpointOnHosts("https://fcm.googleapis.com/fcm/send/abc", hosts)).toBe(true);
    expect(endpointOnHosts("https://updates.push.services.mozilla.com/wpush/v2/x", hosts)).toBe(
      true,
    );
    expect(endpointOnHosts("https://web.push.apple.com/QX", hosts)).toBe(true);
    for (const other of [
      "http://fcm.googleapis.com/fcm/send/abc",
      "https://fcm.googleapis.com.evil.test/x",
      "https://evilfcm.googleapis.com.test/x",
      "https://notfcm.googleapis.com/x",
      "https://169.254.169.254/latest/meta-data",
      "https://localhost/x",
      "not a url",
    ]) {
      expect(endpointOnHosts(other, hosts), other).toBe(false);
    }
  });
});
