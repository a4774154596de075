/**
 * How a sentence is normalised before the rules read it: spoken numbers become digits ("in two
 * days", "at five thirty"), "a.m." becomes "am", "an hour" becomes "1 hour", and the ways people
 * say a time ("half past four", "7ish", "between 2 and 4", "at 1730") become the forms chrono and
 * the rules know. Only the working text changes; the title keeps the words as said.
 */
import type { Rewrite } from "./sentence";

const ONES: Record<string, number> = {
  one: 1,
  two: 2,
  three: 3,
  four: 4,
  five: 5,
  six: 6,
  seven: 7,
  eight: 8,
  nine: 9,
};
const SMALL: Record<string, number> = {
  ...ONES,
  ten: 10,
  eleven: 11,
  twelve: 12,
  thirteen: 13,
  fourteen: 14,
  fifteen: 15,
  sixteen: 16,
  seventeen: 17,
  eighteen: 18,
  nineteen: 19,
};
const TENS: Record<string, number> = {
  twenty: 20,
  thirty: 30,
  forty: 40,
  fifty: 50,
  sixty: 60,
  ninety: 90,
};
const ORDINAL_ONES: Record<string, number> = {
  first: 1,
  second: 2,
  third: 3,
  fourth: 4,
  fifth: 5,
  sixth: 6,
  seventh: 7,
  eighth: 8,
  ninth: 9,
};
const ORDINALS: Record<string, number> = {
  ...ORDINAL_ONES,
  tenth: 10,
  eleventh: 11,
  twelfth: 12,
  thirteenth: 13,
  fourteenth: 14,
  fifteenth: 15,
  sixteenth: 16,
  seventeenth: 17,
  eighteenth: 18,
  nineteenth: 19,
  twentieth: 20,
  thirtieth: 30,
};

export function ordinalSuffix(n: number): string {
  if (n % 100 >= 11 && n % 100 <= 13) return `${n}th`;
  return `${n}${["th", "st", "nd", "rd"][n % 10] ?? "th"}`;
}

const words = (table: Record<string, number>) => Object.keys(table).join("|");
/** A time as the rules write it: 5, 5:30, 5pm, 5:30 pm. */
const TIME = String.raw`\d{1,2}(?::\d{2})?(?:\s?[ap]m)?`;
const UNIT = `(?:min(?:ute)?s?|h(?:ou)?rs?|hours?|days?|weeks?|months?|years?|times?)`;
const TIME_LEAD = `(?:at|from|to|until|till|til|by|around|about|between|and|@)`;

const rewrite = (pattern: RegExp, replace: Rewrite["replace"] | string): Rewrite => ({
  pattern,
  replace: typeof replace === "string" ? () => replace : replace,
});

export const NORMALISATION: readonly Rewrite[] = [
  rewrite(/[\u2018\u2019\u02bc`]/g, "'"),
  rewrite(/[\u2013\u2014]/g, "-"),
  rewrite(/&/g, " and "),
  rewrite(/\b([ap])\.\s?m\b\.?/g, (m) => `${m[1]}m`),
  rewrite(/\bo'?clock\b/g, "o'clock"),
  rewrite(/\b(?:tmrw|tmrow|tmr|tomorow|tommorow|tommorrow|2morrow)\b/g, "tomorrow"),
  rewrite(/\btonite\b/g, "tonight"),
  rewrite(/\b(?:mid-?day|12 noon)\b/g, "noon"),
  rewrite(/\b(?:this )?coming (?=(?:mon|tues|wednes|thurs|fri|satur|sun)day\b)/g, "this "),
  rewrite(/\bmon\s?-\s?fri\b/g, "monday to friday"),
  rewrite(/\btues\b/g, "tuesday"),
  rewrite(/\bweds\b/g, "wednesday"),
  rewrite(/\bthu(?:rs?)\b/g, "thursday"),
  // "next week Tuesday", "Tuesday next week": the Tuesday of next week.
  rewrite(
    /\b(next|this) week(?: on)? ((?:mon|tues|wednes|thurs|fri|satur|sun)day)\b/g,
    (m) => `${m[1]} ${m[2]}`,
  ),
  rewrite(
    /\b((?:mon|tues|wednes|thurs|fri|satur|sun)day) (next|this) week\b/g,
    (m) => `${m[2]} ${m[1]}`,
  ),
  // Amounts of time said in words.
  rewrite(/\b(?:a |one )?half (?:an )?hour\b/g, "30 minutes"),
  rewrite(
    /\b(?:an|one|1) hour and (?:a half|30 minutes)\b|\b(?:one|1) and a half hours?\b|\b1\.5 hours?\b/g,
    "90 minutes",
  ),
  rewrite(/\b(?:a )?quarter (?:of an )?hour\b/g, "15 minutes"),
  rewrite(/\ba couple(?: of)? (?=(?:minutes|hours|days|weeks|months)\b)/g, "2 "),
  rewrite(new RegExp(String.raw`\b(${words(TENS)})[- ](${words(ONES)})\b`, "g"), (m) =>
    String((TENS[m[1] ?? ""] ?? 0) + (ONES[m[2] ?? ""] ?? 0)),
  ),
  rewrite(new RegExp(String.raw`\b(${words(TENS)})[- ](${words(ORDINAL_ONES)})\b`, "g"), (m) =>
    ordinalSuffix((TENS[m[1] ?? ""] ?? 0) + (ORDINAL_ONES[m[2] ?? ""] ?? 0)),
  ),
  rewrite(new RegExp(String.raw`\b(${words(ORDINALS)})\b`, "g"), (m) =>
    ordinalSuffix(ORDINALS[m[1] ?? ""] ?? 0),
  ),
  rewrite(new RegExp(String.raw`\b(${words(SMALL)}|${words(TENS)})\b`, "g"), (m) =>
    String(SMALL[m[1] ?? ""] ?? TENS[m[1] ?? ""] ?? m[0]),
  ),
  // "an hour", "a day before", "in a week" (not "once a week": a rule of its own).
  rewrite(
    /(?<!\b(?:once|twice|times|per|half)\s)\b(?:an?)\s+(?=(?:min(?:ute)?|hour|hr|day|week|month|year|fortnight)s?\b)/g,
    "1 ",
  ),
  // Spoken clock times.
  rewrite(/\b(\d{1,2}) oh (\d)\b/g, (m) => `${m[1]}:0${m[2]}`),
  rewrite(/\bhalf past (\d{1,2})\b/g, (m) => `${m[1]}:30`),
  rewrite(/\b(\d{1,2}) (?:minutes? )?(?:past|after) (\d{1,2})\b/g, (m) => {
    const minute = Number(m[1]);
    return minute < 60 && Number(m[2]) <= 12 ? `${m[2]}:${String(minute).padStart(2, "0")}` : null;
  }),
  rewrite(
    /\b(\d{1,2}) minutes? (?:to|till|before) (\d{1,2})\b(?! ?(?:min|hour|day|week))/g,
    (m) => {
      const minute = Number(m[1]);
      const hour = Number(m[2]);
      if (minute < 1 || minute >= 60 || hour < 1 || hour > 12) return null;
      return `${hour === 1 ? 12 : hour - 1}:${String(60 - minute).padStart(2, "0")}`;
    },
  ),
  rewrite(/\b(?:a )?quarter (?:past|after) (\d{1,2})\b/g, (m) => `${m[1]}:15`),
  rewrite(/\b(?:a )?quarter (?:to|till|of) (\d{1,2})\b/g, (m) => {
    const hour = Number(m[1]);
    return hour >= 1 && hour <= 24 ? `${hour === 1 ? 12 : hour - 1}:45` : null;
  }),
  rewrite(
    new RegExp(String.raw`\b(${TIME_LEAD}) (\d{1,2}) ([0-5]\d)\b(?!\s*${UNIT}\b)`, "g"),
    (m) => (Number(m[2]) <= 24 ? `${m[1]} ${m[2]}:${m[3]}` : null),
  ),
  rewrite(/\b(\d{1,2}) ([0-5]\d) ?([ap]m)\b/g, (m) => `${m[1]}:${m[2]} ${m[3]}`),
  // "at 1730", "at 0900 hours"; three digits only with am/pm ("at 530pm", not "at 123 Oak St").
  rewrite(
    new RegExp(
      String.raw`\b(${TIME_LEAD}) ([01]\d|2[0-3])([0-5]\d)(?: ?h(?:ou)?rs)?\b(?! ?[a-z])`,
      "g",
    ),
    (m) => `${m[1]} ${m[2]}:${m[3]}`,
  ),
  rewrite(/\b([1-9])([0-5]\d) ?([ap]m)\b/g, (m) => `${m[1]}:${m[2]} ${m[3]}`),
  rewrite(
    /\b(?:at )?(?:around|about|approximately|approx\.?|roughly|at about|at around)\s+(?=\d)/g,
    "at ",
  ),
  rewrite(/\b(?:at )?(\d{1,2}(?::\d{2})?)ish\b/g, (m) => `at ${m[1]}`),
  rewrite(/@ ?(?=\d)/g, "at "),
  // A deadline is the plan's time: "before 5", "by 5pm", "no later than 6".
  rewrite(
    /\b(?:before|by|no later than|not later than)\s+(?=\d{1,2}(?::\d{2})?(?:\s?[ap]m)?(?![\d:])(?!\s*(?:min|hour|hr|day|week|month|year|time|st\b|nd\b|rd\b|th\b)))/g,
    "at ",
  ),
  rewrite(
    new RegExp(String.raw`\bbetween (${TIME}) and (${TIME})(?![\d:])`, "g"),
    (m) => `from ${m[1]} to ${m[2]}`,
  ),
  // "3-5", "10:30-11:30am": not dates such as 2026-06-05.
  rewrite(
    new RegExp(String.raw`(?<![\d:/.-])(${TIME}) ?- ?(${TIME})(?![\d:/.-])`, "g"),
    (m) => `${m[1]} to ${m[2]}`,
  ),
];
