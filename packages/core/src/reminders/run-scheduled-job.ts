/**
 * One run of the scheduled job (every minute on Lambda and in the local server, once with
 * `pnpm digest`; docs/decisions/011-reminders.md and 019):
 *
 * 1. hourly: series about to run out of written occurrences are written further;
 * 2. reminders that fell due since the last run are claimed and their mail queued;
 * 3. push goes out for every claimed reminder still waiting for it (this run's and any a
 *    crashed run left), and for changes queued in inboxes, coalesced per reader and actor
 *    (inbox/change-push.ts, docs/decisions/019);
 * 4. digests whose 07:00 fell since the last run are claimed and queued;
 * 5. the mail outbox is delivered;
 * 6. hourly: expired rows are swept.
 *
 * Each step stands alone: one that fails is logged and named in the report, and the others
 * still run. How far reminders and digests have run is kept in `scheduled_runs` and advanced
 * only by a run whose step succeeded, so a failed step's window is taken again by the next run.
 */
import { queryRows } from "@circleplan/db/client";
import { sql } from "drizzle-orm";
import type { CoreDeps } from "../deps";
import { type ChangePushReport, sendChangePushes } from "../inbox/change-push";
import type { FlushReport } from "../mail/mail-service";
import {
  type ClaimReport,
  claimDueReminders,
  type PushReport,
  sendPendingPushes,
} from "./deliver-reminders";
import { type DigestReport, digestWindow, sendDigests } from "./digest";
import { reminderWindow } from "./due-reminders";
import {
  HOUSEKEEPING_EVERY_MS,
  moveSeriesWindows,
  type SweepReport,
  sweepExpired,
} from "./housekeeping";

/** Rows of `scheduled_runs`. */
const JOBS = ["reminders", "digest", "housekeeping"] as const;
type Job = (typeof JOBS)[number];

/** With no deadline given, a run stops starting new push and mail batches after this long. */
export const DEFAULT_RUN_BUDGET_MS = 3 * 60 * 1000;
/** Mails in flight at once: raise with the SES account's sending rate. */
const MAIL_CONCURRENCY = 4;

export interface ScheduledJobOptions {
  /** Start no new batch of push or mail after this time (epoch ms, the process's clock). */
  until?: number | undefined;
}

export interface ScheduledJobReport {
  /** The run's "now" (the injected clock). */
  at: Date;
  reminders: (ClaimReport & { since: Date }) | null;
  push: PushReport | null;
  /** Push for changes (docs/decisions/019). */
  changes: ChangePushReport | null;
  digest: DigestReport | null;
  mail: FlushReport | null;
  /** Series written further (hourly). */
  series: number | null;
  /** Rows swept (hourly). */
  sweep: SweepReport | null;
  /** Steps that failed (logged as `scheduled.step_failed`). */
  failed: string[];
  /** Milliseconds per step. */
  ms: Record<string, number>;
}

export function runScheduledJob(
  deps: CoreDeps,
  options: ScheduledJobOptions = {},
): Promise<ScheduledJobReport> {
  // One unit of live sync: what the run's changes announce goes out once, as it ends.
  return deps.live.during(() => runSteps(deps, options));
}

async function runSteps(deps: CoreDeps, options: ScheduledJobOptions): Promise<ScheduledJobReport> {
  const now = deps.clock.now();
  const until = options.until ?? Date.now() + DEFAULT_RUN_BUDGET_MS;
  const report: ScheduledJobReport = {
    at: now,
    reminders: null,
    push: null,
    changes: null,
    digest: null,
    mail: null,
    series: null,
    sweep: null,
    failed: [],
    ms: {},
  };
  const advanced: Job[] = [];
  const step = async <T>(name: string, work: () => Promise<T>): Promise<T | null> => {
    const started = performance.now();
    try {
      return await work();
    } catch (error) {
      report.failed.push(name);
      deps.log.error("scheduled.step_failed", error, { step: name });
      return null;
    } finally {
      report.ms[name] = Math.round(performance.now() - started);
    }
  };

  const ran = await ranThrough(deps);
  const last = ran.get("housekeeping");
  const upkeep = !last || now.getTime() - last.getTime() >= HOUSEKEEPING_EVERY_MS;

  if (upkeep) report.series = await step("series", () => moveSeriesWindows(deps, now));

  const reminders = reminderWindow(ran.get("reminders") ?? null, now);
  const claimed = await step("reminders", () => claimDueReminders(deps, reminders));
  if (claimed) {
    report.reminders = { ...claimed, since: reminders.since };
    advanced.push("reminders");
  }
  report.push = await step("push", () => sendPendingPushes(deps, { until }));
  report.changes = await step("changes", () => sendChangePushes(deps, { until }));

  const digests = digestWindow(ran.get("digest") ?? null, now);
  report.digest = await step("digest", () => sendDigests(deps, digests));
  if (report.digest) advanced.push("digest");

  report.mail = await step("mail", () => deps.mail.flush({ until, concurrency: MAIL_CONCURRENCY }));

  if (upkeep) {
    report.sweep = await step("sweep", () => sweepExpired(deps, now));
    if (report.sweep && report.series !== null) advanced.push("housekeeping");
  }

  if (advanced.length > 0) await step("advance", () => advance(deps, advanced, now));
  const worked =
    (report.reminders?.claimed ?? 0) +
    (report.push?.sent ?? 0) +
    (report.changes?.sent ?? 0) +
    (report.digest?.sent ?? 0) +
    (report.mail?.sent ?? 0);
  // A line per run that did something (every minute of an idle local server says nothing).
  if (worked > 0 || report.failed.length > 0)
    deps.log.info("scheduled.finished", {
      reminders: report.reminders?.claimed,
      emails: report.reminders?.emails,
      pushes: report.push?.sent,
      changePushes: report.changes?.sent,
      digests: report.digest?.sent,
      mails: report.mail?.sent,
      failed: report.failed,
      ms: report.ms,
    });
  return report;
}

/** How far each step ran, by the clock of the run that got there. */
async function ranThrough(deps: Pick<CoreDeps, "db">): Promise<Map<Job, Date>> {
  const rows = await queryRows<{ job: Job; ran_through_ms: number }>(
    deps.db,
    sql`select job, (extract(epoch from ran_through) * 1000)::float8 as ran_through_ms
      from scheduled_runs where job in ('reminders', 'digest', 'housekeeping')`,
  );
  return new Map(rows.map((row) => [row.job, new Date(Math.round(row.ran_through_ms))]));
}

/** Moves the steps forward to `now`, never back (an overlapping run may have gone further). */
async function advance(deps: Pick<CoreDeps, "db">, jobs: Job[], now: Date): Promise<void> {
  const at = sql`${now.toISOString()}::timestamptz`;
  await deps.db.execute(sql`insert into scheduled_runs (job, ran_through, updated_at)
    select job, ${at}, ${at} from json_array_elements_text(${JSON.stringify(jobs)}::json) as j(job)
    on conflict (job) do update
    set ran_through = greatest(scheduled_runs.ran_through, excluded.ran_through),
        updated_at = excluded.updated_at`);
}
