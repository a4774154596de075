import { describe, expect, it } from "vitest";
import { messages } from "./messages";
import type { VoiceResult } from "./nlp-outputs";
import { draftFromVoiceResult } from "./plan-draft";
import { NOT_RECURRING, type RecurrenceAnswer } from "./plan-rules";
import { createPlanInput } from "./plan-schemas";

const weekly: RecurrenceAnswer = {
  ...NOT_RECURRING,
  isRecurring: true,
  recurrenceType: "weekly",
  recurrenceFrequency: 1,
  recurrenceEndDate: "2027-02-24",
  recurrenceDaysOfWeek: ["tuesday"],
};

const reading: VoiceResult = {
  title: "Piano lesson",
  description: null,
  type: "task",
  startTime: new Date("2026-11-24T17:00:00Z"),
  endTime: new Date("2026-11-24T18:00:00Z"),
  allDay: false,
  location: "the music school",
  locationLat: null,
  locationLng: null,
  reminderTimes: ["30 minutes before", "1 day before"],
  assignee: "Bea",
  assignedTo: 2,
  voiceNote: "Bea's piano lesson every Tuesday from 5 to 6 at the music school",
  ...weekly,
  timeZone: "Europe/London",
  apiLimitReached: false,
  fallbackProcessing: false,
  message: messages.eventParsed,
};

describe("a sentence's reading as the plan it would create", () => {
  it("keeps the plan's fields as read and leaves what only the answer says", () => {
    const draft = draftFromVoiceResult(reading);
    expect(draft).toEqual({
      title: "Piano lesson",
      description: null,
      type: "task",
      startTime: reading.startTime,
      endTime: reading.endTime,
      allDay: false,
      location: "the music school",
      locationLat: null,
      locationLng: null,
      locationPlaceId: null,
      mapUrl: null,
      reminderTimes: ["30 minutes before", "1 day before"],
      assignedTo: 2,
      voiceNote: reading.voiceNote,
      eventColor: null,
      timeZone: "Europe/London",
      ...weekly,
    });
  });

  it("is a create input the server's schema takes unchanged, once it names a circle", () => {
    const draft = draftFromVoiceResult(reading);
    const { circleId, ...parsed } = createPlanInput.parse({ circleId: 7, ...draft });
    expect(circleId).toBe(7);
    expect(parsed).toEqual(draft);
  });
});
