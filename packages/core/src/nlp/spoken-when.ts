/**
 * Dates, times, ranges and durations as said. chrono-node finds them, but it knows nothing of
 * IANA zones (given Europe/Berlin it silently uses the server's zone), so it is only asked for
 * the parts it heard (year, month, day, weekday, hour, minute, and which of them were said
 * rather than implied), against a reference that is the user's calendar day at noon on the
 * process clock. Noon is never skipped by a DST change, so the reference's date is the user's
 * date whatever zone the server runs in; the instant is rebuilt in the user's zone afterwards
 * (wall-clock.ts). Relative times that need the real instant ("in 2 hours", "now") are read
 * here, not by chrono.
 *
 * A weekday alone is the next one on or after today (said on that weekday, today only while its
 * time is ahead: schedule.ts moves it a week once the time is known); "next Friday" is the
 * Friday of next week (weeks start on Monday). A month and day without a year is the next such date; a month alone
 * is its 1st; "the 15th" is the next 15th.
 */
import type { ParsedResult } from "chrono-node/en";
import { Temporal } from "temporal-polyfill";
import type { LanguageLibraries } from "./language-libraries";
import type { Sentence } from "./sentence";
import { bareHour, endAfter, type HalfOfDay } from "./time-of-day";
import { type Clock, type Day, isoWeekday, onOrAfter, type TimeOfDay, time } from "./wall-clock";
import { MONTH_WORD, WEEKDAY_WORD, weekdayOfWord } from "./words";

type ParsedComponents = ParsedResult["start"];

export interface ClockTime {
  time: TimeOfDay;
  /** "midnight" is the end of the day said; an end past midnight is the next day. */
  nextDay: boolean;
}

export interface SpokenWhen {
  day: Day | null;
  time: ClockTime | null;
  end: ClockTime | null;
  endDay: Day | null;
  /** "for 2 hours". */
  durationMinutes: number | null;
  /** "for 3 days" (not a repeat). */
  durationDays: number | null;
  /** "in 20 minutes", "now": an exact moment. */
  exact: Temporal.ZonedDateTime | null;
  allDay: boolean;
  /**
   * "30 minutes before kickoff at 2pm": the plan starts this many minutes after (negative:
   * before) the time said.
   */
  shiftMinutes: number;
  /** The day is today because its weekday was said ("on Thursday" on a Thursday). */
  todayByWeekday: boolean;
}

/** Words that belong to the date or time after them: "on Friday", "at 5", "in the morning". */
const CONNECTORS = new Set([
  "at",
  "on",
  "by",
  "in",
  "the",
  "from",
  "around",
  "about",
  "starting",
  "beginning",
  "before",
  "after",
  "until",
  "till",
  "for",
  "sometime",
]);
/** Words that make "night", "morning" … part of a name ("movie night") when before them. */
const TIME_WORDS_BEFORE_DAY_PART = new RegExp(
  String.raw`^(?:this|tomorrow|today|tonight|yesterday|every|each|the|at|in|on|last|next|late|early|same|that|one|mid|${MONTH_WORD}|(?:mon|tues|tue|wednes|wed|thurs|thu|fri|satur|sat|sun)(?:day)?s?|\d.*|[ap]m|o'clock)$`,
);

/** "in 20 minutes" further off than a year, or a plan longer than a year, was misheard. */
const LONGEST_RELATIVE_MINUTES = 366 * 24 * 60;
const LONGEST_PLAN_DAYS = 366;
const RELATIVE_TIME = /\bin (\d+(?:\.\d+)?) ?(minutes?|mins?|hours?|hrs?)\b/g;
const NOW = /\b(?:right now|now|asap|immediately)\b/g;
const DURATION =
  /\bfor (?:about |around )?(\d+(?:\.\d+)?) ?(minutes?|mins?|hours?|hrs?|days?|weeks?)\b/g;
const ALL_DAY = /\b(?:all[- ]day(?: long)?|the whole day|(?:a )?full day|whole day)\b/g;
const MEAL_TIME =
  /\b(?:after|before|at|during|around|by|over) (?:breakfast|lunch|dinner|supper)\b/g;
const DAY_PART = /(?<![a-z'])([a-z']+) (night|evening|morning|afternoon)s?\b/g;
/** "Night train", "morning walk": a part of the day naming the plan, not its time. */
const DAY_PART_OPENING = /^\s*(?:night|evening|morning|afternoon)s?\b(?= [a-z])/;
const DAY_PART_WORD = /\b(?:mornings?|afternoons?|evenings?|nights?|tonight)\b/g;
/** "in the afternoon" beside a weekday: chrono reads "afternoon on Sunday" without the Sunday. */
const IN_THE_DAY_PART =
  /\b(?:in|during) the (?:early |late )?(?:morning|afternoon|evening|night)\b/g;
/** "20 minutes before kickoff", "an hour after the match": a moment said relative to another. */
const RELATIVE_TO_ANOTHER =
  /\b(\d+(?:\.\d+)?) ?(minutes?|mins?|hours?|hrs?) (before|after|ahead of|prior to)(?= (?:the |my |our |\w+'s )?[a-z])/;
/** "this month" beside a date is context ("busy this month, … on the 21st"); alone it is today. */
const THIS_MONTH = /\b(?:(?:later|sometime|some time|early) )?this month\b/;
const END_TIME =
  /\b(?:and )?(?:ends?|ending|finish(?:es|ing)?|done|over|until|till|til)(?: at| by| around)? (\d{1,2}(?::\d{2})?(?:\s?[ap]m)?|noon|midnight)\b/g;
/** "this week", "later this week": no day said, so today. */
const THIS_WEEK = /\b(?:(?:later|sometime|some time|early) )?this week\b/g;
const WEEKEND = /\b(?:(all|this|next|the|on the|over the)\s+)?weekend(?: long)?\b/g;
/** "the 21st", "on Wednesday the 11th", "from the 10th to the 15th", "the 3rd of next month". */
const ORDINAL_DAY = new RegExp(
  String.raw`\b(on )?(?:(?:${WEEKDAY_WORD}),? )?the (\d{1,2})(?:st|nd|rd|th)(?: of (this|next|the) month)?(?: (?:to|until|till|through|thru|-) (?:the )?(\d{1,2})(?:st|nd|rd|th))?(?:,? (?:${WEEKDAY_WORD})\b)?\b(?! (?:of )?(?:jan|feb|mar|apr|may|jun|jul|aug|sep|oct|nov|dec))`,
  "g",
);
const AFTER_ORDINAL_DAY =
  /^(?:$|\s*[|,.;!?]|\s+(?:at|from|for|to|by|with|in|on|and|or|until|till|remind|assign|every|each|this|next|\d))/;

export function readSpokenWhen(
  sentence: Sentence,
  clock: Clock,
  chrono: LanguageLibraries["chrono"],
  half: HalfOfDay,
  repeating: boolean,
  /** The sentence names a time by a keyword ("dinner"), a time to count from. */
  keywordSaid: boolean,
): SpokenWhen {
  const when: SpokenWhen = {
    day: null,
    time: null,
    end: null,
    endDay: null,
    durationMinutes: null,
    durationDays: null,
    exact: null,
    allDay: false,
    shiftMinutes: 0,
    todayByWeekday: false,
  };
  /** Reads every match; a reader answering false leaves its match in the sentence. */
  const taking = (pattern: RegExp, read: (match: RegExpExecArray) => unknown) => {
    pattern.lastIndex = 0;
    for (const match of sentence.text.matchAll(pattern)) {
      if (read(match as RegExpExecArray) !== false) {
        takeWithConnectors(sentence, match.index, match.index + match[0].length);
      }
    }
  };

  taking(RELATIVE_TIME, (m) => {
    if (when.exact) return false;
    const minutes = Number(m[1]) * (/^h/.test(m[2] ?? "") ? 60 : 1);
    if (!(minutes <= LONGEST_RELATIVE_MINUTES)) return false;
    when.exact = clock.now.add({ minutes: Math.round(minutes) }).round({
      smallestUnit: "minute",
      roundingMode: "floor",
    });
  });
  taking(NOW, () => {
    if (when.exact) return false;
    when.exact = clock.now.round({ smallestUnit: "minute", roundingMode: "floor" });
  });
  taking(DURATION, (m) => {
    const amount = Number(m[1]);
    const unit = m[2] ?? "";
    if (/^(?:d|w)/.test(unit)) {
      const days = Math.round(amount * (/^w/.test(unit) ? 7 : 1));
      if (repeating || when.durationDays !== null || !(days <= LONGEST_PLAN_DAYS)) return false;
      when.durationDays = days;
    } else {
      const minutes = Math.round(amount * (/^h/.test(unit) ? 60 : 1));
      if (when.durationMinutes !== null || !(minutes <= LONGEST_PLAN_DAYS * 1440)) return false;
      when.durationMinutes = minutes;
    }
  });
  taking(ALL_DAY, () => {
    when.allDay = true;
  });
  // Hidden (kept in the title) until a time to count from is known: without one the amount
  // stays in the title, as said.
  const relative = RELATIVE_TO_ANOTHER.exec(sentence.text);
  if (relative) sentence.hide(relative.index, relative.index + relative[0].length);
  taking(MEAL_TIME, () => true);
  DAY_PART.lastIndex = 0;
  for (const match of sentence.text.matchAll(DAY_PART)) {
    if (TIME_WORDS_BEFORE_DAY_PART.test(match[1] ?? "")) continue;
    const at = match.index + (match[1]?.length ?? 0) + 1;
    sentence.hide(at, match.index + match[0].length);
  }
  const opening = DAY_PART_OPENING.exec(sentence.text);
  if (opening) sentence.hide(opening.index, opening.index + opening[0].length);
  taking(THIS_WEEK, () => {
    if (when.day) return false;
    when.day = clock.today;
  });
  taking(WEEKEND, (m) => {
    if (when.day) return false;
    const today = clock.today;
    if (m[1] === "next") {
      when.day = mondayOfNextWeek(today).add({ days: 5 });
    } else {
      when.day = today.dayOfWeek >= 6 ? today : onOrAfter(today, 6);
    }
    // "all weekend": both days, all day.
    if (m[1] === "all") {
      when.allDay = true;
      when.endDay = onOrAfter(when.day, 7);
    }
  });
  taking(ORDINAL_DAY, (m) => {
    const follows = sentence.text.slice(m.index + m[0].length);
    if (when.day || (!m[1] && !m[3] && !AFTER_ORDINAL_DAY.test(follows))) return false;
    const day = nextMonthDay(clock.today, Number(m[2]), m[3] === "next");
    if (!day) return false;
    when.day = day;
    if (m[4]) when.endDay = nextMonthDay(day, Number(m[4]), false);
  });

  taking(IN_THE_DAY_PART, () => true);
  const thisMonth = THIS_MONTH.exec(sentence.text);
  if (thisMonth) sentence.hide(thisMonth.index, thisMonth.index + thisMonth[0].length);

  const reference = new Date(clock.today.year, clock.today.month - 1, clock.today.day, 12);
  for (const result of chrono.parse(sentence.text, reference)) {
    if (isSpurious(sentence.text, result)) continue;
    const start = result.start;
    let used = false;
    const day = dayOf(start, result, clock.today);
    if (day) {
      // A second date ("Wednesday" beside "the 11th") is the same day said twice: it goes too.
      if (!when.day) {
        when.day = day;
        when.todayByWeekday = isWeekdayAlone(start, result) && day.equals(clock.today);
      }
      used = true;
    }
    if (!when.time && start.isCertain("hour")) {
      when.time = clockTimeOf(start, result.text, half);
      const end = result.end;
      if (end?.isCertain("hour")) {
        const endTime = clockTimeOf(end, result.text, half, when.time.time);
        when.end = endTime;
      }
      used = true;
    }
    if (
      result.end &&
      !when.endDay &&
      (result.end.isCertain("day") || result.end.isCertain("weekday"))
    ) {
      when.endDay = dayOf(result.end, result, clock.today);
    }
    if (used || isDayPartOnly(result.text)) {
      takeWithConnectors(sentence, result.index, result.index + result.text.length);
    }
  }
  // "starts at 7:30 and ends at 10".
  taking(END_TIME, (m) => {
    if (!when.time || when.end) return false;
    const said = m[1] ?? "";
    const [hour = 0, minute = 0] = said
      .replace(/\s?[ap]m$/, "")
      .split(":")
      .map(Number);
    if (said === "midnight") when.end = { time: time(0, 0), nextDay: true };
    else if (said === "noon") when.end = endAfter(when.time.time, 12, 0, true);
    else {
      const pm = /pm$/.test(said);
      const am = /am$/.test(said);
      const hour24 = pm && hour < 12 ? hour + 12 : am && hour === 12 ? 0 : hour;
      when.end = endAfter(when.time.time, hour24, minute, pm || am || hour > 12);
    }
  });
  // "on Sunday evenings": a part of the day left over is a time word (its keyword was read).
  taking(DAY_PART_WORD, () => true);
  if (relative && (when.time || keywordSaid)) {
    const amount = Number(relative[1]) * (/^h/.test(relative[2] ?? "") ? 60 : 1);
    when.shiftMinutes = Math.round(relative[3] === "after" ? amount : -amount);
    sentence.take(relative.index, relative.index + relative[0].length - (relative[3]?.length ?? 0));
  }
  if (thisMonth && !when.day) {
    when.day = clock.today;
    takeWithConnectors(sentence, thisMonth.index, thisMonth.index + thisMonth[0].length);
  }
  return when;
}

/** "until June 5": the date a phrase starting at `at` opens with, taken from the sentence. */
export function readDateAt(
  sentence: Sentence,
  at: number,
  from: number,
  clock: Clock,
  chrono: LanguageLibraries["chrono"],
): Day | null {
  const text = sentence.text.slice(at);
  const reference = new Date(clock.today.year, clock.today.month - 1, clock.today.day, 12);
  const [first] = chrono.parse(text, reference);
  if (!first || !/^\s*(?:the\s+)?$/.test(text.slice(0, first.index)) || isSpurious(text, first)) {
    return null;
  }
  if (
    first.start.isCertain("hour") &&
    !first.start.isCertain("day") &&
    !first.start.isCertain("month")
  ) {
    return null;
  }
  let day = dayOf(first.start, first, clock.today);
  // "until Friday" said on a Friday: a series cannot end on the day it is said, so next week's.
  if (day && isWeekdayAlone(first.start, first) && day.equals(clock.today)) {
    day = day.add({ days: 7 });
  }
  if (day) sentence.take(from, at + first.index + first.text.length);
  return day;
}

function takeWithConnectors(sentence: Sentence, start: number, end: number): void {
  let from = start;
  for (;;) {
    const before = /([a-z']+)\s+$/.exec(sentence.text.slice(0, from));
    if (!before || !CONNECTORS.has(before[1] ?? "")) break;
    from = before.index;
  }
  const after = /^\s+(?:sharp|o'clock)\b/.exec(sentence.text.slice(end));
  sentence.take(from, end + (after ? after[0].length : 0));
}

const MONTH_ONLY = new RegExp(`^(?:${MONTH_WORD})\\.?$`);
const MONTH_LEAD =
  /\b(?:in|of|by|until|till|during|early|late|mid|this|next|for|from|since|before|after|through)\s+$/;
const SHORT_WEEKDAY = /^(?:sun|sat|wed|mon|tue|thu|fri)\.?$/;
const WEEKDAY_LEAD = /\b(?:on|this|next|every|by|until|till|from|last)\s+$/;

/** chrono's readings of words that were not a date: "march" the verb, "sat down", "may". */
function isSpurious(text: string, result: ParsedResult): boolean {
  const said = result.text.trim();
  const before = text.slice(0, result.index);
  // "the last day of school", "first day of camp": a day named, not yesterday or today.
  if (
    /^(?:the )?(?:last|first|next) day$/.test(said) &&
    /^\s+of\b/.test(text.slice(result.index + result.text.length))
  ) {
    return true;
  }
  if (MONTH_ONLY.test(said)) return !MONTH_LEAD.test(before);
  if (SHORT_WEEKDAY.test(said)) return !WEEKDAY_LEAD.test(before);
  return false;
}

function isDayPartOnly(said: string): boolean {
  return /^(?:this )?(?:morning|afternoon|evening|night|tonight)$/.test(said.trim());
}

/** The calendar day chrono heard, read in the user's calendar. */
function dayOf(parts: ParsedComponents, result: ParsedResult, today: Day): Day | null {
  const get = (component: "year" | "month" | "day" | "weekday") => parts.get(component) ?? 0;
  if (parts.isCertain("day") && parts.isCertain("month")) {
    const month = get("month");
    const day = get("day");
    if (parts.isCertain("year")) return safeDate(get("year"), month, day);
    const thisYear = safeDate(today.year, month, day);
    if (thisYear && Temporal.PlainDate.compare(thisYear, today) >= 0) return thisYear;
    return safeDate(today.year + 1, month, day);
  }
  if (parts.isCertain("weekday")) {
    const weekday = weekdayOfWord(weekdayWordOf(get("weekday")));
    if (!weekday) return null;
    const target = isoWeekday(weekday);
    if (/\bnext\b/.test(result.text)) return mondayOfNextWeek(today).add({ days: target - 1 });
    if (/\b(?:last|past|previous)\b/.test(result.text)) {
      return today.subtract({ days: (today.dayOfWeek - target + 7) % 7 || 7 });
    }
    return onOrAfter(today, target);
  }
  if (parts.isCertain("month")) {
    const month = get("month");
    if (parts.isCertain("year")) return safeDate(get("year"), month, 1);
    return safeDate(month >= today.month ? today.year : today.year + 1, month, 1);
  }
  if (parts.isCertain("year")) return safeDate(get("year"), 1, 1);
  const tags = result.tags();
  if (tags.has("casualReference/today") || tags.has("casualReference/tonight")) return today;
  return null;
}

/** A weekday said alone ("Friday", "this Friday"), not "next Friday" or a date. */
function isWeekdayAlone(parts: ParsedComponents, result: ParsedResult): boolean {
  return (
    parts.isCertain("weekday") &&
    !(parts.isCertain("day") && parts.isCertain("month")) &&
    !/\b(?:next|last|past|previous)\b/.test(result.text)
  );
}

function weekdayWordOf(chronoWeekday: number): string {
  return (
    ["sunday", "monday", "tuesday", "wednesday", "thursday", "friday", "saturday"][chronoWeekday] ??
    ""
  );
}

function clockTimeOf(
  parts: ParsedComponents,
  said: string,
  half: HalfOfDay,
  after?: TimeOfDay,
): ClockTime {
  const hour = parts.get("hour") ?? 0;
  const minute = parts.get("minute") ?? 0;
  if (/\bmidnight\b/.test(said) && hour % 12 === 0) return { time: time(0, 0), nextDay: true };
  if (/\bnoon\b/.test(said) && hour % 12 === 0) return { time: time(12, 0), nextDay: false };
  const halfKnown =
    parts.isCertain("meridiem") || hour > 12 || hour === 0 || /\b0\d:\d\d/.test(said);
  if (after) return endAfter(after, hour, minute, halfKnown);
  return { time: time(halfKnown ? hour : bareHour(hour, half), minute), nextDay: false };
}

function mondayOfNextWeek(today: Day): Day {
  return today.subtract({ days: today.dayOfWeek - 1 }).add({ days: 7 });
}

/** The next date that is the `day`th of its month (this month if not yet past). */
function nextMonthDay(today: Day, day: number, nextMonth: boolean): Day | null {
  if (day < 1 || day > 31) return null;
  let month = today.with({ day: 1 });
  if (nextMonth) month = month.add({ months: 1 });
  for (let i = 0; i < 12; i++, month = month.add({ months: 1 })) {
    if (day > month.daysInMonth) continue;
    const candidate = month.with({ day });
    if (Temporal.PlainDate.compare(candidate, today) >= 0) return candidate;
  }
  return null;
}

function safeDate(year: number, month: number, day: number): Day | null {
  try {
    return Temporal.PlainDate.from({ year, month, day }, { overflow: "reject" });
  } catch {
    return null;
  }
}
