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
  title: z.string(),
  description: z.string().nullable(),
  type: z.enum(PLAN_TYPES),
  startTime: z.date(),
  /** When an end or a duration was said ("from 3 to 5", "for 2 hours"). */
  endTime: z.date().nullable(),
  allDay: z.boolean(),
  location: z.string().nullable(),
  /** No geocoding: always null, the spec's "location coordinates" for a form to fill. */
  locationLat: z.number().nullable(),
  locationLng: z.number().nullable(),
  /** Phrases of the plan form's reminder list; the default reminders when none was said. */
  reminderTimes: z.array(z.string()),
  /** The name heard ("Emma"), or null. */
  assignee: z.string().nullable(),
  /** The circle member it matched, or null. */
  assignedTo: z.number().int().nullable(),
  /** The text as received. */
  voiceNote: z.string(),
  /** The plan's own repeat fields; the end date three months after the start unless one was said. */
  ...recurrenceAnswerFields,
  /** The zone the sentence was read in. */
  timeZone: z.string(),
  /** Parsing runs in the server: never an outside service's limit or fallback. */
  apiLimitReached: z.boolean(),
  fallbackProcessing: z.boolean(),
  message: z.string(),
});
export type VoiceResult = z.infer<typeof voiceResultSchema>;
