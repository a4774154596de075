/**
 * Placeholder for the scheduled reminder digest (CronV2 "ReminderDigest", every 5 minutes
 * in sst.config.ts). It only logs until the reminders issue implements the digest; the
 * schedule and the bundle exist now so that deployment and the build are exercised.
 */
export async function handler(): Promise<{ sent: number }> {
  console.log(
    JSON.stringify({ job: "reminder-digest", status: "placeholder", at: new Date().toISOString() }),
  );
  return { sent: 0 };
}
