/**
 * `POST /api/nlp/process-voice` (api-conventions.md, "Natural language"): a sentence typed or
 * spoken, the circle it is for, and the zone its dates and times are read in.
 */
import * as z from "zod";
import { safeMultilineString, timeZoneField } from "./auth-schemas";
import { idField } from "./circle-schemas";
import { NLP_TEXT_MAX_LENGTH } from "./limits";
import { messages } from "./messages";
import { dayField } from "./plan-schemas";

export const processVoiceInput = z.object({
  /** Trimmed; empty (or only blanks) is "no speech". */
  text: safeMultilineString({
    max: NLP_TEXT_MAX_LENGTH,
    tooLong: messages.textTooLong,
    required: messages.noSpeechDetected,
  })
    .transform((text) => text.trim())
    .refine((text) => text.length > 0, { error: messages.noSpeechDetected })
    .describe(
      `The sentence typed or heard ("Dentist with Mia next Tuesday at 4pm"), up to ${NLP_TEXT_MAX_LENGTH} characters`,
    ),
  /** String or number, as the form holds it. */
  circleId: z.coerce
    .number({ error: messages.circleRequired })
    .pipe(idField(messages.circleRequired))
    .describe(
      "The circle the plan is for (a number, or its digits as a string); its members are the assignees heard",
    ),
  /** The zone the sentence is read in; the caller's profile zone when absent. */
  userTimezone: timeZoneField
    .nullish()
    .describe("The IANA zone the sentence is read in (`Europe/Berlin`); the caller's when absent"),
  /**
   * Ours (issue 21): the day the sentence was typed from (`yyyy-MM-dd`, a day chosen on the
   * calendar), read as "today": "at 11am" is on it, "tomorrow" the day after. Today when absent.
   */
  referenceDay: dayField
    .nullish()
    .describe(
      'The day read as today (`yyyy-MM-dd`, in `userTimezone`): "at 11am" is on it, "tomorrow" the day after; today when absent',
    ),
});
export type ProcessVoiceInput = z.infer<typeof processVoiceInput>;
