/**
 * The mapping of each fixture (written from RFC 5545 and public exports' shapes) into plans:
 * pure, no database. The integration tests write the same files and compare every occurrence
 * with ical.js's own expansion.
 */
import { readFileSync } from "node:fs";
import { messages } from "@circleplan/shared/messages";
import { describe, expect, it } from "vitest";
import { cleanTexts } from "./clean-text";
import { type ImportDraft, mapCalendar } from "./map-events";
import { readCalendar } from "./read-calendar";

const NOW = new Date("2026-11-01T12:00:00Z");
const fixture = (name: string) =>
  readFileSync(new URL(`./fixtures/${name}`, import.meta.url), "utf8");

async function mapped(name: string, importerZone = "Europe/London") {
  return mapCalendar(await readCalendar(fixture(name)), { importerZone, now: NOW });
}

const byTitle = (drafts: ImportDraft[], title: string) => {
  const found = drafts.filter((draft) => draft.texts.title === title);
  if (found.length === 0) throw new Error(`no draft "${title}"`);
  return found;
};
const one = (drafts: ImportDraft[], title: string) => byTitle(drafts, title)[0] as ImportDraft;

describe("mapCalendar", () => {
  it("keeps a school year's holidays all-day, their last day inclusive, and a weekly all-day series with its EXDATE", async () => {
    const school = await mapped("school-year.ics");
    expect(school.events).toBe(8);
    expect(school.problems).toEqual([]);
    expect(one(school.drafts, "Autumn half term").timing).toMatchObject({
      allDay: true,
      startDate: "2026-10-26",
      endDate: "2026-10-30",
    });
    expect(one(school.drafts, "Autumn half term").texts.description).toBe(
      "School closed all week.\nClubs do not run.",
    );
    expect(one(school.drafts, "INSET day (school closed)").timing).toMatchObject({
      startDate: "2027-06-04",
      endDate: null,
    });
    expect(one(school.drafts, "Parents' evening")).toMatchObject({
      kind: "one-off",
      timing: {
        allDay: false,
        startsAt: new Date("2026-11-12T17:00:00Z"),
        timeZone: "Europe/London",
      },
      texts: { location: "Hillside Primary, School Lane" },
    });
    const swimming = one(school.drafts, "Swimming (bring kit)");
    expect(swimming).toMatchObject({
      kind: "series",
      rule: { type: "weekly", daysOfWeek: ["tuesday"], until: "2027-07-13" },
      exceptions: [{ original: { allDay: true, date: "2026-10-27" }, cancelled: true }],
    });
  });

  it("makes a club's weekly series in Berlin, its EXDATEs cancelled and its moved session an exception", async () => {
    const club = await mapped("weekly-club.ics");
    expect(club.drafts).toHaveLength(1);
    const series = club.drafts[0] as ImportDraft;
    expect(series).toMatchObject({
      kind: "series",
      sequence: 1,
      modified: new Date("2026-10-15T18:00:00Z"),
      timing: {
        timeZone: "Europe/Berlin",
        startsAt: new Date("2026-09-03T15:00:00Z"),
        endsAt: new Date("2026-09-03T16:30:00Z"),
      },
      rule: { type: "weekly", daysOfWeek: ["thursday"], until: "2027-07-15" },
    });
    expect(series.exceptions).toEqual(
      expect.arrayContaining([
        {
          original: { allDay: false, start: new Date("2026-10-29T16:00:00Z") },
          cancelled: true,
          timing: null,
          overrides: null,
        },
        {
          original: { allDay: false, start: new Date("2026-12-24T16:00:00Z") },
          cancelled: true,
          timing: null,
          overrides: null,
        },
        expect.objectContaining({
          original: { allDay: false, start: new Date("2026-11-19T16:00:00Z") },
          cancelled: false,
          timing: expect.objectContaining({ startsAt: new Date("2026-11-21T09:00:00Z") }),
          // RFC 5545: an override replaces its occurrence whole, so no DESCRIPTION is none.
          overrides: { title: "Judo club (grading)", description: null, location: "Dojo Mitte" },
        }),
      ]),
    );
    expect(series.exceptions).toHaveLength(3);
  });

  it("reads Outlook's Windows zone names as IANA zones, and a zone only the file defines by its offsets", async () => {
    const work = await mapped("outlook-work.ics");
    expect(work.problems).toEqual([]);
    expect(one(work.drafts, "Team stand-up")).toMatchObject({
      kind: "series",
      timing: { timeZone: "Europe/Berlin", startsAt: new Date("2026-10-05T07:30:00Z") },
      rule: { type: "weekly", interval: 2, daysOfWeek: ["monday", "wednesday"] },
      texts: {
        description: "Agenda in the team channel.\n\nJoin from the meeting room or online.",
      },
    });
    // WKST=SU kept: a rule skipping weeks groups its days by the week the file says.
    expect(one(work.drafts, "Team stand-up").rule).not.toHaveProperty("weekStart");
    expect(one(work.drafts, "Monthly review").rule).toMatchObject({
      type: "monthly",
      monthlyBy: "weekdayOfMonth",
      weekOfMonth: -1,
    });
    // 16 March 2027: New York is already on summer time (-4), Europe is not.
    expect(one(work.drafts, "Call with the New York office").timing).toMatchObject({
      timeZone: "America/New_York",
      startsAt: new Date("2027-03-16T15:00:00Z"),
    });
    expect(one(work.drafts, "Review with HQ").timing).toMatchObject({
      timeZone: "Europe/London",
      startsAt: new Date("2026-11-17T04:00:00Z"),
      endsAt: new Date("2026-11-17T05:00:00Z"),
    });
    expect(one(work.drafts, "Office closed").timing).toMatchObject({
      allDay: true,
      startDate: "2026-12-24",
      endDate: null,
    });
  });

  it("keeps birthdays as all-day yearly series, 29 February and the second Sunday of May included", async () => {
    const birthdays = await mapped("birthdays.ics");
    expect(
      birthdays.drafts.map((draft) => [draft.texts.title, draft.kind, draft.rule?.type]),
    ).toEqual([
      ["Ana's birthday", "series", "yearly"],
      ["Leo's birthday (29 February)", "series", "yearly"],
      ["Mother's Day", "series", "yearly"],
    ]);
    expect(one(birthdays.drafts, "Ana's birthday").timing).toMatchObject({
      allDay: true,
      startDate: "1985-04-12",
      endDate: null,
    });
    expect(one(birthdays.drafts, "Mother's Day").rule).toMatchObject({
      monthlyBy: "weekdayOfMonth",
      weekOfMonth: 2,
    });
  });

  it("imports a rule plans cannot say as its occurrences within the window, and says so per event", async () => {
    const file = await mapped("cannot-express.ics");
    const count = (title: string) => byTitle(file.drafts, title).length;
    expect(count("Antibiotics")).toBe(6);
    expect(count("Payday (last working day)")).toBe(4);
    expect(count("Feed the lambs")).toBe(4);
    expect(count("Dentist (two visits)")).toBe(2);
    expect(file.drafts.every((draft) => draft.kind === "occurrences" && draft.rule === null)).toBe(
      true,
    );
    expect(
      byTitle(file.drafts, "Payday (last working day)").map((d) => d.timing.startDate),
    ).toEqual(["2026-10-30", "2026-11-30", "2026-12-31", "2027-01-29"]);
    expect(byTitle(file.drafts, "Antibiotics").map((d) => d.instance)).toContain(
      "2026-11-02T20:00:00.000Z",
    );
    expect(file.notes.map((item) => [item.title, item.kind])).toEqual([
      ["Antibiotics", "occurrences"],
      ["Payday (last working day)", "occurrences"],
      ["Feed the lambs", "occurrences"],
      ["Dentist (two visits)", "occurrences"],
    ]);
    expect(file.notes[0]?.reason).toMatch(/BYHOUR=8,20.*6 occurrences/);
    expect(file.problems).toEqual([
      expect.objectContaining({
        title: "Every second since 1990",
        kind: null,
        reason: expect.stringMatching(/too often/),
      }),
    ]);
    expect(file.skipped).toBe(1);
  });

  it("counts the check that a rule expands alike against the file's steps: daily series from long ago stop there", async () => {
    // Each series' check alone walks ~3,040 days from 2020; the file may take 4,000 steps here
    // (200,000 in use: twenty daily series from 1900 took 31 s when the check was not counted).
    const events = Array.from({ length: 4 }, (_, i) =>
      [
        "BEGIN:VEVENT",
        `UID:daily-${i}`,
        `SUMMARY:Daily ${i}`,
        "DTSTART:20200101T080000Z",
        "RRULE:FREQ=DAILY",
        "END:VEVENT",
      ].join("\n"),
    );
    const file = await mapCalendar(
      await readCalendar(`BEGIN:VCALENDAR\n${events.join("\n")}\nEND:VCALENDAR`),
      { importerZone: "UTC", now: NOW, stepsMax: 4_000 },
    );
    expect(file.drafts.map((draft) => draft.texts.title)).toEqual(["Daily 0"]);
    expect(file.problems.map((item) => item.reason)).toEqual(
      Array(3).fill(expect.stringMatching(/too often/)),
    );
  });
});

describe("dates a file gets wrong", () => {
  const calendarOf = (lines: string[]) =>
    ["BEGIN:VCALENDAR", "VERSION:2.0", ...lines, "END:VCALENDAR"].join("\r\n");

  it("an UNTIL past the years plans may name is no end, not a stored date the app refuses", async () => {
    const file = await mapCalendar(
      await readCalendar(
        calendarOf([
          "BEGIN:VEVENT",
          "UID:for-ever",
          "SUMMARY:Choir",
          "DTSTART:20261104T180000Z",
          "RRULE:FREQ=WEEKLY;UNTIL=99991231T235959Z",
          "END:VEVENT",
        ]),
      ),
      { importerZone: "UTC", now: NOW },
    );
    expect(file.drafts).toHaveLength(1);
    expect(file.drafts[0]).toMatchObject({ kind: "series", rule: { until: null } });
  });

  it("reports an impossible date (20261345, 30 February) as a problem instead of rolling it forward", async () => {
    const file = await mapCalendar(
      await readCalendar(
        calendarOf([
          "BEGIN:VEVENT",
          "UID:a",
          "SUMMARY:Thirteenth month",
          "DTSTART:20261345T100000Z",
          "END:VEVENT",
          "BEGIN:VEVENT",
          "UID:b",
          "SUMMARY:Thirtieth of February",
          "DTSTART;VALUE=DATE:20270230",
          "END:VEVENT",
          "BEGIN:VEVENT",
          "UID:c",
          "SUMMARY:Hour 25",
          "DTSTART:20261110T250000Z",
          "END:VEVENT",
          "BEGIN:VEVENT",
          "UID:d",
          "SUMMARY:Leap day",
          "DTSTART;VALUE=DATE:20280229",
          "END:VEVENT",
        ]),
      ),
      { importerZone: "UTC", now: NOW },
    );
    expect(file.drafts.map((draft) => draft.texts.title)).toEqual(["Leap day"]);
    expect(file.problems.map((item) => [item.title, item.reason])).toEqual([
      ["Thirteenth month", "Its dates could not be read."],
      ["Thirtieth of February", "Its dates could not be read."],
      ["Hour 25", "Its dates could not be read."],
    ]);
  });
});

describe("readCalendar", () => {
  it("refuses a file that is not iCalendar (a vCard) with the product's message", async () => {
    await expect(readCalendar(fixture("not-a-calendar.ics"))).rejects.toMatchObject({
      code: "BAD_REQUEST",
      message: messages.calendarFileInvalid,
    });
    await expect(readCalendar("%PDF-1.7 binary")).rejects.toMatchObject({
      message: messages.calendarFileInvalid,
    });
  });

  it("refuses a calendar that does not parse, and one without events", async () => {
    await expect(
      readCalendar("BEGIN:VCALENDAR\nthis is no property\nEND:VCALENDAR"),
    ).rejects.toMatchObject({
      message: messages.calendarFileMalformed,
    });
    await expect(readCalendar("BEGIN:VCALENDAR\nVERSION:2.0\nEND:VCALENDAR")).rejects.toMatchObject(
      {
        message: messages.calendarFileEmpty,
      },
    );
  });

  it("reports an event whose date does not read, and imports the others", async () => {
    const file = await mapCalendar(
      await readCalendar(
        "BEGIN:VCALENDAR\nBEGIN:VEVENT\nUID:a\nSUMMARY:Broken\nDTSTART:2026-13\nEND:VEVENT\nBEGIN:VEVENT\nUID:b\nSUMMARY:Fine\nDTSTART:20261110T100000Z\nEND:VEVENT\nBEGIN:VEVENT\nUID:c\nSUMMARY:Old\nDTSTART;VALUE=DATE:18400101\nEND:VEVENT\nEND:VCALENDAR",
      ),
      { importerZone: "UTC", now: NOW },
    );
    expect(file.drafts.map((draft) => draft.texts.title)).toEqual(["Fine"]);
    expect(file.problems.map((item) => [item.title, item.reason])).toEqual([
      ["Broken", "Its dates could not be read."],
      ["Old", messages.dateOutOfRange],
    ]);
  });
  it("imports an event a broken export holds twice (one UID and occurrence) once, the newer, so the import never trips the circle's key", async () => {
    const override = (sequence: number, start: string) =>
      `BEGIN:VEVENT\nUID:twice@x\nSEQUENCE:${sequence}\nRECURRENCE-ID:20261201T100000Z\nDTSTART:${start}\nSUMMARY:Piano ${sequence}\nEND:VEVENT\n`;
    const file = await mapCalendar(
      await readCalendar(
        `BEGIN:VCALENDAR\n${override(2, "20261201T120000Z")}${override(1, "20261201T110000Z")}END:VCALENDAR`,
      ),
      { importerZone: "UTC", now: NOW },
    );
    expect(file.drafts.map((draft) => [draft.uid, draft.texts.title])).toEqual([
      ["twice@x", "Piano 2"],
    ]);
    expect(file.problems.map((item) => [item.title, item.reason])).toEqual([
      ["Piano 1", "It appears twice in the file; the newer version is imported."],
    ]);
  });
});

describe("cleanTexts", () => {
  it("drops control characters, keeps a description's lines, and cuts to the plan's limits", () => {
    const texts = cleanTexts({
      title: `  Tea\u0000 time\r\n${"x".repeat(300)}`,
      description: "line one\r\nline\u0007 two",
      location: "",
    });
    expect(texts.title).toHaveLength(200);
    expect(texts.title.startsWith("Tea time x")).toBe(true);
    expect(texts.description).toBe("line one\nline two");
    expect(texts.location).toBeNull();
    expect(texts.cut).toEqual(["title"]);
    expect(cleanTexts({ title: undefined, description: null, location: null }).title).toBe(
      "Untitled event",
    );
  });
});
