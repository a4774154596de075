/**
 * The account-security rules of docs/decisions/006-account-security.md, over real HTTP: each
 * test names the attack it stops.
 */
import { createHash } from "node:crypto";
import { mailOutbox, passwordResetCodes, sessions } from "@circleplan/db/schema";
import { buildRegistration } from "@circleplan/db/testing/factories";
import { JSON_BODY_MAX_BYTES, TRPC_MAX_BATCH_SIZE } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { eq, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { registerAndVerify, signedIn, signIn } from "./testing/accounts";
import { useTestServer } from "./testing/test-server";

const server = useTestServer();
const sha256 = (value: string) => createHash("sha256").update(value).digest("hex");

describe("client address", () => {
  const direct = useTestServer({ env: { TRUST_PROXY: "false", RATE_LIMIT_LOGIN_IP: "3/900" } });
  const cloudfront = useTestServer({
    env: { TRUST_PROXY: "cloudfront", RATE_LIMIT_LOGIN_IP: "3/900" },
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
          "cloudfront-viewer-address": `2001:db8:aa:bb::${i}:443`,
          "x-forwarded-for": `203.0.113.${i}`,
        }),
      );
    }
    expect(statuses).toEqual([401, 401, 401, 429, 429]);
    expect(
      await attempt(cloudfront().url, { "cloudfront-viewer-address": "2001:db8:aa:cc::1:443" }),
    ).toBe(401);
  });
});

describe("sessions", () => {
  it("stores only a hash of the cookie's token", async () => {
    const { client, user } = await signedIn(server());
    const token = client.cookies.get("circleplan_session") as string;
    const rows = await server().db.db.select().from(sessions).where(eq(sessions.userId, user.id));
    expect(rows.map((row) => row.id)).toEqual([sha256(token)]);
    expect(JSON.stringify(rows)).not.toContain(token);
  });

  it("ends a session 90 days after sign-in, however active", async () => {
    const { client, user } = await signedIn(server());
    await server()
      .db.db.update(sessions)
      .set({ createdAt: sql`now() - interval '91 days'` })
      .where(eq(sessions.userId, user.id));
    const me = await client.get("/api/auth/user");
    expect(me.status).toBe(401);
    expect(client.cookies.has("circleplan_session")).toBe(false);
  });

  it("survives malformed and foreign cookies on every door, clearing a bad session cookie", async () => {
    const { client } = await signedIn(server());
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
    const data = await registerAndVerify(server().client());
    const login = await fetch(`${server().url}/api/auth/login`, {
      method: "POST",
      headers: {
        origin: server().url,
        "content-type": "application/json",
        cookie: "circleplan_session=%E0%A4%A",
      },
      body: JSON.stringify({ email: data.email, password: data.password }),
    });
    expect(login.status).toBe(200);
  });

  it("lists the user's sessions and ends one, or all the others", async () => {
    const { client, data, user } = await signedIn(server(), {
      overrides: { email: "many.sessions@example.com" },
    });
    const phone = server().client();
    await signIn(phone, data);
    const tablet = server().client();
    await signIn(tablet, data);

    const listed = await client.get<{ sessions: { id: string; current: boolean }[] }>(
      "/api/user/sessions",
    );
    expect(listed.status).toBe(200);
    expect(listed.body.sessions).toHaveLength(3);
    expect(listed.body.sessions.filter((s) => s.current)).toHaveLength(1);

    const phoneId = sha256(phone.cookies.get("circleplan_session") as string);
    const ended = await client.request("DELETE", `/api/user/sessions/${phoneId}`);
    expect(ended.status).toBe(200);
    expect((await phone.get("/api/auth/user")).status).toBe(401);
    expect((await tablet.get("/api/auth/user")).status).toBe(200);

    // Another user's session is not found, never forbidden, and stays alive.
    const stranger = await signedIn(server());
    const tabletId = sha256(tablet.cookies.get("circleplan_session") as string);
    expect((await stranger.client.request("DELETE", `/api/user/sessions/${tabletId}`)).status).toBe(
      404,
    );
    expect((await tablet.get("/api/auth/user")).status).toBe(200);

    expect((await client.request("DELETE", "/api/user/sessions")).status).toBe(200);
    expect((await tablet.get("/api/auth/user")).status).toBe(401);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect(
      await server().db.db.select().from(sessions).where(eq(sessions.userId, user.id)),
    ).toHaveLength(1);
  });
});

describe("password change", () => {
  it("needs the current password, ends the other sessions and mails a notice", async () => {
    const { client, data } = await signedIn(server());
    const other = server().client();
    await signIn(other, data);

    const wrong = await client.post("/api/user/password", {
      currentPassword: "Wrong#pass123",
      newPassword: "Brand#new2025pw",
    });
    expect(wrong.status).toBe(400);
    expect(wrong.body.message).toBe(messages.currentPasswordWrong);

    const common = await client.post("/api/user/password", {
      currentPassword: data.password,
      newPassword: "Password123!",
    });
    expect(common.status).toBe(400);
    expect(common.body.issues).toContainEqual({
      path: "newPassword",
      message: messages.passwordTooCommon,
    });

    const ok = await client.post("/api/user/password", {
      currentPassword: data.password,
      newPassword: "Brand#new2025pw",
    });
    expect(ok.status).toBe(200);
    expect(ok.body.message).toBe(messages.passwordChanged);
    expect((await client.get("/api/auth/user")).status).toBe(200);
    expect((await other.get("/api/auth/user")).status).toBe(401);
    const notice = (await server().db.db.select().from(mailOutbox)).at(-1);
    expect(notice).toMatchObject({
      to: data.email,
      subject: "Your Circleplan password was changed",
    });
    const fresh = server().client();
    expect(
      (await fresh.post("/api/auth/login", { email: data.email, password: data.password })).status,
    ).toBe(401);
    await signIn(fresh, { email: data.email, password: "Brand#new2025pw" });
  });

  it("refuses the most common passwords at registration too", async () => {
    const res = await server()
      .client()
      .post("/api/auth/register", buildRegistration({ password: "Qwerty12345!" }));
    expect(res.status).toBe(400);
    expect(res.body.issues).toContainEqual({
      path: "password",
      message: messages.passwordTooCommon,
    });
  });
});

describe("sign-in backoff", () => {
  const wrong = (ip: string, email: string) =>
    server().client({ ip }).post("/api/auth/login", { email, password: "Wrong#pass123" });

  it("slows one account from one address after five failures, doubling, and a success clears it", async () => {
    const data = await registerAndVerify(server().client());
    for (let i = 0; i < 5; i++) expect((await wrong("10.9.0.1", data.email)).status).toBe(401);
    const blocked = await wrong("10.9.0.1", data.email);
    expect(blocked.status).toBe(429);
    expect(blocked.headers.get("retry-after")).toBe("1");
    server().clock.advance(1000);
    expect((await wrong("10.9.0.1", data.email)).status).toBe(401);
    expect((await wrong("10.9.0.1", data.email)).headers.get("retry-after")).toBe("2");
    server().clock.advance(2000);
    await signIn(server().client({ ip: "10.9.0.1" }), data);
    expect((await wrong("10.9.0.1", data.email)).status).toBe(401);
  });

  it("never locks the owner out from elsewhere", async () => {
    const data = await registerAndVerify(server().client());
    for (let i = 0; i < 12; i++) await wrong("10.66.6.6", data.email);
    expect((await wrong("10.66.6.6", data.email)).status).toBe(429);
    await signIn(server().client({ ip: "10.1.2.3" }), data);
  });
});

describe("reset codes", () => {
  it("stores codes under a keyed hash, and caps wrong guesses per account across codes", async () => {
    const data = await registerAndVerify(server().client());
    const ask = () => server().client().post("/api/auth/forgot-password", { email: data.email });
    const guess = (otp: string) =>
      server().client().post("/api/auth/reset-password", {
        email: data.email,
        otp,
        newPassword: "Reset#later2025",
      });

    const first = await ask();
    const code = first.body.dev_otp as string;
    const [row] = await server().db.db.select().from(passwordResetCodes);
    expect(row?.codeHash).not.toBe(sha256(code));
    expect(row?.codeHash).not.toContain(code);

    const wrongCode = (c: string) => String((Number(c) + 1) % 1_000_000).padStart(6, "0");
    for (let round = 0; round < 2; round++) {
      const current = round === 0 ? code : ((await ask()).body.dev_otp as string);
      for (let i = 0; i < 5; i++) expect((await guess(wrongCode(current))).status).toBe(400);
    }
    // Ten wrong guesses today: even the right code of a new request is refused.
    const late = (await ask()).body.dev_otp;
    expect(late).toBeUndefined();
    expect((await guess(code)).status).toBe(400);
    server().clock.advance(24 * 60 * 60 * 1000 + 1000);
    const next = (await ask()).body.dev_otp as string;
    expect((await guess(next)).status).toBe(200);
  });
});

describe("request limits", () => {
  it("answers 413 to a JSON body over the limit, before reading it all", async () => {
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

  it("answers the product's message to control characters and overlong strings, storing nothing", async () => {
    const client = server().client();
    for (const email of ["a\u0000@example.com", `${"a".repeat(3000)}@example.com`]) {
      for (const path of ["/api/auth/login", "/api/auth/forgot-password", "/api/auth/register"]) {
        const res = await client.post(path, { ...buildRegistration(), email });
        expect(res.status, `${path} ${email.slice(0, 10)}`).toBe(400);
        expect(res.body.code).toBe("VALIDATION_FAILED");
      }
    }
    expect(await server().db.db.select().from(mailOutbox)).toHaveLength(0);
  });
});

describe("security events", () => {
  it("logs sign-ins and resets as JSON lines with request id and address, never a secret", async () => {
    const client = server().client({ ip: "192.0.2.44" });
    const data = await registerAndVerify(client);
    await client.post("/api/auth/login", { email: data.email, password: "Wrong#pass123" });
    await signIn(client, data);
    const otp = (await client.post("/api/auth/forgot-password", { email: data.email })).body
      .dev_otp as string;
    await client.post("/api/auth/reset-password", {
      email: data.email,
      otp,
      newPassword: "Reset#secret2025",
    });
    const events = server().logs.filter((line) => line.kind === "security");
    expect(events.map((line) => line.event)).toEqual([
      "email.verified",
      "login.failed",
      "login.succeeded",
      "password.reset_requested",
      "password.reset_used",
    ]);
    for (const line of events) {
      expect(line).toMatchObject({ ip: "192.0.2.44" });
      expect(typeof line.requestId).toBe("string");
    }
    const text = JSON.stringify(server().logs);
    for (const secret of [data.password, "Reset#secret2025", otp, "scrypt$", "Wrong#pass123"]) {
      expect(text).not.toContain(secret);
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
