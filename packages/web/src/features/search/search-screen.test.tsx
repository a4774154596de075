/**
 * /search?q= (issue 21): results under Upcoming then Past, by day, each opening its plan on its
 * day in its circle; the empty, no-result and refused-query states.
 */
import { SEARCH_QUERY_MAX_LENGTH } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { screen, within } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { SearchScreen } from "./search-screen";

freezeClockAt("2026-11-23T10:00:00Z");

const at = (iso: string) => new Date(iso);
const answer = {
  upcoming: [
    planFixture({
      id: 1,
      title: "Dentist",
      date: "2026-11-23",
      startTime: at("2026-11-23T15:00:00Z"),
    }),
    planFixture({
      id: 2,
      title: "Dentist for Ivy",
      date: "2026-11-30",
      circleId: 9,
      circleName: "Work",
    }),
  ],
  past: [
    planFixture({
      id: 3,
      title: "Dentist check",
      date: "2026-11-02",
      startTime: at("2026-11-02T09:00:00Z"),
    }),
    planFixture({
      id: 4,
      title: "Dentist again",
      date: "2026-10-05",
      startTime: at("2026-10-05T09:00:00Z"),
    }),
  ],
};

function renderSearch(path: string, handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<SearchScreen />, {
    path,
    handlers: { "auth.user": () => userFixture(), "plans.search": () => answer, ...handlers },
  });
}

describe("SearchScreen", () => {
  it("lists Upcoming then Past by day, each result a link to its plan on its day", async () => {
    const view = renderSearch("/search?q=dent");
    expect(await screen.findByRole("heading", { level: 1, name: "Search" })).toBeVisible();
    await screen.findByText("Dentist for Ivy");
    expect(view.callsTo("plans.search")[0]?.input).toEqual({ q: "dent" });
    expect(screen.getAllByRole("heading", { level: 2 }).map((h) => h.textContent)).toEqual([
      "Upcoming",
      "Past",
    ]);
    expect(screen.getAllByRole("heading", { level: 3 }).map((h) => h.textContent)).toEqual([
      "Monday, November 23Today",
      "Monday, November 30",
      "Monday, November 2",
      "Monday, October 5",
    ]);
    const upcoming = screen.getByRole("region", { name: "Upcoming" });
    const link = within(upcoming).getByRole("link", { name: /Dentist for Ivy/ });
    expect(link).toHaveAttribute("href", "/circle/9?date=2026-11-30&eventId=2");
    expect(within(link).getByText("Work")).toBeVisible();
    const past = screen.getByRole("region", { name: "Past" });
    expect(
      within(past)
        .getAllByRole("link")
        .map((a) => a.getAttribute("href")),
    ).toEqual(["/circle/7?date=2026-11-02&eventId=3", "/circle/7?date=2026-10-05&eventId=4"]);
    expect(screen.getByText("4 plans matching “dent”.")).toBeVisible();
  });

  it("writes a result's time on a 12-hour user's clock (issue 21)", async () => {
    renderSearch("/search?q=dent", {
      "auth.user": () => userFixture({ timeFormat: "12h" }),
    });
    const link = await screen.findByRole("link", { name: /Dentist check/ });
    expect(await within(link).findByText("9:00 AM")).toBeVisible();
  });

  it("without words, says how to search and asks nothing", async () => {
    const view = renderSearch("/search");
    expect(await screen.findByText(/Type a word in the search field/)).toBeVisible();
    expect(view.callsTo("plans.search")).toEqual([]);
  });

  it("with no match, names the words and suggests what to try", async () => {
    renderSearch("/search?q=zebra", { "plans.search": () => ({ upcoming: [], past: [] }) });
    expect(await screen.findByText(/No plans match “zebra”/)).toBeVisible();
    expect(screen.queryByRole("heading", { level: 2 })).toBeNull();
  });

  it("a query the server would refuse is told so, with its message, without asking", async () => {
    const long = "a".repeat(SEARCH_QUERY_MAX_LENGTH + 1);
    const view = renderSearch(`/search?q=${long}`);
    expect(await screen.findByRole("alert")).toHaveTextContent(messages.searchQueryTooLong);
    expect(view.callsTo("plans.search")).toEqual([]);
  });
});
