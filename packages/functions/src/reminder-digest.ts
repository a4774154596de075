/**
 * The scheduled job on Lambda (CronV2 "ReminderDigest" in sst.config.ts, every minute):
 * reminders that fell due by push and mail, push for changes, the 07:00 digests, the mail outbox, hourly upkeep
 * (core/reminders/run-scheduled-job.ts). The schedule's payload carries nothing the job needs:
 * EventBridge Scheduler sends the CronV2's `event` ({} by default), classic EventBridge rules a
 * "Scheduled Event"; either is accepted and only logged. Dependencies are built on the first
 * run and reused while the container stays warm.
 */
import {
  runScheduledJob,
  type ScheduledJobReport,
} from "@circleplan/core/reminders/run-scheduled-job";
import type { Context, ScheduledEvent } from "aws-lambda";
import { lambdaAppDeps } from "./lambda-deps";

/** Time kept back from Lambda's timeout so a run ends on its own, between batches. */
const MARGIN_MS = 30_000;

const ready = lambdaAppDeps();

export async function handler(
  event: Partial<ScheduledEvent> | undefined,
  context?: Pick<Context, "getRemainingTimeInMillis">,
): Promise<ScheduledJobReport> {
  const deps = await ready();
  const remaining = context?.getRemainingTimeInMillis?.();
  const report = await runScheduledJob(deps, {
    until: remaining === undefined ? undefined : Date.now() + Math.max(0, remaining - MARGIN_MS),
  });
  deps.log.info("reminder_digest.scheduled", { scheduledFor: event?.time ?? null });
  // A failed step is already logged; failing the invocation shows it in the function's errors.
  if (report.failed.length > 0) {
    throw new Error(`The scheduled job's ${report.failed.join(", ")} step(s) failed`);
  }
  return report;
}
