/**
 * /calendar (plans spec, section 2): the month of all circles, the summary card when there is
 * a summary, Today's Plans (a plan there opening its details), a day with plans leading to the
 * day view and a free one to Create Plan on it, and the Month / Week switch.
 */
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import type { PlanDialogProps } from "@/components/plans/plan-dialogs";
import { memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { CalendarScreen } from "./calendar-screen";
import { CALENDAR_VIEW_KEY, rememberedCalendarView } from "./calendar-view";

/** The form itself is plan-dialog.test.tsx's: here, which day it opens on. */
function PlanDialogStandIn(props: PlanDialogProps) {
  return props.open ? (
    <div role="dialog" aria-label={`Create Plan on ${props.defaultDate}`} />
  ) : null;
}

// 23 November 2026, 10:00 in London (the user's zone) and in UTC.
freezeClockAt("2026-11-23T10:00:00Z");

const swim = { title: "Swim", color: "#10B981" };

function renderCalendar(handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<CalendarScreen />, {
    path: "/calendar",
    handlers: {
      "auth.user": () => userFixture(),
      "plans.calendarDays": (input) => ({
        month: (input as { month: string }).month,
        days: [
          { date: "2026-11-23", count: 1, colors: ["#10B981"], previews: [swim] },
          { date: "2026-11-27", count: 1, colors: ["#10B981"], previews: [swim] },
        ],
      }),
      "plans.calendarSummary": () => ({ summary: "" }),
      "plans.list": () => [],
      ...handlers,
    },
    dialogs: { PlanDialog: PlanDialogStandIn },
  });
}

describe("CalendarScreen", () => {
  it("asks for the user's month and shows its days", async () => {
    const view = renderCalendar();
    expect(await screen.findByRole("heading", { level: 1, name: "Calendar" })).toBeVisible();
    expect(
      await screen.findByRole("button", { name: "Friday, November 27, 2026, 1 plan: Swim" }),
    ).toBeVisible();
    expect(view.callsTo("plans.calendarDays")[0]?.input).toEqual({ month: "2026-11" });
    expect(view.callsTo("plans.list")[0]?.input).toEqual({ date: "2026-11-23" });
  });

  it("moves between months", async () => {
    const view = renderCalendar();
    await userEvent.click(await screen.findByRole("button", { name: "Next month" }));
    expect(screen.getByRole("heading", { name: "December 2026" })).toBeVisible();
    await waitFor(() =>
      expect(view.callsTo("plans.calendarDays").at(-1)?.input).toEqual({ month: "2026-12" }),
    );
    expect(view.callsTo("plans.calendarSummary").at(-1)?.input).toEqual({ month: "2026-12" });
  });

  it("opens a day with plans in the day view", async () => {
    const view = renderCalendar();
    await userEvent.click(
      await screen.findByRole("button", { name: /^Friday, November 27, 2026/ }),
    );
    expect(view.location()).toBe("/dashboard?date=2026-11-27");
  });

  it("adds a plan on a free day where it was chosen, staying on the calendar (issue 21)", async () => {
    const view = renderCalendar();
    await userEvent.click(
      await screen.findByRole("button", {
        name: "Wednesday, November 25, 2026, free day, add a plan",
      }),
    );
    expect(await screen.findByRole("dialog", { name: "Create Plan on 2026-11-25" })).toBeVisible();
    expect(view.location()).toBe("/calendar");
  });

  it("offers Month and Week, Month the current one, and remembers it for the bottom bar", async () => {
    localStorage.setItem(CALENDAR_VIEW_KEY, "week");
    renderCalendar();
    const views = await screen.findByRole("navigation", { name: "Calendar view" });
    expect(within(views).getByRole("link", { name: "Month" })).toHaveAttribute(
      "aria-current",
      "page",
    );
    expect(within(views).getByRole("link", { name: "Week" })).toHaveAttribute("href", "/planner");
    expect(rememberedCalendarView()).toBe("month");
  });

  it("shows the summary card only when the server wrote a summary", async () => {
    const view = renderCalendar({
      "plans.calendarSummary": () => ({ summary: "A busy month: 2 plans in The Lovelaces." }),
    });
    expect(await screen.findByText("A busy month: 2 plans in The Lovelaces.")).toBeVisible();
    expect(screen.getByRole("heading", { name: "November 2026 at a glance" })).toBeVisible();
    view.unmount();

    renderCalendar();
    await screen.findByRole("button", { name: "Friday, November 27, 2026, 1 plan: Swim" });
    expect(screen.queryByText(/at a glance/)).toBeNull();
  });

  it("lists today's plans with circle, HH:mm times and location", async () => {
    renderCalendar({
      "plans.list": () => [
        planFixture({
          title: "Dentist",
          date: "2026-11-23",
          startTime: new Date("2026-11-23T14:00:00Z"),
          endTime: new Date("2026-11-23T14:45:00Z"),
          location: "High Street 4",
          circleName: "Family",
        }),
      ],
    });
    const card = await screen.findByRole("region", { name: "Today's Plans" });
    await within(card).findByText("Dentist");
    expect(within(card).getByText("Family")).toBeVisible();
    expect(within(card).getByText("14:00–14:45")).toBeVisible();
    expect(within(card).getByText("High Street 4")).toBeVisible();
    expect(within(card).getByRole("link", { name: "View all plans for today" })).toHaveAttribute(
      "href",
      "/dashboard",
    );
    await userEvent.click(within(card).getByRole("button", { name: "Dentist" }));
    const details = await screen.findByRole("dialog", { name: "Dentist" });
    expect(within(details).getByText("High Street 4")).toBeVisible();
  });

  it("shows a 12-hour, Monday-first user's times as 2:00 PM and the month from Monday (issue 21)", async () => {
    renderCalendar({
      "auth.user": () => userFixture({ timeFormat: "12h", weekStart: "monday" }),
      "plans.list": () => [
        planFixture({
          title: "Dentist",
          date: "2026-11-23",
          startTime: new Date("2026-11-23T14:00:00Z"),
          endTime: new Date("2026-11-23T14:45:00Z"),
        }),
      ],
    });
    const card = await screen.findByRole("region", { name: "Today's Plans" });
    expect(await within(card).findByText("2:00 PM–2:45 PM")).toBeVisible();
    const grid = await screen.findByRole("grid");
    expect(grid.querySelector("thead th")).toHaveAttribute("aria-label", "Monday");
  });

  it("names a task's assignee in Today's Plans, their colour a dot beside the name", async () => {
    renderCalendar({
      "plans.list": () => [
        taskFixture({ startTime: new Date("2026-11-23T16:00:00Z"), date: "2026-11-23" }),
      ],
      "circles.allMembers": () => [
        memberFixture({ id: 2, firstName: "Bea", lastName: "Byron" }, { color: "#0891B2" }),
      ],
    });
    const card = await screen.findByRole("region", { name: "Today's Plans" });
    const assignee = await within(card).findByText("For: Bea Byron");
    await waitFor(() =>
      expect(within(assignee.parentElement as HTMLElement).getByTestId("member-dot")).toHaveStyle({
        backgroundColor: "#0891B2",
      }),
    );
  });

  it("says No plans today, Enjoy your free day! on a free day", async () => {
    renderCalendar();
    const card = await screen.findByRole("region", { name: "Today's Plans" });
    expect(await within(card).findByText("No plans today")).toBeVisible();
    expect(within(card).getByText("Enjoy your free day!")).toBeVisible();
  });

  it("says the month could not be fetched, and asks again on request", async () => {
    let fail = true;
    const view = renderCalendar({
      "plans.calendarDays": () => {
        if (fail) throw serverError("The server is having a moment.", 500, "INTERNAL_SERVER_ERROR");
        return {
          month: "2026-11",
          days: [{ date: "2026-11-27", count: 1, colors: ["#10B981"], previews: [swim] }],
        };
      },
    });
    expect(await screen.findByText("Failed to fetch events")).toBeVisible();
    expect(screen.getByText("The server is having a moment.")).toBeVisible();
    fail = false;
    await userEvent.click(screen.getByRole("button", { name: "Try again" }));
    expect(
      await screen.findByRole("button", { name: "Friday, November 27, 2026, 1 plan: Swim" }),
    ).toBeVisible();
    expect(view.callsTo("plans.calendarDays")).toHaveLength(2);
  });
});
