/**
 * The Action Center (plans spec, sections 2, 7 and 8): the heading's count, the empty state,
 * invitations, tasks assigned to me (Review, Accept, Decline) and by me (Review, Cancel), the
 * history with More and each answer's note or reason, opening a plan's details, and the circle's
 * own Action Center.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { circleFixture, invitationFixture, userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { freezeClockAt } from "@/testing/frozen-clock";
import { pendingTaskFixture, planFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { ActionCenterScreen, CircleActionCenterScreen } from "./action-center-screen";

spyOnToasts();
vi.mock("@/components/plans/task-response-dialog", () => ({
  TaskResponseDialog: (props: { open: boolean; mode: string; task: { title: string } }) =>
    props.open ? <div role="dialog" aria-label={`${props.mode}: ${props.task.title}`} /> : null,
}));
vi.mock("@/features/plans/plan-dialog", () => ({
  PlanDialog: (props: { open: boolean; plan?: Plan }) =>
    props.open ? <div role="dialog" aria-label={`Edit Plan: ${props.plan?.title}`} /> : null,
}));

freezeClockAt("2026-11-23T10:00:00Z");
beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const emptyHistory = () => ({ tasks: [], pagination: { page: 1, limit: 10, hasMore: false } });

function renderCenter(handlers: Record<string, Handler> = {}, path = "/actions") {
  return renderWithTrpc(
    <>
      <Route path="/actions">
        <ActionCenterScreen />
      </Route>
      <Route path="/circle/:id/actions">
        <CircleActionCenterScreen />
      </Route>
    </>,
    {
      path,
      handlers: {
        "auth.user": () => userFixture(),
        "tasks.pending": () => [],
        "invitations.pending": () => [],
        "tasks.history": emptyHistory,
        "circles.get": () => circleFixture(),
        ...handlers,
      },
    },
  );
}

const heading = () => screen.findByRole("heading", { level: 1, name: /attention|pending/ });

describe("ActionCenterScreen", () => {
  it("counts my tasks and invitations: N items need your attention", async () => {
    renderCenter({
      "tasks.pending": () => [
        pendingTaskFixture({ id: 1 }),
        pendingTaskFixture({ id: 2, title: "Walk the dog" }),
        pendingTaskFixture({
          id: 3,
          title: "Book the hall",
          isAssignedToMe: false,
          isCreatedByMe: true,
          assigneeName: "Bea Lovelace",
        }),
      ],
      "invitations.pending": () => [invitationFixture({ circleName: "Chess club" })],
    });
    // Every pending item shown below is counted, the one I gave included (issue 21, defect 6).
    expect(await heading()).toHaveTextContent("4 items need your attention");
    const invitations = screen.getByRole("region", { name: "Circle Invitations" });
    expect(within(invitations).getByText("Chess club")).toBeVisible();
    const toMe = screen.getByRole("region", { name: "Plans Assigned to Me" });
    expect(within(toMe).getByText("Pick up the cake")).toBeVisible();
    expect(within(toMe).getAllByText("From: Bea Lovelace")).toHaveLength(2);
    expect(within(toMe).getAllByText("Tue, Nov 24, 15:00")).toHaveLength(2);
    const byMe = screen.getByRole("region", { name: "Plans Assigned by Me" });
    expect(within(byMe).getByText("Book the hall")).toBeVisible();
    expect(within(byMe).getByText("For: Bea Lovelace")).toBeVisible();
    expect(screen.queryByText("All caught up!")).toBeNull();
  });

  // The spec's 5 s and 30 s polls gave way to live sync (decision 018): an idle screen asks nothing.
  it("asks for tasks and invitations when it opens, and does not poll them", async () => {
    vi.useFakeTimers({
      toFake: ["Date", "setTimeout", "clearTimeout", "setInterval", "clearInterval"],
    });
    vi.setSystemTime(new Date("2026-11-23T10:00:00Z"));
    const page = renderCenter();
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(page.callsTo("tasks.pending")).toHaveLength(1);
    expect(page.callsTo("invitations.pending")).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(page.callsTo("tasks.pending")).toHaveLength(1);
    expect(page.callsTo("invitations.pending")).toHaveLength(1);
  });

  it("a second request on opening: both histories' first pages are asked with the pending tasks, not once they have loaded", async () => {
    const page = renderCenter({ "tasks.pending": () => new Promise(() => {}) });
    // Render has run the effects: the pending tasks are still loading, and no timer has run.
    expect(page.callsTo("tasks.pending")).toHaveLength(1);
    // Without what waits for an answer: the pending list above shows it (issue 21, defect 6).
    expect(page.callsTo("tasks.history").map((call) => call.input)).toEqual([
      { type: "assigned-to-me", page: 1, includePending: false },
      { type: "assigned-by-me", page: 1, includePending: false },
    ]);
  });

  it("says 1 item needs your attention for one", async () => {
    renderCenter({ "tasks.pending": () => [pendingTaskFixture()] });
    expect(await heading()).toHaveTextContent("1 item needs your attention");
  });

  it("says No pending actions and All caught up! when nothing waits", async () => {
    renderCenter();
    expect(await heading()).toHaveTextContent("No pending actions");
    expect(screen.getByText("All caught up!")).toBeVisible();
    expect(screen.getByText("You have no pending actions at the moment.")).toBeVisible();
    expect(screen.queryByRole("region", { name: "Circle Invitations" })).toBeNull();
  });

  it("opens the accept and decline dialogs for a task assigned to me", async () => {
    renderCenter({ "tasks.pending": () => [pendingTaskFixture()] });
    await heading();
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    expect(screen.getByRole("dialog", { name: "accept: Pick up the cake" })).toBeInTheDocument();
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    expect(screen.getByRole("dialog", { name: "decline: Pick up the cake" })).toBeInTheDocument();
  });

  it("reviews a task in the day view of its date", async () => {
    const view = renderCenter({ "tasks.pending": () => [pendingTaskFixture()] });
    await heading();
    await userEvent.click(screen.getByRole("button", { name: "Review" }));
    expect(view.location()).toBe("/dashboard?date=2026-11-24&eventId=200");
  });

  it("withdraws a task I assigned after asking, and says Failed to cancel task when refused", async () => {
    let refuse = false;
    const byMe = pendingTaskFixture({
      isAssignedToMe: false,
      isCreatedByMe: true,
      assigneeName: "Bea Lovelace",
    });
    const view = renderCenter({
      "tasks.pending": () => [byMe],
      "tasks.cancel": () => {
        if (refuse) throw serverError("This task has already been answered.", 409, "CONFLICT");
        return { message: "Task cancelled" };
      },
    });
    await heading();
    await userEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    const ask = await screen.findByRole("alertdialog", {
      name: "Withdraw Pick up the cake from Bea Lovelace?",
    });
    expect(within(ask).getByText(/The plan stays on the calendar/)).toBeVisible();
    expect(view.callsTo("tasks.cancel")).toEqual([]);
    await userEvent.click(within(ask).getByRole("button", { name: "Withdraw Task" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task cancelled"));
    expect(view.callsTo("tasks.cancel")[0]?.input).toEqual({ id: 200 });
    await waitFor(() => expect(ask).not.toBeInTheDocument());

    refuse = true;
    await userEvent.click(screen.getByRole("button", { name: "Withdraw" }));
    await userEvent.click(await screen.findByRole("button", { name: "Withdraw Task" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to cancel task", {
        description: "This task has already been answered.",
      }),
    );
    // The question stays up where it failed.
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
  });

  it("opens a tapped pending task's details, read by its occurrence; its creator edits from there", async () => {
    const view = renderCenter({
      "tasks.pending": () => [
        pendingTaskFixture({
          title: "Book the hall",
          isAssignedToMe: false,
          isCreatedByMe: true,
          originalStartTime: new Date("2026-11-24T15:00:00Z"),
        }),
      ],
      "plans.get": () => planFixture({ id: 200, title: "Book the hall", location: "Town hall" }),
    });
    await heading();
    await userEvent.click(screen.getByRole("button", { name: "Book the hall" }));
    const sheet = await screen.findByRole("dialog", { name: "Book the hall" });
    expect(await within(sheet).findByText("Town hall")).toBeVisible();
    expect(view.callsTo("plans.get")[0]?.input).toEqual({
      id: 200,
      occurrenceStart: new Date("2026-11-24T15:00:00Z"),
    });
    await userEvent.click(within(sheet).getByRole("button", { name: "Edit" }));
    expect(
      await screen.findByRole("dialog", { name: "Edit Plan: Book the hall" }),
    ).toBeInTheDocument();
  });

  it("opens the details of a task someone else made for its assignee, without the edit form", async () => {
    const view = renderCenter({
      "tasks.pending": () => [pendingTaskFixture()],
      "plans.get": () =>
        planFixture({ id: 200, title: "Pick up the cake", creatorId: 2, creatorName: "Bea" }),
    });
    await heading();
    await userEvent.click(screen.getByRole("button", { name: "Pick up the cake" }));
    const sheet = await screen.findByRole("dialog", { name: "Pick up the cake" });
    expect(await within(sheet).findByText("Bea", { exact: false })).toBeVisible();
    expect(within(sheet).queryByRole("button", { name: "Edit" })).toBeNull();
    expect(view.location()).toBe("/actions");
    expect(view.callsTo("plans.get")[0]?.input).toEqual({ id: 200 });
  });

  it("shows a decline's reason and an acceptance's note in the history, and in its details", async () => {
    const answered = (id: number, accepted: boolean, note: string): Plan =>
      planFixture({
        id,
        title: accepted ? "Walk the dog" : "Mow the lawn",
        type: "task",
        creatorId: 2,
        creatorName: "Bea Byron",
        assignedTo: 1,
        assigneeName: "Ada Lovelace",
        assignmentAccepted: accepted,
        status: accepted ? "accepted" : "declined",
        responseNote: note,
      });
    const view = renderCenter({
      "tasks.history": (input) =>
        (input as { type: string }).type === "assigned-by-me"
          ? {
              ...emptyHistory(),
              tasks: [answered(11, false, "Rain all week"), answered(12, true, "After school")],
            }
          : emptyHistory(),
    });
    const byMe = await screen.findByRole("list", { name: "Recent history, assigned by me" });
    const reason = (await within(byMe).findByText(/Reason:/)).closest("p");
    expect(reason).toHaveTextContent("Reason: Rain all week");
    expect(within(byMe).getByText(/Note:/).closest("p")).toHaveTextContent("Note: After school");

    await userEvent.click(within(byMe).getByRole("button", { name: "Mow the lawn" }));
    const sheet = await screen.findByRole("dialog", { name: "Mow the lawn" });
    expect(
      within(sheet)
        .getByText(/Reason:/)
        .closest("p"),
    ).toHaveTextContent("Reason: Rain all week");
    expect(view.callsTo("plans.get")).toHaveLength(0);
  });

  it("writes pending and history times, and the details', on a 12-hour user's clock (issue 21)", async () => {
    renderCenter({
      "auth.user": () => userFixture({ timeFormat: "12h" }),
      "tasks.pending": () => [pendingTaskFixture({ id: 1 })],
      "tasks.history": (input) =>
        (input as { type: string }).type === "assigned-to-me"
          ? {
              ...emptyHistory(),
              tasks: [
                planFixture({
                  id: 12,
                  title: "Walk the dog",
                  type: "task",
                  assignedTo: 1,
                  endTime: new Date("2026-11-22T19:00:00Z"),
                }),
              ],
            }
          : emptyHistory(),
    });
    const toMe = await screen.findByRole("region", { name: "Plans Assigned to Me" });
    expect(await within(toMe).findByText("Tue, Nov 24, 3:00 PM")).toBeVisible();
    const history = await screen.findByRole("list", { name: "Recent history, assigned to me" });
    expect(await within(history).findByText("Sun, Nov 22, 6:00 PM–7:00 PM")).toBeVisible();
    await userEvent.click(within(history).getByRole("button", { name: "Walk the dog" }));
    const sheet = await screen.findByRole("dialog", { name: "Walk the dog" });
    expect(within(sheet).getByText("6:00 PM to 7:00 PM")).toBeVisible();
  });

  it("pages the history with More", async () => {
    const view = renderCenter({
      "tasks.history": (input) => {
        const { type, page } = input as { type: string; page: number };
        if (type !== "assigned-to-me") return emptyHistory();
        const statuses = ["accepted", "declined", "completed", "cancelled"] as const;
        return {
          tasks: [
            planFixture({
              id: page * 10,
              title: `Task of page ${page}`,
              status: statuses[page - 1] ?? "accepted",
              assignedTo: 1,
              type: "task",
            }),
          ],
          pagination: { page, limit: 10, hasMore: page < 2 },
        };
      },
    });
    const toMe = await screen.findByRole("region", { name: "Plans Assigned to Me" });
    expect(await within(toMe).findByText("Task of page 1")).toBeVisible();
    expect(within(toMe).getByText("Accepted")).toBeVisible();
    await userEvent.click(within(toMe).getByRole("button", { name: "More" }));
    expect(await within(toMe).findByText("Task of page 2")).toBeVisible();
    expect(within(toMe).getByText("Declined")).toBeVisible();
    expect(within(toMe).queryByRole("button", { name: "More" })).toBeNull();
    expect(
      view
        .callsTo("tasks.history")
        .filter((call) => (call.input as { type: string }).type === "assigned-to-me")
        .map((call) => (call.input as { page: number }).page),
    ).toEqual([1, 2]);
    const byMe = screen.getByRole("region", { name: "Plans Assigned by Me" });
    expect(within(byMe).getByText("No history yet.")).toBeVisible();
  });

  it("answers an invitation from the Action Center", async () => {
    const view = renderCenter({
      "invitations.pending": () => [invitationFixture({ id: 50, circleName: "Chess club" })],
      "invitations.accept": () => ({ circleId: 9, circleName: "Chess club" }),
    });
    const invitations = await screen.findByRole("region", { name: "Circle Invitations" });
    await userEvent.click(within(invitations).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(view.callsTo("invitations.accept")[0]?.input).toEqual({ id: 50 }));
  });

  it("keeps a circle's Action Center to that circle's tasks", async () => {
    const view = renderCenter(
      {
        "tasks.pending": () => [
          pendingTaskFixture({ id: 1, title: "In this circle" }),
          pendingTaskFixture({ id: 2, title: "Elsewhere", circleId: 8 }),
        ],
        "invitations.pending": () => [invitationFixture()],
      },
      "/circle/7/actions",
    );
    expect(await heading()).toHaveTextContent("1 item needs your attention");
    expect(screen.getByText("In this circle")).toBeVisible();
    expect(screen.queryByText("Elsewhere")).toBeNull();
    expect(screen.queryByRole("region", { name: "Circle Invitations" })).toBeNull();
    expect(view.callsTo("invitations.pending")).toHaveLength(0);
    expect(screen.getByText("Action Center · The Lovelaces")).toBeVisible();
  });
});
