/**
 * Issue 22's round trip (docs/decisions/026 and 027): each import fixture is imported into a
 * circle of its own through the core callers, that circle's feed is read through the app (no
 * socket), and ical.js's expansion of the feed must equal its expansion of the original file in
 * the import's window: the same instants (timed, as UTC instants), the same days (all-day),
 * exceptions included, across the DST changes of Europe and New York. One database, seeded once.
 */
import { readFileSync } from "node:fs";
import { createCircle } from "@circleplan/db/testing/factories";
import { afterAll, beforeAll, describe, expect, it } from "vitest";
import { type App, createApp } from "./app";
import { icalOccurrences } from "./testing/ical-occurrences";
import { signedInCaller } from "./testing/test-caller";
import { startTestHarness, type TestHarness } from "./testing/test-harness";

/** A fixed "now": the import writes 23 August 2026 to 1 May 2028 (decision 016), inside the feed's. */
const NOW = new Date("2026-11-01T12:00:00Z");
const WINDOW = { from: new Date("2026-08-23T12:00:00Z"), to: new Date("2028-05-01T12:00:00Z") };
const IMPORTER_ZONE = "Europe/London";

const fixture = (name: string) =>
  readFileSync(new URL(`../../core/src/calendar-import/fixtures/${name}`, import.meta.url), "utf8");

/** Each fixture, and how many occurrences it has in the window (so an empty pair cannot pass). */
const FIXTURES = [
  ["school-year.ics", 50],
  ["weekly-club.ics", 40],
  ["outlook-work.ics", 100],
  ["birthdays.ics", 4],
  ["cannot-express.ics", 16],
] as const;

/** What ical.js expands of a text; the one event the import refuses is left out on both sides. */
const expanded = (text: string) =>
  icalOccurrences(text, {
    window: WINDOW,
    floatingZone: IMPORTER_ZONE,
    skip: ["Every second since 1990"],
  });

let h: TestHarness;
let app: App;
const feeds = new Map<string, string>();

beforeAll(async () => {
  h = await startTestHarness();
  h.clock.set(NOW);
  app = createApp(h.deps, { remoteAddress: () => "127.0.0.1" });
  const parent = await signedInCaller(h, { user: { timeZone: IMPORTER_ZONE } });
  for (const [name] of FIXTURES) {
    const circle = await createCircle(h.deps, { creatorId: parent.user.id, name });
    await parent.trpc.calendarImport.import({ id: circle.id, content: fixture(name) });
    const feed = await parent.trpc.calendarFeeds.create({ circleId: circle.id });
    const answer = await app.request(new URL(feed.url).pathname);
    expect(answer.status).toBe(200);
    feeds.set(name, await answer.text());
  }
});

afterAll(() => h.close());

describe("calendar round trip: import a file, read the circle's feed", () => {
  it.each(FIXTURES)(
    "%s: the feed has the file's occurrences, exceptions and all",
    (name, least) => {
      const original = expanded(fixture(name));
      expect(original.length).toBeGreaterThanOrEqual(least);
      expect(expanded(feeds.get(name) as string)).toEqual(original);
    },
  );
});
