/**
 * /planner (named by the spec, not shown): a week of every circle's plans from the user's first
 * day, previous and next week, and a plan opening its details (where its creator edits and moves
 * it). On a phone the days are a list, each adding a plan on its date; on a wide screen a time
 * grid (issue 21) whose empty slots add at a time and whose plans move by drag or by keys, with
 * Undo.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import type { PlanDialogProps } from "@/components/plans/plan-dialogs";
import { memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { freezeClockAt } from "@/testing/frozen-clock";
import { occurrenceFixture, planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { PlannerScreen } from "./planner-screen";

/** The form itself is plan-dialog.test.tsx's: here, where and on which day it opens. */
function PlanDialogStandIn(props: PlanDialogProps) {
  if (!props.open) return null;
  const label = props.plan
    ? `Edit Plan: ${props.plan.title}`
    : `Create Plan on ${props.defaultDate}${props.defaultTime ? ` at ${props.defaultTime} (${props.startIn})` : ""}`;
  return <div role="dialog" aria-label={label} />;
}

freezeClockAt("2026-11-23T10:00:00Z");
spyOnToasts();

/** The window's width, for the phone's list or the wide screen's grid (Tailwind's lg, 64rem). */
function useViewport(width: number) {
  const happyDom = () =>
    (window as unknown as { happyDOM: { setViewport(size: { width: number }): void } }).happyDOM;
  beforeEach(() => happyDom().setViewport({ width }));
  afterEach(() => happyDom().setViewport({ width: 1024 }));
}

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
    dialogs: { PlanDialog: PlanDialogStandIn },
  });
}

/** Ada's swim on Tuesday 24 November, 17:00–18:30 in London. */
function swimOnTuesday() {
  return planFixture({
    id: 4,
    title: "Swim",
    date: "2026-11-24",
    creatorId: 1,
    startTime: new Date("2026-11-24T17:00:00Z"),
    endTime: new Date("2026-11-24T18:30:00Z"),
  });
}

/** A day's Add opens Create Plan on that day (the stand-in form names its date). */
async function expectAddOn(day: string, dialog: string) {
  await userEvent.click(screen.getByRole("button", { name: `Add a plan on ${day}` }));
  expect(await screen.findByRole("dialog", { name: dialog })).toBeInTheDocument();
}

describe("PlannerScreen on a phone", () => {
  useViewport(390);

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
    await expectAddOn("Wednesday, November 25, 2026", "Create Plan on 2026-11-25");
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

  it("shows a plan's range", async () => {
    renderPlanner({
      "plans.list": () => [
        swimOnTuesday(),
        planFixture({ id: 6, title: "Call Gran", date: "2026-11-25" }),
      ],
    });
    const swim = (await screen.findByText("Swim")).closest("button") as HTMLElement;
    const call = screen.getByText("Call Gran").closest("button") as HTMLElement;
    expect(within(swim).getByText("17:00–18:30")).toBeVisible();
    expect(within(call).getByText("18:00")).toBeVisible();
  });

  it("moves a plan of one's own a day from its details sheet, which then shows it there", async () => {
    const view = renderMovable(
      planFixture({
        id: 1,
        title: "My swim",
        date: "2026-11-23",
        startTime: new Date("2026-11-23T18:00:00Z"),
        creatorId: 1,
      }),
    );
    await userEvent.click(await screen.findByRole("button", { name: /My swim/ }));
    const sheet = await screen.findByRole("dialog", { name: "My swim" });
    const move = within(sheet).getByRole("group", { name: "Move" });
    await userEvent.click(within(move).getByRole("button", { name: "Next day" }));
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(1));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({
      id: 1,
      version: 3,
      startTime: new Date("2026-11-24T18:00:00Z"),
    });
    expect(await within(sheet).findByText("Tuesday, November 24, 2026")).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith("Plan moved", expect.anything());
  });
});

/** The planner showing one plan, which the fake server moves as asked (the list follows). */
function renderMovable(first: Plan, user = userFixture({ id: 1 })) {
  let plan = first;
  return renderPlanner({
    "auth.user": () => user,
    "plans.list": () => [plan],
    "plans.update": (input) => {
      plan = movedAnswer(plan, input as UpdatePlanInput);
      return plan;
    },
  });
}

/** What the server answers for a move: the plan at its new start and end, one version on. */
function movedAnswer(plan: Plan, input: UpdatePlanInput): Plan {
  const startTime = input.startTime ?? plan.startTime;
  return {
    ...plan,
    startTime,
    endTime: input.endTime ?? plan.endTime,
    date: startTime.toISOString().slice(0, 10),
    version: plan.version + 1,
  };
}

/** The action a toast offered ("Undo"), as sonner would run it. */
function toastAction(title: string): () => void {
  const call = vi.mocked(toast.success).mock.calls.findLast(([shown]) => shown === title);
  const action = (call?.[1] as { action?: { onClick(): void } } | undefined)?.action;
  if (!action) throw new Error(`no toast "${title}" with an action`);
  return () => action.onClick();
}

describe("PlannerScreen on a wide screen", () => {
  useViewport(1280);

  it("is a time grid from the user's first day: today marked, hours in their format, plans by start and length side by side", async () => {
    const view = renderPlanner({
      "auth.user": () => userFixture({ id: 1, weekStart: "monday", timeFormat: "12h" }),
      "plans.list": () => [
        swimOnTuesday(),
        planFixture({
          id: 5,
          title: "Piano",
          date: "2026-11-24",
          startTime: new Date("2026-11-24T17:30:00Z"),
        }),
        planFixture({ id: 6, title: "School trip", date: "2026-11-26", allDay: true }),
      ],
    });
    // The first day follows the profile once it is read.
    await screen.findByRole("heading", { level: 2, name: "Sunday, November 29, 2026" });
    const days = screen.getAllByRole("heading", { level: 2 });
    expect(days[0]).toHaveAccessibleName("Monday, November 23, 2026");
    expect(days[6]).toHaveAccessibleName("Sunday, November 29, 2026");
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        from: "2026-11-23",
        to: "2026-11-29",
      }),
    );
    expect(within(days[0]?.parentElement as HTMLElement).getByText("Today")).toBeVisible();
    expect(screen.getByText("5:00 PM")).toBeInTheDocument();

    const tuesday = screen.getByRole("list", { name: "Tuesday, November 24, 2026" });
    const swim = within(tuesday).getByRole("button", { name: /Swim/ }).closest("li");
    const piano = within(tuesday).getByRole("button", { name: /Piano/ }).closest("li");
    expect(within(swim as HTMLElement).getByText("5:00 PM–6:30 PM")).toBeInTheDocument();
    // 17:00 is 1020 of the day's 1440 minutes; 90 minutes tall; half the width beside Piano.
    expect(swim).toHaveStyle({ top: `${(1020 / 1440) * 100}%`, height: "6.25%", width: "50%" });
    // Without an end, half an hour tall.
    expect(piano).toHaveStyle({ left: "50%", height: `${(30 / 1440) * 100}%` });
    const allDay = screen.getByRole("list", { name: "All day, Thursday, November 26, 2026" });
    expect(within(allDay).getByText("School trip")).toBeVisible();
  });

  it("draws holidays across the days they cover and splits a sleepover at midnight into its two days", async () => {
    renderPlanner({
      "plans.list": () => [
        planFixture({
          id: 7,
          title: "Holidays",
          allDay: true,
          date: "2026-11-20",
          startTime: new Date("2026-11-20T00:00:00Z"),
          endTime: new Date("2026-11-25T00:00:00Z"),
        }),
        planFixture({
          id: 8,
          title: "Sleepover",
          date: "2026-11-26",
          creatorId: 1,
          startTime: new Date("2026-11-26T18:00:00Z"),
          endTime: new Date("2026-11-27T10:00:00Z"),
        }),
      ],
    });
    const bars = await screen.findByRole("list", { name: "All day, over several days" });
    // From the week's first day (Sunday, column 2 after the hours) to Wednesday.
    const holidays = within(bars)
      .getByRole("button", { name: /Holidays/ })
      .closest("li");
    expect(holidays).toHaveStyle({ gridColumn: "2 / span 4" });
    expect(within(holidays as HTMLElement).getByText("until Wed, Nov 25")).toBeVisible();
    const thursday = screen.getByRole("list", { name: "Thursday, November 26, 2026" });
    const evening = within(thursday)
      .getByRole("button", { name: /Sleepover/ })
      .closest("li");
    expect(evening).toHaveStyle({ top: "75%", height: "25%" });
    const friday = screen.getByRole("list", { name: "Friday, November 27, 2026" });
    const morning = within(friday)
      .getByRole("button", { name: /Sleepover/ })
      .closest("li");
    expect(morning).toHaveStyle({ top: "0%", height: `${(600 / 1440) * 100}%` });
    expect(within(morning as HTMLElement).getByText("until 10:00")).toBeVisible();
  });

  it("adds on an empty half hour at its time, and on a day from the all-day row", async () => {
    const view = renderPlanner();
    await screen.findByText("My swim");
    const slot = view.container.querySelector('[data-slot="2026-11-25 09:30"]') as HTMLElement;
    await userEvent.click(slot);
    expect(
      await screen.findByRole("dialog", { name: "Create Plan on 2026-11-25 at 09:30 (form)" }),
    ).toBeInTheDocument();
    await userEvent.keyboard("{Escape}");
    await expectAddOn("Thursday, November 26, 2026", "Create Plan on 2026-11-26");
  });

  it("moves a plan of one's own by Shift and the arrows, focus following it, and Undo puts back its start and end", async () => {
    const view = renderMovable(swimOnTuesday());
    const button = await screen.findByRole("button", { name: /Swim/ });
    expect(button).toHaveAttribute(
      "aria-keyshortcuts",
      expect.stringContaining("Shift+ArrowRight"),
    );
    button.focus();
    await userEvent.keyboard("{Shift>}{ArrowRight}{/Shift}");
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(1));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({
      id: 4,
      version: 3,
      startTime: new Date("2026-11-25T17:00:00Z"),
      endTime: new Date("2026-11-25T18:30:00Z"),
    });
    const wednesday = await screen.findByRole("list", { name: "Wednesday, November 25, 2026" });
    await waitFor(() =>
      expect(within(wednesday).getByRole("button", { name: /Swim/ })).toHaveFocus(),
    );

    await userEvent.keyboard("{Shift>}{ArrowUp}{/Shift}");
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(2));
    expect(view.callsTo("plans.update")[1]?.input).toMatchObject({
      version: 4,
      startTime: new Date("2026-11-25T16:45:00Z"),
      endTime: new Date("2026-11-25T18:15:00Z"),
    });
    expect(toast.success).toHaveBeenCalledWith("Plan moved", {
      description: "Swim: Wed, Nov 25, 16:45–18:15",
      action: expect.objectContaining({ label: "Undo" }),
    });

    toastAction("Plan moved")();
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(3));
    expect(view.callsTo("plans.update")[2]?.input).toEqual({
      id: 4,
      version: 5,
      startTime: new Date("2026-11-25T17:00:00Z"),
      endTime: new Date("2026-11-25T18:30:00Z"),
    });
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Move undone"));
  });

  it("asks which events of a series move, tells where on the mover's clock, and Undo puts back the same ones", async () => {
    const view = renderMovable(
      occurrenceFixture({
        id: 30,
        title: "Swimming lessons",
        date: "2026-11-24",
        creatorId: 1,
        startTime: new Date("2026-11-24T07:00:00Z"),
        originalStartTime: new Date("2026-11-24T07:00:00Z"),
      }),
      userFixture({ id: 1, timeFormat: "12h" }),
    );
    (await screen.findByRole("button", { name: /Swimming lessons/ })).focus();
    await userEvent.keyboard("{Shift>}{ArrowDown}{/Shift}");
    const ask = await screen.findByRole("dialog", { name: "Edit recurring event" });
    expect(within(ask).getByRole("radio", { name: "This event" })).toBeChecked();
    await userEvent.click(within(ask).getByRole("button", { name: "OK" }));
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(1));
    expect(view.callsTo("plans.update")[0]?.input).toEqual({
      id: 30,
      version: 3,
      startTime: new Date("2026-11-24T07:15:00Z"),
      scope: "occurrence",
      occurrenceStart: new Date("2026-11-24T07:00:00Z"),
    });
    // On the mover's own clock, as every screen.
    expect(toast.success).toHaveBeenCalledWith("Plan moved", {
      description: "Swimming lessons: Tue, Nov 24, 7:15 AM",
      action: expect.objectContaining({ label: "Undo" }),
    });

    toastAction("Plan moved")();
    await waitFor(() => expect(view.callsTo("plans.update")).toHaveLength(2));
    expect(view.callsTo("plans.update")[1]?.input).toEqual({
      id: 30,
      version: 4,
      startTime: new Date("2026-11-24T07:00:00Z"),
      scope: "occurrence",
      occurrenceStart: new Date("2026-11-24T07:00:00Z"),
    });
  });

  it("does not move another member's plan by keys, and shows the server's refusal of a move", async () => {
    const view = renderPlanner({
      "plans.update": () => {
        throw serverError("Only the creator can edit this plan.", 403, "FORBIDDEN");
      },
    });
    const theirs = await screen.findByRole("button", { name: /Bea's party/ });
    expect(theirs).not.toHaveAttribute("aria-keyshortcuts");
    theirs.focus();
    await userEvent.keyboard("{Shift>}{ArrowLeft}{/Shift}");

    screen.getByRole("button", { name: /My swim/ }).focus();
    await userEvent.keyboard("{Shift>}{ArrowLeft}{/Shift}");
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Action not allowed", {
        description: "Only the creator can edit this plan.",
      }),
    );
    expect(view.callsTo("plans.update")).toHaveLength(1);
    expect(view.callsTo("plans.update")[0]?.input).toMatchObject({ id: 1 });
  });
});
