/**
 * What the HTTP doors do themselves (app.ts, context.ts), over real HTTP: statuses and bodies
 * as a client reads them, the session cookie and its attributes, the Origin check, body type
 * and size, client addresses, tRPC batches, unknown paths and the security headers. The rules
 * behind the procedures are tested in-process (auth, user, account-security .integration tests).
 */
import { sessions, users } from "@circleplan/db/schema";
import { buildRegistration, createUser } from "@circleplan/db/testing/factories";
import { JSON_BODY_MAX_BYTES, TRPC_MAX_BATCH_SIZE } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { ORIGIN_SECRET_HEADER } from "./origin-secret";
import { signedInClient } from "./testing/accounts";
import { expectNoSecrets } from "./testing/no-secrets";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();

describe("answers", () => {
  it("answers a registration 201 with the user as JSON, dates as strings, nothing secret", async () => {
    const data = buildRegistration();
    const res = await server().client().post("/api/auth/register", data);
    expect(res.status).toBe(201);
    expect(res.body.message).toBe(messages.registered);
    expect(res.body.user).toMatchObject({ email: data.email, emailVerified: false });
    expect(typeof (res.body.user as { createdAt: unknown }).createdAt).toBe("string");
    expect(res.headers.get("content-type")).toContain("application/json");
    expectNoSecrets(res.body);
  });

  it("answers 400, not 500, for a body that is not JSON or not an object", async () => {
    const client = server().client();
    const broken = await client.request("POST", "/api/auth/register", "{not json");
    expect(broken.status).toBe(400);
    expect(broken.body.code).toBe("BAD_REQUEST");
    const list = await client.post("/api/auth/register", [1, 2]);
    expect(list.status).toBe(400);
    const empty = await client.request("POST", "/api/auth/register", "");
    expect(empty.status).toBe(400);
  });

  it("answers JSON 404 under /api", async () => {
    const res = await server().client().get("/api/nothing-here");
    expect(res.status).toBe(404);
    expect(res.body).toEqual({ message: messages.notFound, code: "NOT_FOUND" });
  });

  it("sends Retry-After with a 429, on both doors", async () => {
    const { user } = await createUser(server().deps);
    const client = server().client({ ip: "10.9.9.9" });
    const wrong = { email: user.email, password: "Wrong#pass123" };
    for (let i = 0; i < 5; i++) await client.post("/api/auth/login", wrong);
    const rest = await client.post("/api/auth/login", wrong);
    expect(rest.status).toBe(429);
    expect(rest.headers.get("retry-after")).toBe("1");
    const trpc = await client.post("/api/trpc/auth.login", { json: wrong });
    expect(trpc.status).toBe(429);
    expect(trpc.headers.get("retry-after")).toBe("1");
  });

  it("takes a REST path parameter from the path", async () => {
    const { client, user } = await signedInClient(server());
    const { sessionId } = await signedInClient(server(), { user: { email: "x@example.com" } });
    const foreign = await client.request("DELETE", `/api/user/sessions/${sessionId}`);
    expect(foreign.status).toBe(404);
    const [own] = await server().db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    const ended = await client.request("DELETE", `/api/user/sessions/${own?.id}`);
    expect(ended.status).toBe(200);
    expect(ended.body).toEqual({ message: messages.sessionEnded });
  });
});

describe("session cookie", () => {
  it("signs in with an HttpOnly SameSite=Lax cookie and answers the current user", async () => {
    const { user, password } = await createUser(server().deps);
    const client = server().client();
    const login = await client.post("/api/auth/login", {
      email: user.email.toUpperCase(),
      password,
    });
    expect(login.status).toBe(200);
    expect(login.body).toMatchObject({ email: user.email, emailVerified: true });
    expectNoSecrets(login.body);
    const cookie = login.headers.getSetCookie().find((c) => c.startsWith("circleplan_session="));
    expect(cookie).toMatch(/HttpOnly/i);
    expect(cookie).toMatch(/SameSite=Lax/i);
    expect(cookie).not.toMatch(/Secure/i); // local http mode

    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.body).toMatchObject({
      email: user.email,
      firstName: user.firstName,
      city: "New York",
      country: "US",
      timeFormat: null, // not chosen: the spec's clocks (decision 023)
    });
    expect(me.headers.get("cache-control")).toBe("no-store");
    expectNoSecrets(me.body);
  });

  it("answers 401 to a signed-out visitor and to a forged cookie", async () => {
    const client = server().client();
    expect((await client.get("/api/auth/user")).status).toBe(401);
    client.cookies.set("circleplan_session", "forged");
    const forged = await client.get("/api/auth/user");
    expect(forged.status).toBe(401);
    expect(forged.body).toEqual({ message: messages.notSignedIn, code: "UNAUTHORIZED" });
  });

  it("deletes the session on the server at sign-out", async () => {
    const { client } = await signedInClient(server());
    const stolen = client.cookies.get("circleplan_session") as string;
    const out = await client.post("/api/auth/logout");
    expect(out.status).toBe(200);
    expect(out.body).toEqual({ message: messages.loggedOut });
    expect(client.cookies.has("circleplan_session")).toBe(false);
    const replay = server().client();
    replay.cookies.set("circleplan_session", stolen);
    expect((await replay.get("/api/auth/user")).status).toBe(401);
    expect(await server().db.db.select().from(sessions)).toHaveLength(0);
  });

  it("slides the expiry forward once less than half of the 30 days is left", async () => {
    const { client, user } = await signedInClient(server());
    const soon = new Date(Date.now() + 10 * 24 * 60 * 60 * 1000);
    await server()
      .db.db.update(sessions)
      .set({ expiresAt: soon })
      .where(eq(sessions.userId, user.id));
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(200);
    expect(me.headers.getSetCookie().some((c) => c.startsWith("circleplan_session="))).toBe(true);
    const [row] = await server().db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(row?.expiresAt.getTime()).toBeGreaterThan(Date.now() + 29 * 24 * 60 * 60 * 1000);
  });

  it("refuses an expired session and clears its cookie", async () => {
    const { client, user } = await signedInClient(server());
    await server()
      .db.db.update(sessions)
      .set({ expiresAt: new Date(Date.now() - 1000) })
      .where(eq(sessions.userId, user.id));
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(401);
    expect(client.cookies.has("circleplan_session")).toBe(false);
  });

  it("survives malformed and foreign cookies on every door, clearing a bad session cookie", async () => {
    const { client } = await signedInClient(server());
    const good = client.cookies.get("circleplan_session") as string;
    for (const bad of ["%E0%A4%A", "%", "%00", "x".repeat(4000), good.toUpperCase()]) {
      const res = await fetch(`${server().url}/api/auth/user`, {
        headers: { cookie: `circleplan_session=${bad}` },
      });
      expect(res.status, bad).toBe(401);
      expect(res.headers.getSetCookie().join()).toContain("circleplan_session=;");
      const trpc = await fetch(`${server().url}/api/trpc/auth.user`, {
        headers: { cookie: `other=%; circleplan_session=${bad}` },
      });
      expect(trpc.status, bad).toBe(401);
    }
    // A browser holding a broken cookie can still sign in.
    const { user, password } = await createUser(server().deps);
    const login = await fetch(`${server().url}/api/auth/login`, {
      method: "POST",
      headers: {
        origin: server().url,
        "content-type": "application/json",
        cookie: "circleplan_session=%E0%A4%A",
      },
      body: JSON.stringify({ email: user.email, password }),
    });
    expect(login.status).toBe(200);
  });
});

describe("Origin check", () => {
  it("refuses state-changing requests without the app's Origin with 403", async () => {
    const data = buildRegistration();
    const foreign = await server()
      .client({ origin: "https://evil.example" })
      .post("/api/auth/register", data);
    expect(foreign.status).toBe(403);
    expect(foreign.body.code).toBe("BAD_ORIGIN");
    const missing = await server().client({ origin: null }).post("/api/auth/register", data);
    expect(missing.status).toBe(403);
    expect(await server().db.db.select().from(users)).toHaveLength(0);
  });

  it("applies to the tRPC door too", async () => {
    const res = await server()
      .client({ origin: "https://evil.example" })
      .post("/api/trpc/auth.logout", {});
    expect(res.status).toBe(403);
  });

  it("lets reads through without an Origin", async () => {
    expect((await server().client({ origin: null }).get("/api/auth/user")).status).toBe(401);
  });
});

const ORIGIN_SECRET = "origin-secret-for-tests-origin-secret-0123";
/** What CloudFront adds to each request it forwards (the Router's viewer-request code). */
const throughCloudFront = { [ORIGIN_SECRET_HEADER]: ORIGIN_SECRET };

describe("client address", () => {
  const direct = useTestServer({ env: { TRUST_PROXY: "false", RATE_LIMIT_LOGIN_IP: "3/900" } });
  const cloudfront = useTestServer({
    env: { TRUST_PROXY: "cloudfront", ORIGIN_SECRET, RATE_LIMIT_LOGIN_IP: "3/900" },
  });
  const behindOne = useTestServer({ env: { TRUST_PROXY: "1", RATE_LIMIT_LOGIN_IP: "3/900" } });
  const attempt = (url: string, headers: Record<string, string>) =>
    fetch(`${url}/api/auth/login`, {
      method: "POST",
      headers: { origin: url, "content-type": "application/json", ...headers },
      body: JSON.stringify({ email: "someone@example.com", password: "Wrong#pass123" }),
    }).then((res) => res.status);

  it("ignores a forged X-Forwarded-For when no proxy is trusted", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(await attempt(direct().url, { "x-forwarded-for": `203.0.113.${i}` }));
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
  });

  it("behind one proxy, keys on the entry it appended, not on what the client wrote", async () => {
    const statuses = [];
    for (let i = 0; i < 5; i++) {
      statuses.push(
        await attempt(behindOne().url, { "x-forwarded-for": `198.51.100.${i}, 192.0.2.7` }),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(await attempt(behindOne().url, { "x-forwarded-for": "192.0.2.8" })).toBe(401);
  });

  it("behind CloudFront, keys on CloudFront-Viewer-Address and an IPv6 client's /64", async () => {
    const statuses = [];
    for (let i = 1; i <= 5; i++) {
      statuses.push(
        await attempt(cloudfront().url, {
          ...throughCloudFront,
          "cloudfront-viewer-address": `2001:db8:aa:bb::${i}:443`,
          "x-forwarded-for": `203.0.113.${i}`,
        }),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(
      await attempt(cloudfront().url, {
        ...throughCloudFront,
        "cloudfront-viewer-address": "2001:db8:aa:cc::1:443",
      }),
    ).toBe(401);
  });

  it("refuses a direct call to the function URL with a forged CloudFront-Viewer-Address (no origin secret)", async () => {
    const forged = (i: number) => ({ "cloudfront-viewer-address": `198.51.100.${i}:443` });
    const statuses = [];
    for (let i = 1; i <= 5; i++) statuses.push(await attempt(cloudfront().url, forged(i)));
    expect(statuses).toEqual([403, 403, 403, 403, 403]);
    const wrong = { [ORIGIN_SECRET_HEADER]: `${ORIGIN_SECRET.slice(0, -1)}x`, ...forged(6) };
    expect(await attempt(cloudfront().url, wrong)).toBe(403);
    const res = await fetch(`${cloudfront().url}/api/auth/user`, { headers: forged(7) });
    expect(res.status).toBe(403);
    expect(await res.json()).toEqual({ message: messages.notThroughEdge, code: "FORBIDDEN" });
    // The one route outside the perimeter is behind the edge guard too.
    const unsubscribe = await fetch(`${cloudfront().url}/api/notifications/unsubscribe?token=x`, {
      method: "POST",
      headers: forged(8),
    });
    expect(unsubscribe.status).toBe(403);
  });

  it("behind CloudFront, fails closed when the viewer address is missing rather than keying on the caller", async () => {
    expect(await attempt(cloudfront().url, throughCloudFront)).toBe(403);
    expect(
      await attempt(cloudfront().url, {
        ...throughCloudFront,
        "cloudfront-viewer-address": "not-an-address",
      }),
    ).toBe(403);
  });
});

describe("request limits", () => {
  it("answers 413 to a JSON body over the limit, on both doors", async () => {
    const big = JSON.stringify({
      email: "a@example.com",
      password: "x".repeat(JSON_BODY_MAX_BYTES),
    });
    const res = await server().client().request("POST", "/api/auth/login", big);
    expect(res.status).toBe(413);
    expect(res.body).toEqual({ message: messages.bodyTooLarge, code: "PAYLOAD_TOO_LARGE" });
    const trpc = await server().client().request("POST", "/api/trpc/auth.login", big);
    expect(trpc.status).toBe(413);
  });

  it("answers 415 to a body that is not JSON, on both doors", async () => {
    for (const path of ["/api/auth/login", "/api/trpc/auth.login"]) {
      const res = await server()
        .client()
        .request("POST", path, "email=a@example.com", { "content-type": "text/plain" });
      expect(res.status, path).toBe(415);
      expect(res.body).toEqual({
        message: messages.unsupportedMediaType,
        code: "UNSUPPORTED_MEDIA_TYPE",
      });
    }
  });

  it("caps tRPC batches", async () => {
    const batch = (n: number) =>
      server()
        .client()
        .get(`/api/trpc/${Array(n).fill("auth.user").join(",")}?batch=1&input={}`);
    const ok = await batch(TRPC_MAX_BATCH_SIZE);
    expect(ok.status).toBe(401);
    const tooMany = await batch(TRPC_MAX_BATCH_SIZE + 1);
    expect(tooMany.status).toBe(400);
  });

  it("answers 404, not 500, to a malformed escape in a tRPC path", async () => {
    for (const path of ["/api/trpc/auth.login%", "/api/trpc/auth.user%E0%A4%A"]) {
      const res = await server().client().get(path);
      expect(res.status, path).toBe(404);
      expect(res.body).toEqual({ message: messages.notFound, code: "NOT_FOUND" });
    }
  });
});

describe("headers", () => {
  it("sends the security headers and a request id on API answers", async () => {
    const res = await server().client().get("/api/auth/user");
    expect(res.headers.get("content-security-policy")).toContain("frame-ancestors 'none'");
    expect(res.headers.get("content-security-policy")).toContain("script-src 'self'");
    expect(res.headers.get("x-content-type-options")).toBe("nosniff");
    expect(res.headers.get("referrer-policy")).toBe("strict-origin-when-cross-origin");
    expect(res.headers.get("x-request-id")).toMatch(/^[\w-]{8,}$/);
  });
});
