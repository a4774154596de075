/**
 * Section `feed` (docs/decisions/026-calendar-feeds.md): one circle's calendar feed of 2,000
 * plans, 100 of them weekly series (each with a cancelled and a renamed occurrence), the rest
 * one-off plans spread over the feed's window. Timed over HTTP through the real route
 * (GET /api/calendar-feeds/{token}.ics, built each time, and a 304 for a current ETag), with the
 * answer's size, plain and gzipped.
 */
import { gzipSync } from "node:zlib";
import { createCalendarFeed } from "@circleplan/core/calendar-feeds/create-feed";
import { checkMember } from "@circleplan/core/circles/access";
import { createPlan } from "@circleplan/core/plans/create-plan";
import { deletePlan } from "@circleplan/core/plans/delete-plan";
import { updatePlan } from "@circleplan/core/plans/update-plan";
import { createCircle, createUser } from "@circleplan/db/testing/factories";
import { addDays, dayIn, instantAt, timeIn } from "@circleplan/shared/days";
import { createPlanInput } from "@circleplan/shared/plan-schemas";
import { startBenchServer } from "./bench-server";
import { heading, kB, ms, printTable, type SummaryRow, verdict } from "./format";
import { openPlansStore, type PlansStoreOptions } from "./plans-store";
import { sequential } from "./stats";

const PLANS = 2000;
const SERIES = 100;
const WEEK_MS = 7 * 24 * 60 * 60 * 1000;
const DAY_MS = 24 * 60 * 60 * 1000;
const LONDON = "Europe/London";
/** A feed built from scratch on this 2-core machine: a calendar app waits for it. */
const BUILD_TARGET_MS = 1000;

export async function runFeedBench(
  options: PlansStoreOptions & { samples: number },
): Promise<SummaryRow[]> {
  const store = await openPlansStore(options);
  const server = await startBenchServer({ db: store.handle });
  try {
    heading(`Calendar feed: ${PLANS} plans, ${SERIES} series (${store.label})`);
    const { deps } = server;
    const { user } = await createUser(deps, { timeZone: LONDON });
    const circle = await createCircle(deps, { creatorId: user.id, name: "Bench family" });
    const caller = { userId: user.id, sessionId: "bench", ip: "127.0.0.1", requestId: "bench" };
    const now = deps.clock.now().getTime();
    const seeded = performance.now();
    for (let i = 0; i < SERIES; i++) {
      // Weekly from half a year ago at a quarter hour between 07:00 and 19:45, London time.
      const start = new Date(now - 26 * WEEK_MS + (i % 7) * DAY_MS);
      start.setUTCHours(7 + (i % 13), (i % 4) * 15, 0, 0);
      const plan = await createPlan({
        deps,
        caller,
        input: createPlanInput.parse({
          circleId: circle.id,
          title: `Weekly club ${i}; room ${i % 9}, hall`,
          description: "Bring water, shoes and the signed form.",
          location: "Sports centre, Hall 2",
          startTime: start,
          endTime: new Date(start.getTime() + 60 * 60 * 1000),
          timeZone: LONDON,
          isRecurring: true,
          recurrenceType: "weekly",
          reminderTimes: ["1 hour before"],
        }),
      });
      const member = await checkMember(deps.db, caller, { planId: plan.id });
      // The nth occurrence: the same wall-clock time in London, whatever DST did meanwhile.
      const nth = (weeks: number) =>
        instantAt(addDays(dayIn(start, LONDON), 7 * weeks), timeIn(start, LONDON), LONDON);
      await deletePlan({ deps, caller: member, input: { id: plan.id, occurrenceStart: nth(30) } });
      await updatePlan({
        deps,
        caller: member,
        input: { id: plan.id, occurrenceStart: nth(31), title: `Gala ${i}` },
      });
    }
    for (let i = 0; i < PLANS - SERIES; i++) {
      // One-off plans from a year back to two years ahead, a few hours each.
      const start = new Date(now - 365 * DAY_MS + Math.floor((i * 1095 * DAY_MS) / PLANS));
      start.setUTCMinutes(0, 0, 0);
      await createPlan({
        deps,
        caller,
        input: createPlanInput.parse({
          circleId: circle.id,
          title: `Appointment ${i}, with notes; and more`,
          location: i % 3 === 0 ? "Health centre" : undefined,
          startTime: start,
          endTime: new Date(start.getTime() + 2 * 60 * 60 * 1000),
          timeZone: LONDON,
        }),
      });
    }
    console.log(`seeded in ${((performance.now() - seeded) / 1000).toFixed(1)} s`);

    const feed = await createCalendarFeed({ deps, caller, input: { circleId: circle.id } });
    const address = `${server.url}${new URL(feed.url).pathname}`;
    const first = await fetch(address);
    const body = await first.text();
    const etag = first.headers.get("etag") ?? "";
    const events = body.match(/^BEGIN:VEVENT/gm)?.length ?? 0;
    const build = await sequential(options.samples, async () => {
      const answer = await fetch(address);
      await answer.arrayBuffer();
    });
    const notModified = await sequential(options.samples, async () => {
      const answer = await fetch(address, { headers: { "if-none-match": etag } });
      await answer.arrayBuffer();
    });
    const size = Buffer.byteLength(body);
    const gzipped = gzipSync(body).byteLength;
    printTable(
      ["answer", "p50", "p95", "size", "gzipped", "VEVENTs"],
      [
        ["200, built", ms(build.p50), ms(build.p95), kB(size), kB(gzipped), String(events)],
        ["304, ETag current", ms(notModified.p50), ms(notModified.p95), "", "", ""],
      ],
    );
    return [
      {
        figure: `feed of ${PLANS} plans (${SERIES} series): build p95`,
        value: ms(build.p95),
        target: `< ${BUILD_TARGET_MS} ms`,
        verdict: verdict(build.p95 < BUILD_TARGET_MS),
      },
      { figure: "feed: 304 p95", value: ms(notModified.p95), target: "", verdict: "" },
      {
        figure: "feed: answer size",
        value: `${kB(size)} (${kB(gzipped)} gzipped)`,
        target: "",
        verdict: "",
      },
    ];
  } finally {
    await server.close();
    await store.close();
  }
}
