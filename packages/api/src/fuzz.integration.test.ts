/**
 * Property-based fuzzing of both doors (REST and tRPC) over real HTTP. The targets come from the
 * route table and the router, so new routes and procedures are fuzzed without being listed. Every
 * answer must follow api-conventions.md: no 5xx, errors as JSON `{message, code}`, nothing secret,
 * and nothing stored by a refused request (testing/fuzz/answer-checks.ts, fuzz-harness.ts).
 *
 * A failure prints the shrunk request, the answer and the seed. Replay or widen a run with
 * FUZZ_SEED=<seed> FUZZ_RUNS=<runs per property> pnpm exec vitest run --project integration \
 *   packages/api/src/fuzz.integration.test.ts
 */
import fc from "fast-check";
import { afterAll, describe, expect, it } from "vitest";
import {
  FUZZ_TIME_LIMIT_MS,
  Fuzzer,
  fuzzParameters,
  fuzzRuns,
  fuzzSeed,
  fuzzStats,
} from "./testing/fuzz/fuzz-harness";
import {
  type FuzzRequest,
  hostileCookieHeader,
  hostileForwardingHeaders,
  OVERSIZED_BODY_BYTES,
  type RequestContext,
  restRequest,
  trpcBatchRequest,
  trpcPathRequest,
  trpcRequest,
  withHeaders,
} from "./testing/fuzz/fuzz-requests";
import { incompressible, plausibleValue } from "./testing/fuzz/hostile-values";
import { procedureTargets, type RestTarget, restTargets } from "./testing/fuzz/targets";
import { useTestServer } from "./testing/test-server";

// Limits high enough that the fuzzer tests the routes, not the rate limiter.
const testServer = useTestServer({
  env: {
    RATE_LIMIT_PASSWORD_CHANGE: "1000000/60",
    RATE_LIMIT_LOGIN_IP: "1000000/60",
    RATE_LIMIT_REGISTER_IP: "1000000/60",
    RATE_LIMIT_CODE_ACCOUNT: "1000000/60",
    RATE_LIMIT_CODE_IP: "1000000/60",
    RATE_LIMIT_EMAIL_CHANGE: "1000000/60",
    RATE_LIMIT_INVITE_CIRCLE: "1000000/60",
    RATE_LIMIT_INVITE_USER: "1000000/60",
    RATE_LIMIT_PLAN_CREATE: "1000000/60",
  },
});

const procedures = procedureTargets();

/** A property sends hundreds of requests, and shrinking a failure sends more. */
const FUZZ_TIMEOUT_MS = FUZZ_TIME_LIMIT_MS + 30_000;

console.log(`fuzz: FUZZ_SEED=${fuzzSeed} FUZZ_RUNS=${fuzzRuns} (replay with these)`);

afterAll(() => {
  const seconds = ((Date.now() - fuzzStats.startedAt) / 1000).toFixed(1);
  console.log(
    `fuzz: ${fuzzStats.requests} HTTP requests in ${seconds} s (FUZZ_SEED=${fuzzSeed}, FUZZ_RUNS=${fuzzRuns})`,
  );
});

/** The REST routes as the running app publishes them; the server starts in `beforeAll`. */
const publishedRoutes = () => restTargets(testServer().url);

/** A fuzzer with the known account signed in, and the REST routes to aim at. */
async function startFuzzing() {
  const fuzzer = await Fuzzer.start(testServer());
  return { fuzzer, context: fuzzer.context, rest: await publishedRoutes() };
}

const anyRestRequest = (
  rest: RestTarget[],
  context: RequestContext,
  signedIn: fc.Arbitrary<boolean>,
) => fc.oneof(...rest.map((route) => restRequest(route, context, signedIn)));
const anyTrpcRequest = (context: RequestContext, signedIn: fc.Arbitrary<boolean>) =>
  fc.oneof(...procedures.map((procedure) => trpcRequest(procedure, context, signedIn)));

describe("fuzz targets", () => {
  it("are derived from the REST route table and the tRPC router", async () => {
    const rest = await publishedRoutes();
    expect(rest.map((route) => `${route.method} ${route.path}`)).toEqual(
      expect.arrayContaining([
        "GET /api/auth/user",
        "POST /api/auth/register",
        "POST /api/auth/login",
      ]),
    );
    expect(procedures.map((procedure) => procedure.path)).toEqual(
      expect.arrayContaining(["auth.user", "auth.register", "auth.login", "auth.logout"]),
    );
    const login = procedures.find((procedure) => procedure.path === "auth.login");
    expect(login?.type).toBe("mutation");
    expect(login?.fields.map((field) => field.key)).toEqual(
      expect.arrayContaining(["email", "password"]),
    );
    // Every documented path is a procedure, but the calendar feed's read: a plain route
    // (calendar-feed-route.ts) that the fuzzer attacks all the same, with hostile tokens.
    const names = new Set([...procedures.map((procedure) => procedure.path), "calendarFeeds.read"]);
    for (const route of rest) expect(names).toContain(route.procedure);
    expect(rest.map((route) => route.path)).toContain("/api/calendar-feeds/:token.ics");
  });
});

describe("fuzzing", () => {
  for (const signedIn of [false, true]) {
    const mode = signedIn ? "signed in" : "signed out";

    it(
      `REST door: hostile path params, queries and bodies, ${mode}`,
      async () => {
        const { fuzzer, context, rest } = await startFuzzing();
        await fuzzer.run(anyRestRequest(rest, context, fc.constant(signedIn)));
      },
      FUZZ_TIMEOUT_MS,
    );

    it(
      `tRPC door: hostile inputs to every procedure, ${mode}`,
      async () => {
        const { fuzzer, context } = await startFuzzing();
        await fuzzer.run(anyTrpcRequest(context, fc.constant(signedIn)));
      },
      FUZZ_TIMEOUT_MS,
    );
  }

  it(
    "content types and body sizes, both doors",
    async () => {
      const { fuzzer, context, rest } = await startFuzzing();
      const requests = fc.oneof(
        ...rest.map((route) => restRequest(route, context, fc.boolean(), "transport")),
        ...procedures.map((procedure) =>
          trpcRequest(procedure, context, fc.boolean(), "transport"),
        ),
      );
      await fuzzer.run(requests, fuzzParameters(0.5));
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "tRPC batches of 1 to 60 calls",
    async () => {
      const { fuzzer, context } = await startFuzzing();
      // Each request carries up to 60 calls: fewer runs for the same work.
      await fuzzer.run(trpcBatchRequest(procedures, context, fc.boolean()), fuzzParameters(0.25));
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "tRPC paths with broken percent-encoding and unknown procedures",
    async () => {
      const { fuzzer, context } = await startFuzzing();
      await fuzzer.run(trpcPathRequest(procedures, context, fc.boolean()), fuzzParameters(0.5));
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "hostile cookie headers, alone and next to a valid session",
    async () => {
      const { fuzzer, context, rest } = await startFuzzing();
      const requests = fc
        .tuple(
          fc.oneof(
            anyRestRequest(rest, context, fc.constant(false)),
            anyTrpcRequest(context, fc.constant(false)),
          ),
          hostileCookieHeader(context),
        )
        .map(([request, cookie]) => withHeaders(request, { cookie }));
      await fuzzer.run(requests, fuzzParameters(0.5));
    },
    FUZZ_TIMEOUT_MS,
  );

  it(
    "forged client-address headers",
    async () => {
      const { fuzzer, context, rest } = await startFuzzing();
      const requests = fc
        .tuple(
          fc.oneof(
            anyRestRequest(rest, context, fc.boolean()),
            anyTrpcRequest(context, fc.boolean()),
          ),
          hostileForwardingHeaders,
        )
        .map(([request, headers]) => withHeaders(request, headers));
      await fuzzer.run(requests, fuzzParameters(0.25));
    },
    FUZZ_TIMEOUT_MS,
  );
});

/** One request, as the fuzzer would send it, with the app's Origin. */
function hostileRequest(
  method: string,
  target: string,
  options: { body?: string; headers?: Record<string, string> } = {},
): FuzzRequest {
  const headers: Record<string, string> = { origin: new URL(testServer().url).origin };
  if (options.body !== undefined) headers["content-type"] = "application/json";
  return {
    method,
    target,
    headers: { ...headers, ...options.headers },
    body: options.body === undefined ? undefined : new TextEncoder().encode(options.body),
    signedIn: false,
    batchSize: target.includes("batch=1") ? target.split("?")[0]?.split(",").length : undefined,
  };
}

/** Sends one request through the fuzzer's checks: the same rules, as a named regression. */
async function expectHandled(request: FuzzRequest) {
  const fuzzer = await Fuzzer.start(testServer(), { signIn: request.signedIn });
  await fuzzer.check(request);
}

describe("known hostile inputs", () => {
  const cookieValues = ["%E0%A4%A", "%", "%00"];
  for (const target of ["/api/auth/user", "/api/trpc/auth.user"]) {
    it.each(cookieValues)(`a malformed session cookie (%s) on GET ${target}`, async (value) => {
      const cookie = `${testServer().deps.sessions.cookieName}=${value}`;
      await expectHandled(hostileRequest("GET", target, { headers: { cookie } }));
    });
  }

  const takingEmail = procedures.filter((procedure) =>
    procedure.fields.some((field) => field.key === "email"),
  );
  it.each(takingEmail.map((procedure) => [procedure.path, procedure]))(
    "a NUL byte in the email, signed in: %s",
    async (_, procedure) => {
      // Every other field valid, so the email reaches the code past validation.
      const input = Object.fromEntries(
        procedure.fields.map((field) => [field.key, plausibleValue(field)]),
      );
      input.email = "fuzz.tester\u0000@example.com";
      const envelope = JSON.stringify({ json: input });
      const path = `/api/trpc/${procedure.path}`;
      const request =
        procedure.type === "mutation"
          ? hostileRequest("POST", path, { body: envelope })
          : hostileRequest("GET", `${path}?input=${encodeURIComponent(envelope)}`);
      await expectHandled({ ...request, signedIn: true });
    },
  );

  it("a 3 KB email on login", async () => {
    const body = JSON.stringify({ email: `${incompressible(3000)}@example.com`, password: "x" });
    await expectHandled(hostileRequest("POST", "/api/auth/login", { body }));
  });

  it.each([
    ["POST", "/api/trpc/auth.login%"],
    ["POST", "/api/trpc/auth.login%E0%A4%A"],
    ["GET", "/api/trpc/auth.user%E0%A4%A"],
  ])("a broken percent-encoding in a tRPC path: %s %s", async (method, target) => {
    const body =
      method === "POST" ? JSON.stringify({ json: { email: "a@b.co", password: "x" } }) : undefined;
    await expectHandled(hostileRequest(method, target, { body }));
  });

  it("a body over the size limit", async () => {
    const body = JSON.stringify({ padding: "a".repeat(OVERSIZED_BODY_BYTES + 500_000) });
    await expectHandled(hostileRequest("POST", "/api/auth/logout", { body }));
  });

  it("a tRPC batch of 60 calls", async () => {
    const names = Array.from({ length: 60 }, () => "auth.logout").join(",");
    const body = JSON.stringify(Object.fromEntries(Array.from({ length: 60 }, (_, i) => [i, {}])));
    await expectHandled(hostileRequest("POST", `/api/trpc/${names}?batch=1`, { body }));
  });

  const nonJsonTypes = [
    "text/plain",
    "application/x-www-form-urlencoded",
    "multipart/form-data; boundary=junk",
  ];
  for (const target of ["/api/auth/logout", "/api/trpc/auth.logout"]) {
    it.each(nonJsonTypes)(`a body of type %s on POST ${target}`, async (contentType) => {
      await expectHandled(
        hostileRequest("POST", target, { body: "{}", headers: { "content-type": contentType } }),
      );
    });
  }
});
