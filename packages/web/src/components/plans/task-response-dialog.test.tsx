/**
 * The Accept / Decline Task dialog (plans spec, sections 2, 5 and 8): the task it is about, the
 * note's label for each answer, Decline held back until a reason is given, and the toasts.
 */
import { messages } from "@circleplan/shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { TaskResponseDialog } from "./task-response-dialog";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

const task = {
  id: 200,
  title: "Pick up groceries",
  description: "Milk and bread",
  circleName: "The Lovelaces",
  creatorName: "Ada Lovelace",
};

function renderDialog(mode: "accept" | "decline", handlers: Record<string, Handler> = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithTrpc(
    <TaskResponseDialog task={task} mode={mode} open onOpenChange={onOpenChange} />,
    {
      handlers: {
        "tasks.accept": () => ({ accepted: true, event: taskFixture() }),
        "tasks.decline": () => ({ accepted: false, event: taskFixture() }),
        ...handlers,
      },
    },
  );
  return { ...view, onOpenChange };
}

describe("TaskResponseDialog", () => {
  it("shows the task, its circle and its sender", async () => {
    renderDialog("accept");
    const dialog = await screen.findByRole("dialog", { name: "Accept Task" });
    for (const text of ["Pick up groceries", "Milk and bread", "The Lovelaces", "Ada Lovelace"]) {
      expect(within(dialog).getByText(text)).toBeVisible();
    }
  });

  it("accepts with an optional note", async () => {
    const view = renderDialog("accept");
    const dialog = await screen.findByRole("dialog", { name: "Accept Task" });
    await userEvent.click(within(dialog).getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task accepted!"));
    expect(view.callsTo("tasks.accept")[0]?.input).toEqual({ id: 200, note: null });
    expect(view.onOpenChange).toHaveBeenCalledWith(false);
  });

  it("sends the accept note as typed, trimmed", async () => {
    const view = renderDialog("accept");
    await userEvent.type(await screen.findByLabelText("Add a note (optional)"), "  On my way ");
    await userEvent.click(screen.getByRole("button", { name: "Accept" }));
    await waitFor(() => expect(view.callsTo("tasks.accept")).toHaveLength(1));
    expect(view.callsTo("tasks.accept")[0]?.input).toEqual({ id: 200, note: "On my way" });
  });

  it("keeps Decline disabled until the reason has more than spaces", async () => {
    const view = renderDialog("decline");
    const reason = await screen.findByLabelText("Reason for declining");
    const decline = screen.getByRole("button", { name: "Decline" });
    expect(decline).toBeDisabled();
    await userEvent.type(reason, "   ");
    expect(decline).toBeDisabled();
    await userEvent.type(reason, "I'm away ");
    expect(decline).toBeEnabled();
    await userEvent.click(decline);
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Task declined"));
    expect(view.callsTo("tasks.decline")[0]?.input).toEqual({ id: 200, reason: "I'm away" });
  });

  it("says why an answer failed and stays open", async () => {
    const view = renderDialog("decline", {
      "tasks.decline": () => {
        throw serverError(messages.taskAlreadyAnswered, 409, "CONFLICT");
      },
    });
    await userEvent.type(await screen.findByLabelText("Reason for declining"), "Busy");
    await userEvent.click(screen.getByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to decline task", {
        description: messages.taskAlreadyAnswered,
      }),
    );
    expect(view.onOpenChange).not.toHaveBeenCalled();
  });

  it("says 'Action not allowed' when someone else answers", async () => {
    renderDialog("accept", {
      "tasks.accept": () => {
        throw serverError(messages.taskNotAssignedToYou, 403, "FORBIDDEN");
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Action not allowed", {
        description: messages.taskNotAssignedToYou,
      }),
    );
  });
});
