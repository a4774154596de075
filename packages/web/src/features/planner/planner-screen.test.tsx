/**
 * /planner (named by the spec, not shown): a Sunday-to-Saturday week of every circle's plans,
 * previous and next week, adding a plan on a day, and a plan opening its details (where its
 * creator edits it).
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { PlannerScreen, plannerEntryHeight } from "./planner-screen";

vi.mock("@/features/plans/plan-dialog", () => ({
  PlanDialog: (props: { open: boolean; defaultDate?: string; plan?: Plan }) =>
    props.open ? (
      <div
        role="dialog"
        aria-label={
          props.plan ? `Edit Plan: ${props.plan.title}` : `Create Plan on ${props.defaultDate}`
        }
      />
    ) : null,
}));

freezeClockAt("2026-11-23T10:00:00Z");

function renderPlanner(handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<PlannerScreen />, {
    path: "/planner",
    handlers: {
      "auth.user": () => userFixture({ id: 1 }),
      "plans.list": () => [
        planFixture({ id: 1, title: "My swim", date: "2026-11-23", creatorId: 1 }),
        planFixture({ id: 2, title: "Bea's party", date: "2026-11-28", creatorId: 2 }),
      ],
      ...handlers,
    },
  });
}

describe("PlannerScreen", () => {
  it("shows the week from Sunday to Saturday with today marked and free days", async () => {
    const view = renderPlanner();
    expect(await screen.findByRole("heading", { level: 1, name: "Planner" })).toBeVisible();
    const days = screen.getAllByRole("heading", { level: 2 });
    expect(days).toHaveLength(7);
    expect(days[0]).toHaveAccessibleName("Sunday, November 22, 2026");
    expect(days[1]).toHaveAccessibleName("Monday, November 23, 2026");
    expect(days[6]).toHaveAccessibleName("Saturday, November 28, 2026");
    expect(await screen.findByText("My swim")).toBeVisible();
    expect(screen.getAllByText("Free Day")).toHaveLength(5);
    expect(screen.getByText("Today")).toBeVisible();
    expect(view.callsTo("plans.list")[0]?.input).toEqual({ from: "2026-11-22", to: "2026-11-28" });
  });

  it("moves a week at a time and back to this week", async () => {
    const view = renderPlanner();
    await screen.findByText("My swim");
    await userEvent.click(screen.getByRole("button", { name: "Next week" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-29",
        to: "2026-12-05",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "This week" }));
    await userEvent.click(screen.getByRole("button", { name: "Previous week" }));
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-15",
        to: "2026-11-21",
      }),
    );
  });

  it("adds a plan on the chosen day", async () => {
    renderPlanner();
    await screen.findByText("My swim");
    await userEvent.click(
      screen.getByRole("button", { name: "Add a plan on Wednesday, November 25, 2026" }),
    );
    expect(
      await screen.findByRole("dialog", { name: "Create Plan on 2026-11-25" }),
    ).toBeInTheDocument();
  });

  it("opens any plan's details; its creator edits from there, others only read", async () => {
    renderPlanner();
    await userEvent.click(await screen.findByRole("button", { name: /My swim/ }));
    const mine = await screen.findByRole("dialog", { name: "My swim" });
    await userEvent.click(within(mine).getByRole("button", { name: "Edit" }));
    expect(await screen.findByRole("dialog", { name: "Edit Plan: My swim" })).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");

    const saturday = screen.getByRole("list", { name: /Saturday, November 28/ });
    await userEvent.click(within(saturday).getByRole("button", { name: /Bea's party/ }));
    const theirs = await screen.findByRole("dialog", { name: "Bea's party" });
    expect(within(theirs).getByText("Created by")).toBeVisible();
    expect(within(theirs).queryByRole("button", { name: "Edit" })).toBeNull();
  });

  it("names a task's assignee in its day, their colour a dot beside the name", async () => {
    renderPlanner({
      "plans.list": () => [
        taskFixture({ id: 3, title: "Walk the dog", date: "2026-11-24", creatorId: 1 }),
      ],
      "circles.allMembers": () => [
        memberFixture({ id: 2, firstName: "Bea", lastName: "Byron" }, { color: "#8B5CF6" }),
      ],
    });
    const entry = (await screen.findByText("Walk the dog")).closest("button") as HTMLElement;
    expect(within(entry).getByText("For: Bea Byron")).toBeVisible();
    await waitFor(() =>
      expect(within(entry).getByTestId("member-dot")).toHaveStyle({ backgroundColor: "#8B5CF6" }),
    );
  });

  it("shows a plan's range, and on a wide screen stands a longer plan taller, within a bound", async () => {
    renderPlanner({
      "plans.list": () => [
        planFixture({
          id: 4,
          title: "Swim",
          date: "2026-11-24",
          startTime: new Date("2026-11-24T17:00:00Z"),
          endTime: new Date("2026-11-24T18:30:00Z"),
        }),
        planFixture({
          id: 5,
          title: "Match",
          date: "2026-11-24",
          startTime: new Date("2026-11-24T19:00:00Z"),
          endTime: new Date("2026-11-24T21:00:00Z"),
        }),
        planFixture({ id: 6, title: "Call Gran", date: "2026-11-25" }),
      ],
    });
    const swim = (await screen.findByText("Swim")).closest("button") as HTMLElement;
    const match = screen.getByText("Match").closest("button") as HTMLElement;
    const call = screen.getByText("Call Gran").closest("button") as HTMLElement;
    expect(within(swim).getByText("17:00–18:30")).toBeVisible();
    expect(within(call).getByText("18:00")).toBeVisible();
    expect(swim.style.getPropertyValue("--plan-length")).toBe("7rem");
    expect(match.style.getPropertyValue("--plan-length")).toBe("8.5rem");
    expect(call.style.getPropertyValue("--plan-length")).toBe("");
    expect(plannerEntryHeight(24 * 60)).toBe("12rem");
  });
});
