/** Which days the reminder system keeps loaded: pure, for the shell's first JS and the tests. */

const DAY_MS = 24 * 60 * 60_000;

/**
 * The days whose plans the app keeps loaded for its reminders: every start from a day ago (the
 * records' lifetime: snoozed and unanswered reminders) to a week ahead plus the window (the
 * longest reminder is "1 week before"). The server reads days in the user's zone, which lies
 * within a day of UTC's, so a day of margin on each side covers every zone without knowing it.
 */
export function reminderRange(now: number): { from: string; to: string } {
  const utcDay = (instant: number) => new Date(instant).toISOString().slice(0, 10);
  return { from: utcDay(now - 2 * DAY_MS), to: utcDay(now + 9 * DAY_MS) };
}
