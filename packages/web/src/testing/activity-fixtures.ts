import type { ActivityEntry } from "@circleplan/shared/activity-outputs";

export const ann = { id: 1, firstName: "Ann", lastName: "Lee" };
export const bo = { id: 2, firstName: "Bo", lastName: "Lee" };

/** A change feed entry as the server answers it: Ann created "Swim" in circle 7. */
export function activityEntryFixture(overrides: Partial<ActivityEntry> = {}): ActivityEntry {
  return {
    id: 1,
    circleId: 7,
    actor: ann,
    kind: "plan_created",
    planId: 40,
    occurrenceStart: null,
    occurrenceDate: null,
    scope: null,
    title: "Swim",
    member: null,
    before: null,
    after: { title: "Swim", start: "2026-12-01T16:00:00.000Z", end: null, place: null },
    createdAt: new Date("2026-11-27T09:30:00.000Z"),
    ...overrides,
  };
}
