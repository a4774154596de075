/**
 * My Day at /plans (plans spec, sections 2 and 9): the heading and subtitle, the day-by-day
 * list with Today, Weekend and the count, its empty states, and the Upcoming Across Circles
 * panel (Next N days, Show More Days, Reset, Free Day, choosing a day).
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { MyDayScreen } from "./my-day-screen";

spyOnToasts();

// Sunday 22 November 2026 in London.
freezeClockAt("2026-11-22T12:00:00Z");

function renderMyDay(plans: Plan[] = [], path = "/plans") {
  return renderWithTrpc(
    <UserReady>
      <MyDayScreen />
    </UserReady>,
    {
      path,
      handlers: {
        "auth.user": () => userFixture({ id: 2, firstName: "Bea", lastName: "Byron" }),
        "plans.list": (input) => {
          const { from, to } = input as { from: string; to: string };
          return plans.filter((plan) => plan.date >= from && plan.date <= to);
        },
      },
    },
  );
}

function dayItem(heading: RegExp) {
  const title = screen.getByRole("heading", { level: 2, name: heading });
  return title.closest("li") as HTMLElement;
}

describe("MyDayScreen", () => {
  it("lists each day from today with Today, Weekend and its count", async () => {
    const view = renderMyDay([
      planFixture(),
      taskFixture({ date: "2026-11-24", startTime: new Date("2026-11-24T17:00:00Z") }),
    ]);
    expect(await screen.findByRole("heading", { level: 1, name: "My Day" })).toBeVisible();
    expect(
      screen.getByText("View and manage all your plans across circles in one place."),
    ).toBeVisible();
    await screen.findByRole("article", { name: "Family dinner" });
    expect(view.callsTo("plans.list").map((call) => call.input)).toContainEqual({
      from: "2026-11-22",
      to: "2026-11-28",
    });

    const today = dayItem(/^Sunday, November 22/);
    expect(within(today).getByText("Today")).toBeVisible();
    expect(within(today).getByText("Weekend")).toBeVisible();
    expect(within(today).getByText("1 plan")).toBeVisible();

    const tuesday = dayItem(/^Tuesday, November 24/);
    expect(within(tuesday).queryByText("Weekend")).toBeNull();
    // A task waiting for my answer is amber, with Accept and Decline.
    const task = within(tuesday).getByRole("article", { name: "Pick up groceries" });
    expect(task.className).toContain("bg-warning");
    expect(within(task).getByRole("button", { name: "Accept" })).toBeVisible();

    const monday = dayItem(/^Monday, November 23/);
    expect(within(monday).getByText("0 plans")).toBeVisible();
    expect(within(monday).getByText("No plans for this day")).toBeVisible();
    expect(within(dayItem(/^Saturday, November 28/)).getByText("Weekend")).toBeVisible();
  });

  it("says the planner is empty when no day has plans", async () => {
    renderMyDay();
    expect(await screen.findByText("Your planner is empty")).toBeVisible();
    expect(screen.getByText("Add plans and tasks to get started")).toBeVisible();
  });

  it("shows the next 7 days across circles, 7 more on request, back to 7 on Reset", async () => {
    const view = renderMyDay([planFixture({ date: "2026-11-30", title: "Dentist" })]);
    const panel = await screen.findByRole("region", { name: "Next 7 days" });
    await waitFor(() => expect(within(panel).getAllByText("Free Day")).toHaveLength(7));
    expect(within(panel).queryByRole("button", { name: "Reset" })).toBeNull();

    await userEvent.click(within(panel).getByRole("button", { name: "Show More Days" }));
    const longer = await screen.findByRole("region", { name: "Next 14 days" });
    await within(longer).findByText("Dentist");
    expect(view.callsTo("plans.list").map((call) => call.input)).toContainEqual({
      from: "2026-11-22",
      to: "2026-12-05",
    });
    expect(within(longer).getAllByText("Free Day")).toHaveLength(13);

    await userEvent.click(within(longer).getByRole("button", { name: "Reset" }));
    expect(await screen.findByRole("region", { name: "Next 7 days" })).toBeVisible();
  });

  it("moves the list to a day chosen in the panel", async () => {
    const view = renderMyDay();
    const panel = await screen.findByRole("region", { name: "Next 7 days" });
    await userEvent.click(await within(panel).findByRole("button", { name: /^Tue, Nov 24/ }));
    expect(view.location()).toBe("/plans?date=2026-11-24");
  });

  it("starts the list at ?date= with a way back to today", async () => {
    const view = renderMyDay([], "/plans?date=2026-12-01");
    await screen.findByText("Your planner is empty");
    expect(view.callsTo("plans.list").map((call) => call.input)).toContainEqual({
      from: "2026-12-01",
      to: "2026-12-07",
    });
    await userEvent.click(screen.getByRole("button", { name: "Next days" }));
    expect(view.location()).toBe("/plans?date=2026-12-08");
    await userEvent.click(screen.getByRole("button", { name: "Today" }));
    expect(view.location()).toBe("/plans");
  });
});
