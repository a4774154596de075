/** The plan screens' sentences, word for word from the plans spec (section 2). */
import { monthDay } from "../../lib/days";

/** The dashboard's summary of a day. */
export function daySummary(count: number, day: string, today: string): string {
  const when = day === today ? "today" : monthDay(day);
  if (count === 0) {
    return `Your schedule is clear for ${when}. Perfect time to plan something new!`;
  }
  return `You have ${count} ${count === 1 ? "event" : "events"} planned for ${when}.`;
}

/** "3 plans" next to a day's heading. */
export function planCount(count: number): string {
  return count === 1 ? "1 plan" : `${count} plans`;
}
