import { describe, expect, it } from "vitest";
import {
  allDayBars,
  droppedStart,
  firstHourShown,
  layoutDay,
  NO_END_MINUTES,
  placeOf,
  snapMinutes,
} from "./week-layout";

const ZONE = "America/New_York";
/** A plan on 24 November 2026 in New York (UTC-5), from "HH:mm" to "HH:mm" or without an end. */
function plan(title: string, start: string, end?: string) {
  const at = (time: string) => new Date(`2026-11-24T${time}:00-05:00`);
  return { title, startTime: at(start), endTime: end ? at(end) : null };
}
const columnsOf = (placed: ReturnType<typeof layoutDay<ReturnType<typeof plan>>>) =>
  Object.fromEntries(placed.map((item) => [item.plan.title, [item.column, item.columns]]));

describe("week layout", () => {
  it("places a plan by its start and length on the wall clock of the profile's zone", () => {
    expect(placeOf(plan("Swim", "17:00", "18:30"), ZONE)).toEqual({ top: 17 * 60, length: 90 });
    // No end: drawn half an hour tall, still without an end.
    expect(placeOf(plan("Call", "09:15"), ZONE)).toEqual({ top: 555, length: NO_END_MINUTES });
    // An end on a later day is drawn to midnight; a five-minute plan is still grabbable.
    const late = { ...plan("Party", "22:00"), endTime: new Date("2026-11-25T01:00:00-05:00") };
    expect(placeOf(late, ZONE)).toEqual({ top: 22 * 60, length: 120 });
    expect(placeOf(plan("Pill", "08:00", "08:05"), ZONE).length).toBe(15);
    expect(placeOf(plan("Late call", "23:50"), ZONE)).toEqual({ top: 1430, length: 10 });
  });

  it("sets overlapping plans side by side, and plans after them full width again", () => {
    const placed = layoutDay(
      [
        plan("Swim", "17:00", "18:30"),
        plan("Piano", "17:30", "18:00"),
        plan("Dinner", "18:00", "19:00"),
        plan("Bed", "20:00"),
        plan("Breakfast", "08:00", "08:30"),
      ],
      ZONE,
    );
    expect(placed.map((item) => item.plan.title)).toEqual([
      "Breakfast",
      "Swim",
      "Piano",
      "Dinner",
      "Bed",
    ]);
    // Dinner starts when Piano ends: it takes Piano's column, beside Swim.
    expect(columnsOf(placed)).toEqual({
      Breakfast: [0, 1],
      Swim: [0, 2],
      Piano: [1, 2],
      Dinner: [1, 2],
      Bed: [0, 1],
    });
  });

  it("gives three plans at once three columns, a plan without an end counted as half an hour", () => {
    const placed = layoutDay(
      [plan("A", "10:00", "12:00"), plan("B", "10:00"), plan("C", "10:15", "11:00")],
      ZONE,
    );
    expect(columnsOf(placed)).toEqual({ A: [0, 3], C: [2, 3], B: [1, 3] });
  });

  it("scrolls first to the earliest plan's hour, or to 7:00 in an empty week", () => {
    expect(firstHourShown([plan("Swim", "17:00"), plan("Run", "06:45")], ZONE)).toBe(6);
    expect(firstHourShown([], ZONE)).toBe(7);
  });

  it("snaps to quarter hours within the day", () => {
    expect(snapMinutes(607)).toBe(600);
    expect(snapMinutes(608)).toBe(615);
    expect(snapMinutes(-20)).toBe(0);
    expect(snapMinutes(24 * 60 + 40)).toBe(23 * 60 + 45);
  });

  it("drops a dragged plan on the day it lands on, moved by the drag, on a quarter hour", () => {
    const swim = plan("Swim", "17:00", "18:30");
    const drop = (day: string, movedPixels: number) =>
      droppedStart(swim, { day, movedPixels, pixelsPerMinute: 64 / 60 }, ZONE);
    // 80 px at 64 px an hour is 75 minutes later.
    expect(drop("2026-11-26", 80)).toEqual(new Date("2026-11-26T18:15:00-05:00"));
    // 20 px (about 19 minutes) earlier lands on 16:45.
    expect(drop("2026-11-24", -20)).toEqual(new Date("2026-11-24T16:45:00-05:00"));
    // A nudge of a few pixels on its own day is no move.
    expect(drop("2026-11-24", 6)).toBeNull();
    // A plan off the quarter hours dropped on another day keeps to the grid.
    const odd = plan("Odd", "10:07");
    expect(
      droppedStart(odd, { day: "2026-11-25", movedPixels: 0, pixelsPerMinute: 1 }, ZONE),
    ).toEqual(new Date("2026-11-25T10:00:00-05:00"));
  });

  it("splits a timed plan past midnight into its days' parts; an end at midnight ends the first", () => {
    const sleepover = {
      ...plan("Sleepover", "18:00"),
      endTime: new Date("2026-11-25T10:00:00-05:00"),
    };
    expect(placeOf(sleepover, ZONE, "2026-11-24")).toEqual({ top: 18 * 60, length: 6 * 60 });
    expect(placeOf(sleepover, ZONE, "2026-11-25")).toEqual({ top: 0, length: 10 * 60 });
    const camp = { ...plan("Camp", "18:00"), endTime: new Date("2026-11-27T10:00:00-05:00") };
    expect(placeOf(camp, ZONE, "2026-11-26")).toEqual({ top: 0, length: 24 * 60 });
    const party = { ...plan("Party", "20:00"), endTime: new Date("2026-11-25T00:00:00-05:00") };
    expect(placeOf(party, ZONE, "2026-11-24")).toEqual({ top: 20 * 60, length: 4 * 60 });
    expect(layoutDay([sleepover], ZONE, "2026-11-25").map((item) => item.top)).toEqual([0]);
  });

  it("draws all-day plans over several days as bars across the week, one line per overlap", () => {
    const days = [
      "2026-12-27",
      "2026-12-28",
      "2026-12-29",
      "2026-12-30",
      "2026-12-31",
      "2027-01-01",
      "2027-01-02",
    ];
    const allDay = (title: string, first: string, last: string) => ({
      title,
      allDay: true,
      date: first,
      startTime: new Date(`${first}T00:00:00Z`),
      endTime: new Date(`${last}T00:00:00Z`),
    });
    const bars = allDayBars(
      [
        allDay("Christmas holidays", "2026-12-21", "2027-01-01"),
        allDay("Ski trip", "2026-12-29", "2026-12-30"),
        allDay("New Year", "2027-01-01", "2027-01-02"),
        allDay("Birthday", "2026-12-28", "2026-12-28"),
      ],
      days,
      "UTC",
    );
    expect(bars.map((bar) => [bar.plan.title, bar.column, bar.span, bar.lane])).toEqual([
      ["Christmas holidays", 0, 6, 0],
      ["Ski trip", 2, 2, 1],
      ["New Year", 5, 2, 1],
    ]);
  });
});
