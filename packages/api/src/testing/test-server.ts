/**
 * A real HTTP server on a free loopback port, backed by a fresh migrated test database, plus a
 * small cookie-keeping client that speaks to it like a browser on the app's origin.
 */
import type { AddressInfo } from "node:net";
import { TEST_COST } from "@circleplan/core/auth/password";
import { manualClock } from "@circleplan/core/clock";
import type { CoreDeps } from "@circleplan/core/deps";
import { type Config, loadConfig } from "@circleplan/core/env";
import { memoryLogger } from "@circleplan/core/log";
import type { MailTransport } from "@circleplan/core/mail/mail-service";
import { createTestDb, type TestDb } from "@circleplan/db/testing/test-db";
import { serve } from "@hono/node-server";
import { getConnInfo } from "@hono/node-server/conninfo";
import { afterAll, beforeAll, beforeEach } from "vitest";
import { type App, createApp } from "../app";
import { createAppDeps } from "../deps";

export interface TestServer {
  url: string;
  deps: CoreDeps;
  db: TestDb;
  clock: ReturnType<typeof manualClock>;
  /** Every line the server logged, parsed: tests assert security events and the absence of secrets. */
  logs: ReturnType<typeof memoryLogger>["lines"];
  client(options?: { ip?: string; origin?: string | null }): TestClient;
  /** Empty the database between tests. */
  reset(): Promise<void>;
  close(): Promise<void>;
}

export interface TestServerOptions {
  env?: Record<string, string>;
  transport?: MailTransport;
}

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  const db = await createTestDb();
  let app: App | undefined;
  const server = serve({
    fetch: (req, env) => (app as App).fetch(req, env),
    port: 0,
    hostname: "127.0.0.1",
  });
  await new Promise<void>((resolve) => server.once("listening", () => resolve()));
  const { port } = server.address() as AddressInfo;
  const url = `http://localhost:${port}`;
  // One trusted proxy: the test client's X-Forwarded-For plays the address that proxy appended.
  const config: Config = loadConfig({
    APP_URL: url,
    TRUST_PROXY: "1",
    ...(options.transport ? { MAIL_TRANSPORT: "ses" } : {}),
    ...options.env,
  });
  const clock = manualClock(new Date());
  const log = memoryLogger();
  // The same composition root as the servers, with what a test controls handed in.
  const deps = await createAppDeps(config, {
    db,
    clock,
    log,
    passwordCost: TEST_COST,
    secretKey: "test-secret-key-test-secret-key-0123456789",
    ...(options.transport ? { transport: options.transport } : {}),
  });
  app = createApp(deps, { remoteAddress: (c) => getConnInfo(c).remote.address });
  return {
    url,
    deps,
    db,
    clock,
    logs: log.lines,
    client: (clientOptions) => new TestClient(url, clientOptions),
    async reset() {
      await deps.mail.idle();
      await db.truncate();
      clock.set(new Date());
      log.lines.length = 0;
    },
    async close() {
      await deps.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await db.close();
    },
  };
}

export interface TestResponse<T = Record<string, unknown>> {
  status: number;
  body: T;
  headers: Headers;
}

/** Keeps cookies like a browser and sends the app's Origin on state-changing requests. */
export class TestClient {
  readonly cookies = new Map<string, string>();
  private readonly ip: string | undefined;
  private readonly origin: string | null;

  constructor(
    private readonly baseUrl: string,
    options: { ip?: string; origin?: string | null } = {},
  ) {
    this.ip = options.ip;
    this.origin = options.origin === undefined ? baseUrl : options.origin;
  }

  async request<T = Record<string, unknown>>(
    method: string,
    path: string,
    body?: unknown,
    headers: Record<string, string> = {},
  ): Promise<TestResponse<T>> {
    const init: RequestInit = { method, headers: { ...headers }, redirect: "manual" };
    const h = init.headers as Record<string, string>;
    if (this.cookies.size) h.cookie = [...this.cookies].map(([k, v]) => `${k}=${v}`).join("; ");
    if (this.ip) h["x-forwarded-for"] = this.ip;
    if (this.origin && !["GET", "HEAD"].includes(method)) h.origin = this.origin;
    if (body !== undefined) {
      h["content-type"] ??= "application/json";
      init.body = typeof body === "string" ? body : JSON.stringify(body);
    }
    const response = await fetch(`${this.baseUrl}${path}`, init);
    for (const cookie of response.headers.getSetCookie()) {
      const [pair = "", ...attributes] = cookie.split(";");
      const eq = pair.indexOf("=");
      const name = pair.slice(0, eq).trim();
      const value = pair.slice(eq + 1).trim();
      const expired = attributes.some((a) => /max-age=0\b/i.test(a.trim())) || value === "";
      if (expired) this.cookies.delete(name);
      else this.cookies.set(name, value);
    }
    const text = await response.text();
    let parsed: unknown = text;
    try {
      parsed = text ? JSON.parse(text) : null;
    } catch {
      // not JSON: keep the text so a failing assertion shows it
    }
    return { status: response.status, body: parsed as T, headers: response.headers };
  }

  get<T = Record<string, unknown>>(path: string) {
    return this.request<T>("GET", path);
  }
  post<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>("POST", path, body ?? {});
  }
  patch<T = Record<string, unknown>>(path: string, body?: unknown) {
    return this.request<T>("PATCH", path, body ?? {});
  }
}

/**
 * Registers the usual hooks for a test file: one server for the file, emptied before each test.
 * Returns a getter because the server exists only once `beforeAll` has run.
 */
export function useTestServer(options: TestServerOptions = {}): () => TestServer {
  let server: TestServer | undefined;
  beforeAll(async () => {
    server = await startTestServer(options);
  });
  afterAll(async () => {
    await server?.close();
  });
  beforeEach(async () => {
    await server?.reset();
  });
  return () => {
    if (!server) throw new Error("useTestServer: the server starts in beforeAll");
    return server;
  };
}
