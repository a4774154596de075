/**
 * The voice time rules of plans spec section 5. With no time said, a keyword sets it
 * (breakfast or morning 08:00, lunch 12:00, dinner or evening 18:00, night or tonight 20:00,
 * afternoon 15:00; a meal before a part of the day, so "dinner tonight" is at 18:00). A bare hour (no
 * am/pm, not a 24-hour time) is a.m. from 7 to 11 and p.m. otherwise, 12 being noon, unless the
 * sentence says which half of the day it means ("at 6 in the morning", "dinner at 7",
 * "tonight at 9"): the rule is for sentences that do not say.
 */
import { type TimeOfDay, time } from "./wall-clock";

/** Meals name a time more closely than parts of the day: "Friday night dinner" is at 18:00. */
const MEAL_TIMES: [RegExp, number][] = [
  [/\bbreakfast\b/g, 8],
  [/\blunch(?:time)?\b/g, 12],
  [/\b(?:dinner(?:time)?|supper)\b/g, 18],
];
const DAY_PART_TIMES: [RegExp, number][] = [
  [/\bmornings?\b/g, 8],
  [/\bevenings?\b/g, 18],
  [/\b(?:nights?|tonight|nightly)\b/g, 20],
  [/\bafternoons?\b/g, 15],
];

/**
 * The keyword time of a sentence (lowercase), or null: the first meal said, else the first
 * part of the day said ("Saturday night to Sunday morning" starts at night).
 */
export function keywordTime(lower: string): TimeOfDay | null {
  for (const table of [MEAL_TIMES, DAY_PART_TIMES]) {
    let first: { at: number; hour: number } | null = null;
    for (const [pattern, hour] of table) {
      pattern.lastIndex = 0;
      const match = pattern.exec(lower);
      if (match && (!first || match.index < first.at)) first = { at: match.index, hour };
    }
    if (first) return time(first.hour);
  }
  return null;
}

export type HalfOfDay = "am" | "pm" | null;

const HALF_OF_DAY: [RegExp, HalfOfDay][] = [
  [/\bmornings?\b/, "am"],
  [/\b(?:afternoons?|evenings?|nights?|tonight|nightly)\b/, "pm"],
  [/\bbreakfast\b/, "am"],
  [/\b(?:dinner(?:time)?|supper|bed(?:time)?)\b/, "pm"],
];

/** Which half of the day the sentence (lowercase) speaks of, if it says. */
export function halfOfDay(lower: string): HalfOfDay {
  for (const [pattern, half] of HALF_OF_DAY) if (pattern.test(lower)) return half;
  return null;
}

/** A clock hour said without am/pm, read by the sentence's half of the day or the rule. */
export function bareHour(hour: number, half: HalfOfDay): number {
  if (half === "am") return hour === 12 ? 0 : hour;
  if (half === "pm") return hour < 12 ? hour + 12 : hour;
  return hour >= 7 && hour <= 12 ? hour : hour + 12;
}

/**
 * The end of a range or an "until" with no am/pm: the first reading after the start ("from 6
 * to 8" ends at 20:00, "from 11 to 1" at 13:00); past midnight it is the next day.
 */
export function endAfter(
  start: TimeOfDay,
  hour: number,
  minute: number,
  halfKnown: boolean,
): { time: TimeOfDay; nextDay: boolean } {
  const startMinutes = start.hour * 60 + start.minute;
  const readings = halfKnown ? [hour % 24] : [hour % 12, (hour % 12) + 12];
  for (const reading of readings) {
    if (reading * 60 + minute > startMinutes)
      return { time: time(reading, minute), nextDay: false };
  }
  return { time: time(readings[0] ?? hour, minute), nextDay: true };
}
