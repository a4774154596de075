/**
 * Section 2b: can response time tell a known account from an unknown one? Each auth endpoint that
 * answers alike for both is called with a known and an unknown email, alternately, one request at
 * a time, and the medians are compared. A ratio far from 1 is an account-probing oracle even when
 * status and body are identical.
 *
 * The client is fetch in this process: with one request in flight it is idle while the server
 * works, and its own cost falls on both sides alike.
 */
import { buildRegistration, type RegistrationData } from "@circleplan/db/testing/factories";
import { faker } from "@faker-js/faker";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { mapPool } from "./map-pool";
import { median } from "./stats";
import { startTimingServer, type TimingServer } from "./timing-server";

export interface TimingOptions {
  /** Timed calls per side, after the warm-up. */
  samples: number;
  /** What each mail costs the server, as SES does. */
  mailDelayMs: number;
}

// Discarded calls per side: the first of each kind pays for JIT, prepared statements and rows
// (rate-limit counters) that later calls only update.
const WARMUP_CALLS = 3;
// A reset code dies after 5 wrong tries, and sign-in backs off after 5 failures per email and
// address (not configurable): 4 calls per email keeps every call on a live code, unthrottled.
const CALLS_PER_EMAIL = 4;
// Registration runs scrypt on libuv's 4-thread pool: more in flight only queues.
const SEED_CONCURRENCY = 8;
const RATIO_LOW = 0.8;
const RATIO_HIGH = 1.25;
const TARGET = `ratio ${RATIO_LOW.toFixed(2)}–${RATIO_HIGH.toFixed(2)}×`;
// Valid for the new-password rules, so both sides get past validation to the same place.
const NEW_PASSWORD = "Timing-probe 7! lantern quartz";

type Side = "known" | "unknown";

interface Pair {
  name: string;
  /** What the two sides are, for the table. */
  title: string;
  path: string;
  /** The request body of a side's call in `round` (0-based, warm-up included). */
  body: Record<Side, (round: number) => unknown>;
}

interface SideResult {
  samples: number[];
  statuses: Map<number, number>;
  /** Distinct "status body" answers: they must match across sides for timing to matter. */
  answers: Set<string>;
}

interface PairResult {
  pair: Pair;
  known: SideResult;
  unknown: SideResult;
  rateLimited: number;
}

interface ResetAccount {
  email: string;
  wrongCode: string;
}

function request(server: TimingServer, path: string, body: unknown) {
  return fetch(`${server.url}${path}`, {
    method: "POST",
    headers: { "content-type": "application/json", origin: server.appUrl },
    body: JSON.stringify(body),
  });
}

async function post(server: TimingServer, path: string, body: unknown): Promise<void> {
  const response = await request(server, path, body);
  const text = await response.text();
  if (!response.ok)
    throw new Error(`timing seed: POST ${path} answered ${response.status} ${text}`);
}

/** Registers an account and, unless `verify` is false, opens the link its mail carries. */
async function registerAccount(server: TimingServer, user: RegistrationData, verify: boolean) {
  await post(server, "/api/auth/register", user);
  if (!verify) return;
  const token = await server.mail.find(user.email, /verify-email\?token=([^\s"&<]+)/);
  await post(server, "/api/auth/verify-email", { token: decodeURIComponent(token) });
}

/** A live reset code for `email`, and a wrong code guaranteed to differ from it. */
async function resetAccount(server: TimingServer, email: string): Promise<ResetAccount> {
  await post(server, "/api/auth/forgot-password", { email });
  const code = await server.mail.find(email, /code\D{0,20}(\d{6})\b/);
  return { email, wrongCode: String((Number(code) + 1) % 1_000_000).padStart(6, "0") };
}

/** `perPool` verified accounts for sign-in, as many with a live reset code, one unverified. */
async function seedTiming(server: TimingServer, perPool: number) {
  // The same accounts on every run, so runs compare.
  faker.seed(20240602);
  const started = performance.now();
  const build = () => Array.from({ length: perPool }, () => buildRegistration());
  const [login, resets, unverified] = [build(), build(), buildRegistration()];
  await registerAccount(server, unverified, false);
  await mapPool(login, SEED_CONCURRENCY, (user) => registerAccount(server, user, true));
  const reset = await mapPool(resets, SEED_CONCURRENCY, async (user) => {
    await registerAccount(server, user, true);
    return resetAccount(server, user.email);
  });
  await server.settled();
  const seconds = ((performance.now() - started) / 1000).toFixed(1);
  console.log(
    `Seeded ${perPool} verified sign-in accounts, ${perPool} with a reset code and 1 unverified in ${seconds} s`,
  );
  return { login, unverified, reset };
}

function emptySide(): SideResult {
  return { samples: [], statuses: new Map(), answers: new Set() };
}

async function measurePair(server: TimingServer, pair: Pair, samples: number) {
  const result: PairResult = { pair, known: emptySide(), unknown: emptySide(), rateLimited: 0 };
  for (let round = 0; round < WARMUP_CALLS + samples; round++) {
    // The leading side alternates, so drift over the run (GC, growing tables) falls on both.
    const order: Side[] = round % 2 === 0 ? ["known", "unknown"] : ["unknown", "known"];
    for (const side of order) {
      const body = pair.body[side](round);
      // Mail still on its way from the previous call must not run during this one.
      await server.settled();
      const started = performance.now();
      const response = await request(server, pair.path, body);
      const text = await response.text();
      const elapsed = performance.now() - started;
      if (response.status === 429) {
        // A limiter's answer times the limiter, not the endpoint.
        result.rateLimited++;
        continue;
      }
      if (round < WARMUP_CALLS) continue;
      const kept = result[side];
      kept.samples.push(elapsed);
      kept.statuses.set(response.status, (kept.statuses.get(response.status) ?? 0) + 1);
      kept.answers.add(`${response.status} ${text}`);
    }
  }
  if (result.rateLimited > 0)
    console.warn(
      `warning: ${pair.name}: ${result.rateLimited} answers were 429 (rate limited); not counted as samples`,
    );
  return result;
}

/** Nearest rank, as stats.ts computes its percentiles. */
function percentile(samples: number[], p: number): number {
  const sorted = [...samples].sort((a, b) => a - b);
  return sorted[Math.min(sorted.length - 1, Math.ceil((p / 100) * sorted.length) - 1)] ?? 0;
}

// Two decimals: the target's edges (0.80, 1.25) are finer than format.ts's ratio().
const ratio2 = (value: number) => `${value.toFixed(2)}×`;
const bare = (value: number) => ms(value).replace(/ ms$/, "");
const statusCounts = (side: SideResult) =>
  [...side.statuses].map(([status, count]) => `${status}×${count}`).join(" ") || "none";
const NO_SAMPLES = "no samples (see warnings)";
/** "known / unknown ms (ratio)", or null when a side has nothing to take a median of. */
function medians({ known, unknown }: PairResult): string | null {
  if (known.samples.length === 0 || unknown.samples.length === 0) return null;
  const [k50, u50] = [median(known.samples), median(unknown.samples)];
  return `${bare(k50)} / ${ms(u50)} (${ratio2(k50 / u50)})`;
}
const sameAnswers = (result: PairResult) =>
  result.known.answers.size === result.unknown.answers.size &&
  [...result.known.answers].every((answer) => result.unknown.answers.has(answer));

export async function runTimingProbe(options: TimingOptions): Promise<SummaryRow[]> {
  heading(
    `2b. Account probing by timing (${options.samples} alternating samples per side, mail ${options.mailDelayMs} ms a message)`,
  );
  const server = await startTimingServer({ mailDelayMs: options.mailDelayMs });
  try {
    const data = await seedTiming(
      server,
      Math.ceil((WARMUP_CALLS + options.samples) / CALLS_PER_EMAIL),
    );
    // Each round calls each side once. Where per-email state builds up (sign-in backoff, a code's
    // wrong tries), both sides move to a fresh email every CALLS_PER_EMAIL rounds, so first-call
    // costs fall on both alike; elsewhere one email per side, whose rows then already exist.
    const slot = (round: number) => Math.floor(round / CALLS_PER_EMAIL);
    const nobody = (name: string, round = 0) => ({
      email: `nobody.timing-${name}-${slot(round)}@example.com`,
    });
    const main = data.login[0] as RegistrationData;
    const pairs: Pair[] = [
      {
        name: "login",
        title: "login: wrong password vs unknown email",
        path: "/api/auth/login",
        body: {
          known: (round) => {
            const account = data.login[slot(round)] as RegistrationData;
            return { email: account.email, password: `${account.password}x` };
          },
          unknown: (round) => ({ ...nobody("login", round), password: main.password }),
        },
      },
      {
        name: "forgot-password",
        title: "forgot-password: known vs unknown email",
        path: "/api/auth/forgot-password",
        body: { known: () => ({ email: main.email }), unknown: () => nobody("forgot") },
      },
      {
        name: "resend-verification",
        title: "resend-verification: unverified vs unknown email",
        path: "/api/auth/resend-verification",
        body: {
          known: () => ({ email: data.unverified.email }),
          unknown: () => nobody("resend"),
        },
      },
      {
        name: "reset-password",
        title: "reset-password: wrong code vs unknown email",
        path: "/api/auth/reset-password",
        body: {
          known: (round) => {
            const account = data.reset[slot(round)] as ResetAccount;
            return { email: account.email, otp: account.wrongCode, newPassword: NEW_PASSWORD };
          },
          unknown: (round) => ({
            ...nobody("reset", round),
            otp: "123456",
            newPassword: NEW_PASSWORD,
          }),
        },
      },
    ];

    const results: PairResult[] = [];
    for (const pair of pairs) {
      console.log(`${pair.title}: ${WARMUP_CALLS} warm-up + ${options.samples} calls per side…`);
      results.push(await measurePair(server, pair, options.samples));
    }

    printTable(
      [
        "pair (known vs unknown)",
        "median known / unknown (ratio)",
        "p90 known / unknown",
        "answers",
      ],
      results.map((result) => {
        const { known, unknown } = result;
        const p90 = `${bare(percentile(known.samples, 90))} / ${ms(percentile(unknown.samples, 90))}`;
        return [
          result.pair.title,
          medians(result) ?? NO_SAMPLES,
          medians(result) ? p90 : "",
          `${statusCounts(known)} / ${statusCounts(unknown)}`,
        ];
      }),
    );
    console.log(
      `Wall time per request from fetch to the end of the body; ratio = known ÷ unknown, target ${RATIO_LOW.toFixed(2)}–${RATIO_HIGH.toFixed(2)}.`,
    );
    for (const result of results)
      if (!sameAnswers(result))
        console.warn(
          `warning: ${result.pair.name}: the answers differ between the sides (status or body), an oracle without any timing`,
        );

    return results.map((result) => {
      const figure = `timing: ${result.pair.name} known/unknown median`;
      const value = medians(result);
      if (!value) return { figure, value: NO_SAMPLES, target: TARGET, verdict: "" };
      const quotient = median(result.known.samples) / median(result.unknown.samples);
      const notes = `${result.rateLimited ? ` (${result.rateLimited}× 429)` : ""}${sameAnswers(result) ? "" : " (answers differ)"}`;
      return {
        figure,
        value: value + notes,
        target: TARGET,
        verdict: verdict(quotient >= RATIO_LOW && quotient <= RATIO_HIGH),
      };
    });
  } finally {
    await server.close();
  }
}
