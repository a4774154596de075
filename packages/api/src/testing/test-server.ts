/**
 * A real HTTP server on a free loopback port in front of a test harness (test-harness.ts), plus
 * a small cookie-keeping client that speaks to it like a browser on the app's origin. For the
 * tests of the doors themselves: status codes and bodies, cookies, the Origin check, body
 * limits, client addresses, headers. Domain rules are tested without HTTP (test-caller.ts).
 */
import { getConnInfo } from "@hono/node-server/conninfo";
import { type App, createApp } from "../app";
import { listen } from "../listen";
import { createLiveSocketDoor, type LiveSocketDoor } from "../live-socket";
import {
  startTestHarness,
  type TestHarness,
  type TestHarnessOptions,
  useHarness,
} from "./test-harness";

export interface TestServer extends TestHarness {
  url: string;
  /** The live socket door at /api/live/socket (its keepalive run by the test: `heartbeat()`). */
  liveSocket: LiveSocketDoor;
  client(options?: { ip?: string; origin?: string | null }): TestClient;
}

export type TestServerOptions = TestHarnessOptions;

export async function startTestServer(options: TestServerOptions = {}): Promise<TestServer> {
  let app: App | undefined;
  let harness: TestHarness | undefined;
  // No timer of its own: a test that needs a keepalive round calls heartbeat().
  const liveSocket = createLiveSocketDoor(
    () => {
      if (!harness?.deps.liveHub) throw new Error("the test server's hub exists once it listens");
      return harness.deps.liveHub;
    },
    { heartbeatMs: 2 ** 31 - 1 },
  );
  const { server, port } = await listen((req, env) => (app as App).fetch(req, env), {
    port: 0,
    hostname: "127.0.0.1",
    websocket: liveSocket.server,
  });
  const url = `http://localhost:${port}`;
  // The app's origin is the server's own, known only once it listens.
  harness = await startTestHarness({ ...options, appUrl: url });
  app = createApp(harness.deps, {
    remoteAddress: (c) => getConnInfo(c).remote.address,
    liveSocket,
  });
  const started = harness;
  return {
    ...started,
    url,
    liveSocket,
    client: (clientOptions) => new TestClient(url, clientOptions),
    async reset() {
      // User ids start again after a reset: a socket left open would hear the next test's user.
      await liveSocket.disconnectAll();
      await started.reset();
    },
    async close() {
      await liveSocket.close();
      await new Promise<void>((resolve) => server.close(() => resolve()));
      await started.close();
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

  /** Sends `name=value` (a factory session's cookie) from now on, as if a response had set it. */
  setCookie(pair: string): this {
    const eq = pair.indexOf("=");
    this.cookies.set(pair.slice(0, eq), pair.slice(eq + 1));
    return this;
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
  return useHarness(() => startTestServer(options), "useTestServer");
}

/** The Cookie header a TestClient sends, or "" for a signed-out visitor. */
export const cookieHeaderOf = (client: TestClient | null) =>
  client ? [...client.cookies].map(([name, value]) => `${name}=${value}`).join("; ") : "";

/** A multipart POST from a browser on the app's origin (TestClient speaks JSON only). */
export async function postMultipart(
  server: Pick<TestServer, "url">,
  client: TestClient | null,
  path: string,
  form: FormData,
): Promise<{ status: number; body: Record<string, unknown> }> {
  const cookie = cookieHeaderOf(client);
  const response = await fetch(`${server.url}${path}`, {
    method: "POST",
    body: form,
    headers: { origin: server.url, ...(cookie ? { cookie } : {}) },
  });
  return { status: response.status, body: (await response.json()) as Record<string, unknown> };
}

/** Bytes as an <img> or a download link fetches them: status, headers and body. */
export async function fetchBytes(
  server: Pick<TestServer, "url">,
  client: TestClient | null,
  path: string,
): Promise<{ status: number; headers: Headers; bytes: Uint8Array }> {
  const cookie = cookieHeaderOf(client);
  const response = await fetch(`${server.url}${path}`, {
    headers: cookie ? { cookie } : {},
    redirect: "manual",
  });
  return {
    status: response.status,
    headers: response.headers,
    bytes: new Uint8Array(await response.arrayBuffer()),
  };
}
