/**
 * The month grid (plans spec, section 2): Sunday to Saturday, dots per day (1, 2, or one and
 * the count) or titles on a wider screen, today, days with plans, free and past days, the
 * neighbouring months' days, and clicks (a free day adding a plan where the screen asks).
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { describe, expect, it, vi } from "vitest";
import { MonthCalendar } from "./month-calendar";

// Only the days that hold plans, as plans.calendarDays answers: any other day is free.
const days = [
  {
    date: "2026-11-23",
    count: 4,
    colors: ["#10B981", "#10B981"],
    previews: [
      { title: "Swim", color: "#10B981" },
      { title: "Piano", color: "#10B981" },
      { title: "Dinner", color: "#8B5CF6" },
    ],
  },
  {
    date: "2026-11-24",
    count: 1,
    colors: ["#8B5CF6"],
    previews: [{ title: "Dentist", color: "#8B5CF6" }],
  },
  {
    date: "2026-11-26",
    count: 2,
    colors: ["#10b981", "#F59E0B"],
    previews: [
      { title: "Book club", color: "#10b981" },
      { title: "Gym", color: "#F59E0B" },
    ],
  },
];

function renderMonth(overrides: Partial<Parameters<typeof MonthCalendar>[0]> = {}) {
  const props = {
    month: "2026-11",
    onMonthChange: vi.fn(),
    days,
    today: "2026-11-23",
    onDayClick: vi.fn(),
    ...overrides,
  };
  render(<MonthCalendar {...props} />);
  return props;
}

function day(name: RegExp) {
  return screen.getByRole("button", { name });
}

/** The dots drawn over a day's button (in its cell, outside the button's name). */
function dotsOf(button: HTMLElement) {
  return button.closest("td")?.querySelector<HTMLElement>("[data-testid=day-dots]") ?? null;
}

/** A screen that shows the month the grid asks for, noting each. */
function MonthShown({ asked, onDayClick }: { asked: string[]; onDayClick: (day: string) => void }) {
  const [month, setMonth] = useState("2026-11");
  return (
    <MonthCalendar
      month={month}
      onMonthChange={(next) => {
        asked.push(next);
        setMonth(next);
      }}
      days={days}
      today="2026-11-23"
      onDayClick={onDayClick}
    />
  );
}

describe("MonthCalendar", () => {
  it("lays the month out Sunday to Saturday in six weeks", () => {
    renderMonth();
    const grid = screen.getByRole("grid", { name: "November 2026" });
    // The weekday row is hidden from assistive technology: each day's button names its weekday.
    const headers = Array.from(grid.querySelectorAll("thead th"));
    expect(headers.map((header) => header.getAttribute("aria-label"))).toEqual([
      "Sunday",
      "Monday",
      "Tuesday",
      "Wednesday",
      "Thursday",
      "Friday",
      "Saturday",
    ]);
    expect(within(grid).getAllByRole("row")).toHaveLength(6);
    expect(within(grid).getAllByRole("row")[0]?.querySelector("button")).toHaveAccessibleName(
      "Sunday, November 1, 2026, free day",
    );
    expect(screen.getByRole("heading", { name: "November 2026" })).toBeVisible();
  });

  it("starts the week on Monday for someone who chose it (issue 21)", () => {
    renderMonth({ weekStart: "monday" });
    const grid = screen.getByRole("grid", { name: "November 2026" });
    const weekdays = Array.from(grid.querySelectorAll("thead th")).map((header) =>
      header.getAttribute("aria-label"),
    );
    expect(weekdays[0]).toBe("Monday");
    expect(weekdays[6]).toBe("Sunday");
    // 1 November 2026 is a Sunday: the first row's last day.
    const firstRow = within(grid).getAllByRole("row")[0];
    expect(firstRow?.querySelectorAll("button")[6]).toHaveAccessibleName(
      "Sunday, November 1, 2026, free day",
    );
  });

  it("draws one dot, two dots, or one dot and the count", () => {
    renderMonth();
    const one = dotsOf(day(/^Tuesday, November 24, 2026, 1 plan: Dentist$/));
    expect(one?.querySelectorAll(".rounded-full")).toHaveLength(1);
    expect(one).toHaveTextContent(/^$/);
    const two = dotsOf(day(/^Thursday, November 26, 2026, 2 plans: Book club, Gym$/));
    expect(two?.querySelectorAll(".rounded-full")).toHaveLength(2);
    expect(two).toHaveTextContent(/^$/);
    const four = dotsOf(
      day(/^Monday, November 23, 2026, today, 4 plans: Swim, Piano, Dinner and 1 more$/),
    );
    expect(four?.querySelectorAll(".rounded-full")).toHaveLength(1);
    expect(four).toHaveTextContent("+4");
  });

  it("names a wide screen's first three plans in their colours, and how many more", () => {
    renderMonth();
    const previewsOf = (name: RegExp) =>
      day(name).closest("td")?.querySelector<HTMLElement>("[data-testid=day-previews]") ?? null;
    const busy = previewsOf(/November 23, 2026/);
    // Shown from the md breakpoint up; the phone's dots are hidden there (CSS, not happy-dom's).
    expect(busy?.className).toMatch(/\bhidden\b.*\bmd:grid\b/);
    expect(busy).toHaveAttribute("aria-hidden", "true");
    expect(busy).toHaveTextContent("SwimPianoDinner+1 more");
    const bars = Array.from(busy?.querySelectorAll<HTMLElement>("span[style]") ?? []);
    expect(bars.map((bar) => bar.style.backgroundColor)).toEqual(["#10B981", "#10B981", "#8B5CF6"]);
    expect(previewsOf(/November 24, 2026/)).toHaveTextContent(/^Dentist$/);
    expect(dotsOf(day(/November 24, 2026/))?.className).toMatch(/md:hidden/);
  });

  it("colours each dot with its plan's colour, in the day's order", () => {
    renderMonth();
    const dots = (name: RegExp) =>
      Array.from(dotsOf(day(name))?.querySelectorAll<HTMLElement>(".rounded-full") ?? []).map(
        (dot) => dot.style.backgroundColor,
      );
    expect(dots(/November 24, 2026/)).toEqual(["#8B5CF6"]);
    // "#10b981" as written, upper-cased by displayColor.
    expect(dots(/November 26, 2026/)).toEqual(["#10B981", "#F59E0B"]);
  });

  it("marks today, tints days with plans, leaves free days plain and past days quieter, other months grey", () => {
    renderMonth();
    const today = day(/November 23, 2026, today/);
    expect(today).toHaveAttribute("aria-current", "date");
    expect(today.className).toMatch(/ring-primary/);
    expect(today.className).toMatch(/bg-blue-50/);
    const free = day(/^Wednesday, November 25, 2026, free day$/);
    expect(free.className).toMatch(/bg-card/);
    // No more wall of green (issue 21): a free day is the card's own colour.
    expect(free.className).not.toMatch(/green/);
    expect(free).not.toHaveAttribute("aria-current");
    const past = day(/^Sunday, November 22, 2026, free day$/);
    expect(past.className).toMatch(/bg-muted\/40/);
    expect(past.className).toMatch(/text-muted-foreground/);
    expect(free.className).not.toMatch(/bg-muted/);
    const outside = day(/^Tuesday, December 1, 2026$/);
    expect(outside.className).toMatch(/bg-muted/);
    expect(dotsOf(outside)).toBeNull();
  });

  it("calls no day free while the month's plans are still loading", () => {
    renderMonth({ days: undefined });
    const loading = day(/^Wednesday, November 25, 2026$/);
    expect(loading.className).not.toMatch(/bg-blue-50/);
  });

  it("hands back the clicked day and the month asked for", async () => {
    const props = renderMonth();
    await userEvent.click(day(/November 25, 2026/));
    expect(props.onDayClick).toHaveBeenCalledWith("2026-11-25");
    await userEvent.click(day(/December 2, 2026/));
    expect(props.onDayClick).toHaveBeenLastCalledWith("2026-12-02");
    await userEvent.click(screen.getByRole("button", { name: "Next month" }));
    expect(props.onMonthChange).toHaveBeenCalledWith("2026-12");
    await userEvent.click(screen.getByRole("button", { name: "Previous month" }));
    expect(props.onMonthChange).toHaveBeenLastCalledWith("2026-10");
  });

  it("hands a free day of the month to onFreeDayClick where a screen adds on it, and says so", async () => {
    const onFreeDayClick = vi.fn();
    const props = renderMonth({ onFreeDayClick });
    await userEvent.click(day(/^Wednesday, November 25, 2026, free day, add a plan$/));
    expect(onFreeDayClick).toHaveBeenCalledWith("2026-11-25");
    // A day with plans still opens as the spec says, and so does another month's day.
    await userEvent.click(day(/November 24, 2026/));
    expect(props.onDayClick).toHaveBeenCalledWith("2026-11-24");
    await userEvent.click(day(/December 2, 2026/));
    expect(props.onDayClick).toHaveBeenLastCalledWith("2026-12-02");
    expect(onFreeDayClick).toHaveBeenCalledTimes(1);
  });

  it("says which day is chosen", () => {
    renderMonth({ selected: "2026-11-25" });
    expect(day(/^Wednesday, November 25, 2026, free day, selected$/)).toBeVisible();
  });

  it("puts one day in the Tab order: the chosen day, else today, else the month's first", async () => {
    const tabbable = () =>
      screen.getAllByRole("button").filter((button) => button.getAttribute("tabindex") === "0");
    const { rerender } = render(
      <MonthCalendar
        month="2026-11"
        onMonthChange={vi.fn()}
        days={days}
        today="2026-11-23"
        onDayClick={vi.fn()}
      />,
    );
    const dayButtons = () => tabbable().filter((button) => button.dataset.day);
    expect(dayButtons().map((button) => button.dataset.day)).toEqual(["2026-11-23"]);
    rerender(
      <MonthCalendar
        month="2026-11"
        onMonthChange={vi.fn()}
        days={days}
        today="2026-11-23"
        selected="2026-11-25"
        onDayClick={vi.fn()}
      />,
    );
    expect(dayButtons().map((button) => button.dataset.day)).toEqual(["2026-11-25"]);
    rerender(
      <MonthCalendar
        month="2027-02"
        onMonthChange={vi.fn()}
        days={[]}
        today="2026-11-23"
        onDayClick={vi.fn()}
      />,
    );
    expect(dayButtons().map((button) => button.dataset.day)).toEqual(["2027-02-01"]);
  });

  it("moves focus by arrows, Home, End and pages, into the next month showing it", async () => {
    const user = userEvent.setup();
    const asked: string[] = [];
    const onDayClick = vi.fn();
    render(<MonthShown asked={asked} onDayClick={onDayClick} />);
    // Previous month, next month, then the grid's one day in the Tab order: today.
    await user.tab();
    await user.tab();
    await user.tab();
    expect(day(/November 23, 2026/)).toHaveFocus();
    await user.keyboard("{ArrowRight}");
    expect(day(/November 24, 2026/)).toHaveFocus();
    await user.keyboard("{ArrowUp}");
    expect(day(/November 17, 2026/)).toHaveFocus();
    await user.keyboard("{End}");
    expect(day(/November 21, 2026/)).toHaveFocus();
    await user.keyboard("{Home}");
    expect(day(/November 15, 2026/)).toHaveFocus();
    // Out of the month: December shows, with focus on the day moved to.
    await user.keyboard("{PageDown}");
    expect(asked).toEqual(["2026-12"]);
    expect(screen.getByRole("grid", { name: "December 2026" })).toBeVisible();
    expect(screen.getByRole("status")).toHaveTextContent("December 2026");
    expect(day(/December 15, 2026/)).toHaveFocus();
    await user.keyboard("{ArrowDown}{ArrowDown}{ArrowDown}");
    expect(day(/January 5, 2027/)).toHaveFocus();
    expect(asked).toEqual(["2026-12", "2027-01"]);
    // Tab leaves the grid from the focused day, and comes back to it.
    await user.tab();
    expect(day(/January 5, 2027/)).not.toHaveFocus();
    await user.tab({ shift: true });
    expect(day(/January 5, 2027/)).toHaveFocus();
    await user.keyboard("{Enter}");
    expect(onDayClick).toHaveBeenCalledWith("2027-01-05");
  });
});
