/**
 * What `POST /api/nlp/process-voice` answers: the voice result of plans spec section 3, the
 * fields api-conventions.md lists. Ready to fill the plan form: the recurrence fields are a
 * plan's own (plan-rules.ts `recurrenceAnswerFields`).
 */
import * as z from "zod";
import { PLAN_TYPES } from "./limits";
import { recurrenceAnswerFields } from "./plan-rules";

export const voiceResultSchema = z.object({
  /** At most 50 characters (47 + "..."), first letter capital. */
  title: z
    .string()
    .describe("The plan's title, at most 50 characters (47 and an ellipsis), first letter capital"),
  description: z.string().nullable().describe("What else the sentence said; null: nothing"),
  type: z
    .enum(PLAN_TYPES)
    .describe('event, task ("assign", "responsible"...) or todo ("buy", "to do"...)'),
  startTime: z
    .date()
    .describe(
      "When it starts (UTC instant), read in `timeZone`; with no time said, a mealtime word sets it, else now rounded to the half hour",
    ),
  /** When an end or a duration was said ("from 3 to 5", "for 2 hours"). */
  endTime: z
    .date()
    .nullable()
    .describe("When it ends (UTC instant) if an end or a duration was said; null otherwise"),
  allDay: z.boolean().describe('Whether a day without a time was meant ("all day")'),
  location: z.string().nullable().describe('The place heard ("at the dentist"); null: none'),
  /** No geocoding: always null, the spec's "location coordinates" for a form to fill. */
  locationLat: z.number().nullable().describe("Always null: no geocoding (a form fills it)"),
  locationLng: z.number().nullable().describe("Always null: no geocoding (a form fills it)"),
  /** Phrases of the plan form's reminder list; the default reminders when none was said. */
  reminderTimes: z
    .array(z.string())
    .describe(
      'Reminder phrases ("1 hour before"); the defaults, 2 hours and 24 hours before, when none was said',
    ),
  /** The name heard ("Emma"), or null. */
  assignee: z.string().nullable().describe('The name heard for the assignee ("Emma"); null: none'),
  /** The circle member it matched, or null. */
  assignedTo: z
    .number()
    .int()
    .nullable()
    .describe("The user id of the circle member the name matched; null: no one matched"),
  /** The text as received. */
  voiceNote: z.string().describe("The sentence as received"),
  /** The plan's own repeat fields; the end date three months after the start unless one was said. */
  ...recurrenceAnswerFields,
  /** The zone the sentence was read in. */
  timeZone: z.string().describe("The IANA zone the sentence was read in"),
  /** Parsing runs in the server: never an outside service's limit or fallback. */
  apiLimitReached: z
    .boolean()
    .describe("Always false: parsing runs in the server, no outside service's limit applies"),
  fallbackProcessing: z
    .boolean()
    .describe(
      "True when the full reader could not take the sentence and the basic reading (title from the text, type event, default reminders) answered",
    ),
  message: z.string().describe('What to tell the user ("Event parsed successfully")'),
});
export type VoiceResult = z.infer<typeof voiceResultSchema>;

/** What `POST /api/nlp/prepare` answers. */
export const readerReadySchema = z.object({
  ready: z
    .boolean()
    .describe(
      "True once the server's sentence reader is loaded; false if loading failed (the next sentence loads it itself)",
    ),
});
export type ReaderReady = z.infer<typeof readerReadySchema>;
