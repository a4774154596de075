/**
 * The calendar subscription card (docs/decisions/026): a link made is shown once with Copy, the
 * webcal link and a QR code; a link in use is named by its date, and a new one or turning it off
 * is confirmed first, since the old one stops working.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { CalendarSubscriptionCard } from "./calendar-subscription-card";

spyOnToasts();

const URL = "https://plan.example/api/calendar-feeds/abc.ics";
const created = (input: unknown) => ({
  circleId: (input as { circleId: number | null }).circleId,
  createdAt: new Date("2026-03-01T12:00:00Z"),
  lastReadAt: null,
  url: URL,
  webcalUrl: "webcal://plan.example/api/calendar-feeds/abc.ics",
});

describe("CalendarSubscriptionCard", () => {
  it("creates a circle's link and shows it once: the address to copy, the webcal link and a QR code", async () => {
    let feeds: unknown[] = [];
    const view = renderWithTrpc(<CalendarSubscriptionCard circle={{ id: 7, name: "Home" }} />, {
      handlers: {
        "calendarFeeds.list": () => ({ feeds }),
        "calendarFeeds.create": (input) => {
          feeds = [{ ...created(input), url: undefined }];
          return created(input);
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Create link" }));
    expect(await screen.findByLabelText("Calendar link")).toHaveValue(URL);
    expect(view.callsTo("calendarFeeds.create")[0]?.input).toEqual({ circleId: 7 });
    expect(screen.getByRole("link", { name: "Add to calendar app" })).toHaveAttribute(
      "href",
      "webcal://plan.example/api/calendar-feeds/abc.ics",
    );
    expect(screen.getByRole("img", { name: "QR code of the calendar link" })).toBeInTheDocument();
    expect(await screen.findByRole("button", { name: "Make a new link" })).toBeInTheDocument();
  });

  it("a link in use: a new one and turning it off each ask first, for all circles", async () => {
    const view = renderWithTrpc(<CalendarSubscriptionCard />, {
      handlers: {
        "calendarFeeds.list": () => ({
          feeds: [
            { circleId: null, createdAt: new Date("2026-02-01T12:00:00Z"), lastReadAt: null },
          ],
        }),
        "calendarFeeds.create": created,
        "calendarFeeds.revoke": () => ({ circleId: null, revoked: true }),
      },
    });
    expect(await screen.findByText(/is in use/)).toBeInTheDocument();
    expect(screen.queryByLabelText("Calendar link")).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Turn off" }));
    const dialog = await screen.findByRole("alertdialog");
    expect(dialog).toHaveTextContent("stop updating");
    expect(view.callsTo("calendarFeeds.revoke")).toHaveLength(0);
    await userEvent.click(within(dialog).getByRole("button", { name: "Turn off" }));
    await waitFor(() => expect(view.callsTo("calendarFeeds.revoke")).toHaveLength(1));

    await userEvent.click(screen.getByRole("button", { name: "Make a new link" }));
    await userEvent.click(
      within(await screen.findByRole("alertdialog")).getByRole("button", {
        name: "Make a new link",
      }),
    );
    expect(await screen.findByLabelText("Calendar link")).toHaveValue(URL);
    expect(view.callsTo("calendarFeeds.create")[0]?.input).toEqual({ circleId: null });
  });
});
