/**
 * Import calendar (.ics) into a circle (issue 22, docs/decisions/027), called in-process: who
 * may preview and import, each fixture imported and every occurrence the product reads compared
 * with ical.js's own expansion of the file (across the DST changes of Europe and New York), a
 * re-import that changes nothing and one that updates by SEQUENCE, and the caps and bad files
 * refused whole with nothing written. Each test is named after the failure it stops.
 */
import { readFileSync } from "node:fs";
import { listOccurrences } from "@circleplan/core/plans/list-occurrences";
import { circleActivity, planOccurrences, plans, users } from "@circleplan/db/schema";
import { messages } from "@circleplan/shared/messages";
import { and, count, eq, isNotNull, sql } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { circleOfFour } from "./testing/circle-callers";
import { icalOccurrences } from "./testing/ical-occurrences";
import { refusal, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** A fixed "now": the written window is 23 August 2026 to 1 May 2028 (decision 016). */
const NOW = new Date("2026-11-01T12:00:00Z");
const WINDOW = { from: new Date("2026-08-23T12:00:00Z"), to: new Date("2028-05-01T12:00:00Z") };
const IMPORTER_ZONE = "Europe/London";

const FIXTURES = "../../core/src/calendar-import/fixtures/";
const fixture = (name: string) => readFileSync(new URL(FIXTURES + name, import.meta.url), "utf8");
const IMPORTABLE = [
  "school-year.ics",
  "weekly-club.ics",
  "outlook-work.ics",
  "birthdays.ics",
  "cannot-express.ics",
];

async function family() {
  const h = harness();
  h.clock.set(NOW);
  const cast = await circleOfFour(h);
  await h.db.db.update(users).set({ timeZone: IMPORTER_ZONE });
  return { h, ...cast };
}

const calendarOf = (lines: string[]) =>
  ["BEGIN:VCALENDAR", "VERSION:2.0", "PRODID:-//test//EN", ...lines, "END:VCALENDAR"].join("\r\n");

const importFile = (who: TestCaller, id: number, content: string) =>
  who.trpc.calendarImport.import({ id, fileName: "calendar.ics", content });

/** Every occurrence ical.js expands from a file, starting in the window, as "title|start|end". */
const expectedOccurrences = (content: string) =>
  icalOccurrences(content, {
    window: WINDOW,
    floatingZone: IMPORTER_ZONE,
    skip: ["Every second since 1990"], // refused: too many occurrences
  });

async function readOccurrences(circleId: number): Promise<string[]> {
  const rows = await listOccurrences(harness().deps.db, {
    circleIds: [circleId],
    from: WINDOW.from,
    to: WINDOW.to,
    viewerZone: "UTC",
  });
  return rows
    .map(({ plan, occurrence }) => {
      const title = occurrence.overrides?.title ?? plan.title;
      const start = occurrence.startDate ?? occurrence.startsAt?.toISOString();
      const end = occurrence.endDate ?? occurrence.endsAt?.toISOString() ?? null;
      return `${title}|${start}|${end}`;
    })
    .sort();
}

describe("calendar import", () => {
  it("lets every member preview and import, and refuses the signed-out (401) and outsiders (404)", async () => {
    const { h, creator, admin, member, outsider, anon, circle } = await family();
    const input = { id: circle.id, content: fixture("school-year.ics") };
    expect((await refusal(anon.trpc.calendarImport.preview(input))).status).toBe(401);
    expect(await refusal(outsider.trpc.calendarImport.preview(input))).toMatchObject({
      status: 404,
      body: { message: messages.circleNotFound },
    });
    expect((await refusal(outsider.trpc.calendarImport.import(input))).status).toBe(404);
    for (const who of [creator, admin, member]) {
      expect(await who.trpc.calendarImport.preview(input)).toMatchObject({
        events: 8,
        series: 1,
        oneOffs: 7,
        allDay: 7,
        newPlans: 8,
        from: "2026-09-03",
        to: "2027-06-04",
        problems: [],
      });
    }
    expect(await importFile(member, circle.id, input.content)).toEqual({
      created: 8,
      updated: 0,
      unchanged: 0,
      skipped: 0,
    });
    // The plans are the importer's, with no assignee and no reminders; one feed entry says it.
    const rows = await h.db.db.select().from(plans).where(eq(plans.circleId, circle.id));
    expect(rows.every((row) => row.creatorId === member.user.id && row.assignedTo === null)).toBe(
      true,
    );
    expect(rows.every((row) => row.reminderTimes.length === 0)).toBe(true);
    const entries = await h.db.db
      .select()
      .from(circleActivity)
      .where(eq(circleActivity.circleId, circle.id));
    expect(entries.map((entry) => [entry.kind, entry.after])).toEqual([
      ["calendar_imported", { plansImported: 8, plansUpdated: 0 }],
    ]);
  });

  it("reads every imported occurrence where ical.js puts it, across DST, with EXDATEs and moved sessions", async () => {
    const { member, circle } = await family();
    for (const name of IMPORTABLE) await importFile(member, circle.id, fixture(name));
    const expected = IMPORTABLE.flatMap((name) => expectedOccurrences(fixture(name))).sort();
    expect(expected.length).toBeGreaterThan(150);
    expect(await readOccurrences(circle.id)).toEqual(expected);
  });

  it("changes nothing when the same file comes again, and updates in place from a newer SEQUENCE", async () => {
    const { h, member, admin, circle } = await family();
    const club = fixture("weekly-club.ics");
    await importFile(member, circle.id, club);
    const appPlan = await member.trpc.plans.create({
      circleId: circle.id,
      title: "Judo club",
      startTime: new Date("2026-11-05T16:00:00Z"),
    });
    const [before] = await h.db.db.select().from(plans).where(isNotNull(plans.importUid));
    expect(await importFile(member, circle.id, club)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
    });
    // Another member's import of the same file leaves the importer's plan alone.
    expect(await importFile(admin, circle.id, club)).toMatchObject({
      created: 0,
      updated: 0,
      unchanged: 1,
    });

    const newer = club
      .replace("SUMMARY:Judo club\n", "SUMMARY:Judo club (juniors)\n")
      .replace("SEQUENCE:1", "SEQUENCE:2")
      .replace(
        "EXDATE;TZID=Europe/Berlin:20261029T170000,20261224T170000",
        "EXDATE;TZID=Europe/Berlin:20261029T170000,20261224T170000,20261203T170000",
      );
    expect(await importFile(member, circle.id, newer)).toMatchObject({
      created: 0,
      updated: 1,
      unchanged: 0,
    });
    const [after] = await h.db.db.select().from(plans).where(isNotNull(plans.importUid));
    expect(after).toMatchObject({
      id: before?.id,
      title: "Judo club (juniors)",
      version: (before?.version ?? 0) + 1,
      importSequence: 2,
    });
    const read = await readOccurrences(circle.id);
    expect(read).not.toContain(
      "Judo club (juniors)|2026-12-03T16:00:00.000Z|2026-12-03T17:30:00.000Z",
    );
    expect(read).toContain("Judo club (juniors)|2026-12-10T16:00:00.000Z|2026-12-10T17:30:00.000Z");
    expect(read).toContain("Judo club (grading)|2026-11-21T09:00:00.000Z|2026-11-21T10:30:00.000Z");
    // The plan made in the app with the same title is never touched.
    const [app] = await h.db.db.select().from(plans).where(eq(plans.id, appPlan.id));
    expect(app).toMatchObject({ title: "Judo club", version: 1, importUid: null });
    const entries = await h.db.db
      .select({ after: circleActivity.after })
      .from(circleActivity)
      .where(
        and(eq(circleActivity.circleId, circle.id), eq(circleActivity.kind, "calendar_imported")),
      );
    expect(entries.map((entry) => entry.after)).toEqual([
      { plansImported: 1, plansUpdated: 0 },
      { plansImported: 0, plansUpdated: 1 },
    ]);
  });

  it("refuses a file over the circle's series cap whole, and a file that is not a calendar, writing nothing", async () => {
    const { h, member, creator, circle } = await family();
    // 99 series held: the work file's two would make 101.
    await h.db.db.insert(plans).values(
      Array.from({ length: 99 }, (_, index) => ({
        circleId: circle.id,
        creatorId: creator.user.id,
        type: "event" as const,
        title: `Series ${index}`,
        startsAt: NOW,
        // Counted as a series by its rule alone; nothing in this test reads it.
        recurrence: { type: "daily" },
      })),
    );
    const held = async () =>
      (await h.db.db.select({ n: count() }).from(plans).where(eq(plans.circleId, circle.id)))[0]?.n;
    expect(await refusal(importFile(member, circle.id, fixture("outlook-work.ics")))).toMatchObject(
      {
        status: 400,
        body: { message: messages.tooManySeries },
      },
    );
    expect(
      await refusal(importFile(member, circle.id, fixture("not-a-calendar.ics"))),
    ).toMatchObject({
      status: 400,
      body: { message: messages.calendarFileInvalid },
    });
    expect(
      await refusal(importFile(member, circle.id, "BEGIN:VCALENDAR\n\u0000garbage")),
    ).toMatchObject({
      status: 400,
      body: { message: messages.calendarFileMalformed },
    });
    expect(
      await refusal(importFile(member, circle.id, "x".repeat(2 * 1024 * 1024 + 1))),
    ).toMatchObject({
      status: 400,
      body: { message: messages.calendarFileTooLarge },
    });
    expect(await held()).toBe(99);
    const entries = await h.db.db
      .select({ n: count() })
      .from(circleActivity)
      .where(eq(circleActivity.circleId, circle.id));
    expect(entries[0]?.n).toBe(0);
  });

  it("rolls a whole import back when an event fails at write time after another was written", async () => {
    const { h, member, circle } = await family();
    const db = h.db.db;
    // The second event's occurrence row is refused by the database, after the first event's
    // plan and occurrences were written in the same transaction.
    await db.execute(sql`create or replace function refuse_for_test() returns trigger
      language plpgsql as $$ begin
        if (select title from plans where id = new.plan_id) = 'Refused at write time' then
          raise exception 'refused for the test';
        end if;
        return new;
      end $$`);
    await db.execute(sql`create trigger refuse_for_test before insert on plan_occurrences
      for each row execute function refuse_for_test()`);
    try {
      const file = calendarOf([
        "BEGIN:VEVENT",
        "UID:fine@example.org",
        "SUMMARY:Fine",
        "DTSTART:20261110T080000Z",
        "RRULE:FREQ=WEEKLY;COUNT=4",
        "END:VEVENT",
        "BEGIN:VEVENT",
        "UID:refused@example.org",
        "SUMMARY:Refused at write time",
        "DTSTART:20261111T080000Z",
        "END:VEVENT",
      ]);
      await expect(importFile(member, circle.id, file)).rejects.toThrow();
    } finally {
      await db.execute(sql`drop trigger refuse_for_test on plan_occurrences`);
      await db.execute(sql`drop function refuse_for_test()`);
    }
    const held = await db.select({ n: count() }).from(plans).where(eq(plans.circleId, circle.id));
    expect(held[0]?.n).toBe(0);
    const occurrences = await db
      .select({ n: count() })
      .from(planOccurrences)
      .where(eq(planOccurrences.circleId, circle.id));
    expect(occurrences[0]?.n).toBe(0);
    const entries = await db
      .select({ n: count() })
      .from(circleActivity)
      .where(eq(circleActivity.circleId, circle.id));
    expect(entries[0]?.n).toBe(0);
  });

  it("imports an event whose UID holds NUL and control characters (cleaned), not a 500", async () => {
    const { h, member, circle } = await family();
    const file = calendarOf([
      "BEGIN:VEVENT",
      "UID:school\u0000\u0007-day@example.org",
      "SUMMARY:School day",
      "DTSTART:20261110T080000Z",
      "END:VEVENT",
    ]);
    expect(await importFile(member, circle.id, file)).toMatchObject({ created: 1 });
    const rows = await h.db.db.select().from(plans).where(eq(plans.circleId, circle.id));
    expect(rows.map((row) => row.importUid)).toEqual(["school-day@example.org"]);
  });

  it("refuses a file whose series carry more than 5,000 EXDATEs whole, with the product's message", async () => {
    const { member, circle } = await family();
    const days = Array.from({ length: 5_001 }, (_, i) =>
      new Date(Date.UTC(2026, 0, 1 + i, 9)).toISOString().replace(/[-:]|\.000/g, ""),
    );
    const exdates = [];
    for (let i = 0; i < days.length; i += 100)
      exdates.push(`EXDATE:${days.slice(i, i + 100).join(",")}`);
    const file = calendarOf([
      "BEGIN:VEVENT",
      "UID:daily@example.org",
      "SUMMARY:Every day",
      "DTSTART:20260101T090000Z",
      "RRULE:FREQ=DAILY",
      ...exdates,
      "END:VEVENT",
    ]);
    expect(
      await refusal(member.trpc.calendarImport.preview({ id: circle.id, content: file })),
    ).toMatchObject({ status: 400, body: { message: messages.calendarTooManyExceptions } });
  });
});
