/**
 * Reminder phrases (plans spec section 5): "remind me 30 minutes before", "remind me an hour
 * and a day before", "with a 15 minute reminder", "remind me the day before". Each amount is
 * kept as said (shared reminder-phrases.ts): the form's list's phrase when it has that moment
 * ("1 hour before"), else a custom one in the unit said ("3 hours prior" → "3 hours before",
 * "90 minutes" → "90 minutes before"). Only an amount no reminder can be moves: past a week it
 * is a week, else the nearest reminder by ratio (200 minutes → 3 hours). At most four, no two
 * for the same moment, in the order said.
 */
import { REMINDER_MINUTES, REMINDERS_MAX } from "@circleplan/shared/limits";
import {
  phraseOfMinutes,
  REMINDER_OFFSET_MINUTES,
  REMINDER_UNIT_BOUNDS,
  REMINDER_UNITS,
  reminderMinutesOf,
  reminderPhrase,
} from "@circleplan/shared/reminder-phrases";
import type { Sentence } from "./sentence";

const UNIT_MINUTES: [RegExp, number][] = [
  [/^(?:m|mins?|minutes?)$/, 1],
  [/^(?:h|hrs?|hours?)$/, 60],
  [/^days?$/, 1440],
  [/^(?:w|wks?|weeks?)$/, 10080],
];
const AMOUNT = String.raw`(?:\d+(?:\.\d+)?[- ]?(?:minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?)\b|the (?:day|night|evening) before\b|the week before\b)`;
const BEFORE = `(?:before(?:hand| it(?: starts)?| the (?:event|start))?|prior|ahead(?: of time)?|in advance|early|earlier)`;
const ITEM = `${AMOUNT}(?: ${BEFORE})?`;
const CHAIN = `${ITEM}(?:(?: ?,| and| or| plus| also)+ (?:also )?(?:again )?${ITEM})*`;
const WHO = `(?: (?:me|us|everyone|everybody|them|him|her))?`;
const TRIGGER = `(?:(?:and |also |please )*(?:remind${WHO}|alert${WHO}|notify${WHO}|ping${WHO}|warn${WHO}|(?:(?:set|add|with|and|put|give me|send me) )?(?:an? |1 )?(?:reminders?|alerts?|notifications?)(?: for| of| at)?)(?: about (?:it|this|that))?)`;

/** "remind me 30 minutes before", "set a reminder for 1 day before and 2 hours before". */
const SPOKEN = new RegExp(String.raw`\b${TRIGGER} (${CHAIN})`, "g");
/** "with a 15 minute reminder", "a 30-minute alert". */
const ATTRIBUTIVE = new RegExp(
  String.raw`\b(?:(?:with|and|set|add) )?(?:an? |1 )?(\d+(?:\.\d+)?)[- ]?(minutes?|mins?|hours?|hrs?|days?|weeks?) (?:reminders?|alerts?|notifications?)(?: ${BEFORE})?`,
  "g",
);
/** A chain of amounts each said with "before", anywhere in a sentence that asks for a reminder. */
const DETACHED = new RegExp(
  String.raw`\b(${AMOUNT} ${BEFORE}(?:(?: ?,| and| or| plus)+ (?:also )?${AMOUNT} ${BEFORE})*)`,
  "g",
);
const ITEM_PATTERN =
  /(\d+(?:\.\d+)?)[- ]?(minutes?|mins?|hours?|hrs?|h|days?|weeks?|wks?)\b|the (day|night|evening|week) before/g;

/** The reminders said, as phrases of the form's list; null when none was said. */
export function readReminders(
  sentence: Sentence,
  { closing = true, used }: { closing?: boolean; used?: { closing: boolean } } = {},
): string[] | null {
  const said: { minutes: number; unit: number }[] = [];
  for (const pattern of [SPOKEN, ATTRIBUTIVE]) {
    for (const match of sentence.text.matchAll(pattern)) {
      const start = match.index;
      const whole = match[0];
      if (pattern === SPOKEN) {
        const chain = match[1] ?? "";
        // An amount needs a "before" somewhere unless the phrase names a reminder itself, or it
        // closes the sentence or clause ("remind me 90 minutes": before the plan; "remind me 90
        // minutes after lunch" is no reminder offset).
        const closes = /^\s*(?:$|[|,.;!?])/.test(sentence.text.slice(start + whole.length));
        // "a reminder", "an alert" name one; the verb "alert me" is only the asking.
        const named =
          /reminder|alert(?!\s+me\b)|notification/.test(whole) || new RegExp(BEFORE).test(chain);
        if (!named && !(closing && closes)) continue;
        if (!named && used) used.closing = true;
        for (const item of chain.matchAll(ITEM_PATTERN)) said.push(amountOf(item));
      } else {
        said.push(unitAmount(Number(match[1]), match[2] ?? ""));
      }
      sentence.take(start, start + whole.length);
    }
  }
  // "remind me about the bake sale 2 days before": the amount away from its trigger.
  if (said.length === 0 && /\b(?:remind|reminders?|alert|notify)\b/.test(sentence.text)) {
    for (const match of sentence.text.matchAll(DETACHED)) {
      for (const item of (match[1] ?? "").matchAll(ITEM_PATTERN)) said.push(amountOf(item));
      sentence.take(match.index, match.index + match[0].length);
    }
  }
  if (said.length === 0) return null;
  const phrases: string[] = [];
  const moments = new Set<number>();
  for (const amount of said) {
    if (!(amount.minutes > 0)) continue;
    const phrase = reminderPhraseFor(amount.minutes, amount.unit);
    const minutes = reminderMinutesOf(phrase) ?? 0;
    if (moments.has(minutes)) continue;
    moments.add(minutes);
    phrases.push(phrase);
  }
  return phrases.length > 0 ? phrases.slice(0, REMINDERS_MAX) : null;
}

function amountOf(item: RegExpMatchArray): { minutes: number; unit: number } {
  const dayPart = item[3];
  if (dayPart)
    return dayPart === "week" ? { minutes: 10080, unit: 10080 } : { minutes: 1440, unit: 1440 };
  return unitAmount(Number(item[1]), item[2] ?? "");
}

function unitAmount(count: number, unitWord: string): { minutes: number; unit: number } {
  const unit = UNIT_MINUTES.find(([pattern]) => pattern.test(unitWord))?.[1] ?? 1;
  return { minutes: Math.round(count * unit), unit };
}

const CHOICES = Object.entries(REMINDER_MINUTES);

/**
 * The phrase of an amount said (`unit`: the minutes of the unit it was said in): the form's
 * list's for that moment, else the amount in the unit said, else the nearest reminder there is.
 */
export function reminderPhraseFor(minutes: number, unit: number): string {
  const exact = CHOICES.filter(([, value]) => value === minutes);
  if (exact.length > 0) return pickByUnit(exact, unit);
  const said = REMINDER_UNITS.find((name) => REMINDER_UNIT_BOUNDS[name].minutes === unit);
  const amount = said ? minutes / unit : Number.NaN;
  if (said && Number.isInteger(amount) && amount <= REMINDER_UNIT_BOUNDS[said].max) {
    return reminderPhrase(amount, said);
  }
  // Nearest by ratio; an exact middle goes to the earlier reminder.
  let best = REMINDER_OFFSET_MINUTES[0] ?? 1;
  for (const offset of REMINDER_OFFSET_MINUTES) {
    const distance = Math.abs(Math.log(offset / minutes));
    if (distance <= Math.abs(Math.log(best / minutes)) + 1e-9) best = offset;
  }
  return phraseOfMinutes(best) ?? "1 week before";
}

function pickByUnit(choices: [string, number][], unit: number): string {
  const byDays = choices.find(([phrase]) => /day/.test(phrase));
  const byHours = choices.find(([phrase]) => /hour/.test(phrase));
  if (unit >= 1440 && byDays) return byDays[0];
  if (byHours) return byHours[0];
  return (choices[0] as [string, number])[0];
}
