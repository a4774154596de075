/**
 * A plan before it is created, in the create call's own shape: the one shape the plan form fills
 * from, whether it opens on a stored plan (a plan's answer holds every field of it) or on a
 * sentence's reading (docs/decisions/010, "The web app").
 */
import type { VoiceResult } from "./nlp-outputs";
import type { RecurrenceAnswer } from "./plan-rules";
import type { CreatePlanInput } from "./plan-schemas";

/**
 * The create input less its circle (the form's or the path's), its repeat fields in the one shape
 * plans answer them (plan-rules.ts `recurrenceAnswerFields`: the last day as `yyyy-MM-dd`).
 */
export type CreatePlanDraft = Omit<CreatePlanInput, "circleId" | keyof RecurrenceAnswer> &
  RecurrenceAnswer;

/**
 * What a sentence's reading would create: its fields as read, less what only the answer says
 * (the name as heard, beside the member it matched; how the sentence was read). The words go in
 * `voiceNote`, a said end or length in `endTime`; nothing is geocoded or coloured.
 */
export function draftFromVoiceResult(result: VoiceResult): CreatePlanDraft {
  return {
    title: result.title,
    description: result.description,
    type: result.type,
    startTime: result.startTime,
    endTime: result.endTime,
    allDay: result.allDay,
    location: result.location,
    locationLat: result.locationLat,
    locationLng: result.locationLng,
    locationPlaceId: null,
    mapUrl: null,
    reminderTimes: result.reminderTimes,
    assignedTo: result.assignedTo,
    voiceNote: result.voiceNote,
    eventColor: null,
    timeZone: result.timeZone,
    isRecurring: result.isRecurring,
    recurrenceType: result.recurrenceType,
    recurrenceFrequency: result.recurrenceFrequency,
    recurrenceEndDate: result.recurrenceEndDate,
    recurrenceDaysOfWeek: result.recurrenceDaysOfWeek,
    recurrenceCount: result.recurrenceCount,
    recurrenceWeekdaysOnly: result.recurrenceWeekdaysOnly,
    recurrenceMonthlyBy: result.recurrenceMonthlyBy,
    recurrenceWeekOfMonth: result.recurrenceWeekOfMonth,
  };
}
