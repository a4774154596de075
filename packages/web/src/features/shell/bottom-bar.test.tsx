/**
 * The bottom bar (accounts spec, section 2): Plans, Calendar, Actions, and on Actions the count
 * of tasks waiting for my answer, capped at 9+.
 */
import { act, cleanup, screen, within } from "@testing-library/react";
import { afterEach, describe, expect, it, vi } from "vitest";
import { CALENDAR_VIEW_KEY } from "@/features/calendar/calendar-view";
import { pendingTaskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { BottomBar } from "./bottom-bar";

function renderBar(pending: Handler, path = "/calendar") {
  return renderWithTrpc(<BottomBar />, { path, handlers: { "tasks.pending": pending } });
}

const assignedToMe = (count: number) =>
  Array.from({ length: count }, (_, index) => pendingTaskFixture({ id: index + 1 }));

afterEach(() => {
  vi.useRealTimers();
});

describe("BottomBar", () => {
  // The spec's 30 s poll gave way to live sync (decision 018): an idle badge asks nothing.
  it("asks for the count once, and does not poll it", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const bar = renderBar(() => assignedToMe(1));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(bar.callsTo("tasks.pending")).toHaveLength(1);
    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(bar.callsTo("tasks.pending")).toHaveLength(1);
  });

  it("counts only the tasks waiting for my answer", async () => {
    renderBar(() => [
      ...assignedToMe(3),
      pendingTaskFixture({ id: 99, isAssignedToMe: false, isCreatedByMe: true }),
    ]);
    const actions = await screen.findByRole("link", { name: "Actions (3 pending tasks)" });
    expect(within(actions).getByTestId("actions-badge")).toHaveTextContent("3");
    expect(actions).toHaveAttribute("href", "/actions");
    expect(screen.getByRole("link", { name: "Calendar" })).toHaveAttribute("aria-current", "page");
  });

  it("caps the badge at 9+", async () => {
    renderBar(() => assignedToMe(12));
    const actions = await screen.findByRole("link", { name: "Actions (12 pending tasks)" });
    expect(within(actions).getByTestId("actions-badge")).toHaveTextContent("9+");
  });

  it("shows no badge when nothing waits, and marks Actions current on /action-center", async () => {
    const view = renderBar(() => [], "/action-center");
    const actions = screen.getByRole("link", { name: "Actions" });
    expect(actions).toHaveAttribute("aria-current", "page");
    await screen.findByRole("link", { name: "Plans" });
    expect(view.callsTo("tasks.pending")).toHaveLength(1);
    expect(screen.queryByTestId("actions-badge")).toBeNull();
  });

  it("opens the calendar view last looked at, Month or Week, and marks it on both", () => {
    renderBar(() => [], "/planner");
    const calendar = () => screen.getByRole("link", { name: "Calendar" });
    expect(calendar()).toHaveAttribute("href", "/calendar");
    expect(calendar()).toHaveAttribute("aria-current", "page");
    cleanup();
    localStorage.setItem(CALENDAR_VIEW_KEY, "week");
    renderBar(() => [], "/dashboard");
    expect(calendar()).toHaveAttribute("href", "/planner");
    expect(calendar()).not.toHaveAttribute("aria-current");
  });
});
