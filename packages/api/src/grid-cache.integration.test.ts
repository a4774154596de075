/**
 * The month grid's cache (core plans/grid-cache.ts, decision 009): a month asked for again is
 * answered from memory while the viewer's circles are unchanged, and every change a member can
 * make shows on the next read, exactly as a grid worked out afresh.
 */

import { forgetGrids } from "@circleplan/core/plans/grid-cache";
import { plans } from "@circleplan/db/schema";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { circleOfFour } from "./testing/circle-callers";
import type { TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

const MONTH = "2026-12";

async function gridOf(who: TestCaller) {
  return (await who.trpc.plans.calendarDays({ month: MONTH })).days;
}

/** The grid `who` is served now, and the grid worked out afresh. */
async function servedAndFresh(who: TestCaller) {
  const served = await gridOf(who);
  forgetGrids(harness().deps.db);
  return { served, fresh: await gridOf(who) };
}

const titles = (days: Awaited<ReturnType<typeof gridOf>>) =>
  days.map((day) => `${day.date} ${day.previews.map((preview) => preview.title).join(",")}`);

async function family() {
  const h = harness();
  h.clock.set(new Date("2026-11-27T09:00:00Z"));
  const cast = await circleOfFour(h);
  const add = (title: string, startTime: string, fields: Record<string, unknown> = {}) =>
    cast.creator.trpc.plans.createInCircle({
      id: cast.circle.id,
      title,
      startTime: new Date(startTime),
      ...fields,
    });
  return { ...cast, add };
}

describe("the month grid's cache", () => {
  it("answers a repeated month from memory while the viewer's circles are unchanged", async () => {
    const f = await family();
    const swim = await f.add("Swim", "2026-12-05T10:00:00Z");
    expect(titles(await gridOf(f.member))).toEqual(["2026-12-05 Swim"]);
    // Changed behind the change feed, as no procedure does: the kept answer is still served.
    await harness().db.db.update(plans).set({ title: "Unseen" }).where(eq(plans.id, swim.id));
    expect(titles(await gridOf(f.member))).toEqual(["2026-12-05 Swim"]);
    await f.add("Piano", "2026-12-06T16:00:00Z");
    expect(titles(await gridOf(f.member))).toEqual(["2026-12-05 Unseen", "2026-12-06 Piano"]);
  });

  it("shows every change a member can make on the next read, as a grid worked out afresh", async () => {
    const f = await family();
    const viewer = f.assignee;
    const swim = await f.add("Swim", "2026-12-05T10:00:00Z");
    const bins = await f.add("Bins", "2026-12-07T08:00:00Z", { assignedTo: viewer.user.id });
    const milos = await f.member.trpc.plans.createInCircle({
      id: f.circle.id,
      title: "Milo's match",
      startTime: new Date("2026-12-12T23:30:00Z"),
    });
    const ics = [
      "BEGIN:VCALENDAR",
      "VERSION:2.0",
      "PRODID:-//test//EN",
      "BEGIN:VEVENT",
      "UID:fair@example.com",
      "DTSTAMP:20261101T000000Z",
      "DTSTART:20261219T100000Z",
      "SUMMARY:Christmas fair",
      "END:VEVENT",
      "END:VCALENDAR",
    ].join("\r\n");
    const changes: [string, () => Promise<unknown>][] = [
      ["a plan added", () => f.add("Piano", "2026-12-06T16:00:00Z")],
      ["a plan renamed", () => f.creator.trpc.plans.update({ id: swim.id, title: "Swim gala" })],
      ["a plan deleted", () => f.creator.trpc.plans.delete({ id: swim.id })],
      [
        "the circle's colour",
        () => f.admin.trpc.circles.update({ id: f.circle.id, color: "#0f766e" }),
      ],
      ["a task withdrawn from its assignee", () => f.creator.trpc.tasks.cancel({ id: bins.id })],
      [
        "a calendar imported",
        () =>
          f.member.trpc.calendarImport.import({
            id: f.circle.id,
            fileName: "fair.ics",
            content: ics,
          }),
      ],
      ["the viewer's time zone", () => viewer.trpc.user.update({ timeZone: "Pacific/Auckland" })],
      [
        "a member who made a plan deletes their account",
        () => f.member.trpc.user.deleteAccount({ password: f.member.password }),
      ],
      ["the viewer leaving the circle", () => viewer.trpc.circles.leave({ id: f.circle.id })],
    ];
    expect(milos.title).toBe("Milo's match");
    for (const [change, make] of changes) {
      const before = await gridOf(viewer);
      await make();
      const { served, fresh } = await servedAndFresh(viewer);
      expect(fresh, `${change} changes the grid`).not.toEqual(before);
      expect(served, change).toEqual(fresh);
    }
  });
});
