/**
 * /upcoming (plans spec, sections 2 and 9): ranges of 7, 14 and 30 days from today, previous
 * and next by the range's length, the type filter, days grouped with Today marked, Show More
 * Plans, and the empty text.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { UpcomingScreen } from "./upcoming-screen";

vi.mock("@/components/plans/plan-card", () => ({
  PlanCard: ({ plan, highlighted }: { plan: Plan; highlighted?: boolean }) => (
    <p data-highlighted={highlighted || undefined}>{plan.title}</p>
  ),
  planCardId: (plan: Plan) => `plan-${plan.id}-${plan.date}`,
}));

freezeClockAt("2026-11-23T10:00:00Z");

const week = [
  planFixture({ id: 1, title: "Swimming", date: "2026-11-23", type: "event" }),
  planFixture({ id: 2, title: "Pay the bills", date: "2026-11-25", type: "task" }),
  planFixture({ id: 3, title: "Buy milk", date: "2026-11-25", type: "todo" }),
];

function renderUpcoming(handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<UpcomingScreen />, {
    path: "/upcoming",
    handlers: { "auth.user": () => userFixture(), "plans.list": () => week, ...handlers },
  });
}

describe("UpcomingScreen", () => {
  it("groups the week's plans by day from today, with Today marked", async () => {
    const view = renderUpcoming();
    expect(await screen.findByRole("heading", { level: 1, name: "Upcoming Plans" })).toBeVisible();
    const today = await screen.findByRole("heading", { name: /Monday, November 23/ });
    expect(within(today).getByText("Today")).toBeVisible();
    expect(within(today).getByText("1 plan")).toBeVisible();
    const wednesday = screen.getByRole("heading", { name: /Wednesday, November 25/ });
    expect(within(wednesday).getByText("2 plans")).toBeVisible();
    expect(within(wednesday).queryByText("Today")).toBeNull();
    expect(view.callsTo("plans.list")[0]?.input).toEqual({ from: "2026-11-23", to: "2026-11-29" });
    expect(screen.getByRole("tab", { name: "1 Week", selected: true })).toBeVisible();
  });

  it("filters by type without asking the server again", async () => {
    const view = renderUpcoming();
    await screen.findByText("Swimming");
    await userEvent.click(screen.getByRole("radio", { name: "Tasks" }));
    expect(screen.getByText("Pay the bills")).toBeVisible();
    expect(screen.queryByText("Swimming")).toBeNull();
    expect(screen.queryByText("Buy milk")).toBeNull();
    await userEvent.click(screen.getByRole("radio", { name: "To-do" }));
    expect(screen.getByText("Buy milk")).toBeVisible();
    await userEvent.click(screen.getByRole("radio", { name: "Events" }));
    expect(screen.getByText("Swimming")).toBeVisible();
    await userEvent.click(screen.getByRole("radio", { name: "All" }));
    expect(screen.getAllByRole("heading", { level: 2 })).toHaveLength(2);
    expect(view.callsTo("plans.list")).toHaveLength(1);
  });

  it("moves by the range's length and switches ranges", async () => {
    const view = renderUpcoming();
    await screen.findByText("Swimming");
    await userEvent.click(screen.getByRole("button", { name: "Next range" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-30",
        to: "2026-12-06",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Previous range" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous range" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-16",
        to: "2026-11-22",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Next range" }));
    await userEvent.click(screen.getByRole("tab", { name: "1 Month" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-23",
        to: "2026-12-22",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Next range" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-12-23",
        to: "2027-01-21",
      }),
    );
  });

  it("widens 1 week to 2 weeks to 1 month with Show More Plans", async () => {
    const view = renderUpcoming();
    await screen.findByText("Swimming");
    await userEvent.click(screen.getByRole("button", { name: "Show More Plans" }));
    expect(screen.getByRole("tab", { name: "2 Weeks", selected: true })).toBeVisible();
    await userEvent.click(screen.getByRole("button", { name: "Show More Plans" }));
    expect(screen.getByRole("tab", { name: "1 Month", selected: true })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Show More Plans" })).toBeNull();
    expect(view.callsTo("plans.list").map((call) => call.input)).toEqual([
      { from: "2026-11-23", to: "2026-11-29" },
      { from: "2026-11-23", to: "2026-12-06" },
      { from: "2026-11-23", to: "2026-12-22" },
    ]);
  });

  it("says so when the range holds nothing", async () => {
    renderUpcoming({ "plans.list": () => [] });
    expect(await screen.findByText("No upcoming events in this date range.")).toBeVisible();
  });
});
