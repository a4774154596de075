/**
 * A plan in a list (plans spec, sections 2, 5, 6 and 8): what each person sees on it (the
 * answer's note or reason included), its details for whoever taps it, the creator's Edit and
 * Delete with the spec's confirmations, the assignee's Accept and Decline, the completion
 * checkbox and its toasts.
 */
import { messages } from "@circleplan/shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { circleFixture, memberFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { occurrenceFixture, planFixture, taskFixture } from "@/testing/plan-fixtures";
import { serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { renderPlanCard } from "./testing/render-plan-card";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const ADA = userFixture();
const BEA = userFixture({ id: 2, firstName: "Bea", lastName: "Byron", email: "bea@example.com" });

async function card(title: string) {
  return screen.findByRole("article", { name: title });
}

describe("PlanCard", () => {
  it("shows the time, title, circle, creator and, for a task, its assignee and badge", async () => {
    renderPlanCard(taskFixture({ location: "Corner shop" }));
    const shown = await card("Pick up groceries");
    expect(within(shown).getByText("18:00")).toBeVisible();
    expect(within(shown).getByText("The Lovelaces")).toBeVisible();
    expect(within(shown).getByText("By: Ada Lovelace")).toBeVisible();
    expect(within(shown).getByText("For: Bea Byron")).toBeVisible();
    expect(within(shown).getByText("Pending")).toBeVisible();
    expect(within(shown).getByText("Corner shop")).toBeVisible();
  });

  it("shows a plan's end as a range after its start", async () => {
    renderPlanCard(taskFixture({ endTime: new Date("2026-11-22T19:30:00Z") }));
    const shown = await card("Pick up groceries");
    expect(within(shown).getByText("18:00–19:30")).toBeVisible();
  });

  it("marks the assignee with their colour in the plan's circle, a dot beside the name", async () => {
    const bea = { id: 2, firstName: "Bea", lastName: "Byron" };
    renderPlanCard(taskFixture(), {
      handlers: {
        // Bea is Pink in this circle and Blue in another: the plan's circle decides.
        "circles.allMembers": () => [
          memberFixture(bea, { circleId: 8, color: "#3B82F6" }),
          memberFixture(bea, { circleId: 7, color: "#DB2777" }),
        ],
      },
    });
    const shown = await card("Pick up groceries");
    const dot = await within(shown).findByTestId("member-dot");
    expect(dot).toHaveStyle({ backgroundColor: "#DB2777" });
    expect(dot).toHaveAttribute("aria-hidden", "true");
    // The colour is never alone: the name is in the same line.
    expect(dot.parentElement).toHaveTextContent("For: Bea Byron");
  });

  it("shows the assignee's name without a dot until their colour is known, and none on an event", async () => {
    const task = renderPlanCard(taskFixture(), { handlers: { "circles.allMembers": () => [] } });
    expect(within(await card("Pick up groceries")).getByText("For: Bea Byron")).toBeVisible();
    expect(screen.queryByTestId("member-dot")).toBeNull();
    task.unmount();
    renderPlanCard(planFixture(), {
      handlers: {
        "circles.allMembers": () => [memberFixture({ id: 1, firstName: "Ada", lastName: "L" })],
      },
    });
    expect(within(await card("Family dinner")).queryByText(/For:/)).toBeNull();
    expect(screen.queryByTestId("member-dot")).toBeNull();
  });

  it("reads the time in the viewer's own zone", async () => {
    renderPlanCard(planFixture(), { viewer: userFixture({ timeZone: "Europe/Berlin" }) });
    expect(within(await card("Family dinner")).getByText("19:00")).toBeVisible();
  });

  it("gives the creator Edit and Delete, and nobody else", async () => {
    const mine = renderPlanCard(planFixture());
    expect(
      within(await card("Family dinner")).getByRole("button", {
        name: "More actions for Family dinner",
      }),
    ).toBeVisible();
    mine.unmount();
    renderPlanCard(planFixture(), { viewer: BEA });
    const theirs = await card("Family dinner");
    await waitFor(() => expect(within(theirs).getByText("By: Ada Lovelace")).toBeVisible());
    expect(within(theirs).queryByRole("button", { name: /More actions/ })).toBeNull();
  });

  it("opens the plan's details for whoever taps it, its creator and a member alike", async () => {
    for (const viewer of [ADA, BEA]) {
      const view = renderPlanCard(planFixture({ description: "Bring the salad" }), { viewer });
      const shown = await card("Family dinner");
      const title = within(shown).getByRole("button", { name: "Family dinner" });
      expect(title).toHaveAttribute("aria-haspopup", "dialog");
      await userEvent.click(title);
      const sheet = await screen.findByRole("dialog", { name: "Family dinner" });
      expect(within(sheet).getByText("Bring the salad")).toBeVisible();
      view.unmount();
    }
  });

  it("shows the decline's reason and the acceptance's note with the answer, to everyone", async () => {
    const declined = taskFixture({
      assignmentAccepted: false,
      status: "declined",
      responseNote: "Away that week",
    });
    const view = renderPlanCard(declined);
    const shown = await card("Pick up groceries");
    expect(within(shown).getByText("Declined")).toBeVisible();
    expect(
      within(shown)
        .getByText(/Reason:/)
        .closest("p"),
    ).toHaveTextContent("Reason: Away that week");
    view.unmount();

    const accepted = taskFixture({
      assignmentAccepted: true,
      status: "accepted",
      responseNote: "Will do\nafter work",
    });
    renderPlanCard(accepted, { viewer: userFixture({ id: 3, firstName: "Cal" }) });
    const note = within(await card("Pick up groceries"))
      .getByText(/Note:/)
      .closest("p");
    expect(note?.textContent).toBe("Note: Will do\nafter work");
    expect(note).toHaveClass("whitespace-pre-line", "line-clamp-3");
  });

  it("gives an admin of the plan's circle Delete but not Edit; a plain member neither", async () => {
    const asAdmin = renderPlanCard(planFixture(), {
      viewer: BEA,
      handlers: {
        "circles.list": () => [circleFixture({ role: "admin", isCreator: false, creatorId: 1 })],
        "plans.delete": () => ({ message: messages.eventDeleted }),
      },
    });
    const theirs = await card("Family dinner");
    await userEvent.click(
      await within(theirs).findByRole("button", { name: "More actions for Family dinner" }),
    );
    expect(await screen.findByRole("menuitem", { name: "Delete" })).toBeVisible();
    expect(screen.queryByRole("menuitem", { name: "Edit" })).toBeNull();
    await userEvent.click(screen.getByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Event" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event deleted!"));
    expect(asAdmin.callsTo("plans.delete")[0]?.input).toEqual({ id: 100 });
    asAdmin.unmount();

    renderPlanCard(planFixture(), {
      viewer: BEA,
      handlers: {
        "circles.list": () => [circleFixture({ role: "member", isCreator: false, creatorId: 1 })],
      },
    });
    const seen = await card("Family dinner");
    await waitFor(() => expect(within(seen).getByText("By: Ada Lovelace")).toBeVisible());
    expect(within(seen).queryByRole("button", { name: /More actions/ })).toBeNull();
  });

  it("asks before deleting a task and says it is gone", async () => {
    const view = renderPlanCard(taskFixture(), {
      handlers: { "plans.delete": () => ({ message: messages.taskDeleted }) },
    });
    await userEvent.click(
      within(await card("Pick up groceries")).getByRole("button", { name: /More actions/ }),
    );
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Task" });
    expect(within(confirm).getByText("Are you sure you want to delete this task?")).toBeVisible();
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task deleted!"));
    expect(view.callsTo("plans.delete")[0]?.input).toEqual({ id: 200 });
  });

  it("asks which occurrences go when deleting one of a series", async () => {
    const view = renderPlanCard(occurrenceFixture(), {
      handlers: { "plans.delete": () => ({ message: messages.eventDeleted }) },
    });
    await userEvent.click(
      within(await card("Swimming lessons")).getByRole("button", { name: /More actions/ }),
    );
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Event" });
    expect(within(confirm).getByText("Are you sure you want to delete this event?")).toBeVisible();
    expect(within(confirm).getByRole("radio", { name: "This event" })).toBeChecked();
    await userEvent.click(
      within(confirm).getByRole("radio", { name: "This and following events" }),
    );
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Event deleted!"));
    expect(view.callsTo("plans.delete")[0]?.input).toEqual({
      id: 300,
      scope: "following",
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
  });

  it("keeps the confirmation open with the spec's toast when deleting fails", async () => {
    renderPlanCard(planFixture(), {
      handlers: {
        "plans.delete": () => {
          throw serverError(messages.planNotFound, 404, "NOT_FOUND");
        },
      },
    });
    await userEvent.click(
      within(await card("Family dinner")).getByRole("button", { name: /More actions/ }),
    );
    await userEvent.click(await screen.findByRole("menuitem", { name: "Delete" }));
    const confirm = await screen.findByRole("alertdialog", { name: "Delete Event" });
    await userEvent.click(within(confirm).getByRole("button", { name: "Delete" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to delete event", {
        description: messages.planNotFound,
      }),
    );
    expect(confirm).toBeVisible();
  });

  it("gives the assignee of a pending task Accept and Decline on an amber card", async () => {
    renderPlanCard(taskFixture(), { viewer: BEA });
    const shown = await card("Pick up groceries");
    expect(within(shown).getByRole("button", { name: "Accept" })).toBeVisible();
    expect(within(shown).getByRole("button", { name: "Decline" })).toBeVisible();
    expect(shown.className).toContain("bg-warning");
    // Not accepted yet: not hers to complete.
    expect(within(shown).queryByRole("checkbox")).toBeNull();

    await userEvent.click(within(shown).getByRole("button", { name: "Decline" }));
    const dialog = await screen.findByRole("dialog", { name: "Decline Task" });
    expect(within(dialog).getByLabelText("Reason for declining")).toBeVisible();
  });

  it("shows an answered task's badge instead of the buttons, declined struck through", async () => {
    renderPlanCard(taskFixture({ assignmentAccepted: false, status: "declined" }), { viewer: BEA });
    const shown = await card("Pick up groceries");
    expect(within(shown).getByText("Declined")).toHaveClass("line-through");
    expect(within(shown).getByRole("heading", { name: "Pick up groceries" })).toHaveClass(
      "line-through",
    );
    expect(within(shown).queryByRole("button", { name: "Accept" })).toBeNull();
  });

  it("completes an accepted task for its assignee, and reopens it", async () => {
    const view = renderPlanCard(taskFixture({ assignmentAccepted: true, status: "accepted" }), {
      viewer: BEA,
      handlers: {
        "plans.complete": (input) => ({
          isCompleted: (input as { isCompleted: boolean }).isCompleted,
          event: taskFixture(),
        }),
      },
    });
    const box = within(await card("Pick up groceries")).getByRole("checkbox", {
      name: "Pick up groceries completed",
    });
    await userEvent.click(box);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task completed!"));
    expect(view.callsTo("plans.complete")[0]?.input).toEqual({ id: 200, isCompleted: true });
  });

  it("reopens a completed to-do, struck through and dimmed until then", async () => {
    const view = renderPlanCard(planFixture({ type: "todo", isCompleted: true }), {
      handlers: {
        "plans.complete": () => ({ isCompleted: false, event: planFixture() }),
      },
    });
    const shown = await card("Family dinner");
    expect(within(shown).getByText("Completed")).toBeVisible();
    await userEvent.click(within(shown).getByRole("checkbox", { name: "Family dinner completed" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task reopened"));
    expect(view.callsTo("plans.complete")[0]?.input).toEqual({ id: 100, isCompleted: false });
  });

  it("says 'Action not allowed' with the server's reason when completing is refused", async () => {
    renderPlanCard(planFixture({ type: "todo" }), {
      handlers: {
        "plans.complete": () => {
          throw serverError(messages.completeNotAllowed, 403, "FORBIDDEN");
        },
      },
    });
    const box = within(await card("Family dinner")).getByRole("checkbox");
    await userEvent.click(box);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Action not allowed", {
        description: "You do not have permission to complete this task.",
      }),
    );
    await waitFor(() => expect(box).not.toBeChecked());
  });

  it("names the occurrence when completing one of a series", async () => {
    const view = renderPlanCard(occurrenceFixture({ type: "todo" }), {
      handlers: { "plans.complete": () => ({ isCompleted: true, event: occurrenceFixture() }) },
    });
    await userEvent.click(within(await card("Swimming lessons")).getByRole("checkbox"));
    await waitFor(() => expect(view.callsTo("plans.complete")).toHaveLength(1));
    expect(view.callsTo("plans.complete")[0]?.input).toEqual({
      id: 300,
      isCompleted: true,
      occurrenceStart: new Date("2026-11-22T07:00:00Z"),
    });
  });
});
