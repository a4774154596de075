/**
 * The dashboard, Your Day at a Glance (plans spec, sections 2 and 9): the summary sentence, the
 * day's plans, the arrows and Today, the Upcoming Week from tomorrow with Free Day, and the
 * query parameters date, tab=plans and eventId.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { DashboardScreen } from "./dashboard-screen";

spyOnToasts();

// Sunday 22 November 2026, noon in London.
freezeClockAt("2026-11-22T12:00:00Z");

type ListInput = { date?: string; from?: string; to?: string } | undefined;

function renderDashboard(
  path = "/dashboard",
  { day = [], week = [] }: { day?: Plan[]; week?: Plan[] } = {},
  handlers: Record<string, Handler> = {},
) {
  return renderWithTrpc(
    <UserReady>
      <DashboardScreen />
    </UserReady>,
    {
      path,
      handlers: {
        "auth.user": () => userFixture(),
        "plans.list": (input) => ((input as ListInput)?.date ? day : week),
        ...handlers,
      },
    },
  );
}

describe("DashboardScreen", () => {
  it("sums up today and lists its plans", async () => {
    renderDashboard("/dashboard", {
      day: [planFixture(), taskFixture({ startTime: new Date("2026-11-22T09:00:00Z") })],
    });
    expect(
      await screen.findByRole("heading", { level: 1, name: /Your Day at a Glance/ }),
    ).toBeVisible();
    expect(await screen.findByText("You have 2 events planned for today.")).toBeVisible();
    const list = await screen.findByRole("list", { name: "Plans of the day" });
    // By start: the 09:00 task before the 18:00 dinner.
    expect(
      within(list)
        .getAllByRole("heading")
        .map((title) => title.textContent),
    ).toEqual(["Pick up groceries", "Family dinner"]);
    // Today needs no Today button.
    expect(screen.queryByRole("button", { name: "Today" })).toBeNull();
  });

  it("says the schedule is clear on an empty day", async () => {
    renderDashboard();
    expect(
      await screen.findByText(
        "Your schedule is clear for today. Perfect time to plan something new!",
      ),
    ).toBeVisible();
    expect(await screen.findByText("No plans for this day")).toBeVisible();
  });

  it("opens the day in ?date=, steps a day at a time and goes back to today", async () => {
    const view = renderDashboard("/dashboard?date=2026-11-24");
    expect(await screen.findByText("Tuesday, November 24")).toBeVisible();
    expect(
      await screen.findByText(
        "Your schedule is clear for November 24. Perfect time to plan something new!",
      ),
    ).toBeVisible();
    await waitFor(() =>
      expect(view.callsTo("plans.list").map((call) => call.input)).toContainEqual({
        date: "2026-11-24",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Previous day" }));
    expect(view.location()).toBe("/dashboard?date=2026-11-23");
    await userEvent.click(screen.getByRole("button", { name: "Next day" }));
    expect(view.location()).toBe("/dashboard?date=2026-11-24");
    await userEvent.click(screen.getByRole("button", { name: "Today" }));
    expect(view.location()).toBe("/dashboard");
  });

  it("takes a date that is not a day as today", async () => {
    renderDashboard("/dashboard?date=2026-02-30");
    expect(await screen.findByText("Sunday, November 22")).toBeVisible();
  });

  it("lists the 7 days from tomorrow in Upcoming Week, a free day opening that day", async () => {
    const view = renderDashboard("/dashboard", {
      week: [planFixture({ id: 7, title: "Swimming", date: "2026-11-25" })],
    });
    const week = await screen.findByRole("region", { name: "Upcoming Week" });
    await waitFor(() =>
      expect(view.callsTo("plans.list").map((call) => call.input)).toContainEqual({
        from: "2026-11-23",
        to: "2026-11-29",
      }),
    );
    expect(await within(week).findByText("Tomorrow (Mon, Nov 23)")).toBeVisible();
    const free = await within(week).findAllByRole("link", { name: "Free Day" });
    expect(free).toHaveLength(6);
    expect(free[0]).toHaveAttribute("href", "/dashboard?date=2026-11-23");
    expect(within(week).getByRole("link", { name: /Swimming/ })).toHaveAttribute(
      "href",
      "/dashboard?date=2026-11-25&eventId=7",
    );
    await userEvent.click(within(week).getByRole("button", { name: "Upcoming Week" }));
    expect(within(week).queryByText("Tomorrow (Mon, Nov 23)")).toBeNull();
  });

  it("writes the day's and Upcoming Week's times on a 12-hour user's clock (issue 21)", async () => {
    renderDashboard(
      "/dashboard",
      {
        day: [planFixture({ title: "Dinner", endTime: new Date("2026-11-22T19:30:00Z") })],
        week: [planFixture({ id: 7, title: "Swimming", date: "2026-11-25" })],
      },
      { "auth.user": () => userFixture({ timeFormat: "12h" }) },
    );
    const dinner = await screen.findByRole("article", { name: "Dinner" });
    expect(within(dinner).getByText("6:00 PM–7:30 PM")).toBeVisible();
    const week = await screen.findByRole("region", { name: "Upcoming Week" });
    const swimming = await within(week).findByRole("link", { name: /Swimming/ });
    expect(within(swimming).getByText("6:00 PM")).toBeVisible();
  });

  it("points at the plan named by eventId, and at the plans with tab=plans", async () => {
    const scrolled: Element[] = [];
    vi.spyOn(Element.prototype, "scrollIntoView").mockImplementation(function (this: Element) {
      scrolled.push(this);
    });
    renderDashboard("/dashboard?date=2026-11-22&eventId=200&tab=plans", {
      day: [planFixture(), taskFixture()],
    });
    const pointed = await screen.findByRole("article", { name: "Pick up groceries" });
    await waitFor(() => expect(pointed).toHaveAttribute("data-highlighted", "true"));
    expect(screen.getByRole("article", { name: "Family dinner" })).not.toHaveAttribute(
      "data-highlighted",
    );
    expect(scrolled).toContain(pointed);
    await waitFor(() => expect(scrolled.map((element) => element.id)).toContain("dashboard-plans"));
  });

  it("says when the plans could not be fetched", async () => {
    renderDashboard(
      "/dashboard",
      {},
      {
        "plans.list": () => {
          throw serverError("Something went wrong", 500, "INTERNAL");
        },
      },
    );
    expect((await screen.findAllByText("Failed to fetch events")).length).toBeGreaterThan(0);
  });

  it("has the add buttons, voice offering the form where the browser cannot hear", async () => {
    renderDashboard();
    // happy-dom has no speech recognition (voice-dialog.test.tsx drives a fake one).
    await userEvent.click(await screen.findByRole("button", { name: "Add by voice" }));
    const voice = await screen.findByRole("dialog", { name: "Voice Recognition Not Supported" });
    await userEvent.click(within(voice).getByRole("button", { name: "Switch to Manual Entry" }));
    expect(await screen.findByRole("dialog", { name: "Create Plan" })).toBeVisible();
  });
});
