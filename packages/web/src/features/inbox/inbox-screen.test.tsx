/**
 * The inbox and its bell (issue 20): the unread count on the bell, the entries with the unread
 * ones marked, opening an entry marks it read and goes where it leads (a plan on its day, an
 * invitation to my pending invitations), Mark all as read, and the count the server answers.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { circleFixture, userFixture } from "@/features/circles/testing/fixtures";
import { activityEntryFixture, bo } from "@/testing/activity-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { InboxBell } from "./inbox-bell";
import { InboxScreen } from "./inbox-screen";

const viewer = userFixture({ id: 1, timeZone: "Europe/Berlin" });

const moved = {
  ...activityEntryFixture({
    actor: bo,
    kind: "plan_moved",
    title: "Swim",
    before: { start: "2026-12-01T16:00:00.000Z" },
    after: { start: "2026-12-02T17:00:00.000Z" },
  }),
  id: 11,
  entryId: 3,
  circleName: "The Lees",
  invitationId: null,
  readAt: null,
};
const invited = {
  ...activityEntryFixture({ planId: null, title: null, after: null }),
  kind: "invitation_received" as const,
  id: 10,
  circleId: 9,
  entryId: null,
  circleName: "Book club",
  invitationId: 4,
  readAt: new Date("2026-11-27T08:00:00.000Z"),
};

function renderInbox(handlers: Record<string, Handler> = {}) {
  let unread = 1;
  return renderWithTrpc(
    <>
      <InboxBell />
      <InboxScreen />
    </>,
    {
      path: "/inbox",
      handlers: {
        "auth.user": () => viewer,
        "circles.list": () => [circleFixture({ id: 7, name: "The Lees" })],
        "inbox.list": () => ({ entries: [moved, invited], nextCursor: null }),
        "inbox.unreadCount": () => ({ unread }),
        "inbox.markRead": () => {
          unread = 0;
          return { unread };
        },
        "inbox.markAllRead": () => {
          unread = 0;
          return { unread };
        },
        ...handlers,
      },
    },
  );
}

describe("the inbox", () => {
  it("counts the unread on the bell, and opening an entry marks it read and shows its plan's day", async () => {
    const rendered = renderInbox();
    expect(await screen.findByRole("link", { name: "Inbox, 1 unread" })).toBeVisible();
    const feed = await screen.findByRole("region", { name: "What concerns you" });
    const [first, second] = within(feed).getAllByTestId("activity-entry") as HTMLElement[];
    expect(within(first as HTMLElement).getByText("Unread")).toBeInTheDocument();
    expect(within(second as HTMLElement).queryByText("Unread")).toBeNull();
    expect(within(second as HTMLElement).getByText("Book club")).toBeVisible();

    await userEvent.click(within(first as HTMLElement).getByRole("link"));
    expect(rendered.callsTo("inbox.markRead").map((call) => call.input)).toEqual([{ id: 11 }]);
    // 17:00 UTC on 2 December is 18:00 that day in Berlin.
    expect(rendered.location()).toBe("/circle/7?date=2026-12-02&eventId=40");
    expect(await screen.findByRole("link", { name: "Inbox" })).toBeVisible();
    expect(within(first as HTMLElement).queryByText("Unread")).toBeNull();
  });

  it("writes the times on the reader's 12-hour clock when they chose it (issue 21)", async () => {
    renderInbox({ "auth.user": () => ({ ...viewer, timeFormat: "12h" }) });
    const feed = await screen.findByRole("region", { name: "What concerns you" });
    expect(
      await within(feed).findByText("Bo moved Swim from Tue 1 Dec 5:00 PM to Wed 2 Dec 6:00 PM"),
    ).toBeVisible();
  });

  it("opens an invitation on the pending invitations without marking a read entry again", async () => {
    const rendered = renderInbox();
    const feed = await screen.findByRole("region", { name: "What concerns you" });
    const second = within(feed).getAllByTestId("activity-entry")[1] as HTMLElement;
    await userEvent.click(within(second).getByRole("link"));
    expect(rendered.location()).toBe("/invitations");
    expect(rendered.callsTo("inbox.markRead")).toEqual([]);
  });

  it("marks all read, and the bell takes the count the server answers", async () => {
    const rendered = renderInbox();
    await userEvent.click(await screen.findByRole("button", { name: "Mark all as read" }));
    expect(rendered.callsTo("inbox.markAllRead")).toHaveLength(1);
    expect(await screen.findByRole("link", { name: "Inbox" })).toBeVisible();
    expect(screen.getByRole("button", { name: "Mark all as read" })).toBeDisabled();
    expect(screen.queryByText("Unread")).toBeNull();
  });

  it("says so when nothing concerns me yet", async () => {
    renderInbox({ "inbox.list": () => ({ entries: [], nextCursor: null }) });
    expect(
      await screen.findByText("Nothing yet. Changes to your plans and tasks will show here."),
    ).toBeVisible();
  });
});
