/**
 * The natural-language reader of plans spec sections 5 and 9: pure and deterministic given the
 * text, the zone and the current time. (Contract; the implementation lands with issue 9.)
 */

import { DEFAULT_REMINDERS } from "@circleplan/shared/limits";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";

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
  const half = 30 * 60 * 1000;
  return {
    title: text.slice(0, 50),
    description: null,
    type: "event",
    startTime: new Date(Math.round(context.now.getTime() / half) * half),
    endTime: null,
    allDay: false,
    location: null,
    locationLat: null,
    locationLng: null,
    reminderTimes: [...DEFAULT_REMINDERS],
    assignee: null,
    assignedTo: null,
    isRecurring: false,
    recurrenceType: null,
    recurrenceFrequency: null,
    recurrenceEndDate: null,
    recurrenceDaysOfWeek: null,
    recurrenceCount: null,
    recurrenceWeekdaysOnly: null,
    recurrenceMonthlyBy: null,
    recurrenceWeekOfMonth: null,
  };
}
