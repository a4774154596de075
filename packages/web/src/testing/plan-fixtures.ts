/** Answers of the plan and task procedures, as component tests hand them to renderWithTrpc. */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { NOT_RECURRING } from "@circleplan/shared/plan-rules";
import type { PendingTask } from "@/features/actions/action-counts";

const created = new Date("2026-11-01T10:00:00Z");

/** A one-off event by Ada (user 1) in circle 7 on Sunday 22 November 2026 at 18:00 London. */
export function planFixture(overrides: Partial<Plan> = {}): Plan {
  return {
    id: 100,
    title: "Family dinner",
    description: null,
    location: null,
    locationLat: null,
    locationLng: null,
    locationPlaceId: null,
    mapUrl: null,
    startTime: new Date("2026-11-22T18:00:00Z"),
    endTime: null,
    allDay: false,
    date: "2026-11-22",
    type: "event",
    circleId: 7,
    circleName: "The Lovelaces",
    circleColor: "#10B981",
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
    reminderTimes: ["2 hours before", "24 hours before"],
    reminderMinutes: [120, 1440],
    voiceNote: null,
    eventColor: null,
    timeZone: "Europe/London",
    ...NOT_RECURRING,
    recurrencePattern: null,
    rrule: null,
    originalStartTime: null,
    originalDate: null,
    isRecurrenceException: false,
    attachments: [],
    version: 3,
    createdAt: created,
    updatedAt: created,
    // The viewer of the fixtures is Ada, who made the plan: it reminds her.
    remindsMe: true,
    followedByMe: false,
    ...overrides,
  };
}

/** A task from Ada (1) to Bea (2), not answered yet. */
export function taskFixture(overrides: Partial<Plan> = {}): Plan {
  return planFixture({
    id: 200,
    title: "Pick up groceries",
    type: "task",
    assignedTo: 2,
    assigneeName: "Bea Byron",
    status: "pending",
    ...overrides,
  });
}

/** The Sunday occurrence of a weekly series that began a week earlier. */
export function occurrenceFixture(overrides: Partial<Plan> = {}): Plan {
  return planFixture({
    id: 300,
    title: "Swimming lessons",
    startTime: new Date("2026-11-22T07:00:00Z"),
    isRecurring: true,
    recurrenceType: "weekly",
    recurrenceFrequency: 1,
    recurrenceDaysOfWeek: ["sunday"],
    recurrencePattern: "Every week on Sunday",
    rrule: "FREQ=WEEKLY;BYDAY=SU",
    originalStartTime: new Date("2026-11-22T07:00:00Z"),
    ...overrides,
  });
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
