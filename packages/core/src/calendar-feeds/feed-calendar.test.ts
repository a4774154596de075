import ICAL from "ical.js";
import { beforeAll, describe, expect, it } from "vitest";
import {
  loadRecurrenceLibrary,
  occurrencesBetween,
  type RecurrenceRule,
  storedRule,
} from "../plans/recurrence";
import { type FeedCalendarInput, feedCalendar } from "./feed-calendar";
import type { FeedException, FeedPlan } from "./feed-plans";

const OWNER = 7;

function plan(fields: Partial<FeedPlan>): FeedPlan {
  return {
    id: 1,
    circleId: 3,
    creatorId: OWNER,
    type: "event",
    title: "Swimming",
    description: null,
    location: null,
    allDay: false,
    startsAt: "2026-03-02T17:00:00+00:00",
    endsAt: "2026-03-02T18:00:00+00:00",
    startDate: null,
    endDate: null,
    timeZone: "Europe/London",
    assignedTo: null,
    assigneeName: null,
    assignmentAccepted: null,
    isCompleted: false,
    reminderTimes: [],
    recurrence: null,
    version: 4,
    createdAt: "2026-02-01T10:00:00+00:00",
    updatedAt: "2026-02-03T10:00:00+00:00",
    followed: false,
    ...fields,
  };
}

function calendarOf(plans: FeedPlan[], extra: Partial<FeedCalendarInput> = {}) {
  const text = feedCalendar({
    name: "Smiths (Circleplan)",
    appUrl: "https://plan.example",
    ownerId: OWNER,
    circles: [{ id: 3, name: "Smiths", notify: "default" }],
    plans,
    exceptions: [],
    ...extra,
  });
  return { text, events: new ICAL.Component(ICAL.parse(text)).getAllSubcomponents("vevent") };
}

/** A stored weekly rule on one day, ending after `count` occurrences. */
const weeklyRule = (day: string, count: number) => ({
  type: "weekly",
  interval: 1,
  weekdaysOnly: false,
  daysOfWeek: [day],
  monthlyBy: null,
  weekOfMonth: null,
  count,
  until: null,
});

describe("a feed's calendar", () => {
  beforeAll(() => loadRecurrenceLibrary());

  it("escapes and folds a long title of commas, semicolons, new lines and emoji, and reads back whole", () => {
    const title = `Piano; then "tea", cake\\and more\nnext line 🎹🎉 ${"very long ".repeat(12)}`;
    const { text, events } = calendarOf([plan({ title, location: "Hall, room 2; back" })]);
    expect(events[0]?.getFirstPropertyValue("summary")).toBe(title);
    expect(events[0]?.getFirstPropertyValue("location")).toBe("Hall, room 2; back");
    // RFC 5545 3.1: no line longer than 75 octets, folded with CRLF and a space.
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(text).toContain("\r\n ");
  });

  it("folds at 75 octets without splitting a 2, 3 or 4-octet character, wherever it falls (the patched folding)", () => {
    const titles = ["é", "€", "🎹"].flatMap((wide) =>
      [0, 1, 2, 3].map((shift) => `${"x".repeat(60 + shift)}${wide.repeat(12)}`),
    );
    const { text, events } = calendarOf(titles.map((title, id) => plan({ id, title })));
    for (const line of text.split("\r\n")) expect(Buffer.byteLength(line)).toBeLessThanOrEqual(75);
    expect(events.map((event) => event.getFirstPropertyValue("summary"))).toEqual(titles);
  });

  it("names the calendar, a stable UID, the plan's zone with its VTIMEZONE, SEQUENCE, LAST-MODIFIED and URL", () => {
    const { text, events } = calendarOf([plan({})]);
    expect(text).toContain("X-WR-CALNAME:Smiths (Circleplan)");
    const event = events[0] as ICAL.Component;
    expect(event.getFirstPropertyValue("uid")).toBe("plan-1@plan.example");
    expect(event.getFirstProperty("dtstart")?.getParameter("tzid")).toBe("Europe/London");
    expect(text).toContain("BEGIN:VTIMEZONE\r\nTZID:Europe/London");
    expect(event.getFirstPropertyValue("sequence")).toBe(4);
    expect(String(event.getFirstPropertyValue("last-modified"))).toBe("2026-02-03T10:00:00Z");
    expect(event.getFirstPropertyValue("url")).toBe(
      "https://plan.example/circle/3?date=2026-03-02&eventId=1",
    );
  });

  it("writes an all-day plan as DATE values with the day after its last as DTEND", () => {
    const { events } = calendarOf([
      plan({
        allDay: true,
        startsAt: null,
        endsAt: null,
        startDate: "2026-07-20",
        endDate: "2026-07-22",
      }),
    ]);
    const start = events[0]?.getFirstPropertyValue("dtstart") as ICAL.Time;
    const end = events[0]?.getFirstPropertyValue("dtend") as ICAL.Time;
    expect([start.isDate, start.toString(), end.isDate, end.toString()]).toEqual([
      true,
      "2026-07-20",
      true,
      "2026-07-23",
    ]);
  });

  // RFC 5545 counts DTSTART as the series' first occurrence, towards COUNT too, even where the
  // rule does not fall on it; libical, Google and Apple expand it so (ical.js alone skips it, so
  // only the written text tells). The product's first occurrence is the rule's first.
  const offRule = [
    {
      name: "weekly on Mondays, twice, from a Tuesday",
      plan: {
        startsAt: "2026-03-03T17:00:00+00:00",
        endsAt: "2026-03-03T18:30:00+00:00",
        recurrence: weeklyRule("monday", 2),
      },
      dtstart: "DTSTART;TZID=Europe/London:20260309T170000",
      dtend: "DTEND;TZID=Europe/London:20260309T183000",
      rule: "RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=2",
    },
    {
      name: "all-day on weekdays, three times, two days long, from a Saturday",
      plan: {
        allDay: true,
        startsAt: null,
        endsAt: null,
        startDate: "2026-03-07",
        endDate: "2026-03-08",
        recurrence: {
          ...weeklyRule("monday", 3),
          type: "daily",
          weekdaysOnly: true,
          daysOfWeek: null,
        },
      },
      dtstart: "DTSTART;VALUE=DATE:20260309",
      dtend: "DTEND;VALUE=DATE:20260311",
      rule: "RRULE:FREQ=DAILY;BYDAY=MO,TU,WE,TH,FR;COUNT=3",
    },
    {
      name: "the last Tuesday of the month until June, from the first",
      plan: {
        startsAt: "2026-03-03T17:00:00+00:00",
        endsAt: null,
        recurrence: {
          ...weeklyRule("tuesday", 0),
          type: "monthly",
          daysOfWeek: null,
          monthlyBy: "weekdayOfMonth",
          weekOfMonth: -1,
          count: null,
          until: "2026-06-30",
        },
      },
      dtstart: "DTSTART;TZID=Europe/London:20260331T170000",
      dtend: null,
      rule: "RRULE:FREQ=MONTHLY;BYDAY=-1TU;UNTIL=20260630T225959Z",
    },
  ];

  it.each(offRule)(
    "writes a series whose start is off its rule from its first occurrence, no EXDATE, so COUNT counts the app's dates: $name",
    (shape) => {
      const series = plan(shape.plan as Partial<FeedPlan>);
      const { text, events } = calendarOf([series]);
      const lines = text.split("\r\n");
      expect(lines).toContain(shape.dtstart);
      if (shape.dtend) expect(lines).toContain(shape.dtend);
      else expect(text).not.toContain("DTEND");
      expect(lines).toContain(shape.rule);
      expect(text).not.toContain("EXDATE");
      const product = occurrencesBetween(
        storedRule(series.recurrence) as RecurrenceRule,
        series.allDay
          ? { allDay: true, date: series.startDate as string }
          : {
              allDay: false,
              start: new Date(series.startsAt as string),
              timeZone: series.timeZone,
            },
        new Date("2026-01-01T00:00:00Z"),
        new Date("2027-01-01T00:00:00Z"),
      );
      const expansion = new ICAL.Event(events[0] as ICAL.Component).iterator();
      const starts: string[] = [];
      for (let next = expansion.next(); next; next = expansion.next()) {
        starts.push(next.isDate ? next.toString() : next.toJSDate().toISOString());
      }
      expect(starts).toEqual(
        product.map((original) => (original.allDay ? original.date : original.start.toISOString())),
      );
    },
  );

  it("writes nothing of a series whose rule never falls before its end", () => {
    const { events } = calendarOf([
      plan({
        startsAt: "2026-03-03T17:00:00+00:00",
        recurrence: { ...weeklyRule("monday", 0), count: null, until: "2026-03-08" },
      }),
    ]);
    expect(events).toHaveLength(0);
  });

  it("writes a moved all-day occurrence under the series' UID with RECURRENCE-ID;VALUE=DATE, not as an EXDATE and a stray event", () => {
    const weekly = weeklyRule("tuesday", 3);
    const allDay = { allDay: true, startsAt: null, endsAt: null, endDate: null };
    const moved: FeedException = {
      planId: 1,
      originalStart: null,
      originalDate: "2026-03-10",
      startsAt: null,
      endsAt: null,
      startDate: "2026-03-11",
      endDate: null,
      isCancelled: false,
      isException: true,
      overrides: { title: "Bins (late)" },
      isCompleted: null,
    };
    const { text, events } = calendarOf(
      [plan({ ...allDay, title: "Bins", startDate: "2026-03-03", recurrence: weekly })],
      { exceptions: [moved] },
    );
    expect(text).toContain("\r\nRECURRENCE-ID;VALUE=DATE:20260310\r\n");
    expect(text).not.toContain("EXDATE");
    expect(events.map((event) => event.getFirstPropertyValue("uid"))).toEqual([
      "plan-1@plan.example",
      "plan-1@plan.example",
    ]);
    // A reader relates the override to its occurrence: the series shows it moved, once.
    const [master, override] = events.map((event) => new ICAL.Event(event));
    master?.relateException(override as ICAL.Event);
    const expansion = master?.iterator() as ICAL.RecurExpansion;
    const days: string[] = [];
    for (let next = expansion.next(); next; next = expansion.next()) {
      const details = master?.getOccurrenceDetails(next);
      days.push(`${details?.startDate.toString()} ${details?.item.summary}`);
    }
    expect(days).toEqual(["2026-03-03 Bins", "2026-03-11 Bins (late)", "2026-03-17 Bins"]);
  });

  it("states a task's assignee and state, and sets alarms only for whom the plan reminds", () => {
    const task = plan({
      type: "task",
      creatorId: 99,
      assignedTo: 12,
      assigneeName: "Ann Smith",
      assignmentAccepted: false,
      description: "Bring the forms",
      reminderTimes: ["1 day before", "24 hours before", "1 hour before"],
    });
    const notOwners = calendarOf([task]).events[0] as ICAL.Component;
    expect(notOwners.getFirstPropertyValue("description")).toBe(
      "Task for Ann Smith: declined\n\nBring the forms",
    );
    expect(notOwners.getAllSubcomponents("valarm")).toHaveLength(0);
    const followed = calendarOf([{ ...task, followed: true }]).events[0] as ICAL.Component;
    const triggers = followed
      .getAllSubcomponents("valarm")
      .map((alarm) => String(alarm.getFirstPropertyValue("trigger")));
    expect(triggers).toEqual(["-PT1H", "-P1D"]);
  });

  it("states whether an unassigned task or a to-do is done, a series' occurrence completed on its own too; an event states nothing", () => {
    const descriptionOf = (fields: Partial<FeedPlan>) =>
      calendarOf([plan(fields)]).events[0]?.getFirstPropertyValue("description");
    expect(descriptionOf({ type: "todo" })).toBe("To do");
    expect(descriptionOf({ type: "todo", isCompleted: true, description: "Milk" })).toBe(
      "Done\n\nMilk",
    );
    expect(descriptionOf({ type: "task", isCompleted: true })).toBe("Done");
    expect(descriptionOf({ type: "event" })).toBeNull();
    expect(
      descriptionOf({ type: "task", assignedTo: 12, assigneeName: "Ann", isCompleted: true }),
    ).toBe("Task for Ann: completed");

    const done: FeedException = {
      planId: 1,
      originalStart: "2026-03-09T17:00:00.000Z",
      originalDate: null,
      startsAt: "2026-03-09T17:00:00.000Z",
      endsAt: null,
      startDate: null,
      endDate: null,
      isCancelled: false,
      isException: false,
      overrides: null,
      isCompleted: true,
    };
    const { events } = calendarOf(
      [plan({ type: "todo", endsAt: null, recurrence: weeklyRule("monday", 3) })],
      { exceptions: [done] },
    );
    expect(events.map((event) => event.getFirstPropertyValue("description"))).toEqual([
      "To do",
      "Done",
    ]);
  });
});
