/**
 * What index.html paints for a first screen before the code runs must be what the screen then
 * renders, or the page would jump when the screen takes its place, and its largest paint would
 * come again, later.
 */
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { AuthScreen } from "@/features/auth/auth-screen";
import { CalendarScreen } from "@/features/calendar/calendar-screen";
import { userFixture } from "@/features/circles/testing/fixtures";
import { DashboardScreen } from "@/features/dashboard/dashboard-screen";
import { FIRST_PAINT_ID } from "@/lib/first-paint";
import { freezeClockAt } from "@/testing/frozen-clock";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { FIRST_PAINTS, firstPaintElement, MONTH_SLOT } from "./first-paint";

// 23 November 2026, 10:00 in London (the user's zone).
freezeClockAt("2026-11-23T10:00:00Z");

/** The elements a selector finds, as tag, classes and text, in document order. */
function shapeOf(root: ParentNode, selector: string): string[] {
  return [...root.querySelectorAll(selector)].map(
    (element) =>
      `${element.tagName.toLowerCase()}.${element.getAttribute("class")} ${element.textContent}`,
  );
}

function painted(screenName: string): DocumentFragment {
  const template = document.createElement("template");
  template.innerHTML = (FIRST_PAINTS[screenName] ?? "").replace(MONTH_SLOT, "November 2026");
  return template.content;
}

function renderAuthScreen() {
  renderWithTrpc(<AuthScreen />, { path: "/auth", handlers: {} });
  return screen.findByRole("heading", { level: 1, name: "Circleplan" });
}

const signedInHandlers = {
  "auth.user": () => userFixture(),
  "plans.list": () => [],
  "plans.calendarDays": (input: unknown) => ({
    month: (input as { month: string }).month,
    days: [],
  }),
  "plans.calendarSummary": () => ({ summary: "" }),
};

describe("first paint of /auth", () => {
  it("is the header the auth screen renders (it drifted, and the page jumped when the screen came)", async () => {
    await renderAuthScreen();
    expect(shapeOf(painted("/auth"), "header > *")).toEqual(shapeOf(document.body, "header > *"));
  });

  it("goes once the screen's heading mounts", async () => {
    document.body.insertAdjacentHTML("afterbegin", firstPaintElement(FIRST_PAINTS["/auth"] ?? ""));
    expect(document.getElementById(FIRST_PAINT_ID)).not.toBeNull();
    await renderAuthScreen();
    expect(document.getElementById(FIRST_PAINT_ID)).toBeNull();
  });
});

describe("first paint of the signed-in screens", () => {
  it("is the dashboard's title as the dashboard renders it", async () => {
    renderWithTrpc(
      <UserReady>
        <DashboardScreen />
      </UserReady>,
      { path: "/dashboard", handlers: signedInHandlers },
    );
    await screen.findByRole("heading", { level: 1 });
    expect(shapeOf(painted("/dashboard"), "h1")).toEqual(shapeOf(document.body, "h1"));
  });

  it("is the calendar's title, card title and month as the calendar renders them", async () => {
    renderWithTrpc(<CalendarScreen />, { path: "/calendar", handlers: signedInHandlers });
    await screen.findByRole("heading", { level: 2, name: "November 2026" });
    const shapes = shapeOf(document.body, "h1, h2");
    for (const shape of shapeOf(painted("/calendar"), "h1, h2")) expect(shapes).toContain(shape);
  });

  it("puts this month's title in the circle page's month row", () => {
    expect(FIRST_PAINTS["/circle/:id"]).toContain(
      `<h2 class="text-lg font-semibold">${MONTH_SLOT}</h2>`,
    );
  });
});
