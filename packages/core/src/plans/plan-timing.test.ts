import { describe, expect, it } from "vitest";
import {
  type AllDayTiming,
  checkOrder,
  dayBefore,
  daysMoved,
  editedTiming,
  movedOriginal,
  newTiming,
  seriesStartOfTiming,
  shiftAnchor,
  type TimedTiming,
} from "./plan-timing";

const BERLIN = "Europe/Berlin";
const at = (iso: string) => new Date(iso);

const timed = (startsAt: string, endsAt: string | null, timeZone = BERLIN): TimedTiming => ({
  allDay: false,
  timeZone,
  startsAt: at(startsAt),
  endsAt: endsAt === null ? null : at(endsAt),
  startDate: null,
  endDate: null,
});

const allDay = (startDate: string, endDate: string | null, timeZone = BERLIN): AllDayTiming => ({
  allDay: true,
  timeZone,
  startsAt: null,
  endsAt: null,
  startDate,
  endDate,
});

const timedRow = (startsAt: string, endsAt: string | null = null) => ({
  startsAt: at(startsAt),
  endsAt: endsAt === null ? null : at(endsAt),
  startDate: null,
  endDate: null,
});

const dayRow = (startDate: string, endDate: string | null = null) => ({
  startsAt: null,
  endsAt: null,
  startDate,
  endDate,
});

describe("checkOrder", () => {
  it("accepts an end at or after the start, and no end", () => {
    expect(checkOrder(timed("2026-03-01T10:00:00Z", "2026-03-01T10:00:00Z")).allDay).toBe(false);
    expect(checkOrder(allDay("2026-03-01", null)).startDate).toBe("2026-03-01");
  });

  it("refuses an end before the start (400)", () => {
    expect(() => checkOrder(timed("2026-03-01T10:00:00Z", "2026-03-01T09:59:00Z"))).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST" }),
    );
    expect(() => checkOrder(allDay("2026-03-02", "2026-03-01"))).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST" }),
    );
  });
});

describe("newTiming", () => {
  it("reads an all-day plan's days in its zone when no date is sent", () => {
    // 23:30 UTC is already the next day in Berlin.
    const timing = newTiming(
      { allDay: true, startTime: at("2026-03-01T23:30:00Z"), endTime: at("2026-03-03T12:00:00Z") },
      BERLIN,
    );
    expect(timing).toEqual(allDay("2026-03-02", "2026-03-03"));
  });

  it("keeps a timed plan's instants, and the sent date of an all-day one", () => {
    expect(newTiming({ startTime: at("2026-03-01T09:00:00Z") }, BERLIN)).toEqual(
      timed("2026-03-01T09:00:00Z", null),
    );
    expect(
      newTiming(
        { allDay: true, date: "2026-05-01", startTime: at("2026-03-01T09:00:00Z") },
        BERLIN,
      ),
    ).toEqual(allDay("2026-05-01", null));
  });
});

describe("seriesStartOfTiming", () => {
  it("anchors a timed series at its instant in its zone, an all-day one at its date", () => {
    expect(seriesStartOfTiming(timed("2026-03-01T09:00:00Z", null))).toEqual({
      allDay: false,
      start: at("2026-03-01T09:00:00Z"),
      timeZone: BERLIN,
    });
    expect(seriesStartOfTiming(allDay("2026-03-01", null))).toEqual({
      allDay: true,
      date: "2026-03-01",
    });
  });
});

describe("editedTiming", () => {
  const plan = { timeZone: BERLIN, allDay: false };

  it("a new start alone keeps the length", () => {
    const current = timedRow("2026-03-01T09:00:00Z", "2026-03-01T10:30:00Z");
    expect(editedTiming(plan, current, { startTime: at("2026-03-04T15:00:00Z") })).toEqual(
      timed("2026-03-04T15:00:00Z", "2026-03-04T16:30:00Z"),
    );
  });

  it("an end sent as null clears it", () => {
    const current = timedRow("2026-03-01T09:00:00Z", "2026-03-01T10:30:00Z");
    expect(editedTiming(plan, current, { endTime: null })).toEqual(
      timed("2026-03-01T09:00:00Z", null),
    );
  });

  it("switching to all-day reads the day in the plan's zone", () => {
    const current = timedRow("2026-03-01T23:30:00Z");
    expect(editedTiming(plan, current, { allDay: true })).toEqual(allDay("2026-03-02", null));
  });

  it("switching to timed starts at the day's midnight in the zone", () => {
    const current = dayRow("2026-03-02");
    expect(editedTiming({ timeZone: BERLIN, allDay: true }, current, { allDay: false })).toEqual(
      timed("2026-03-01T23:00:00Z", null),
    );
  });

  it("a new date of an all-day plan keeps its number of days", () => {
    const current = dayRow("2026-03-02", "2026-03-04");
    expect(
      editedTiming({ timeZone: BERLIN, allDay: true }, current, { date: "2026-03-10" }),
    ).toEqual(allDay("2026-03-10", "2026-03-12"));
  });

  it("refuses an edit that ends before it starts", () => {
    const current = timedRow("2026-03-01T09:00:00Z");
    expect(() => editedTiming(plan, current, { endTime: at("2026-03-01T08:00:00Z") })).toThrow(
      expect.objectContaining({ code: "BAD_REQUEST" }),
    );
  });
});

describe("shiftAnchor", () => {
  it("moves a timed series by the days and to the time of day of the edit, across DST", () => {
    // Series from Saturday 28 March 2026 09:00 in Berlin (UTC+1); the occurrence of Monday
    // 30 March (UTC+2 since Sunday) is moved to Tuesday 31 March 10:00.
    const plan = { timeZone: BERLIN, startsAt: at("2026-03-28T08:00:00Z"), startDate: null };
    const from = timedRow("2026-03-30T07:00:00Z");
    const to = timed("2026-03-31T08:00:00Z", "2026-03-31T09:00:00Z");
    // The anchor: Sunday 29 March 10:00 in Berlin, already summer time; one hour long.
    expect(shiftAnchor(plan, from, to)).toEqual(
      timed("2026-03-29T08:00:00Z", "2026-03-29T09:00:00Z"),
    );
  });

  it("moves an all-day series by days, keeping the edit's length", () => {
    const plan = { timeZone: BERLIN, startsAt: null, startDate: "2026-03-01" };
    const to = allDay("2026-03-10", "2026-03-11");
    expect(shiftAnchor(plan, dayRow("2026-03-08"), to)).toEqual(allDay("2026-03-03", "2026-03-04"));
  });
});

describe("movedOriginal", () => {
  const LONDON = "Europe/London";

  it("an all-day occurrence's original date moves by the edit's days", () => {
    const reference = dayRow("2026-03-08");
    expect(
      movedOriginal(
        { timeZone: BERLIN },
        { originalStart: null, originalDate: "2026-03-01" },
        reference,
        allDay("2026-03-10", null),
      ),
    ).toEqual({ originalStart: null, originalDate: "2026-03-03" });
  });

  it("a timed occurrence moves by the edit's days to its time of day, on its side of DST", () => {
    // Mondays 18:00 in London; the one of 16 March (GMT) is moved to Tuesday 17 March 19:00.
    const reference = timedRow("2026-03-16T18:00:00Z");
    const edited = timed("2026-03-17T19:00:00Z", null, LONDON);
    const moved = (originalStart: string) =>
      movedOriginal(
        { timeZone: LONDON },
        { originalStart: at(originalStart), originalDate: null },
        reference,
        edited,
      );
    // 9 March (GMT): Tuesday 10 March 19:00 GMT.
    expect(moved("2026-03-09T18:00:00Z")).toEqual({
      originalStart: at("2026-03-10T19:00:00Z"),
      originalDate: null,
    });
    // 6 April, after London's clocks went forward on 29 March: Tuesday 7 April 19:00 BST.
    expect(moved("2026-04-06T17:00:00Z")).toEqual({
      originalStart: at("2026-04-07T18:00:00Z"),
      originalDate: null,
    });
  });

  it("a timed occurrence made all-day is named by its day in the series' zone", () => {
    // 23:30 UTC on Monday 2 March is already Tuesday in Berlin.
    const reference = timedRow("2026-03-09T23:30:00Z");
    expect(
      movedOriginal(
        { timeZone: BERLIN },
        { originalStart: at("2026-03-02T23:30:00Z"), originalDate: null },
        reference,
        allDay("2026-03-10", null),
      ),
    ).toEqual({ originalStart: null, originalDate: "2026-03-03" });
  });
});

describe("daysMoved", () => {
  it("counts calendar days in the zone, not 24-hour periods", () => {
    // Saturday 28 March 23:30 to Sunday 29 March 23:30 in Berlin is 23 hours and one day.
    const from = timedRow("2026-03-28T22:30:00Z");
    expect(daysMoved({ timeZone: BERLIN }, from, timed("2026-03-29T21:30:00Z", null))).toBe(1);
    expect(daysMoved({ timeZone: BERLIN }, from, timed("2026-03-28T21:00:00Z", null))).toBe(0);
    expect(daysMoved({ timeZone: BERLIN }, dayRow("2026-03-08"), allDay("2026-03-01", null))).toBe(
      -7,
    );
  });
});

describe("dayBefore", () => {
  it("is the day before the original day, in the series' zone", () => {
    // 23:30 UTC on 1 March is 2 March in Berlin.
    expect(
      dayBefore(
        { timeZone: BERLIN },
        { originalStart: at("2026-03-01T23:30:00Z"), originalDate: null },
      ),
    ).toBe("2026-03-01");
    expect(
      dayBefore({ timeZone: BERLIN }, { originalStart: null, originalDate: "2026-03-01" }),
    ).toBe("2026-02-28");
  });
});
