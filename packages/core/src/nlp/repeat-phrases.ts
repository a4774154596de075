/**
 * Repeat phrases (plans spec section 9, the plan form's rules): "every day", "every other day",
 * "weekdays", "every Tuesday and Thursday", "on Saturdays", "every other week", "every month
 * on the 15th", "the first Monday of every month", "the last Friday", "every year", and how a
 * series ends: "until June 5", "for 6 weeks", "10 times". Intervals beyond the form's bounds
 * are held at the bound, except that a number of days that is whole weeks is read as weeks and
 * 12 months as a year.
 */
import {
  RECURRENCE_INTERVAL_MAX,
  type RecurrenceType,
  WEEKDAYS,
  type Weekday,
} from "@circleplan/shared/limits";
import type { Sentence } from "./sentence";
import { WEEKDAY_WORD, weekdayOfWord } from "./words";

export interface RepeatRule {
  type: RecurrenceType;
  interval: number;
  /** Weekly: the days said; null means the start's own weekday. */
  days: Weekday[] | null;
  weekdaysOnly: boolean;
  /** Monthly: "on the 15th". */
  monthDay: number | null;
  /** Monthly: "the first Monday" (week 1-4) or "the last Friday" (-1). */
  nthWeekday: { week: number; weekday: Weekday } | null;
}

/** How a series ends, as said. */
export type RepeatEnd =
  | { kind: "for"; amount: number; unit: "days" | "weeks" | "months" | "years" }
  | { kind: "count"; count: number }
  | { kind: "endOf"; unit: "month" | "year" }
  | { kind: "never" };

const DAY = `(?:${WEEKDAY_WORD})`;
const DAY_LIST = `${DAY}s?(?:(?: ?,| and| or|,? and| ?/)? ${DAY}s?)*`;
const PLURAL = "(?:mondays|tuesdays|wednesdays|thursdays|fridays|saturdays|sundays)";
const ORDINAL = "(1st|2nd|3rd|4th|5th|last)";
const EVERY = "(?:every|each|on every|on each)";

const WEEKDAYS_ONLY =
  /\b(?:(?:every|each|on) (?:week ?day|work ?day|school ?day)s?|(?:on )?(?:week ?days|work ?days|school ?days)|(?:every |each |from )?(?:monday|mon) (?:to|through|thru|till|until|-) (?:friday|fri))\b/g;
const EVERY_DAY_EXCEPT = new RegExp(
  String.raw`\b(?:every ?day|daily|each day) (?:except|but not|other than|apart from)(?: on)? (weekends?|${DAY_LIST})\b`,
  "g",
);
const WEEKDAYS_EXCEPT = new RegExp(
  String.raw`\b(?:every|each|on) (?:week ?day|work ?day|school ?day)s? (?:except|but not|but|other than|apart from)(?: on)? (${DAY_LIST})\b`,
  "g",
);
const MONDAY_TO_FRIDAY: readonly Weekday[] = [
  "monday",
  "tuesday",
  "wednesday",
  "thursday",
  "friday",
];
const WEEKENDS = /\b(?:(?:every|each) weekend|(?:on )?weekends)\b/g;
const NTH_WEEKDAY = new RegExp(
  String.raw`\b(?:(?:${EVERY}|on) )?(?:the )?${ORDINAL} (${DAY})s?(?: of)?(?: (?:every|each|the|a) month)?\b`,
  "g",
);
const MONTH_DAY =
  /\b(?:on )?(?:the )?(\d{1,2})(?:st|nd|rd|th)(?: day)?(?: of)?(?: (?:every|each|the) month)?\b/g;
const MONTHLY_CUE =
  /\b(?:(?:every|each|a|per|of (?:every|each)) month|monthly|once (?:a|per|every) month)\b/;
const INTERVAL = new RegExp(
  String.raw`\b${EVERY}(?: single)? (?:(other|\d+(?:st|nd|rd|th)?) )?(day|week|month|year)s?(?: on (${DAY_LIST}))?\b`,
  "g",
);
const WEEKLY_DAYS = new RegExp(
  String.raw`\b${EVERY} (?:(other|2nd|\d+) )?(${DAY_LIST})\b(?! of)`,
  "g",
);
const PLURAL_DAYS = new RegExp(
  String.raw`\b(?:on )?(${PLURAL}(?:(?: ?,| and| or|,? and| ?/)? ${DAY}s?)*)\b`,
  "g",
);
/** "carpool mon wed fri": days said together are a weekly rule ("or" is a choice). */
const BARE_DAY_LIST = new RegExp(
  String.raw`(?<!\b(?:next|this|last) )\b(?:on )?(${DAY}(?:(?: ?,|,? and| ?/)? ${DAY})+)\b`,
  "g",
);
const DAY_PART = /\b(?:every|each) (?:single )?(morning|afternoon|evening|night)s?\b|\bnightly\b/g;
const WORDS: [RegExp, RecurrenceType, number][] = [
  [/\b(?:daily|everyday|once (?:a|per) day)\b/g, "daily", 1],
  [/\b(?:bi-?weekly|fortnightly|every fortnight)\b/g, "weekly", 2],
  [/\b(?:weekly|once (?:a|per) week)\b/g, "weekly", 1],
  [/\bquarterly\b/g, "monthly", 3],
  [/\b(?:semi-?annually|twice (?:a|per) year)\b/g, "monthly", 6],
  [/\bbi-?monthly\b/g, "monthly", 2],
  [/\b(?:monthly|once (?:a|per) month)\b/g, "monthly", 1],
  [/\b(?:yearly|annually|once (?:a|per) year)\b/g, "yearly", 1],
];

const COUNT = /\b(?:for )?(\d+) (?:times|occurrences|sessions)(?: (?:in )?total)?\b/g;
const FOR_PERIOD = /\bfor (?:the )?(?:next )?(\d+) (days?|weeks?|months?|years?)\b/g;
const END_OF =
  /\b(?:until|till|through) the end of (?:the |this )?(month|year)\b|\bfor the rest of the (month|year)\b/g;
const NEVER =
  /\b(?:forever|indefinitely|until further notice|with no end(?: date)?|no end date|never ending)\b/g;
const UNTIL =
  /\b(?:until|till|til|through|thru|up (?:to|until)|ending(?: on)?|ends(?: on)?|stopping(?: on)?|last one(?: is)?(?: on)?) /g;

/**
 * "a daily planner", "the weekly newsletter": after a determiner, a repeat word names the thing,
 * unless one of the next three words is a gathering that repeats ("our weekly family dinner",
 * "our weekly piano lesson", "the monthly book club").
 */
const NAMING_A_THING =
  /\b(?:a|an|the|my|our|your|his|her|their|this|that|[a-z]+'s) (daily|weekly|monthly|yearly|annual|quarterly|nightly|bi-?weekly|fortnightly|bi-?monthly)(?= ([a-z-]+(?: [a-z-]+){0,2}))/g;
const GATHERING =
  /^(?:meetings?|calls?|check-?ins?|stand-?ups?|walks?|runs?|jogs?|workouts?|lessons?|class(?:es)?|practices?|sessions?|appointments?|dinners?|lunch(?:es)?|breakfasts?|brunch(?:es)?|visits?|dates?|games?|trainings?|syncs?|reviews?|catch-?ups?|chats?|family|team|group|service|mass|prayers?|chores?|clean(?:ing|up)?|swims?|rides?|hikes?|clubs?|groups?|circles?|nights?|parties|party|meet-?ups?|meets?|rehearsals?|recitals?|tutoring|therapy|counseling)$/;

/** The repeat rule said, taken from the sentence, or null. */
export function readRepeatRule(sentence: Sentence): RepeatRule | null {
  for (const match of sentence.text.matchAll(NAMING_A_THING)) {
    if ((match[2] ?? "").split(" ").some((word) => GATHERING.test(word))) continue;
    const at = match.index + match[0].length - (match[1]?.length ?? 0);
    sentence.hide(at, at + (match[1]?.length ?? 0));
  }
  const found = findRule(sentence);
  if (!found) return null;
  // "weekly team meeting on Mondays", "biweekly on Thursdays": the rule's other words leave
  // the title too, and say its interval when the rule did not.
  let interval = found.interval;
  for (const [pattern, type, every] of WORDS) {
    if (type !== found.type) continue;
    pattern.lastIndex = 0;
    for (const match of sentence.text.matchAll(pattern)) {
      sentence.take(match.index, match.index + match[0].length);
      if (interval === 1) interval = every;
    }
  }
  return bounded({ ...found, interval });
}

function findRule(sentence: Sentence): RepeatRule | null {
  const rule = (type: RecurrenceType, interval = 1): RepeatRule => ({
    type,
    interval,
    days: null,
    weekdaysOnly: false,
    monthDay: null,
    nthWeekday: null,
  });
  const takeFirst = (pattern: RegExp) => {
    pattern.lastIndex = 0;
    const match = pattern.exec(sentence.text);
    if (match) sentence.take(match.index, match.index + match[0].length);
    return match;
  };

  const except = takeFirst(EVERY_DAY_EXCEPT);
  if (except) {
    const skipped = /weekend/.test(except[1] ?? "")
      ? ["saturday", "sunday"]
      : dayList(except[1] ?? "");
    return { ...rule("weekly"), days: WEEKDAYS.filter((day) => !skipped.includes(day)) };
  }
  const weekdaysExcept = takeFirst(WEEKDAYS_EXCEPT);
  if (weekdaysExcept) {
    const skipped = dayList(weekdaysExcept[1] ?? "");
    return { ...rule("weekly"), days: MONDAY_TO_FRIDAY.filter((day) => !skipped.includes(day)) };
  }
  // Monday to Friday as a weekly rule: the spec's payload has no weekdays-only field, so a
  // client sending the answer's repeat fields as they are would otherwise make every day.
  if (takeFirst(WEEKDAYS_ONLY)) return { ...rule("weekly"), days: [...MONDAY_TO_FRIDAY] };
  if (takeFirst(WEEKENDS)) return { ...rule("weekly"), days: ["saturday", "sunday"] };

  const monthlyCue = MONTHLY_CUE.exec(sentence.text);
  const nth = findNthWeekday(sentence, !!monthlyCue);
  if (nth) {
    takeFirst(MONTHLY_CUE);
    for (const [pattern] of WORDS) takeFirst(pattern);
    return { ...rule("monthly", takeMonthInterval(sentence)), nthWeekday: nth };
  }
  if (monthlyCue) {
    const day = findMonthDay(sentence);
    const interval = takeMonthInterval(sentence);
    takeFirst(MONTHLY_CUE);
    for (const [pattern] of WORDS) takeFirst(pattern);
    return { ...rule("monthly", interval), monthDay: day };
  }

  const interval = takeFirst(INTERVAL);
  if (interval) {
    const every = intervalOf(interval[1]);
    const unit = interval[2] as "day" | "week" | "month" | "year";
    const days = interval[3] ? dayList(interval[3]) : null;
    const type = ({ day: "daily", week: "weekly", month: "monthly", year: "yearly" } as const)[
      unit
    ];
    if (type === "weekly" && !days) {
      const later = takeFirst(new RegExp(String.raw`\b(?:on )?(${DAY_LIST})\b`, "g"));
      return bounded({ ...rule(type, every), days: later ? dayList(later[1] ?? "") : null });
    }
    if (type === "monthly")
      return bounded({ ...rule(type, every), monthDay: findMonthDay(sentence) });
    return bounded({ ...rule(type, every), days });
  }

  const weekly = takeFirst(WEEKLY_DAYS);
  if (weekly)
    return bounded({ ...rule("weekly", intervalOf(weekly[1])), days: dayList(weekly[2] ?? "") });
  const plural = takeFirst(PLURAL_DAYS);
  if (plural) return { ...rule("weekly"), days: dayList(plural[1] ?? "") };
  BARE_DAY_LIST.lastIndex = 0;
  for (const match of sentence.text.matchAll(BARE_DAY_LIST)) {
    const days = dayList(match[1] ?? "");
    // "Saturday and Sunday" is one weekend; "Monday Wednesday Friday", "Tue/Thu" a routine.
    if (days.length < 2 || (days.length === 2 && / and /.test(match[1] ?? ""))) continue;
    sentence.take(match.index, match.index + match[0].length);
    return { ...rule("weekly"), days };
  }
  if (takeFirst(DAY_PART)) return rule("daily");

  for (const [pattern, type, every] of WORDS) {
    if (!takeFirst(pattern)) continue;
    if (type === "weekly") {
      const days = takeFirst(new RegExp(String.raw`\b(?:on )?(${DAY_LIST})\b`, "g"));
      return { ...rule(type, every), days: days ? dayList(days[1] ?? "") : null };
    }
    if (type === "monthly") return { ...rule(type, every), monthDay: findMonthDay(sentence) };
    return rule(type, every);
  }
  return null;
}

/** How the series ends, when said; taken from the sentence. */
export function readRepeatEnd(sentence: Sentence): RepeatEnd | null {
  const take = (match: RegExpExecArray) =>
    sentence.take(match.index, match.index + match[0].length);
  for (const pattern of [COUNT, FOR_PERIOD, END_OF, NEVER]) pattern.lastIndex = 0;
  const count = COUNT.exec(sentence.text);
  if (count) {
    take(count);
    return { kind: "count", count: Number(count[1]) };
  }
  const period = FOR_PERIOD.exec(sentence.text);
  if (period) {
    take(period);
    const unit = `${(period[2] ?? "days").replace(/s$/, "")}s` as
      | "days"
      | "weeks"
      | "months"
      | "years";
    return { kind: "for", amount: Number(period[1]), unit };
  }
  const endOf = END_OF.exec(sentence.text);
  if (endOf) {
    take(endOf);
    return { kind: "endOf", unit: (endOf[1] ?? endOf[2]) as "month" | "year" };
  }
  const never = NEVER.exec(sentence.text);
  if (never) {
    take(never);
    return { kind: "never" };
  }
  return null;
}

/** Where "until …" phrases start: the reader tries a date after each. */
export function untilPhrases(sentence: Sentence): { start: number; dateAt: number }[] {
  UNTIL.lastIndex = 0;
  return [...sentence.text.matchAll(UNTIL)].map((m) => ({
    start: m.index,
    dateAt: m.index + m[0].length,
  }));
}

function findNthWeekday(sentence: Sentence, monthly: boolean): RepeatRule["nthWeekday"] {
  NTH_WEEKDAY.lastIndex = 0;
  for (const match of sentence.text.matchAll(NTH_WEEKDAY)) {
    const whole = match[0];
    const ordinal = match[1] ?? "";
    const weekday = weekdayOfWord(match[2] ?? "");
    const ofMonth = /month$/.test(whole);
    const every = /^(?:on )?(?:every|each)\b/.test(whole);
    // "every second Tuesday" is every other week; "every first Monday" and "the last Friday
    // of the month" are monthly; "the first Monday" alone is monthly only with a monthly word.
    if (!weekday || !(ofMonth || monthly || (every && ordinal !== "2nd"))) continue;
    sentence.take(match.index, match.index + whole.length);
    const week = ordinal === "last" || ordinal === "5th" ? -1 : Number.parseInt(ordinal, 10);
    return { week, weekday };
  }
  return null;
}

function findMonthDay(sentence: Sentence): number | null {
  MONTH_DAY.lastIndex = 0;
  for (const match of sentence.text.matchAll(MONTH_DAY)) {
    const day = Number(match[1]);
    if (day < 1 || day > 31) continue;
    sentence.take(match.index, match.index + match[0].length);
    return day;
  }
  return null;
}

/** "every 2 months", "every other month" said beside a monthly cue. */
function takeMonthInterval(sentence: Sentence): number {
  const match = /\b(?:every|each) (other|\d+) months?\b/.exec(sentence.text);
  if (!match) return 1;
  sentence.take(match.index, match.index + match[0].length);
  return Math.min(intervalOf(match[1]), RECURRENCE_INTERVAL_MAX.monthly);
}

function intervalOf(word: string | undefined): number {
  if (!word) return 1;
  if (word === "other") return 2;
  const n = Number.parseInt(word, 10);
  return Number.isFinite(n) && n > 0 ? n : 1;
}

function bounded(rule: RepeatRule): RepeatRule {
  if (
    rule.type === "daily" &&
    rule.interval > RECURRENCE_INTERVAL_MAX.daily &&
    rule.interval % 7 === 0
  ) {
    return bounded({ ...rule, type: "weekly", interval: rule.interval / 7 });
  }
  if (rule.type === "monthly" && rule.interval === 12)
    return { ...rule, type: "yearly", interval: 1 };
  return { ...rule, interval: Math.min(rule.interval, RECURRENCE_INTERVAL_MAX[rule.type]) };
}

function dayList(text: string): Weekday[] {
  const days = new Set<Weekday>();
  for (const word of text.split(/[^a-z]+/)) {
    const day = word && /^(?:and|or)$/.test(word) ? null : weekdayOfWord(word);
    if (day) days.add(day);
  }
  return WEEKDAYS.filter((day) => days.has(day));
}
