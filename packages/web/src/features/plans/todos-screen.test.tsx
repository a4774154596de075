/**
 * The to-do list at /todos (a screen the spec names only): my open to-dos and the tasks
 * assigned to me, overdue first, with their checkboxes; done ones below; an empty state.
 */
import { screen, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { userFixture } from "@/features/circles/testing/fixtures";
import { freezeClockAt } from "@/testing/frozen-clock";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { TodosScreen } from "./todos-screen";

spyOnToasts();

freezeClockAt("2026-11-22T12:00:00Z");

const BEA = userFixture({ id: 2, firstName: "Bea", lastName: "Byron" });

function renderTodos(handlers: Record<string, Handler>) {
  return renderWithTrpc(
    <UserReady>
      <TodosScreen />
    </UserReady>,
    { handlers: { "auth.user": () => BEA, ...handlers } },
  );
}

describe("TodosScreen", () => {
  it("lists my open to-dos and accepted tasks by when they are due, done ones apart", async () => {
    const view = renderTodos({
      "plans.list": () => [
        planFixture({
          id: 1,
          title: "Renew passport",
          type: "todo",
          creatorId: 2,
          date: "2026-11-20",
        }),
        taskFixture({ id: 2, title: "Pick up groceries", assignmentAccepted: true }),
        planFixture({
          id: 3,
          title: "Book dentist",
          type: "todo",
          creatorId: 2,
          date: "2026-11-30",
        }),
        planFixture({
          id: 4,
          title: "Water plants",
          type: "todo",
          creatorId: 2,
          isCompleted: true,
        }),
        taskFixture({ id: 5, title: "Mow the lawn", assignmentAccepted: false }),
        planFixture({ id: 6, title: "Family dinner" }),
      ],
    });
    expect(await screen.findByRole("heading", { level: 1, name: "To-dos" })).toBeVisible();
    expect(view.callsTo("plans.list")[0]?.input).toEqual({
      from: "2026-10-23",
      to: "2027-01-21",
    });
    const section = (name: string) =>
      screen
        .getByRole("heading", { level: 2, name: new RegExp(`^${name}`) })
        .closest("div.rounded-xl") as HTMLElement;
    expect(await screen.findByRole("article", { name: "Renew passport" })).toBeVisible();
    expect(
      within(section("Overdue")).getByRole("article", { name: "Renew passport" }),
    ).toBeVisible();
    expect(
      within(section("Today")).getByRole("checkbox", { name: "Pick up groceries completed" }),
    ).not.toBeChecked();
    expect(
      within(section("Coming up")).getByRole("article", { name: "Book dentist" }),
    ).toBeVisible();
    expect(screen.queryByRole("article", { name: "Mow the lawn" })).toBeNull();
    expect(screen.queryByRole("article", { name: "Family dinner" })).toBeNull();

    await userEvent.click(screen.getByRole("button", { name: "Done (1)" }));
    expect(await screen.findByRole("checkbox", { name: "Water plants completed" })).toBeChecked();
  });

  it("says when nothing is left to do", async () => {
    renderTodos({ "plans.list": () => [] });
    expect(await screen.findByText("Nothing left to do")).toBeVisible();
  });
});
