/**
 * A push service of our own for tests: an HTTPS server on a loopback port (web-push speaks only
 * HTTPS) with a certificate made for the test, and subscriptions made as a browser makes them
 * (a P-256 key pair and a 16-byte auth secret), whose payloads the test decrypts with the
 * browser's private key: what arrives is checked as a device would read it.
 */
import { createECDH, createPublicKey, type ECDH, randomBytes, verify } from "node:crypto";
import { once } from "node:events";
import { Agent, createServer, type Server } from "node:https";
import { createRequire } from "node:module";
import type { AddressInfo } from "node:net";
import { generate } from "selfsigned";

interface Ece {
  decrypt(
    body: Buffer,
    params: { version: "aes128gcm"; privateKey: ECDH; authSecret: string },
  ): Buffer;
}
// http_ece ships no types; only decrypt is used.
const ece = createRequire(import.meta.url)("http_ece") as Ece;

export interface ReceivedPush {
  path: string;
  headers: Record<string, string | string[] | undefined>;
  body: Buffer;
}

/** A subscription as `PushSubscription.toJSON()` gives it, and what only the browser knows. */
export interface BrowserSubscription {
  endpoint: string;
  keys: { p256dh: string; auth: string };
  /** The payload as the browser's push event reads it. */
  decrypt(body: Buffer): string;
}

export interface LocalPushEndpoint {
  /** `https://localhost:<port>` */
  origin: string;
  /** An agent that trusts the endpoint's certificate (`createWebPushService(…, { agent })`). */
  agent: Agent;
  /** Every request, in order of arrival. */
  received: ReceivedPush[];
  /** The status a path answers from now on (201, as push services do, unless told). */
  answer(path: string, status: number): void;
  subscribe(path?: string): BrowserSubscription;
  close(): Promise<void>;
}

let subscriptions = 0;

export async function startLocalPushEndpoint(): Promise<LocalPushEndpoint> {
  const pems = await generate([{ name: "commonName", value: "localhost" }], {
    keyType: "ec",
    algorithm: "sha256",
    extensions: [{ name: "subjectAltName", altNames: [{ type: 2, value: "localhost" }] }],
  });
  const received: ReceivedPush[] = [];
  const statuses = new Map<string, number>();
  const server: Server = createServer({ key: pems.private, cert: pems.cert }, (req, res) => {
    const chunks: Buffer[] = [];
    req.on("data", (chunk: Buffer) => chunks.push(chunk));
    req.on("end", () => {
      const path = req.url ?? "/";
      received.push({ path, headers: req.headers, body: Buffer.concat(chunks) });
      res.writeHead(statuses.get(path) ?? 201).end();
    });
  });
  server.listen(0, "127.0.0.1");
  await once(server, "listening");
  const { port } = server.address() as AddressInfo;
  const origin = `https://localhost:${port}`;
  const agent = new Agent({ ca: pems.cert, keepAlive: false });
  return {
    origin,
    agent,
    received,
    answer: (path, status) => statuses.set(path, status),
    subscribe(path = `/push/device-${++subscriptions}`) {
      const keys = createECDH("prime256v1");
      keys.generateKeys();
      const auth = randomBytes(16).toString("base64url");
      return {
        endpoint: `${origin}${path}`,
        keys: { p256dh: keys.getPublicKey().toString("base64url"), auth },
        decrypt: (body) =>
          ece
            .decrypt(body, { version: "aes128gcm", privateKey: keys, authSecret: auth })
            .toString(),
      };
    },
    async close() {
      agent.destroy();
      server.closeAllConnections();
      await new Promise<void>((resolve) => server.close(() => resolve()));
    },
  };
}

/** The claims of a VAPID `Authorization: vapid t=<jwt>, k=<key>` header, once its ES256 signature checks out. */
export function verifyVapidHeader(
  header: string | undefined,
  publicKey: string,
): { aud: string; exp: number; sub: string } | null {
  const match = /^vapid t=([\w-]+)\.([\w-]+)\.([\w-]+), k=([\w-]+)$/.exec(header ?? "");
  if (!match || match[4] !== publicKey) return null;
  const [, head, claims, signature] = match as unknown as [string, string, string, string];
  const point = Buffer.from(publicKey, "base64url");
  const key = createPublicKey({
    format: "jwk",
    key: {
      kty: "EC",
      crv: "P-256",
      x: point.subarray(1, 33).toString("base64url"),
      y: point.subarray(33, 65).toString("base64url"),
    },
  });
  const signed = verify(
    "sha256",
    Buffer.from(`${head}.${claims}`),
    { key, dsaEncoding: "ieee-p1363" },
    Buffer.from(signature, "base64url"),
  );
  const alg = JSON.parse(Buffer.from(head, "base64url").toString()).alg;
  if (!signed || alg !== "ES256") return null;
  return JSON.parse(Buffer.from(claims, "base64url").toString());
}
