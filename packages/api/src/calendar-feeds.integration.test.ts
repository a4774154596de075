/**
 * Issue 22, "Subscribe (out)" (docs/decisions/026): secret calendar feeds. Who may make, list
 * and turn off a feed; the `.ics` answer over the app (no socket), parsed with an independent
 * reader (ical.js) and compared occurrence by occurrence with the plans' own reads; what follows
 * its owner's access; caching and rate limits. One database for the file, seeded once: each test
 * uses its own people or feeds where state matters.
 */
import { listOccurrences } from "@circleplan/core/plans/list-occurrences";
import { users } from "@circleplan/db/schema";
import { createCircle } from "@circleplan/db/testing/factories";
import { addDays, instantAt } from "@circleplan/shared/days";
import { eq } from "drizzle-orm";
import ICAL from "ical.js";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "./app";
import { callerFor, refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { startTestHarness, type TestHarness } from "./testing/test-harness";

const NOW = new Date("2026-03-01T12:00:00Z");
const LONDON = "Europe/London"; // clocks go forward on 29 March 2026
const NEW_YORK = "America/New_York"; // clocks go forward on 8 March 2026
/** The comparison's window: three months across both DST changes. */
const FROM = new Date("2026-03-01T00:00:00Z");
const TO = new Date("2026-06-01T00:00:00Z");

let h: TestHarness;
let app: App;
let creator: TestCaller & { user: { id: number } };
let admin: TestCaller & { user: { id: number } };
let member: TestCaller & { user: { id: number } };
let outsider: TestCaller & { user: { id: number } };
let circleId: number;

beforeAll(async () => {
  h = await startTestHarness({
    env: { RATE_LIMIT_FEED_READ: "6/3600", RATE_LIMIT_FEED_CREATE: "5/3600" },
  });
  h.clock.set(NOW);
  app = createApp(h.deps, { remoteAddress: () => "127.0.0.1" });
  creator = await signedInCaller(h, { user: { timeZone: LONDON } });
  admin = await signedInCaller(h, { user: { timeZone: LONDON } });
  member = await signedInCaller(h, { user: { timeZone: NEW_YORK } });
  outsider = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [member.user.id],
    name: "Smiths",
  });
  circleId = circle.id;
  await seedPlans();
});

afterAll(() => h.close());

const local = (day: string, time: string, zone = LONDON) => instantAt(day, time, zone);

/** One plan of every shape the feed writes, with every kind of exception. */
async function seedPlans() {
  const create = creator.trpc.plans.create;
  const base = { circleId, timeZone: LONDON };
  await create({
    ...base,
    title: "Dentist",
    startTime: local("2026-03-05", "09:30"),
    endTime: local("2026-03-05", "10:15"),
  });
  await create({
    ...base,
    title: "Inset day",
    startTime: new Date("2026-03-06T00:00:00Z"),
    allDay: true,
    date: "2026-03-06",
  });
  await create({
    ...base,
    title: "Half term",
    startTime: new Date("2026-04-06T00:00:00Z"),
    endTime: new Date("2026-04-10T00:00:00Z"),
    allDay: true,
    date: "2026-04-06",
  });
  // Weekly on Mondays at 18:00 in London across the clocks' change: one cancelled, one moved,
  // one renamed.
  const swimming = await create({
    ...base,
    title: "Swimming",
    startTime: local("2026-03-02", "18:00"),
    endTime: local("2026-03-02", "19:00"),
    isRecurring: true,
    recurrenceType: "weekly",
  });
  await creator.trpc.plans.delete({
    id: swimming.id,
    occurrenceStart: local("2026-03-23", "18:00"),
  });
  await creator.trpc.plans.update({
    id: swimming.id,
    occurrenceStart: local("2026-04-06", "18:00"),
    startTime: local("2026-04-08", "10:00"),
    endTime: local("2026-04-08", "11:00"),
  });
  await creator.trpc.plans.update({
    id: swimming.id,
    occurrenceStart: local("2026-04-13", "18:00"),
    title: "Gala",
  });
  // The second Thursday of every month, 19:30 in New York (its clocks change on 8 March).
  await create({
    circleId,
    timeZone: NEW_YORK,
    title: "Book club",
    startTime: local("2026-03-12", "19:30", NEW_YORK),
    isRecurring: true,
    recurrenceType: "monthly",
    recurrenceMonthlyBy: "weekdayOfMonth",
  });
  // Wednesdays at 16:00, then from 25 March at 17:00: this and following splits the series.
  const piano = await create({
    ...base,
    title: "Piano",
    startTime: local("2026-03-04", "16:00"),
    isRecurring: true,
    recurrenceType: "weekly",
  });
  await creator.trpc.plans.update({
    id: piano.id,
    occurrenceStart: local("2026-03-25", "16:00"),
    scope: "following",
    startTime: local("2026-03-25", "17:00"),
  });
  // Mondays, three times, from a Tuesday: RFC 5545 would count the Tuesday, the app does not.
  await create({
    ...base,
    title: "Football",
    startTime: local("2026-03-03", "17:00"),
    endTime: local("2026-03-03", "18:30"),
    isRecurring: true,
    recurrenceType: "weekly",
    recurrenceDaysOfWeek: ["monday"],
    recurrenceCount: 3,
  });
  // An all-day weekly series with one occurrence moved to the next day.
  const bins = await create({
    ...base,
    title: "Bins",
    startTime: new Date("2026-03-03T00:00:00Z"),
    allDay: true,
    date: "2026-03-03",
    isRecurring: true,
    recurrenceType: "weekly",
  });
  await creator.trpc.plans.update({
    id: bins.id,
    occurrenceDate: "2026-03-17",
    allDay: true,
    date: "2026-03-18",
    startTime: new Date("2026-03-18T00:00:00Z"),
  });
}

async function fetchFeed(url: string, headers: Record<string, string> = {}) {
  return app.request(new URL(url).pathname, { headers });
}

/** The plans' own reads: every occurrence in the window, one line each. */
async function occurrenceLines(circleIds: number[]): Promise<string[]> {
  const rows = await listOccurrences(h.db.db, { circleIds, from: FROM, to: TO, viewerZone: "UTC" });
  return rows.map(lineOfRow).sort();
}

type OccurrenceRow = Awaited<ReturnType<typeof listOccurrences>>[number];

function lineOfRow({ plan, occurrence }: OccurrenceRow): string {
  const title = occurrence.overrides?.title ?? plan.title;
  if (occurrence.startDate) {
    return `${occurrence.startDate}..${occurrence.endDate ?? occurrence.startDate} ${title}`;
  }
  const end = occurrence.endsAt ? (occurrence.endsAt as Date).toISOString() : "";
  return `${(occurrence.startsAt as Date).toISOString()}..${end} ${title}`;
}

/** Every occurrence ical.js expands from the feed in the window, one line each, as above. */
function feedLines(text: string): string[] {
  const calendar = new ICAL.Component(ICAL.parse(text));
  for (const zone of calendar.getAllSubcomponents("vtimezone")) ICAL.TimezoneService.register(zone);
  const events = calendar.getAllSubcomponents("vevent").map((vevent) => new ICAL.Event(vevent));
  const masters = events.filter((event) => !event.isRecurrenceException());
  for (const exception of events.filter((event) => event.isRecurrenceException())) {
    masters.find((event) => event.uid === exception.uid)?.relateException(exception);
  }
  const lines: string[] = [];
  const add = (start: ICAL.Time, end: ICAL.Time | null, title: string) => {
    if (start.isDate) {
      const day = start.toString();
      if (day < dayOf(FROM) || day >= dayOf(TO)) return;
      const last = end ? addDays(end.toString(), -1) : day;
      lines.push(`${day}..${last} ${title}`);
      return;
    }
    const at = start.toJSDate();
    if (at < FROM || at >= TO) return;
    // A plan without an end has no DTEND: ical.js reads it as ending when it starts.
    const ends = end && end.compare(start) !== 0 ? end.toJSDate().toISOString() : "";
    lines.push(`${at.toISOString()}..${ends} ${title}`);
  };
  for (const event of masters) {
    if (!event.isRecurring()) {
      add(event.startDate, event.endDate, event.summary);
      continue;
    }
    const expansion = event.iterator();
    for (let next = expansion.next(); next; next = expansion.next()) {
      if (next.toJSDate() >= TO) break;
      const details = event.getOccurrenceDetails(next);
      add(details.startDate, details.endDate, details.item.summary);
    }
  }
  return lines.sort();
}

const dayOf = (instant: Date) => instant.toISOString().slice(0, 10);

describe("calendar feeds", () => {
  it("the feed holds every occurrence the app shows: one-off, all-day, multi-day, DST, by weekday, each kind of exception, a split series, a start off its rule", async () => {
    const made = await member.trpc.calendarFeeds.create({ circleId });
    const answer = await fetchFeed(made.url);
    expect(answer.status).toBe(200);
    const text = await answer.text();
    const expected = await occurrenceLines([circleId]);
    expect(expected.length).toBeGreaterThan(30);
    expect(feedLines(text)).toEqual(expected);
    // The moved and renamed occurrences are the series' own VEVENTs (an all-day series' named by
    // a DATE), the cancelled one an EXDATE.
    expect(text).toMatch(/RECURRENCE-ID;TZID=Europe\/London:20260406T180000/);
    expect(text).toMatch(/EXDATE;TZID=Europe\/London:20260323T180000/);
    expect(text).toContain("RECURRENCE-ID;VALUE=DATE:20260317");
    expect(text).not.toContain("EXDATE;VALUE=DATE:20260317");
    // The series off its rule starts at its first Monday, so COUNT counts what the app shows.
    expect(text).toContain("DTSTART;TZID=Europe/London:20260309T170000\r\n");
    expect(text).toContain("RRULE:FREQ=WEEKLY;BYDAY=MO;COUNT=3\r\n");
  });

  it("making, listing and turning off: each member their own, a non-member 404, signed out 401", async () => {
    expect((await refusal(callerFor(h).trpc.calendarFeeds.list())).status).toBe(401);
    expect((await refusal(callerFor(h).trpc.calendarFeeds.create({}))).status).toBe(401);
    expect((await refusal(outsider.trpc.calendarFeeds.create({ circleId }))).status).toBe(404);
    expect((await refusal(outsider.trpc.calendarFeeds.revoke({ circleId }))).status).toBe(404);

    for (const who of [creator, admin]) {
      const mine = await who.trpc.calendarFeeds.create({ circleId });
      expect(mine.url).toMatch(/^http:\/\/localhost:3000\/api\/calendar-feeds\/[\w-]{43}\.ics$/);
      expect(mine.webcalUrl).toBe(mine.url.replace("http://", "webcal://"));
      const all = await who.trpc.calendarFeeds.create({});
      const listed = await who.trpc.calendarFeeds.list();
      // Existence and dates, never an address: only the token's hash is kept.
      expect(listed.feeds.map((feed) => [feed.circleId, "url" in feed])).toEqual([
        [null, false],
        [circleId, false],
      ]);
      // A new link replaces the old one, which answers 404 from then on.
      const again = await who.trpc.calendarFeeds.create({});
      expect((await fetchFeed(all.url)).status).toBe(404);
      expect((await fetchFeed(again.url)).status).toBe(200);
      await who.trpc.calendarFeeds.revoke({});
      expect((await fetchFeed(again.url)).status).toBe(404);
      expect((await who.trpc.calendarFeeds.list()).feeds).toHaveLength(1);
    }
    // Nobody's list shows another's feeds.
    expect((await outsider.trpc.calendarFeeds.list()).feeds).toEqual([]);
  });

  it("unknown, malformed and revoked addresses are one 404 without detail; no cookie is set or read", async () => {
    const made = await admin.trpc.calendarFeeds.create({});
    const good = await fetchFeed(made.url, { cookie: `${h.deps.sessions.cookieName}=nonsense` });
    expect(good.status).toBe(200);
    expect(good.headers.get("set-cookie")).toBeNull();
    expect(good.headers.get("content-type")).toBe("text/calendar; charset=utf-8");
    expect(good.headers.get("cache-control")).toBe("public, max-age=300");
    const unknown = "A".repeat(43);
    for (const path of [`${unknown}.ics`, "short.ics", `${unknown}`, `${unknown}.ics.ics`]) {
      const answer = await app.request(`/api/calendar-feeds/${path}`);
      expect([answer.status, await answer.json()]).toEqual([
        404,
        { message: "Not found", code: "NOT_FOUND" },
      ]);
      expect(answer.headers.get("cache-control")).toBe("no-store");
    }
  });

  it("ETag and Last-Modified: 304 while nothing changed, a new answer after a change", async () => {
    const made = await creator.trpc.calendarFeeds.create({ circleId });
    const first = await fetchFeed(made.url);
    const etag = first.headers.get("etag") as string;
    expect(etag).toMatch(/^W\/"[\w-]{22}"$/);
    expect(Date.parse(first.headers.get("last-modified") as string)).toBeGreaterThan(0);
    const same = await fetchFeed(made.url, { "if-none-match": etag });
    expect([same.status, await same.text()]).toEqual([304, ""]);
    await creator.trpc.plans.create({
      circleId,
      title: "Parents' evening",
      startTime: local("2026-03-10", "18:00"),
    });
    const changed = await fetchFeed(made.url, { "if-none-match": etag });
    expect(changed.status).toBe(200);
    expect(changed.headers.get("etag")).not.toBe(etag);
    expect(await changed.text()).toContain("SUMMARY:Parents' evening");
  });

  it("a to-do series states whether it is done, and an occurrence completed on its own says so (was silent unless assigned)", async () => {
    const owner = await signedInCaller(h);
    const own = await createCircle(h.deps, { creatorId: owner.user.id, name: "To-dos" });
    const bins = await owner.trpc.plans.create({
      circleId: own.id,
      title: "Put the bins out",
      type: "todo",
      startTime: local("2026-03-02", "07:00"),
      isRecurring: true,
      recurrenceType: "weekly",
    });
    await owner.trpc.plans.complete({
      id: bins.id,
      occurrenceStart: local("2026-03-09", "07:00"),
    });
    const made = await owner.trpc.calendarFeeds.create({ circleId: own.id });
    const events = new ICAL.Component(ICAL.parse(await (await fetchFeed(made.url)).text()))
      .getAllSubcomponents("vevent")
      .map((event) => [
        (event.getFirstPropertyValue("recurrence-id") as ICAL.Time | null)
          ?.toJSDate()
          .toISOString() ?? null,
        event.getFirstPropertyValue("description"),
      ]);
    expect(events).toEqual([
      [null, "To do"],
      ["2026-03-09T07:00:00.000Z", "Done"],
    ]);
  });

  it("a feed is rate-limited per feed (429 with Retry-After), and making links per user", async () => {
    const who = await signedInCaller(h);
    const reader = await createCircle(h.deps, { creatorId: who.user.id });
    const made = await who.trpc.calendarFeeds.create({ circleId: reader.id });
    for (let i = 0; i < 6; i += 1) expect((await fetchFeed(made.url)).status).toBe(200);
    const refused = await fetchFeed(made.url);
    expect(refused.status).toBe(429);
    expect(Number(refused.headers.get("retry-after"))).toBeGreaterThan(0);
    // Never kept by CloudFront: a shared cache would refuse the feed for its whole TTL.
    expect(refused.headers.get("cache-control")).toBe("no-store");
    for (let i = 0; i < 4; i += 1) await who.trpc.calendarFeeds.create({});
    expect((await refusal(who.trpc.calendarFeeds.create({}))).status).toBe(429);
  });

  it("a feed follows its owner's access: following a plan and leaving change its ETag, leaving takes the circle's plans away, a deleted account its feeds", async () => {
    const leaver = await signedInCaller(h);
    const own = await createCircle(h.deps, { creatorId: leaver.user.id, name: "Mine" });
    const joined = await createCircle(h.deps, {
      creatorId: creator.user.id,
      members: [leaver.user.id],
      name: "Joined",
    });
    const joinedPlan = await creator.trpc.plans.create({
      circleId: joined.id,
      title: "Joined plan",
      startTime: local("2026-03-09", "12:00"),
    });
    await leaver.trpc.plans.create({
      circleId: own.id,
      title: "My plan",
      startTime: local("2026-03-09", "13:00"),
    });
    // A task withdrawn from them is gone from their feed, as from every view of theirs.
    const task = await creator.trpc.plans.create({
      circleId: joined.id,
      title: "Withdrawn task",
      startTime: local("2026-03-09", "14:00"),
      assignedTo: leaver.user.id,
    });
    await creator.trpc.tasks.cancel({ id: task.id });
    const all = await leaver.trpc.calendarFeeds.create({});
    const one = await leaver.trpc.calendarFeeds.create({ circleId: joined.id });
    const first = await fetchFeed(all.url);
    const before = await first.text();
    expect([before.includes("Joined plan"), before.includes("My plan")]).toEqual([true, true]);
    expect(before).toContain("Circle: Joined");
    expect(before).not.toContain("Withdrawn task");
    expect(
      await (await fetchFeed((await creator.trpc.calendarFeeds.create({})).url)).text(),
    ).toContain("Withdrawn task");

    // A plan followed decides its alarms, so the calendar a cache holds is no longer current.
    await leaver.trpc.notifications.followPlan({ id: joinedPlan.id });
    const followed = await fetchFeed(all.url, { "if-none-match": first.headers.get("etag") ?? "" });
    expect(followed.status).toBe(200);
    const etag = followed.headers.get("etag") ?? "";
    expect(etag).not.toBe(first.headers.get("etag"));

    await leaver.trpc.circles.leave({ id: joined.id });
    const left = await fetchFeed(all.url, { "if-none-match": etag });
    expect(left.status).toBe(200);
    expect(left.headers.get("etag")).not.toBe(etag);
    const after = await left.text();
    expect([after.includes("Joined plan"), after.includes("My plan")]).toEqual([false, true]);
    expect((await fetchFeed(one.url)).status).toBe(404);

    await h.db.db.delete(users).where(eq(users.id, leaver.user.id));
    expect((await fetchFeed(all.url)).status).toBe(404);
  });
});
