/**
 * A circle's Activity screen (issue 20): its entries newest first under their days, in the
 * viewer's zone; an entry about a plan opens it on its day, a deleted plan's entry opens
 * nothing; More reads the next page by its cursor; an empty feed says so.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { Route } from "wouter";
import { activityEntryFixture, bo } from "@/testing/activity-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { CircleActivityScreen } from "./circle-activity-screen";
import { circleFixture, userFixture } from "./testing/fixtures";

function renderActivity(handlers: Record<string, Handler>) {
  return renderWithTrpc(
    <Route path="/circle/:id/activity">
      <CircleActivityScreen />
    </Route>,
    {
      path: "/circle/7/activity",
      handlers: {
        "auth.user": () => userFixture({ timeZone: "America/New_York" }),
        "circles.get": () => circleFixture({ id: 7, name: "The Lees" }),
        ...handlers,
      },
    },
  );
}

const moved = activityEntryFixture({
  id: 3,
  actor: bo,
  kind: "plan_moved",
  before: { start: "2026-12-01T22:00:00.000Z" },
  after: { start: "2026-12-02T23:00:00.000Z" },
});
const deleted = activityEntryFixture({ id: 2, kind: "plan_deleted", after: null });

describe("CircleActivityScreen", () => {
  it("lists the entries and opens a moved plan on its new day, in the viewer's zone", async () => {
    const rendered = renderActivity({
      "activity.circle": () => ({ entries: [moved, deleted], nextCursor: null }),
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: "The Lees Activity" }),
    ).toBeVisible();
    const feed = await screen.findByRole("region", { name: "What changed in The Lees" });
    const entries = within(feed).getAllByTestId("activity-entry");
    expect(entries).toHaveLength(2);
    // The deleted plan has nothing to open.
    expect(within(entries[1] as HTMLElement).queryByRole("link")).toBeNull();
    await userEvent.click(within(entries[0] as HTMLElement).getByRole("link"));
    // 23:00 UTC on 2 December is 18:00 on 2 December in New York.
    expect(rendered.location()).toBe("/circle/7?date=2026-12-02&eventId=40");
  });

  it("reads the next page by the cursor the last one gave", async () => {
    const rendered = renderActivity({
      "activity.circle": (input) =>
        (input as { cursor?: string }).cursor === "older"
          ? { entries: [deleted], nextCursor: null }
          : { entries: [moved], nextCursor: "older" },
    });
    await userEvent.click(await screen.findByRole("button", { name: "More" }));
    expect(await screen.findAllByTestId("activity-entry")).toHaveLength(2);
    expect(screen.queryByRole("button", { name: "More" })).toBeNull();
    expect(rendered.callsTo("activity.circle").map((call) => call.input)).toMatchObject([
      { id: 7 },
      { id: 7, cursor: "older" },
    ]);
  });

  it("says nothing has changed when the feed is empty", async () => {
    renderActivity({ "activity.circle": () => ({ entries: [], nextCursor: null }) });
    expect(await screen.findByText("Nothing has changed here since you joined.")).toBeVisible();
  });
});
