// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Living together in a circle (issue 20), as two members in their own browsers: Ada gives Bea a
 * task, moves it and deletes it; Bea's open dashboard, calendar and Action Center (three tabs)
 * show each change within seconds without a reload, her bell counts what concerns her, and her
 * inbox says what changed with the dates in words.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { adaAndBeaInACircle, createPlan, userIdOf } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { dayInWords, dayInZone, wallClock } from "./zoned-time";

const suite = useBrowserSuite();

/** Longest a change may take to show on another member's open screen. */
const WITHIN_SECONDS = { timeout: 15_000 };

/** The zone both people live in. */
const ZONE = "UTC";

/** "Fri 27 Nov 23:00": how the inbox writes an instant, in the people's zone. */
function inWords(instant: string): string {
  const { day, time } = wallClock(new Date(instant), ZONE);
  return `${dayInWords(day, { weekday: "short", day: "numeric", month: "short" }, "en-GB")} ${time}`;
}

/** Marks the page; a reload would lose the mark. */
async function markPage(page: Page): Promise<void> {
  await page.evaluate(() => {
    (window as unknown as { unreloaded: boolean }).unreloaded = true;
  });
}
const stillUnreloaded = (page: Page) =>
  page.evaluate(() => (window as unknown as { unreloaded?: boolean }).unreloaded === true);

describe("two members plan together", () => {
  it("shows Ada's changes on Bea's open screens within seconds, and tells her in words", async () => {
    const { adaApi, beaApi, circle, bea } = await adaAndBeaInACircle(suite.apiAs);

    // Bea's three screens, open before anything happens.
    const dashboard = await suite.signedInPage(bea, "/dashboard");
    await dashboard.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    const calendar = await suite.signedInPage(bea, "/calendar");
    const todays = calendar.getByRole("region", { name: "Today's Plans" });
    await todays.waitFor();
    const actions = await suite.signedInPage(bea, "/actions");
    const toMe = actions.getByRole("region", { name: "Plans Assigned to Me" });
    await toMe.waitFor();
    for (const page of [dashboard, calendar, actions]) await markPage(page);

    // Ada gives Bea a task late today: it appears on all three.
    const first = `${dayInZone(ZONE)}T23:00:00.000Z`;
    const task = await createPlan(adaApi, circle, {
      title: "Pick up Liam",
      startTime: first,
      assignedTo: await userIdOf(beaApi),
    });
    await dashboard.getByText("Pick up Liam").first().waitFor(WITHIN_SECONDS);
    await todays.getByText("Pick up Liam").first().waitFor(WITHIN_SECONDS);
    await toMe.getByText("Pick up Liam").first().waitFor(WITHIN_SECONDS);
    const bell = dashboard.getByRole("link", { name: /^Inbox, \d+ unread$/ });
    await bell.waitFor(WITHIN_SECONDS);

    // Bea takes it on; Ada moves it to tomorrow evening: it leaves today on both day screens.
    expect((await beaApi.post(`/api/tasks/${task.id}/accept`, { data: {} })).status()).toBe(200);
    const moved = `${dayInZone(ZONE, 1)}T18:00:00.000Z`;
    const move = await adaApi.put(`/api/events/${task.id}`, {
      data: { startTime: moved },
    });
    expect(move.status(), await move.text()).toBe(200);
    await todays.getByText("Pick up Liam").waitFor({ state: "detached", ...WITHIN_SECONDS });
    await dashboard
      .getByRole("article", { name: "Pick up Liam" })
      .waitFor({ state: "detached", ...WITHIN_SECONDS });

    // The bell opens the inbox, which says what changed and when it now is.
    await bell.click();
    const inbox = dashboard.getByRole("region", { name: "What concerns you" });
    await inbox
      .getByText(`Ada moved Pick up Liam from ${inWords(first)} to ${inWords(moved)}`)
      .waitFor(WITHIN_SECONDS);

    // Ada deletes it: the open inbox gains the entry without a reload.
    expect((await adaApi.delete(`/api/events/${task.id}`, { data: {} })).status()).toBe(200);
    await inbox.getByText("Ada deleted Pick up Liam").waitFor(WITHIN_SECONDS);

    for (const page of [dashboard, calendar, actions])
      expect(await stillUnreloaded(page)).toBe(true);
  });
});
