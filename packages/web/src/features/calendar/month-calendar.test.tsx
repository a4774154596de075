/**
 * The month grid (plans spec, section 2): Sunday to Saturday, dots per day (1, 2, or one and
 * the count), today, days with plans, free days, the neighbouring months' days, and clicks.
 */
import { render, screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { planFixture } from "@/testing/plan-fixtures";
import { MonthCalendar } from "./month-calendar";

const plans = [
  planFixture({ id: 1, date: "2026-11-23" }),
  planFixture({ id: 2, date: "2026-11-23", startTime: new Date("2026-11-23T12:00:00Z") }),
  planFixture({ id: 3, date: "2026-11-23", startTime: new Date("2026-11-23T15:00:00Z") }),
  planFixture({ id: 4, date: "2026-11-24", circleColor: "#8B5CF6" }),
  planFixture({ id: 5, date: "2026-11-26" }),
  planFixture({ id: 6, date: "2026-11-26", startTime: new Date("2026-11-26T12:00:00Z") }),
];

function renderMonth(overrides: Partial<Parameters<typeof MonthCalendar>[0]> = {}) {
  const props = {
    month: "2026-11",
    onMonthChange: vi.fn(),
    plans,
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

  it("draws one dot, two dots, or one dot and the count", () => {
    renderMonth();
    const one = dotsOf(day(/^Tuesday, November 24, 2026, 1 plan$/));
    expect(one?.querySelectorAll(".rounded-full")).toHaveLength(1);
    expect(one).toHaveTextContent(/^$/);
    const two = dotsOf(day(/^Thursday, November 26, 2026, 2 plans$/));
    expect(two?.querySelectorAll(".rounded-full")).toHaveLength(2);
    expect(two).toHaveTextContent(/^$/);
    const three = dotsOf(day(/^Monday, November 23, 2026, today, 3 plans$/));
    expect(three?.querySelectorAll(".rounded-full")).toHaveLength(1);
    expect(three).toHaveTextContent("+3");
  });

  it("marks today, days with plans in blue, free days in green, other months in grey", () => {
    renderMonth();
    const today = day(/November 23, 2026, today/);
    expect(today).toHaveAttribute("aria-current", "date");
    expect(today.className).toMatch(/ring-primary/);
    expect(today.className).toMatch(/bg-blue-100/);
    const free = day(/^Wednesday, November 25, 2026, free day$/);
    expect(free.className).toMatch(/bg-green-50/);
    expect(free).not.toHaveAttribute("aria-current");
    const outside = day(/^Tuesday, December 1, 2026$/);
    expect(outside.className).toMatch(/bg-muted/);
    expect(dotsOf(outside)).toBeNull();
  });

  it("calls no day free while the month's plans are still loading", () => {
    renderMonth({ plans: undefined });
    const loading = day(/^Wednesday, November 25, 2026$/);
    expect(loading.className).not.toMatch(/bg-green-50/);
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

  it("says which day is chosen", () => {
    renderMonth({ selected: "2026-11-25" });
    expect(day(/^Wednesday, November 25, 2026, free day, selected$/)).toBeVisible();
  });
});
