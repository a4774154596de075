/**
 * The natural-language reader of plans spec sections 5 and 9: a typed or spoken sentence in,
 * a filled plan form out. Pure and deterministic given the text, the zone and the current
 * time (the libraries it loads on first use hold no state between sentences).
 *
 * The sentence is read phrase by phrase, each rule taking what it recognises so that no later
 * rule reads it again and the title is what is left: reminders first (their "30 minutes" is no
 * start time), then the assignee (a name is not a place), the repeat rule and its end, dates
 * and times, and the place last. The item type is read from the whole sentence, as the spec
 * says. Decisions: docs/decisions/010-natural-language.md.
 */
import { DEFAULT_REMINDERS } from "@circleplan/shared/limits";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";
import { NOT_RECURRING, voiceTitle } from "@circleplan/shared/plan-rules";
import { readAssignee } from "./assignee";
import { itemTypeOf } from "./item-type";
import { type LanguageLibraries, loadLanguageLibraries } from "./language-libraries";
import { readLocation } from "./location";
import { NORMALISATION } from "./normalise";
import { ProperNouns } from "./proper-nouns";
import { readReminders } from "./reminders";
import { readRepeatEnd, readRepeatRule, untilPhrases } from "./repeat-phrases";
import { scheduleOf } from "./schedule";
import { Sentence } from "./sentence";
import { readDateAt, readSpokenWhen } from "./spoken-when";
import { halfOfDay, keywordTime } from "./time-of-day";
import { titleOf } from "./title";
import { clockAt, type Day, instantAt, nowToHalfHour } from "./wall-clock";

/** A member of the chosen circle, for matching "assign to Emma". */
export interface MemberName {
  userId: number;
  firstName: string;
  lastName: string;
}

export interface ParseContext {
  /** IANA zone every date and time is read in. */
  timeZone: string;
  now: Date;
  members: readonly MemberName[];
}

export type ParsedPlan = Omit<
  VoiceResult,
  "voiceNote" | "timeZone" | "apiLimitReached" | "fallbackProcessing" | "message"
>;

export async function parsePlanText(text: string, context: ParseContext): Promise<ParsedPlan> {
  return readPlan(text, context, await loadLanguageLibraries());
}

/**
 * The basic reading of plans spec section 8, for when the reader fails: the sentence as the
 * title, an event, now to the half hour, the default reminders.
 */
export function basicPlan(text: string, { timeZone, now }: ParseContext): ParsedPlan {
  const clock = clockAt(now, timeZone);
  const { day, time } = nowToHalfHour(clock);
  return {
    title: voiceTitle(text),
    description: null,
    type: "event",
    startTime: instantAt(day, time, timeZone),
    endTime: null,
    allDay: false,
    location: null,
    locationLat: null,
    locationLng: null,
    reminderTimes: [...DEFAULT_REMINDERS],
    assignee: null,
    assignedTo: null,
    ...NOT_RECURRING,
  };
}

/** The reader itself, once the libraries are loaded. */
export function readPlan(
  text: string,
  { timeZone, now, members }: ParseContext,
  { chrono, nlp }: LanguageLibraries,
  closingReminders = true,
): ParsedPlan {
  const clock = clockAt(now, timeZone);
  const sentence = new Sentence(text, NORMALISATION);
  const properNouns = new ProperNouns(nlp, text, members);

  const closing = { closing: false };
  const reminders = readReminders(sentence, { closing: closingReminders, used: closing });
  // The time keywords of what is left: "remind me the night before" says nothing of the time.
  const spoken = sentence.text;
  const assignee = readAssignee(sentence, members, properNouns);
  const rule = readRepeatRule(sentence);
  const end = rule ? readRepeatEnd(sentence) : null;
  let until: Day | null = null;
  if (rule && !end) {
    for (const phrase of untilPhrases(sentence)) {
      until = readDateAt(sentence, phrase.dateAt, phrase.start, clock, chrono);
      if (until) break;
    }
  }
  const keyword = keywordTime(spoken);
  const when = readSpokenWhen(
    sentence,
    clock,
    chrono,
    halfOfDay(spoken),
    rule !== null,
    keyword !== null,
  );
  // "take the cake out, remind me 40 minutes": with no day or time said, the plan starts now,
  // so a reminder 40 minutes before it would never ring. Read again, the amount left as said.
  if (closing.closing && !when.day && !when.time && !when.exact && keyword === null) {
    return readPlan(text, { timeZone, now, members }, { chrono, nlp }, false);
  }
  const place = readLocation(sentence, properNouns);
  const schedule = scheduleOf({ when, keyword, rule, end, until }, clock);

  return {
    title: titleOf(sentence, place?.taken ?? null),
    description: null,
    type: itemTypeOf(text),
    ...schedule,
    location: place?.location ?? null,
    locationLat: null,
    locationLng: null,
    reminderTimes: reminders ?? [...DEFAULT_REMINDERS],
    assignee: assignee?.name ?? null,
    assignedTo: assignee?.userId ?? null,
  };
}
