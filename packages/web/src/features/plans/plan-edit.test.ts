import { describe, expect, it } from "vitest";
import { occurrenceFixture, planFixture } from "../../testing/plan-fixtures";
import { editInput, recurrenceChanged } from "./plan-edit";
import { type PlanFormValues, planForm, planValuesFrom, withRepeatType } from "./plan-form-values";

const ZONE = "Europe/London";

function edit(
  plan = planFixture(),
  change: Partial<PlanFormValues> = {},
  scope?: "occurrence" | "following" | "all",
) {
  const loaded = planValuesFrom(plan, ZONE);
  return editInput({
    plan,
    before: planForm.parse(loaded),
    after: planForm.parse({ ...loaded, ...change }),
    zone: ZONE,
    scope,
  });
}

describe("what an edit sends", () => {
  it("sends nothing when nothing changed", () => {
    expect(edit()).toBeNull();
  });

  it("sends only the changed fields, with the version it is based on", () => {
    expect(edit(planFixture(), { title: "Dinner at Gran's" })).toEqual({
      id: 100,
      version: 3,
      title: "Dinner at Gran's",
    });
  });

  it("leaves a plan's words as stored, though the form holds them", () => {
    const plan = planFixture({ voiceNote: "family dinner tomorrow from 6 to 8" });
    expect(planValuesFrom(plan, ZONE)).toMatchObject({
      voiceNote: "family dinner tomorrow from 6 to 8",
    });
    const after = planForm.parse(planValuesFrom(plan, ZONE));
    const everything = editInput({ plan, before: null, after, zone: ZONE });
    expect(everything).not.toHaveProperty("voiceNote");
    expect(everything).toMatchObject({ endTime: null });
  });

  it("sends the end only when it changed, and cleared as null", () => {
    const plan = planFixture({ endTime: new Date("2026-11-22T20:00:00Z") });
    expect(planValuesFrom(plan, ZONE)).toMatchObject({ endTime: "20:00", endDaysAfter: 0 });
    expect(edit(plan, { title: "Supper" })).toEqual({ id: 100, version: 3, title: "Supper" });
    expect(edit(plan, { endTime: "21:30" })).toEqual({
      id: 100,
      version: 3,
      endTime: new Date("2026-11-22T21:30:00Z"),
    });
    expect(edit(plan, { endTime: "" })).toEqual({ id: 100, version: 3, endTime: null });
    expect(edit(planFixture(), { endTime: "19:00" })).toMatchObject({
      endTime: new Date("2026-11-22T19:00:00Z"),
    });
  });

  it("keeps the end the form shows when the start moves, which alone would keep the length", () => {
    const plan = planFixture({ endTime: new Date("2026-11-22T20:00:00Z") });
    expect(edit(plan, { time: "19:15" })).toEqual({
      id: 100,
      version: 3,
      startTime: new Date("2026-11-22T19:15:00Z"),
      allDay: false,
      endTime: new Date("2026-11-22T20:00:00Z"),
    });
    // A plan moved to another day takes its end along, on the new day.
    expect(edit(plan, { date: "2026-11-24" })).toMatchObject({
      startTime: new Date("2026-11-24T18:00:00Z"),
      endTime: new Date("2026-11-24T20:00:00Z"),
    });
    // Made all day: its days are its own, no end time is sent.
    expect(edit(plan, { allDay: true })).not.toHaveProperty("endTime");
  });

  it("keeps an end on a later day (a plan read from 'from 10pm to 1am') on that day", () => {
    const plan = planFixture({
      startTime: new Date("2026-11-22T22:00:00Z"),
      endTime: new Date("2026-11-23T01:00:00Z"),
    });
    expect(planValuesFrom(plan, ZONE)).toMatchObject({ endTime: "01:00", endDaysAfter: 1 });
    expect(edit(plan, { endTime: "02:00" })).toMatchObject({
      endTime: new Date("2026-11-23T02:00:00Z"),
    });
  });

  it("sends a new time as the new start, with allDay", () => {
    expect(edit(planFixture(), { time: "19:15" })).toEqual({
      id: 100,
      version: 3,
      startTime: new Date("2026-11-22T19:15:00Z"),
      allDay: false,
    });
  });

  it("sends an assignment with the type it makes", () => {
    expect(edit(planFixture(), { assignedTo: "2" })).toMatchObject({ assignedTo: 2, type: "task" });
  });

  it("names the occurrence and the scope for a series, and the whole rule when it changed", () => {
    const plan = occurrenceFixture();
    expect(edit(plan, { time: "08:15" }, "occurrence")).toEqual({
      id: 300,
      version: 3,
      startTime: new Date("2026-11-22T08:15:00Z"),
      allDay: false,
      scope: "occurrence",
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
    const loaded = planValuesFrom(plan, ZONE);
    const daily = withRepeatType(loaded.recurrence, "daily", loaded.date);
    expect(edit(plan, { recurrence: daily }, "all")).toMatchObject({
      scope: "all",
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceDaysOfWeek: null,
      recurrenceCount: null,
    });
  });

  it("knows when the rule changed, so This event is not offered", () => {
    const loaded = planValuesFrom(occurrenceFixture(), ZONE);
    const before = planForm.parse(loaded);
    expect(recurrenceChanged(before, planForm.parse({ ...loaded, title: "Swim" }))).toBe(false);
    expect(
      recurrenceChanged(
        before,
        planForm.parse({ ...loaded, recurrence: { ...loaded.recurrence, interval: 2 } }),
      ),
    ).toBe(true);
  });
});

describe("an edit of a plan the form could not read back", () => {
  it("sends every field, so nothing depends on a comparison", () => {
    const plan = planFixture();
    const after = planForm.parse(planValuesFrom(plan, ZONE));
    expect(editInput({ plan, before: null, after, zone: ZONE })).toMatchObject({
      id: 100,
      version: 3,
      title: "Family dinner",
      startTime: new Date("2026-11-22T18:00:00Z"),
      circleId: 7,
      isCompleted: false,
      isRecurring: false,
      reminderTimes: ["2 hours before", "24 hours before"],
    });
  });
});
