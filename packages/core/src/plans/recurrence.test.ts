/**
 * The repeat rules (plans spec section 9) and their occurrences across DST changes, month ends
 * and leap days. Every case runs once per process time zone: the answers must not depend on the
 * zone the server happens to run in (the finding about rrule's tzid).
 */

import { messages } from "@circleplan/shared/messages";
import type { RecurrenceInput } from "@circleplan/shared/plan-schemas";
import { describeInProcessZones } from "@circleplan/shared/testing/process-zones";
import { beforeAll, describe, expect, it } from "vitest";
import { AppError } from "../errors";
import {
  fieldsOfRule,
  isOccurrence,
  loadRecurrenceLibrary,
  mergedRecurrenceFields,
  occurrenceFrom,
  occurrencesBetween,
  type RecurrenceRule,
  recurrencePattern,
  rruleText,
  ruleFromFields,
  type SeriesStart,
} from "./recurrence";

const timed = (iso: string, timeZone: string): SeriesStart => ({
  allDay: false,
  start: new Date(iso),
  timeZone,
});
const allDay = (date: string): SeriesStart => ({ allDay: true, date });

function rule(fields: RecurrenceInput, start: SeriesStart): RecurrenceRule {
  const made = ruleFromFields({ isRecurring: true, ...fields }, start);
  if (!made) throw new Error("expected a rule");
  return made;
}

/** Occurrence starts as ISO strings (timed) or dates (all-day), in [from, to). */
function starts(made: RecurrenceRule, start: SeriesStart, from: string, to: string | null) {
  return occurrencesBetween(made, start, new Date(from), to === null ? null : new Date(to)).map(
    (o) => (o.allDay ? o.date : o.start.toISOString()),
  );
}

function refusal(run: () => unknown): string {
  try {
    run();
  } catch (error) {
    expect(error).toBeInstanceOf(AppError);
    expect((error as AppError).status).toBe(400);
    return (error as AppError).message;
  }
  throw new Error("expected a refusal");
}

// The library is loaded on first use in the app (see loadRecurrenceLibrary); here, once.
beforeAll(loadRecurrenceLibrary);

describeInProcessZones("recurrence", () => {
  describe("wall-clock time across DST", () => {
    it("keeps 09:00 in Berlin when the clocks go forward (30 March 2025)", () => {
      const start = timed("2025-03-17T08:00:00Z", "Europe/Berlin"); // Monday 09:00 CET
      const made = rule({ recurrenceType: "weekly" }, start);
      expect(starts(made, start, "2025-03-01T00:00:00Z", "2025-04-08T00:00:00Z")).toEqual([
        "2025-03-17T08:00:00.000Z",
        "2025-03-24T08:00:00.000Z",
        "2025-03-31T07:00:00.000Z", // 09:00 CEST
        "2025-04-07T07:00:00.000Z",
      ]);
    });

    it("keeps 08:30 in New York when the clocks go back (2 November 2025)", () => {
      const start = timed("2025-10-31T12:30:00Z", "America/New_York");
      const made = rule({ recurrenceType: "daily" }, start);
      expect(starts(made, start, "2025-10-31T00:00:00Z", "2025-11-04T00:00:00Z")).toEqual([
        "2025-10-31T12:30:00.000Z",
        "2025-11-01T12:30:00.000Z",
        "2025-11-02T13:30:00.000Z", // 08:30 EST
        "2025-11-03T13:30:00.000Z",
      ]);
    });

    it("skips a time the spring change skips (02:30 on 9 March 2025 in New York), as RFC 5545 says", () => {
      const start = timed("2025-03-07T07:30:00Z", "America/New_York"); // 02:30 EST
      const made = rule({ recurrenceType: "daily", recurrenceCount: 4 }, start);
      expect(starts(made, start, "2025-03-01T00:00:00Z", null)).toEqual([
        "2025-03-07T07:30:00.000Z",
        "2025-03-08T07:30:00.000Z",
        "2025-03-10T06:30:00.000Z", // 02:30 EDT; the 9th has no 02:30 and does not count
        "2025-03-11T06:30:00.000Z",
      ]);
    });

    it("takes the first of a repeated time (01:30 on 2 November 2025 in New York)", () => {
      const start = timed("2025-10-31T05:30:00Z", "America/New_York"); // 01:30 EDT
      const made = rule({ recurrenceType: "daily" }, start);
      expect(starts(made, start, "2025-11-02T00:00:00Z", "2025-11-04T00:00:00Z")).toEqual([
        "2025-11-02T05:30:00.000Z", // the earlier 01:30 (EDT)
        "2025-11-03T06:30:00.000Z",
      ]);
    });

    it("answers a month in a zone east of UTC on the days of that zone", () => {
      // 23:30 in Kolkata is 18:00 UTC: every occurrence is the same local day as its date.
      const start = timed("2025-01-31T18:00:00Z", "Asia/Kolkata");
      const made = rule({ recurrenceType: "monthly", recurrenceEndDate: "2025-05-31" }, start);
      expect(starts(made, start, "2025-01-01T00:00:00Z", null)).toEqual([
        "2025-01-31T18:00:00.000Z",
        "2025-03-31T18:00:00.000Z",
        "2025-05-31T18:00:00.000Z", // the end date is inclusive, read in Kolkata
      ]);
    });
  });

  describe("month ends, leap days and nth weekdays", () => {
    it("skips months without a 31st (RFC 5545), all-day as dates", () => {
      const start = allDay("2025-01-31");
      const made = rule({ recurrenceType: "monthly" }, start);
      expect(starts(made, start, "2025-01-01T00:00:00Z", "2026-01-01T00:00:00Z")).toEqual([
        "2025-01-31",
        "2025-03-31",
        "2025-05-31",
        "2025-07-31",
        "2025-08-31",
        "2025-10-31",
        "2025-12-31",
      ]);
    });

    it("repeats 29 February in leap years only", () => {
      const start = allDay("2024-02-29");
      const made = rule({ recurrenceType: "yearly", recurrenceCount: 3 }, start);
      expect(starts(made, start, "2024-01-01T00:00:00Z", null)).toEqual([
        "2024-02-29",
        "2028-02-29",
        "2032-02-29",
      ]);
    });

    it("finds the last Friday of each month, in months of four and of five Fridays", () => {
      const start = timed("2025-01-31T15:00:00Z", "Europe/Berlin"); // the last Friday of January
      const made = rule(
        { recurrenceType: "monthly", recurrenceMonthlyBy: "weekdayOfMonth", recurrenceCount: 4 },
        start,
      );
      expect(made.weekOfMonth).toBe(-1); // the 31st is a fifth Friday: "last"
      expect(rruleText(made, start)).toBe("FREQ=MONTHLY;BYDAY=-1FR;COUNT=4");
      expect(starts(made, start, "2025-01-01T00:00:00Z", null)).toEqual([
        "2025-01-31T15:00:00.000Z",
        "2025-02-28T15:00:00.000Z",
        "2025-03-28T15:00:00.000Z",
        "2025-04-25T14:00:00.000Z", // 16:00 CEST
      ]);
    });

    it("repeats the fourth Thursday of November yearly", () => {
      const start = allDay("2025-11-27");
      const made = rule(
        { recurrenceType: "yearly", recurrenceMonthlyBy: "weekdayOfMonth", recurrenceCount: 3 },
        start,
      );
      expect(rruleText(made, start)).toBe("FREQ=YEARLY;BYMONTH=11;BYDAY=4TH;COUNT=3");
      expect(starts(made, start, "2025-01-01T00:00:00Z", null)).toEqual([
        "2025-11-27",
        "2026-11-26",
        "2027-11-25",
      ]);
      expect(recurrencePattern(made, start)).toBe(
        "Every year on the fourth Thursday of November, 3 times",
      );
    });

    it("every weekday skips Saturday and Sunday", () => {
      const start = allDay("2025-03-07"); // a Friday
      const made = rule({ recurrenceType: "daily", recurrenceWeekdaysOnly: true }, start);
      expect(starts(made, start, "2025-03-07T00:00:00Z", "2025-03-12T00:00:00Z")).toEqual([
        "2025-03-07",
        "2025-03-10",
        "2025-03-11",
      ]);
    });

    it("every second week on Sunday and Monday keeps both days in one week (weeks start Sunday)", () => {
      const start = allDay("2025-03-02"); // a Sunday
      const made = rule(
        {
          recurrenceType: "weekly",
          recurrenceFrequency: 2,
          recurrenceDaysOfWeek: ["monday", "sunday"],
        },
        start,
      );
      expect(rruleText(made, start)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=SU");
      expect(starts(made, start, "2025-03-01T00:00:00Z", "2025-03-20T00:00:00Z")).toEqual([
        "2025-03-02",
        "2025-03-03",
        "2025-03-16",
        "2025-03-17",
      ]);
    });

    it("every second week on Sunday and Monday, weeks starting Monday, pairs a Monday with the Sunday after it", () => {
      const start = allDay("2025-03-03"); // a Monday
      const fields = {
        isRecurring: true,
        recurrenceType: "weekly" as const,
        recurrenceFrequency: 2,
        recurrenceDaysOfWeek: ["monday" as const, "sunday" as const],
      };
      const made = ruleFromFields(fields, start, "monday");
      if (!made) throw new Error("expected a rule");
      expect(made.weekStart).toBe("monday");
      expect(rruleText(made, start)).toBe("FREQ=WEEKLY;INTERVAL=2;BYDAY=SU,MO;WKST=MO");
      expect(starts(made, start, "2025-03-01T00:00:00Z", "2025-03-25T00:00:00Z")).toEqual([
        "2025-03-03",
        "2025-03-09",
        "2025-03-17",
        "2025-03-23",
      ]);
      // A Sunday rule is stored as it always was, without the field.
      expect(ruleFromFields(fields, start, "sunday")).not.toHaveProperty("weekStart");
    });

    it("knows which starts are occurrences", () => {
      const start = timed("2025-03-17T08:00:00Z", "Europe/Berlin");
      const made = rule({ recurrenceType: "weekly" }, start);
      const at = (iso: string) =>
        isOccurrence(made, start, { allDay: false, start: new Date(iso) });
      expect(at("2025-03-31T07:00:00Z")).toBe(true);
      expect(at("2025-03-31T08:00:00Z")).toBe(false);
      expect(at("2025-03-18T08:00:00Z")).toBe(false);
    });
  });
});

describe("the rule from the API's fields", () => {
  const monday = timed("2025-03-17T08:00:00Z", "Europe/Berlin");

  it("is null for a one-off plan", () => {
    expect(ruleFromFields({}, monday)).toBeNull();
    expect(ruleFromFields({ isRecurring: false, recurrenceType: "daily" }, monday)).toBeNull();
  });

  it("takes the weekday of the plan's date when weekly days are not chosen", () => {
    const made = rule({ recurrenceType: "weekly", recurrenceDaysOfWeek: [] }, monday);
    expect(made.daysOfWeek).toEqual(["monday"]);
    expect(fieldsOfRule(made)).toMatchObject({
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceDaysOfWeek: ["monday"],
      recurrenceEndDate: null,
      recurrenceCount: null,
    });
    expect(recurrencePattern(made, monday)).toBe("Every week on Monday");
  });

  it("ignores the fields of other repeat types (the form clears them; a client may not)", () => {
    const made = rule(
      { recurrenceType: "monthly", recurrenceDaysOfWeek: ["friday"], recurrenceWeekdaysOnly: true },
      monday,
    );
    expect(made).toMatchObject({ daysOfWeek: null, weekdaysOnly: false, monthlyBy: "dayOfMonth" });
    expect(rruleText(made, monday)).toBe("FREQ=MONTHLY;BYMONTHDAY=17");
  });

  it("accepts section 9's bounds and refuses past them", () => {
    for (const [type, max] of [
      ["daily", 7],
      ["weekly", 4],
      ["monthly", 6],
      ["yearly", 1],
    ] as const) {
      expect(rule({ recurrenceType: type, recurrenceFrequency: max }, monday).interval).toBe(max);
      expect(
        refusal(() => rule({ recurrenceType: type, recurrenceFrequency: max + 1 }, monday)),
      ).toBe(messages.recurrenceInvalid);
    }
    expect(
      refusal(() =>
        rule(
          { recurrenceType: "daily", recurrenceWeekdaysOnly: true, recurrenceFrequency: 2 },
          monday,
        ),
      ),
    ).toBe(messages.recurrenceInvalid);
    expect(refusal(() => rule({}, monday))).toBe(messages.recurrenceInvalid);
    expect(
      refusal(() =>
        rule(
          {
            recurrenceType: "monthly",
            recurrenceMonthlyBy: "weekdayOfMonth",
            recurrenceWeekOfMonth: 5,
          },
          monday,
        ),
      ),
    ).toBe(messages.recurrenceInvalid);
    expect(
      refusal(() =>
        rule(
          { recurrenceType: "daily", recurrenceCount: 5, recurrenceEndDate: "2025-04-01" },
          monday,
        ),
      ),
    ).toBe(messages.recurrenceInvalid);
  });

  it("refuses an end date before the plan's date, and takes the plan's date itself", () => {
    expect(
      refusal(() => rule({ recurrenceType: "daily", recurrenceEndDate: "2025-03-16" }, monday)),
    ).toBe(messages.recurrenceEndBeforeStart);
    const sameDay = rule({ recurrenceType: "daily", recurrenceEndDate: "2025-03-17" }, monday);
    expect(starts(sameDay, monday, "2025-03-01T00:00:00Z", null)).toEqual([
      "2025-03-17T08:00:00.000Z",
    ]);
  });

  it("reads an end given as an instant on the plan's own calendar", () => {
    // 23:30 on 19 March in Berlin is still the 19th there (22:30 UTC).
    const made = rule(
      { recurrenceType: "daily", recurrenceEndDate: new Date("2025-03-19T22:30:00Z") },
      monday,
    );
    expect(made.until).toBe("2025-03-19");
    expect(rruleText(made, monday)).toBe("FREQ=DAILY;UNTIL=20250319T225959Z");
    expect(recurrencePattern(made, monday)).toBe("Every day, until March 19, 2025");
  });

  it("says each rule in words", () => {
    const friday = allDay("2025-03-14");
    expect(
      recurrencePattern(rule({ recurrenceType: "daily", recurrenceFrequency: 3 }, friday), friday),
    ).toBe("Every 3 days");
    expect(
      recurrencePattern(
        rule(
          {
            recurrenceType: "weekly",
            recurrenceFrequency: 2,
            recurrenceDaysOfWeek: ["friday", "monday", "wednesday"],
          },
          friday,
        ),
        friday,
      ),
    ).toBe("Every 2 weeks on Monday, Wednesday and Friday");
    expect(
      recurrencePattern(
        rule(
          {
            recurrenceType: "monthly",
            recurrenceFrequency: 2,
            recurrenceMonthlyBy: "weekdayOfMonth",
          },
          friday,
        ),
        friday,
      ),
    ).toBe("Every 2 months on the second Friday");
    expect(
      recurrencePattern(rule({ recurrenceType: "yearly", recurrenceCount: 1 }, friday), friday),
    ).toBe("Every year on March 14, once");
  });
});

describe("the fields an edit merges", () => {
  const monday = timed("2025-03-17T08:00:00Z", "Europe/Berlin");
  const counted = rule({ recurrenceType: "weekly", recurrenceCount: 10 }, monday);

  it("keeps what is not sent and replaces one kind of end with the other", () => {
    const until = ruleFromFields(
      mergedRecurrenceFields(counted, { recurrenceEndDate: "2025-06-30" }),
      monday,
    );
    expect(until).toMatchObject({
      type: "weekly",
      daysOfWeek: ["monday"],
      count: null,
      until: "2025-06-30",
    });
    const again = ruleFromFields(mergedRecurrenceFields(until, { recurrenceCount: 5 }), monday);
    expect(again).toMatchObject({ count: 5, until: null });
  });

  it("a type alone makes a series; a null type makes a one-off plan", () => {
    expect(
      ruleFromFields(mergedRecurrenceFields(null, { recurrenceType: "daily" }), monday),
    ).toMatchObject({
      type: "daily",
    });
    expect(
      ruleFromFields(mergedRecurrenceFields(counted, { recurrenceType: null }), monday),
    ).toBeNull();
    expect(ruleFromFields(mergedRecurrenceFields(counted, {}), monday)).toEqual(counted);
  });
});

describe("the library's limits", () => {
  const daily1900 = timed("1900-01-01T09:00:00Z", "UTC");

  it("a daily series expanded over decades answers 400 with the product's message, not 500", () => {
    const long = rule({ recurrenceType: "daily", recurrenceEndDate: "2100-12-31" }, daily1900);
    // Its iteration limit (10,000) is the rule's fault to the caller, never a server error.
    expect(refusal(() => starts(long, daily1900, "1900-01-01T00:00:00Z", null))).toBe(
      messages.recurrenceInvalid,
    );
  });

  it("reaches an occurrence two centuries on in a few steps (next and previous)", () => {
    const open = rule({ recurrenceType: "daily" }, daily1900);
    const at = new Date("2100-06-01T12:00:00Z");
    expect(occurrenceFrom(open, daily1900, at, "next")).toEqual({
      allDay: false,
      start: new Date("2100-06-02T09:00:00Z"),
    });
    expect(occurrenceFrom(open, daily1900, at, "previous")).toEqual({
      allDay: false,
      start: new Date("2100-06-01T09:00:00Z"),
    });
    expect(starts(open, daily1900, "2100-06-01T00:00:00Z", "2100-06-03T00:00:00Z")).toEqual([
      "2100-06-01T09:00:00.000Z",
      "2100-06-02T09:00:00.000Z",
    ]);
  });
});
