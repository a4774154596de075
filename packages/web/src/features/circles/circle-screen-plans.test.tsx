/**
 * The circle page's plans (plans spec, section 2; accounts spec, section 2): its calendar, the
 * Next N Days panel, the upcoming-events dialog, the add buttons, the query's date, eventId and
 * editEvent with openForm=true, and the window events.
 */
import type { CalendarDay, Plan } from "@circleplan/shared/plan-outputs";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture } from "@/testing/plan-fixtures";
import { type Handler, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { CIRCLE_PAGE_EVENTS, circlePageEvent } from "./circle-page-events";
import { renderCircleScreen } from "./testing/render-circle-screen";

spyOnToasts();
vi.mock("@/components/plans/plan-card", () => ({
  PlanCard: ({ plan, highlighted }: { plan: Plan; highlighted?: boolean }) => (
    <p data-highlighted={highlighted || undefined}>{plan.title}</p>
  ),
  planCardId: (plan: Plan) => `plan-${plan.id}-${plan.date}`,
}));
vi.mock("@/features/plans/plan-dialog", () => ({
  PlanDialog: (props: {
    open: boolean;
    defaultCircleId?: number;
    defaultDate?: string;
    plan?: Plan;
  }) =>
    props.open ? (
      <div
        role="dialog"
        aria-label={
          props.plan
            ? `Edit Plan: ${props.plan.title}`
            : `Create Plan in ${props.defaultCircleId} on ${props.defaultDate ?? "any day"}`
        }
      />
    ) : null,
}));

vi.mock("@/features/voice/voice-dialog", () => ({
  VoiceDialog: (props: { open: boolean; defaultCircleId?: number; defaultDate?: string }) =>
    props.open ? (
      <div
        role="dialog"
        aria-label={`Create Event with Voice in ${props.defaultCircleId} on ${props.defaultDate ?? "any day"}`}
      />
    ) : null,
}));

freezeClockAt("2026-11-23T10:00:00Z");
beforeEach(() => {
  vi.mocked(toast.error).mockClear();
});

const plans = [
  planFixture({ id: 1, title: "Swimming", date: "2026-11-23" }),
  planFixture({ id: 2, title: "Piano", date: "2026-11-25" }),
  planFixture({ id: 3, title: "Dentist", date: "2026-12-10" }),
];

/** The month's grid as plans.calendarDays answers it: the days of `plans` in that month. */
function calendarDays(input: unknown) {
  const { month } = input as { month: string };
  const byDay = new Map<string, CalendarDay>();
  for (const plan of plans.filter((p) => p.date.startsWith(`${month}-`))) {
    const day = byDay.get(plan.date) ?? { date: plan.date, count: 0, colors: [], previews: [] };
    const color = plan.eventColor ?? plan.circleColor;
    day.count += 1;
    if (day.colors.length < 2) day.colors.push(color);
    if (day.previews.length < 3) day.previews.push({ title: plan.title, color });
    byDay.set(plan.date, day);
  }
  return { month, days: [...byDay.values()] };
}

function renderCircle(handlers: Record<string, Handler> = {}, path = "/circle/7") {
  return renderCircleScreen(
    {
      "plans.calendarDays": calendarDays,
      "plans.list": (input) => {
        const { from, to } = input as { from?: string; to?: string };
        return plans.filter((plan) => (!from || plan.date >= from) && (!to || plan.date <= to));
      },
      "plans.get": (input) =>
        planFixture({ id: (input as { id: number }).id, title: "Dentist", date: "2026-12-10" }),
      ...handlers,
    },
    path,
  );
}

async function panel(): Promise<HTMLElement> {
  const toggle = await screen.findByRole("button", { name: /^The Lovelaces\s*(Next|Around)/ });
  const card = toggle.closest<HTMLElement>("#circle-7-next-days");
  if (!card) throw new Error("the Next Days panel has no card around its toggle");
  return card;
}

function dayHeadings(region: HTMLElement): string[] {
  return within(region)
    .getAllByRole("heading", { level: 3 })
    .map((heading) => heading.textContent ?? "");
}

describe("CircleScreen plans", () => {
  it("lists the next 7 days, Today and Tomorrow first, Free Day when empty, and 7 more on request", async () => {
    const view = renderCircle();
    const next = await panel();
    await within(next).findByText("Swimming");
    expect(dayHeadings(next)).toEqual([
      "Today (Mon, Nov 23)",
      "Tomorrow (Tue, Nov 24)",
      "Wed, Nov 25",
      "Thu, Nov 26",
      "Fri, Nov 27",
      "Sat, Nov 28",
      "Sun, Nov 29",
    ]);
    expect(within(next).getByText("Piano")).toBeVisible();
    expect(within(next).getAllByText("Free Day")).toHaveLength(5);
    expect(view.callsTo("plans.list")[0]?.input).toEqual({
      circleId: 7,
      from: "2026-11-23",
      to: "2026-11-29",
    });

    await userEvent.click(within(next).getByRole("button", { name: "Show More Days" }));
    expect(within(next).getByText("Next 14 Days")).toBeVisible();
    await waitFor(() =>
      expect(view.callsTo("plans.list").at(-1)?.input).toEqual({
        circleId: 7,
        from: "2026-11-23",
        to: "2026-12-06",
      }),
    );
  });

  it("collapses the panel", async () => {
    renderCircle();
    const next = await panel();
    const toggle = within(next).getByRole("button", { name: /The Lovelaces/ });
    expect(toggle).toHaveAttribute("aria-expanded", "true");
    await userEvent.click(toggle);
    expect(toggle).toHaveAttribute("aria-expanded", "false");
    expect(within(next).queryByText("Today (Mon, Nov 23)")).toBeNull();
  });

  it("shows 3 days either side of the query's date, and the calendar's month of it", async () => {
    const view = renderCircle({}, "/circle/7?date=2026-12-10");
    const around = await panel();
    expect(within(around).getByText("Around Dec 10")).toBeVisible();
    await within(around).findByText("Dentist");
    expect(dayHeadings(around)).toEqual([
      "Mon, Dec 7",
      "Tue, Dec 8",
      "Wed, Dec 9",
      "Thu, Dec 10",
      "Fri, Dec 11",
      "Sat, Dec 12",
      "Sun, Dec 13",
    ]);
    expect(screen.getByRole("heading", { level: 2, name: "December 2026" })).toBeVisible();
    expect(
      screen.getByRole("button", {
        name: "Thursday, December 10, 2026, 1 plan: Dentist, selected",
      }),
    ).toBeVisible();
    await userEvent.click(within(around).getByRole("button", { name: "Show the next days" }));
    expect(view.location()).toBe("/circle/7");
  });

  it("chooses a day from the calendar or a panel heading", async () => {
    const view = renderCircle();
    await userEvent.click(
      await screen.findByRole("button", { name: /^Wednesday, November 25, 2026, 1 plan: Piano$/ }),
    );
    expect(view.location()).toBe("/circle/7?date=2026-11-25");
    const around = await panel();
    await userEvent.click(within(around).getByRole("button", { name: "Fri, Nov 27" }));
    expect(view.location()).toBe("/circle/7?date=2026-11-27");
  });

  it("opens the plan named by editEvent with openForm=true, then drops both from the address", async () => {
    const view = renderCircle({}, "/circle/7?editEvent=3&openForm=true&date=2026-12-10");
    expect(await screen.findByRole("dialog", { name: "Edit Plan: Dentist" })).toBeInTheDocument();
    expect(view.callsTo("plans.get")[0]?.input).toEqual({ id: 3 });
    expect(view.location()).toBe("/circle/7?date=2026-12-10");
  });

  it("shows someone else's plan on its day, with its details, instead of a form its viewer cannot save", async () => {
    const view = renderCircle(
      {
        "plans.get": (input) =>
          planFixture({
            id: (input as { id: number }).id,
            title: "Dentist",
            date: "2026-12-10",
            creatorId: 2,
          }),
      },
      "/circle/7?editEvent=3&openForm=true",
    );
    await waitFor(() => expect(view.location()).toBe("/circle/7?date=2026-12-10"));
    const around = await panel();
    expect(await within(around).findByText("Dentist")).toHaveAttribute("data-highlighted", "true");
    const details = await screen.findByRole("dialog", { name: "Dentist" });
    expect(within(details).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(screen.queryByRole("dialog", { name: /Edit Plan/ })).toBeNull();
  });

  it("says Failed to load event details for editing when that plan cannot be had", async () => {
    renderCircle(
      {
        "plans.get": () => {
          throw serverError("Plan not found", 404, "NOT_FOUND");
        },
      },
      "/circle/7?editEvent=3&openForm=true",
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to load event details for editing", {
        description: "Plan not found",
      }),
    );
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("shows the day of the plan named by eventId and marks it", async () => {
    const view = renderCircle({}, "/circle/7?eventId=3");
    const around = await panel();
    await waitFor(() => expect(view.location()).toBe("/circle/7?eventId=3&date=2026-12-10"));
    const dentist = await within(around).findByText("Dentist");
    expect(dentist).toHaveAttribute("data-highlighted", "true");
  });

  it("adds a plan to this circle from the floating button, on the chosen date", async () => {
    renderCircle({}, "/circle/7?date=2026-12-10");
    await userEvent.click(await screen.findByRole("button", { name: "Add a plan" }));
    expect(
      await screen.findByRole("dialog", { name: "Create Plan in 7 on 2026-12-10" }),
    ).toBeInTheDocument();
  });

  it("opens voice entry for this circle from the floating button, on the chosen date", async () => {
    renderCircle({}, "/circle/7?date=2026-12-10");
    await userEvent.click(await screen.findByRole("button", { name: "Add by voice" }));
    expect(
      await screen.findByRole("dialog", { name: "Create Event with Voice in 7 on 2026-12-10" }),
    ).toBeInTheDocument();
  });

  it("answers the window events: detail, manual form, voice, edit", async () => {
    const view = renderCircle();
    await panel();

    act(() => {
      window.dispatchEvent(circlePageEvent(CIRCLE_PAGE_EVENTS.openCircleDetail, undefined));
    });
    expect(await screen.findByRole("dialog", { name: "The Lovelaces" })).toBeVisible();
    await userEvent.keyboard("{Escape}");

    act(() => {
      window.dispatchEvent(
        circlePageEvent(CIRCLE_PAGE_EVENTS.openManualPlanForm, { date: "2026-11-30" }),
      );
    });
    expect(
      await screen.findByRole("dialog", { name: "Create Plan in 7 on 2026-11-30" }),
    ).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(
        circlePageEvent(CIRCLE_PAGE_EVENTS.openVoiceInput, { date: "2026-12-01" }),
      );
    });
    expect(
      await screen.findByRole("dialog", { name: "Create Event with Voice in 7 on 2026-12-01" }),
    ).toBeInTheDocument();

    act(() => {
      window.dispatchEvent(circlePageEvent(CIRCLE_PAGE_EVENTS.editPlan, { eventId: 3 }));
    });
    expect(await screen.findByRole("dialog", { name: "Edit Plan: Dentist" })).toBeInTheDocument();
    expect(view.callsTo("plans.get")[0]?.input).toEqual({ id: 3 });
  });

  it("pages the upcoming dialog 7 days at a time, hiding empty days after the first 7", async () => {
    const upcoming = [
      planFixture({ id: 1, title: "Swimming", date: "2026-11-23" }),
      planFixture({ id: 4, title: "Market", date: "2026-12-02" }),
      planFixture({ id: 5, title: "Concert", date: "2026-12-12" }),
    ];
    const view = renderCircle({
      "plans.list": (input) =>
        (input as { upcoming?: boolean }).upcoming ? upcoming : plans.slice(0, 2),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Upcoming Events" }));
    const dialog = await screen.findByRole("dialog", { name: "Upcoming Events" });
    await within(dialog).findByText("Swimming");
    expect(
      view.callsTo("plans.list").find((call) => (call.input as { upcoming?: boolean }).upcoming)
        ?.input,
    ).toEqual({ upcoming: true, limit: 10, circleId: 7 });
    expect(within(dialog).getAllByRole("heading", { level: 3 })).toHaveLength(7);
    expect(within(dialog).getAllByText("Free Day")).toHaveLength(6);
    expect(within(dialog).queryByText("Market")).toBeNull();

    await userEvent.click(within(dialog).getByRole("button", { name: "Show 7 More Days" }));
    expect(within(dialog).getByText("Market")).toBeVisible();
    expect(within(dialog).getAllByRole("heading", { level: 3 })).toHaveLength(8);
    expect(within(dialog).getAllByText("Free Day")).toHaveLength(6);

    await userEvent.click(within(dialog).getByRole("button", { name: "Show 7 More Days" }));
    expect(within(dialog).getByText("Concert")).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Show 7 More Days" })).toBeNull();
  });

  it("does not call today a Free Day in the upcoming dialog when its plans have passed", async () => {
    // Swimming was this morning: the upcoming list (from now on) no longer has it.
    renderCircle({
      "plans.list": (input) =>
        (input as { upcoming?: boolean }).upcoming ? [plans[1]] : plans.slice(0, 2),
    });
    await userEvent.click(await screen.findByRole("button", { name: "Upcoming Events" }));
    const dialog = await screen.findByRole("dialog", { name: "Upcoming Events" });
    const todayItem = (await within(dialog).findByRole("heading", { name: /^Today/ })).closest(
      "li",
    );
    expect(todayItem).toHaveTextContent("No more plans today");
    expect(todayItem).not.toHaveTextContent("Free Day");
    expect(within(dialog).getAllByText("Free Day")).toHaveLength(5);
  });

  it("calls today a Free Day in the upcoming dialog when it had no plans at all", async () => {
    renderCircle({
      "plans.list": (input) =>
        (input as { upcoming?: boolean }).upcoming ? [plans[1]] : [plans[1]],
    });
    await userEvent.click(await screen.findByRole("button", { name: "Upcoming Events" }));
    const dialog = await screen.findByRole("dialog", { name: "Upcoming Events" });
    const todayItem = (await within(dialog).findByRole("heading", { name: /^Today/ })).closest(
      "li",
    );
    expect(todayItem).toHaveTextContent("Free Day");
    expect(within(dialog).queryByText("No more plans today")).toBeNull();
  });
});
