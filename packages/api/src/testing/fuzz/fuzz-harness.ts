/**
 * Runs fuzzed requests against a test server: sends each one, checks the answer, and checks that
 * a refused request stored nothing. Seeded from FUZZ_SEED, sized by FUZZ_RUNS.
 */
import { request as httpRequest } from "node:http";
import { type Db, queryRows } from "@circleplan/db/client";
import { loginThrottles, users } from "@circleplan/db/schema";
import {
  createCircle,
  createInvitation,
  createPlan,
  createUser,
  seriesRule,
} from "@circleplan/db/testing/factories";
import { eq, like, sql } from "drizzle-orm";
import fc from "fast-check";
import { expect } from "vitest";
import type { TestServer } from "../test-server";
import { answerProblems, type FuzzAnswer } from "./answer-checks";
import { describeRequest, type FuzzRequest, SESSION_PLACEHOLDER, truncate } from "./fuzz-requests";
import { KNOWN_ACCOUNT } from "./hostile-values";

/**
 * Every run draws a new seed (printed by the fuzz file, and by fast-check with any failure),
 * so the suite searches new ground each time at a small budget; FUZZ_SEED replays a run and
 * FUZZ_RUNS widens it for a long hunt (e.g. FUZZ_RUNS=2000).
 */
const DEFAULT_RUNS = 60;
/** An answer slower than this is a failure too: the fuzzer found a way to stall the server. */
const ANSWER_TIMEOUT_MS = 15_000;

export const fuzzSeed = process.env.FUZZ_SEED
  ? Number(process.env.FUZZ_SEED)
  : Math.floor(Math.random() * 2 ** 31);
export const fuzzRuns = Number(process.env.FUZZ_RUNS ?? DEFAULT_RUNS);

/** Counted across the file, for the closing line. */
export const fuzzStats = { requests: 0, startedAt: Date.now() };

/** Runs and shrinking stop here, well before the test's own timeout, and report what they have. */
export const FUZZ_TIME_LIMIT_MS = 150_000;

/** fast-check settings for a property; `share` scales runs for properties with heavy requests. */
export function fuzzParameters(share = 1): fc.Parameters<[FuzzRequest]> {
  return {
    seed: fuzzSeed,
    numRuns: Math.max(1, Math.round(fuzzRuns * share)),
    verbose: fc.VerbosityLevel.Verbose,
    interruptAfterTimeLimit: FUZZ_TIME_LIMIT_MS,
    markInterruptAsFailure: true,
  };
}

/** The known account, signed in; signs in again when a fuzzed request ended its session. */
export class SignedInAccount {
  private sessionId = "";
  private maybeSignedOut = true;
  private knownHash: string | undefined;

  private constructor(private readonly server: TestServer) {}

  static async create(server: TestServer): Promise<SignedInAccount> {
    await registerKnownAccount(server);
    const account = new SignedInAccount(server);
    await account.ensureSignedIn();
    return account;
  }

  get cookieName(): string {
    return this.server.deps.sessions.cookieName;
  }

  get session(): string {
    return this.sessionId;
  }

  async ensureSignedIn(): Promise<void> {
    if (!this.maybeSignedOut) return;
    const probe = await sendHttp(`${this.server.url}/api/auth/user`, {
      method: "GET",
      headers: { cookie: `${this.cookieName}=${this.sessionId}` },
    });
    if (probe.status !== 200) {
      // A fuzzed account deletion can succeed (the known password is a plausible value): the
      // account comes back, registered and seeded as at the start.
      const [known] = await this.server.db.db
        .select({ id: users.id })
        .from(users)
        .where(eq(users.email, KNOWN_ACCOUNT.email));
      if (!known) await registerKnownAccount(this.server);
      // A fuzzed password change can succeed (a hostile string may meet the policy, and the
      // current session survives it): put the known password back before signing in.
      this.knownHash ??= await this.server.deps.passwords.hash(KNOWN_ACCOUNT.password);
      await this.server.db.db
        .update(users)
        .set({ passwordHash: this.knownHash })
        .where(eq(users.email, KNOWN_ACCOUNT.email));
      // Fuzzed wrong passwords (sign-in, account deletion) may have put it in backoff.
      await this.server.db.db
        .delete(loginThrottles)
        .where(like(loginThrottles.key, `${KNOWN_ACCOUNT.email}|%`));
      const client = this.server.client();
      const login = await client.post("/api/auth/login", {
        email: KNOWN_ACCOUNT.email,
        password: KNOWN_ACCOUNT.password,
      });
      expect(login.status, "the fuzzer's account signs in again").toBe(200);
      this.sessionId = client.cookies.get(this.cookieName) ?? "";
    }
    this.maybeSignedOut = false;
  }

  /** A Set-Cookie for the session means it may have ended (logout) or been replaced (login). */
  observe(setCookies: string[]): void {
    if (setCookies.some((cookie) => cookie.startsWith(`${this.cookieName}=`)))
      this.maybeSignedOut = true;
  }
}

/** Signs the known account up, verifies it, and seeds the circles around it. */
async function registerKnownAccount(server: TestServer): Promise<void> {
  const client = server.client();
  const registered = await client.post("/api/auth/register", KNOWN_ACCOUNT);
  expect(registered.status).toBe(201);
  const verified = await client.post("/api/auth/verify-email", {
    token: registered.body.dev_verification_token,
  });
  expect(verified.status).toBe(200);
  await seedCircles(server, (registered.body as { user: { id: number } }).user.id);
}

/**
 * Circles around the known account, so fuzzed ids (hostile-values.ts: small integers) reach real
 * rows in every role: its personal circle (1), another user's personal circle (2), a family circle
 * it created with that user as a member (3), a circle it is a plain member of (4), pending
 * invitations to it and from it, and plans in the family circle (its own, a task given to it,
 * a weekly series).
 */
async function seedCircles(server: TestServer, knownUserId: number): Promise<void> {
  const { user: other } = await createUser(server.deps);
  const family = await createCircle(server.deps, {
    creatorId: knownUserId,
    members: [other.id],
    type: "family",
  });
  await createCircle(server.deps, {
    creatorId: other.id,
    members: [knownUserId],
    type: "custom",
  });
  await createInvitation(server.deps, {
    circleId: family.id,
    email: "someone.else@example.com",
    inviterId: knownUserId,
  });
  // Plans: one of its own, a task it was given, and a weekly series (plan ids 1, 2, 3).
  await createPlan(server.deps, { circleId: family.id, creatorId: knownUserId });
  await createPlan(server.deps, {
    circleId: family.id,
    creatorId: other.id,
    assignedTo: knownUserId,
  });
  await createPlan(server.deps, {
    circleId: family.id,
    creatorId: knownUserId,
    recurrence: seriesRule(),
  });
  const { user: third } = await createUser(server.deps);
  const thirdCircle = await createCircle(server.deps, { creatorId: third.id, type: "work" });
  await createInvitation(server.deps, {
    circleId: thirdCircle.id,
    email: KNOWN_ACCOUNT.email,
    inviterId: third.id,
  });
}

/**
 * Row count and checksum of every public table but the ones refusals write on purpose (rate
 * limits), leaving out counters of failed attempts for the same reason.
 */
async function fingerprintQuery(db: Db): Promise<ReturnType<typeof sql.raw> | null> {
  const tables = await queryRows<{ tablename: string }>(
    db,
    sql`SELECT tablename FROM pg_tables WHERE schemaname = 'public' ORDER BY tablename`,
  );
  const counters = await queryRows<{ column_name: string }>(
    db,
    sql`SELECT DISTINCT column_name FROM information_schema.columns
        WHERE table_schema = 'public' AND column_name LIKE '%attempt%'`,
  );
  const skippedColumns = counters.map((row) => `'${row.column_name.replace(/'/g, "''")}'`);
  const watched = tables
    .map((row) => row.tablename)
    .filter((name) => !/rate_limit|throttle/.test(name));
  if (!watched.length) return null;
  const perTable = watched.map(
    (name) => `SELECT '${name.replace(/'/g, "''")}' AS name, count(*)::int AS rows,
       md5(coalesce(string_agg(r::text, '|' ORDER BY r::text), '')) AS checksum
       FROM (SELECT to_jsonb(t) - ARRAY[${skippedColumns.join(", ")}]::text[] AS r
             FROM "${name.replace(/"/g, '""')}" t) AS table_rows`,
  );
  return sql.raw(perTable.join("\nUNION ALL\n"));
}

export type Fingerprint = Map<string, string>;

export async function databaseFingerprinter(db: Db): Promise<() => Promise<Fingerprint>> {
  const query = await fingerprintQuery(db);
  return async () => {
    if (!query) return new Map();
    const rows = await queryRows<{ name: string; rows: number; checksum: string }>(db, query);
    return new Map(rows.map((row) => [row.name, `${row.rows} rows, md5 ${row.checksum}`]));
  };
}

function fingerprintChanges(before: Fingerprint, after: Fingerprint): string[] {
  return [...after]
    .filter(([table, state]) => before.get(table) !== state)
    .map(
      ([table, state]) =>
        `a refused request changed table ${table}: ${before.get(table)} → ${state}`,
    );
}

interface HttpAnswer extends FuzzAnswer {
  setCookies: string[];
}

/**
 * One request on a connection of its own, as bytes: fetch would reuse a keep-alive socket that
 * the server closes after refusing a large body, and blame the next request for it.
 */
function sendHttp(
  url: string,
  init: { method: string; headers: Record<string, string>; body?: Uint8Array },
): Promise<HttpAnswer> {
  // Framed as fetch frames it; Node leaves a DELETE's body unframed and the server misreads it.
  const headers = { ...init.headers };
  if (init.body) headers["content-length"] = String(init.body.length);
  else if (["POST", "PUT", "PATCH"].includes(init.method)) headers["content-length"] = "0";
  return new Promise((resolve, reject) => {
    const outgoing = httpRequest(
      new URL(url),
      { method: init.method, headers, agent: false, timeout: ANSWER_TIMEOUT_MS },
      (incoming) => {
        const chunks: Buffer[] = [];
        incoming.on("data", (chunk: Buffer) => chunks.push(chunk));
        incoming.on("error", reject);
        incoming.on("end", () => {
          const setCookie = incoming.headers["set-cookie"] ?? [];
          resolve({
            status: incoming.statusCode ?? 0,
            contentType: incoming.headers["content-type"] ?? "",
            text: Buffer.concat(chunks).toString("utf8"),
            setCookies: setCookie,
          });
        });
      },
    );
    outgoing.on("timeout", () =>
      outgoing.destroy(new Error(`no answer within ${ANSWER_TIMEOUT_MS} ms`)),
    );
    outgoing.on("error", reject);
    outgoing.end(init.body);
  });
}

async function send(
  baseUrl: string,
  request: FuzzRequest,
  session: { name: string; value: string },
): Promise<HttpAnswer> {
  const headers = { ...request.headers };
  if (headers.cookie !== undefined) {
    headers.cookie = headers.cookie.replaceAll(SESSION_PLACEHOLDER, session.value);
  } else if (request.signedIn && session.value) {
    headers.cookie = `${session.name}=${session.value}`;
  }
  fuzzStats.requests += 1;
  return sendHttp(`${baseUrl}${request.target}`, {
    method: request.method,
    headers,
    body: request.body,
  });
}

/** The server's error log lines written since `from`, one line each, for the failure message. */
function errorLogsSince(server: TestServer, from: number): string[] {
  return server.logs
    .slice(from)
    .filter((line) => line.level === "error")
    .map((line) => {
      const error = (line.error ?? {}) as { name?: unknown; message?: unknown };
      return truncate(
        `${String(line.event)}: ${String(error.name)}: ${String(error.message)}`,
        300,
      );
    });
}

const prototypeShape = () => Object.getOwnPropertyNames(Object.prototype).sort().join();

/** Sends fuzzed requests one at a time and turns every broken rule into a readable failure. */
export class Fuzzer {
  private readonly cleanPrototype = prototypeShape();

  private constructor(
    private readonly server: TestServer,
    private readonly account: SignedInAccount | null,
    private readonly fingerprint: () => Promise<Fingerprint>,
  ) {}

  /** With `signIn: false` no account exists: for single requests that need no session. */
  static async start(server: TestServer, { signIn = true } = {}): Promise<Fuzzer> {
    const account = signIn ? await SignedInAccount.create(server) : null;
    return new Fuzzer(server, account, await databaseFingerprinter(server.db.db));
  }

  get context() {
    return {
      appOrigin: new URL(this.server.url).origin,
      cookieName: this.server.deps.sessions.cookieName,
    };
  }

  async run(requests: fc.Arbitrary<FuzzRequest>, parameters = fuzzParameters()): Promise<void> {
    await fc.assert(
      fc.asyncProperty(requests, (request) => this.check(request)),
      parameters,
    );
  }

  private sessionCookie() {
    return { name: this.context.cookieName, value: this.account?.session ?? "" };
  }

  async check(request: FuzzRequest): Promise<void> {
    await this.account?.ensureSignedIn();
    const before = await this.fingerprint();
    const logsBefore = this.server.logs.length;
    let answer: FuzzAnswer = { status: 0, contentType: "", text: "" };
    const problems: string[] = [];
    try {
      const sent = await send(this.server.url, request, this.sessionCookie());
      answer = sent;
      this.account?.observe(sent.setCookies);
    } catch (error) {
      problems.push(`no answer: ${error instanceof Error ? error.message : String(error)}`);
    }
    if (answer.status) problems.push(...answerProblems(request, answer, this.context.appOrigin));
    if (answer.status >= 400)
      problems.push(...fingerprintChanges(before, await this.fingerprint()));
    if (prototypeShape() !== this.cleanPrototype) problems.push("Object.prototype was polluted");
    if (problems.length) {
      throw new Error(
        failureReport(request, answer, problems, errorLogsSince(this.server, logsBefore)),
      );
    }
  }
}

function failureReport(
  request: FuzzRequest,
  answer: FuzzAnswer,
  problems: string[],
  serverLogs: string[],
): string {
  return [
    ...problems.map((problem) => `✗ ${problem}`),
    `request (${SESSION_PLACEHOLDER} is the signed-in session id):`,
    describeRequest(request),
    `answer: ${answer.status} ${answer.contentType}`,
    `  ${truncate(answer.text, 600)}`,
    ...(serverLogs.length ? ["server logged:", ...serverLogs.map((line) => `  ${line}`)] : []),
  ].join("\n");
}
