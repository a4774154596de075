import { describe, expect, it } from "vitest";
import { planFixture } from "../../testing/plan-fixtures";
import { movedBy, moveInput, targetOf } from "./plan-move";

const ZONE = "Europe/London";

describe("moving a plan", () => {
  const swim = planFixture({
    id: 4,
    version: 3,
    startTime: new Date("2026-11-24T17:00:00Z"),
    endTime: new Date("2026-11-24T18:30:00Z"),
    date: "2026-11-24",
  });

  it("moves by days and quarter hours on the wall clock, keeping the length", () => {
    expect(movedBy(swim, { days: 1 }, ZONE)).toEqual({
      allDay: false,
      startTime: new Date("2026-11-25T17:00:00Z"),
      endTime: new Date("2026-11-25T18:30:00Z"),
    });
    expect(movedBy(swim, { minutes: -15 }, ZONE)).toEqual({
      allDay: false,
      startTime: new Date("2026-11-24T16:45:00Z"),
      endTime: new Date("2026-11-24T18:15:00Z"),
    });
  });

  it("crosses midnight by the quarter hour, and keeps the time of day across a clock change", () => {
    const late = planFixture({ startTime: new Date("2026-11-24T00:10:00Z"), endTime: null });
    expect(movedBy(late, { minutes: -15 }, ZONE)).toEqual({
      allDay: false,
      startTime: new Date("2026-11-23T23:55:00Z"),
      endTime: null,
    });
    // London goes to summer time on 29 March 2026: 09:00 is 09:00 (UTC) before and 08:00 after.
    const saturday = planFixture({ startTime: new Date("2026-03-28T09:00:00Z"), endTime: null });
    expect(movedBy(saturday, { days: 1 }, ZONE)).toMatchObject({
      startTime: new Date("2026-03-29T08:00:00Z"),
    });
  });

  it("moves an all-day plan by days only", () => {
    const trip = planFixture({ allDay: true, date: "2026-11-24" });
    expect(movedBy(trip, { days: -1 }, ZONE)).toEqual({ allDay: true, date: "2026-11-23" });
    expect(moveInput(trip, { allDay: true, date: "2026-11-23" })).toEqual({
      id: trip.id,
      version: trip.version,
      date: "2026-11-23",
    });
  });

  it("sends the start, the end when there is one, the version, and a series' occurrence and scope", () => {
    const target = movedBy(swim, { days: 1 }, ZONE);
    expect(moveInput(swim, target)).toEqual({
      id: 4,
      version: 3,
      startTime: new Date("2026-11-25T17:00:00Z"),
      endTime: new Date("2026-11-25T18:30:00Z"),
    });
    const noEnd = planFixture({ id: 5, endTime: null });
    expect(moveInput(noEnd, targetOf(noEnd))).not.toHaveProperty("endTime");

    const occurrence = planFixture({
      ...swim,
      isRecurring: true,
      originalStartTime: new Date("2026-11-24T17:00:00Z"),
    });
    expect(moveInput(occurrence, target, "occurrence")).toMatchObject({
      scope: "occurrence",
      occurrenceStart: new Date("2026-11-24T17:00:00Z"),
    });
  });

  it("puts a plan back where it was: its start and end as they were", () => {
    expect(targetOf(swim)).toEqual({
      allDay: false,
      startTime: swim.startTime,
      endTime: swim.endTime,
    });
  });
});
