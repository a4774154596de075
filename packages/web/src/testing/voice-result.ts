import { messages } from "@circleplan/shared/messages";
import type { VoiceResult } from "@circleplan/shared/nlp-outputs";
import { NOT_RECURRING } from "@circleplan/shared/plan-rules";

/**
 * What the server answers for "Family dinner tomorrow at 6pm" said in London on Saturday
 * 21 November 2026: a one-off event on Sunday the 22nd at 18:00 with the default reminders.
 */
export function voiceResultFixture(overrides: Partial<VoiceResult> = {}): VoiceResult {
  return {
    title: "Family dinner",
    description: null,
    type: "event",
    startTime: new Date("2026-11-22T18:00:00Z"),
    endTime: null,
    allDay: false,
    location: null,
    locationLat: null,
    locationLng: null,
    reminderTimes: ["2 hours before", "24 hours before"],
    assignee: null,
    assignedTo: null,
    voiceNote: "Family dinner tomorrow at 6pm",
    ...NOT_RECURRING,
    timeZone: "Europe/London",
    apiLimitReached: false,
    fallbackProcessing: false,
    message: messages.eventParsed,
    ...overrides,
  };
}
