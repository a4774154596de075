/**
 * Section `digest`: one run of the scheduled job (core/reminders/run-scheduled-job.ts) on a large
 * installation: 100,000 users, 125,000 circles, 1,000,000 plans (10,000 of them weekly series
 * with 78 occurrences each) and 30,000 push devices, seeded with set-based SQL (INSERT … SELECT
 * over generate_series, a few statements in all) rather than the factories. The data is laid out
 * around one instant so that 10,000 reminders (creator and assignee counted apart) fall due in the
 * run's five minutes, spread over every reminder offset from 1 minute to 1 week, and so that
 * 07:00 in New York falls in it too (the digests of the users there who asked for one).
 *
 * The run is timed end to end, with the statements it sent (drizzle's query logger), the time of
 * each step, and what it did; then an idle run five minutes later. Push goes to an in-process
 * service answering after 20 ms; mail to a transport answering at once, so the outbox's own
 * bookkeeping (a claim per batch, an update per message) is in the time.
 */
import { mkdtemp, rm } from "node:fs/promises";
import { tmpdir } from "node:os";
import path from "node:path";
import { createAppDeps } from "@circleplan/api/deps";
import { manualClock } from "@circleplan/core/clock";
import { loadConfig } from "@circleplan/core/env";
import { createLogger } from "@circleplan/core/log";
import { REMINDER_OFFSETS } from "@circleplan/core/reminders/due-reminders";
import {
  runScheduledJob,
  type ScheduledJobReport,
} from "@circleplan/core/reminders/run-scheduled-job";
import { recordingPush } from "@circleplan/core/reminders/testing/recording-push";
import { countStatements } from "@circleplan/core/reminders/testing/statement-count";
import { createLocalStorage } from "@circleplan/core/storage/local-storage";
import { type Executor, queryRows } from "@circleplan/db/client";
import { sql } from "drizzle-orm";
import { heading, ms, printTable, type SummaryRow, verdict } from "./format";
import { openPlansStore, type PlansStoreOptions } from "./plans-store";

/** The issue's target for one run with 10,000 reminders due. */
const RUN_TARGET_MS = 60_000;
const USERS = 100_000;
const FAMILIES = USERS / 4;
const PLANS = 1_000_000;
const SERIES = 10_000;
const SERIES_WEEKS = 78;
/**
 * Plans due in the run: 3,000 accepted tasks (creator and assignee) and 4,000 events = 10,000
 * reminders.
 */
const DUE_TASKS = 3_000;
const DUE_EVENTS = 4_000;
const PUSH_DELAY_MS = 20;

/** The run's "now": a winter Wednesday at 12:03 UTC, when it is 07:03 in New York (EST). */
const NOW = new Date("2026-01-14T12:03:00Z");
/** Where the previous run got to: the run covers (11:58, 12:03]. */
const SINCE = new Date("2026-01-14T11:58:00Z");

/** Users' zones, by user id; New York's 07:00 falls in the run. */
const ZONES = [
  "UTC",
  "Europe/London",
  "Europe/Berlin",
  "Europe/Athens",
  "Europe/Moscow",
  "Asia/Dubai",
  "Asia/Kolkata",
  "Asia/Dhaka",
  "Asia/Bangkok",
  "Asia/Shanghai",
  "Asia/Tokyo",
  "Australia/Sydney",
  "Pacific/Auckland",
  "Pacific/Honolulu",
  "America/Anchorage",
  "America/Los_Angeles",
  "America/Denver",
  "America/Chicago",
  "America/New_York",
  "America/Halifax",
  "America/Sao_Paulo",
  "Atlantic/Azores",
  "Africa/Lagos",
  "Africa/Nairobi",
];

export interface DigestBenchOptions extends PlansStoreOptions {}

export async function runDigestBench(options: DigestBenchOptions): Promise<SummaryRow[]> {
  const store = await openPlansStore(options);
  const objects = await mkdtemp(path.join(tmpdir(), "circleplan-bench-digest-"));
  try {
    heading(`Digest: one run of the scheduled job with 10,000 reminders due (${store.label})`);
    const seeded = performance.now();
    const counts = await seed(store.handle.db);
    console.log(
      `Seeded ${counts.users.toLocaleString("en-US")} users, ${counts.plans.toLocaleString("en-US")} plans, ${counts.occurrences.toLocaleString("en-US")} occurrences, ${counts.devices.toLocaleString("en-US")} push devices in ${((performance.now() - seeded) / 1000).toFixed(1)} s`,
    );

    const clock = manualClock(NOW);
    const push = recordingPush({ delayMs: PUSH_DELAY_MS });
    const deps = await createAppDeps(
      loadConfig({
        APP_URL: "https://plan.example.test",
        MAIL_TRANSPORT: "ses",
        DATA_DIR: objects,
      }),
      {
        db: store.handle,
        clock,
        push,
        transport: { send: async () => {} },
        storage: createLocalStorage(objects),
        secretKey: "bench-secret-bench-secret-bench-secret-0123",
        // Only failures: a line per run would say what the tables below say.
        log: createLogger((line) => {
          if (line.includes('"level":"error"')) console.error(line);
        }),
      },
    );
    try {
      const busy = await timedRun(store.handle.db, () =>
        runScheduledJob(deps, { until: Date.now() + 10 * 60_000 }),
      );
      clock.advance(5 * 60_000);
      const idle = await timedRun(store.handle.db, () => runScheduledJob(deps));
      const [left] = await queryRows<{ mails: number; pushes: number }>(
        store.handle.db,
        sql`select (select count(*)::int from mail_outbox where status = 'pending') as mails,
          (select count(*)::int from reminder_deliveries where push_status = 'pending') as pushes`,
      );

      printTable(
        [
          "run",
          "time",
          "statements",
          "reminders",
          "mails queued",
          "pushes sent",
          "digests",
          "mails sent",
        ],
        [runRow("10,000 due", busy), runRow("idle, 5 min later", idle)],
      );
      printTable(
        ["step", "busy run", "idle run"],
        Object.keys(busy.report.ms).map((step) => [
          step,
          ms(busy.report.ms[step] ?? 0),
          idle.report.ms[step] === undefined ? "-" : ms(idle.report.ms[step] ?? 0),
        ]),
      );
      printTable(
        ["statement (start of its text)", "busy run"],
        busy.kinds.slice(0, 8).map(([kind, count]) => [kind, String(count)]),
      );
      const digest = busy.report.digest;
      console.log(
        `Digests: ${digest?.zones ?? 0} zone(s) at 07:00, ${digest?.users ?? 0} users asked for one, ${digest?.sent ?? 0} sent, ${digest?.empty ?? 0} with nothing to tell. ` +
          `Left for a later run: ${left?.mails ?? 0} mails, ${left?.pushes ?? 0} pushes. Push answered in ${PUSH_DELAY_MS} ms; mail at once.`,
      );
      if (busy.report.failed.length > 0)
        console.log(`Failed steps: ${busy.report.failed.join(", ")}`);
      return [
        {
          figure: `digest: one run, ${busy.report.reminders?.claimed.toLocaleString("en-US") ?? 0} reminders due (${store.label})`,
          value: ms(busy.ms),
          target: `≤ ${RUN_TARGET_MS / 1000} s`,
          verdict: verdict(busy.ms <= RUN_TARGET_MS && busy.report.failed.length === 0),
        },
        {
          figure: `digest: statements that run issued (${store.label})`,
          value: String(busy.statements),
          target: "",
          verdict: "",
        },
      ];
    } finally {
      await deps.close();
    }
  } finally {
    await store.close();
    await rm(objects, { recursive: true, force: true });
  }
}

async function timedRun(
  db: Parameters<typeof countStatements>[0],
  run: () => Promise<ScheduledJobReport>,
) {
  const counter = countStatements(db, { keep: true });
  const started = performance.now();
  try {
    const report = await run();
    return {
      report,
      ms: performance.now() - started,
      statements: counter.count,
      kinds: statementKinds(counter.statements),
    };
  } finally {
    counter.stop();
  }
}

/** Statements by what they do (their first words), the most frequent first. */
function statementKinds(statements: string[]): [string, number][] {
  const kinds = new Map<string, number>();
  for (const statement of statements) {
    const kind = statement.replace(/\s+/g, " ").trim().slice(0, 60);
    kinds.set(kind, (kinds.get(kind) ?? 0) + 1);
  }
  return [...kinds].sort((a, b) => b[1] - a[1]);
}

function runRow(name: string, run: Awaited<ReturnType<typeof timedRun>>): string[] {
  const { report } = run;
  return [
    name,
    ms(run.ms),
    String(run.statements),
    (report.reminders?.claimed ?? 0).toLocaleString("en-US"),
    (report.reminders?.emails ?? 0).toLocaleString("en-US"),
    (report.push?.sent ?? 0).toLocaleString("en-US"),
    String(report.digest?.sent ?? 0),
    (report.mail?.sent ?? 0).toLocaleString("en-US"),
  ];
}

/**
 * The installation, in set-based statements. Ids are given (a fresh database), so circles and
 * plans can name their members without reading anything back:
 * - user u (1…100,000) lives in ZONES[(u − 1) mod 24]; one in five asked for the digest; three in
 *   ten have a push device;
 * - circle u is user u's personal circle; circle 100,000 + f + 1 is family f, whose members are
 *   users 4f + 1 … 4f + 4 (the first its creator);
 * - background plans start anywhere in the 180 days either side of NOW, with the default
 *   reminders; one in ten is a task for another member of the family, one in twenty all-day;
 * - 10,000 weekly series, started up to 180 days ago, written 78 weeks ahead;
 * - the due plans: 3,000 pending tasks and 4,000 events of 7,000 families, one offset each, whose
 *   reminders fall due between 11:58 and 12:03.
 */
export async function seed(db: Executor) {
  // Secondary indexes are built once at the end rather than row by row: several times faster.
  const indexes = await queryRows<{ name: string; definition: string }>(
    db,
    sql`select indexname as name, indexdef as definition from pg_indexes
      where schemaname = 'public'
        and tablename in ('users', 'circles', 'circle_members', 'plans', 'plan_occurrences', 'push_subscriptions')
        and indexname not in (select conname from pg_constraint)`,
  );
  for (const index of indexes) await db.execute(sql`drop index ${sql.identifier(index.name)}`);
  const now = sql`${NOW.toISOString()}::timestamptz`;
  const zones = sql`${JSON.stringify(ZONES)}::jsonb`;
  const zoneOfUser = (user: string) =>
    sql`(${zones} ->> ((${sql.raw(user)} - 1) % ${ZONES.length})::int)`;
  const background = PLANS - SERIES - DUE_TASKS - DUE_EVENTS;

  await db.execute(sql`insert into users
      (id, email, password_hash, first_name, last_name, username, gender, country, city,
       phone_number, time_zone, email_verified_at, digest_email)
    overriding system value
    select u, 'user' || u || '@bench.test', 'not-a-hash', 'User', 'Number ' || u, 'user' || u,
           'female', 'US', 'Springfield', '+1 555 0100', ${zoneOfUser("u")}, ${now} - interval '30 days',
           u % 5 = 0
    from generate_series(1, ${USERS}) as u`);
  await db.execute(sql`insert into circles (id, name, type, color, creator_id)
    overriding system value
    select u, 'Personal', 'personal', '#8B5CF6', u from generate_series(1, ${USERS}) as u
    union all
    select ${USERS} + f + 1, 'Family ' || f, 'family', '#10B981', 4 * f + 1
    from generate_series(0, ${FAMILIES - 1}) as f`);
  await db.execute(sql`insert into circle_members (circle_id, user_id, role)
    select u, u, 'admin' from generate_series(1, ${USERS}) as u
    union all
    select ${USERS} + (u - 1) / 4 + 1, u, case when (u - 1) % 4 = 0 then 'admin' else 'member' end
    from generate_series(1, ${USERS}) as u`);
  await db.execute(sql`insert into push_subscriptions (user_id, endpoint, p256dh, auth)
    select u, 'https://push.bench.test/' || u, 'p256dh-key', 'auth-secret'
    from generate_series(1, ${USERS}) as u where u % 10 < 3`);

  // Background one-off plans: a third in the creator's personal circle.
  await db.execute(sql`insert into plans
      (id, circle_id, creator_id, type, title, all_day, starts_at, start_date, time_zone,
       assigned_to, assignment_accepted, reminder_times)
    overriding system value
    select i,
           case when i % 3 = 2 then creator else ${USERS} + f + 1 end,
           creator,
           case when i % 10 = 0 and i % 3 <> 2 then 'task' else 'event' end,
           'Plan ' || i,
           i % 20 = 1,
           case when i % 20 = 1 then null else start end,
           case when i % 20 = 1 then (start at time zone 'UTC')::date end,
           ${zoneOfUser("creator")},
           case when i % 10 = 0 and i % 3 <> 2 then 4 * f + 1 + (i + 1) % 4 end,
           case when i % 10 = 0 and i % 3 <> 2 and i % 20 <> 0 then true end,
           '["2 hours before", "24 hours before"]'::jsonb
    from (
      select i, i % ${FAMILIES} as f, 4 * (i % ${FAMILIES}) + 1 + i % 4 as creator,
             ${now} + make_interval(mins => ((i::bigint * 7919) % 518400)::int - 259200) as start
      from generate_series(1, ${background}) as i
    ) as p`);
  await db.execute(sql`insert into plan_occurrences (plan_id, circle_id, starts_at, start_date)
    select id, circle_id, starts_at, start_date from plans where id <= ${background}`);

  // Weekly series, written 78 weeks ahead (occurrences a week apart in UTC: close enough here).
  await db.execute(sql`insert into plans
      (id, circle_id, creator_id, type, title, starts_at, time_zone, reminder_times, recurrence,
       expanded_until)
    overriding system value
    select ${background} + j, ${USERS} + f + 1, 4 * f + 1, 'event', 'Series ' || j, start, zone,
           '["1 hour before"]'::jsonb,
           jsonb_build_object('type', 'weekly', 'interval', 1, 'weekdaysOnly', false,
             'daysOfWeek', jsonb_build_array(lower(trim(to_char(start at time zone zone, 'Day')))),
             'monthlyBy', null, 'weekOfMonth', null, 'count', null, 'until', null),
           start + interval '${sql.raw(String(SERIES_WEEKS))} weeks'
    from (
      select j, j % ${FAMILIES} as f, ${zoneOfUser(`4 * (j % ${FAMILIES}) + 1`)} as zone,
             date_trunc('minute', ${now} - make_interval(days => j % 180, mins => (j * 37) % 1440)) as start
      from generate_series(1, ${SERIES}) as j
    ) as s`);
  await db.execute(sql`insert into plan_occurrences (plan_id, circle_id, original_start, starts_at)
    select p.id, p.circle_id, p.starts_at + make_interval(days => 7 * w),
           p.starts_at + make_interval(days => 7 * w)
    from plans p cross join generate_series(0, ${SERIES_WEEKS - 1}) as w
    where p.id > ${background} and p.id <= ${background + SERIES}`);

  // The due plans: one reminder offset each, starting so that it falls due in (SINCE, NOW].
  const phrases = JSON.stringify(REMINDER_OFFSETS);
  await db.execute(sql`insert into plans
      (id, circle_id, creator_id, type, title, starts_at, time_zone, assigned_to,
       assignment_accepted, reminder_times)
    overriding system value
    select ${background + SERIES} + j + 1, ${USERS} + j + 1, 4 * j + 1,
           case when j < ${DUE_TASKS} then 'task' else 'event' end,
           'Due ' || j,
           ${now} + make_interval(mins => ph.minutes) - make_interval(secs => j % 300),
           ${zoneOfUser("4 * j + 1")},
           case when j < ${DUE_TASKS} then 4 * j + 2 end,
           -- Accepted: an assignee is reminded only then.
           case when j < ${DUE_TASKS} then true end,
           jsonb_build_array(ph.phrase)
    from generate_series(0, ${DUE_TASKS + DUE_EVENTS - 1}) as j
    join (select row_number() over () - 1 as n, * from json_to_recordset(${phrases}::json)
            as x(phrase text, minutes int)) as ph
      on ph.n = j % ${REMINDER_OFFSETS.length}`);
  await db.execute(sql`insert into plan_occurrences (plan_id, circle_id, starts_at)
    select id, circle_id, starts_at from plans where id > ${background + SERIES}`);

  for (const table of ["users", "circles", "plans", "plan_occurrences", "push_subscriptions"]) {
    await db.execute(
      sql`select setval(pg_get_serial_sequence(${table}, 'id'), (select max(id) from ${sql.identifier(table)}))`,
    );
  }
  for (const index of indexes) await db.execute(sql.raw(index.definition));
  await db.execute(sql`insert into scheduled_runs (job, ran_through)
    values ('reminders', ${SINCE.toISOString()}::timestamptz), ('digest', ${SINCE.toISOString()}::timestamptz)`);
  await db.execute(sql`analyze`);

  const [counts] = await queryRows<{
    users: number;
    plans: number;
    occurrences: number;
    devices: number;
  }>(
    db,
    sql`select (select count(*)::int from users) as users, (select count(*)::int from plans) as plans,
      (select count(*)::int from plan_occurrences) as occurrences,
      (select count(*)::int from push_subscriptions) as devices`,
  );
  return counts as NonNullable<typeof counts>;
}
