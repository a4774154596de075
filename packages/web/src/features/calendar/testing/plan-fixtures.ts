/** Answers of the plan and task procedures, as component tests hand them to renderWithTrpc. */
import type { PlanEvent } from "@circleplan/shared/plan-outputs";
import type { PendingTask } from "@/features/actions/action-counts";

const created = new Date("2026-11-01T10:00:00Z");

/** A one-off event of circle 7 on 23 November 2026 at 09:00 London time. */
export function planFixture(overrides: Partial<PlanEvent> = {}): PlanEvent {
  return {
    id: 100,
    title: "Swimming lesson",
    description: null,
    location: null,
    locationLat: null,
    locationLng: null,
    locationPlaceId: null,
    mapUrl: null,
    startTime: new Date("2026-11-23T09:00:00Z"),
    endTime: null,
    allDay: false,
    date: "2026-11-23",
    type: "event",
    circleId: 7,
    circleName: "The Lovelaces",
    circleColor: "#8B5CF6",
    creatorId: 1,
    creatorName: "Ada Lovelace",
    assignedTo: null,
    assigneeName: null,
    assignmentAccepted: null,
    responseNote: null,
    status: null,
    isCompleted: false,
    completedAt: null,
    completedBy: null,
    reminderTimes: [],
    reminderMinutes: [],
    voiceNote: null,
    eventColor: null,
    timeZone: "Europe/London",
    isRecurring: false,
    recurrenceType: null,
    recurrenceFrequency: null,
    recurrenceEndDate: null,
    recurrenceDaysOfWeek: null,
    recurrenceCount: null,
    recurrenceWeekdaysOnly: null,
    recurrenceMonthlyBy: null,
    recurrenceWeekOfMonth: null,
    recurrencePattern: null,
    rrule: null,
    originalStartTime: null,
    originalDate: null,
    isRecurrenceException: false,
    attachments: [],
    version: 1,
    createdAt: created,
    updatedAt: created,
    ...overrides,
  };
}

/** A task Bea assigned to Ada (user 1), waiting for Ada's answer. */
export function pendingTaskFixture(overrides: Partial<PendingTask> = {}): PendingTask {
  return {
    id: 200,
    title: "Pick up the cake",
    startTime: new Date("2026-11-24T15:00:00Z"),
    date: "2026-11-24",
    circleId: 7,
    circleName: "The Lovelaces",
    circleColor: "#8B5CF6",
    isAssignedToMe: true,
    isCreatedByMe: false,
    creatorName: "Bea Lovelace",
    assigneeName: "Ada Lovelace",
    description: "Chocolate, from the corner shop",
    ...overrides,
  };
}
