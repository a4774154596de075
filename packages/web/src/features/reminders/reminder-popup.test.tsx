/**
 * The reminder popup (plans spec, section 4): what it shows for an event and for a task, each
 * action with its toast and call, the permission rule for Complete, several reminders in turn,
 * and the sound setting.
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { useState } from "react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { userFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { occurrenceFixture, planFixture, taskFixture } from "@/testing/plan-fixtures";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { ReminderPopup, type ReminderPopupProps } from "./reminder-popup";
import { type ReminderInstance, reminderInstances } from "./reminder-schedule";
import { SOUND_STORAGE_KEY } from "./reminder-sound";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  localStorage.clear();
});

const ADA = userFixture();
const BEA = userFixture({ id: 2, firstName: "Bea", lastName: "Byron", email: "bea@example.com" });

/** The plan's first reminder, fired. */
function fired(plan: Plan): ReminderInstance {
  const [first] = reminderInstances(plan);
  if (!first) throw new Error("the plan has no reminder");
  return { ...first, isActive: true };
}

function renderPopup(
  reminders: ReminderInstance[],
  {
    viewer = ADA,
    handlers = {},
    props = {},
  }: {
    viewer?: typeof ADA;
    handlers?: Record<string, Handler>;
    props?: Partial<ReminderPopupProps>;
  } = {},
) {
  const callbacks = { onOpenChange: vi.fn(), onSnooze: vi.fn(), onHandled: vi.fn() };
  const rendered = renderWithTrpc(
    <UserReady>
      <ReminderPopup reminders={reminders} open {...callbacks} {...props} />
    </UserReady>,
    { handlers: { "auth.user": () => viewer, ...handlers } },
  );
  return { ...rendered, ...callbacks };
}

/** The popup as the app drives it: an answered reminder leaves the list. */
function AnsweringPopup({ reminders }: { reminders: ReminderInstance[] }) {
  const [left, setLeft] = useState(reminders);
  return (
    <ReminderPopup
      reminders={left}
      open
      onOpenChange={() => {}}
      onSnooze={() => {}}
      onHandled={(answered) => setLeft((all) => all.filter((r) => r !== answered))}
    />
  );
}

describe("ReminderPopup", () => {
  it("shows an event's title, description, day and time in the user's zone, and Got It", async () => {
    renderPopup([fired(planFixture({ description: "Bring the cake" }))], {
      // A clock not chosen: the popup is a screen, so the spec's HH:mm.
      viewer: userFixture({ timeZone: "Europe/Berlin", timeFormat: null }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    expect(dialog).toHaveAccessibleDescription("Sunday, November 22 at 19:00");
    expect(within(dialog).getByText("Reminder · 2 hours before")).toBeVisible();
    expect(within(dialog).getByText("Bring the cake")).toBeVisible();
    expect(within(dialog).getByText("The Lovelaces")).toBeVisible();
    expect(within(dialog).queryByText("Task")).toBeNull();
    expect(within(dialog).getByRole("button", { name: "Got It" })).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Complete" })).toBeNull();
    // Focus on the dialog itself: a key pressed as it pops up answers nothing.
    expect(dialog).toHaveFocus();
  });

  it("says the time on a 12-hour user's clock (issue 21)", async () => {
    renderPopup([fired(planFixture())], {
      viewer: userFixture({ timeZone: "Europe/Berlin", timeFormat: "12h" }),
    });
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    expect(dialog).toHaveAccessibleDescription("Sunday, November 22 at 7:00 PM");
  });

  it("shows a task with its Task badge and Complete for its creator", async () => {
    renderPopup([fired(taskFixture())]);
    const dialog = await screen.findByRole("dialog", { name: "Pick up groceries" });
    expect(within(dialog).getByText("Task")).toBeVisible();
    expect(within(dialog).getByRole("button", { name: "Complete" })).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Got It" })).toBeNull();
  });

  it("offers Complete to the assignee only once accepted, and to no one else", async () => {
    const accepted = taskFixture({ assignmentAccepted: true, status: "accepted" });
    const first = renderPopup([fired(accepted)], { viewer: BEA });
    expect(
      within(await screen.findByRole("dialog")).getByRole("button", { name: "Complete" }),
    ).toBeVisible();
    first.unmount();
    renderPopup([fired(taskFixture())], { viewer: BEA });
    const dialog = await screen.findByRole("dialog");
    expect(within(dialog).getByRole("button", { name: "View Event" })).toBeVisible();
    expect(within(dialog).queryByRole("button", { name: "Complete" })).toBeNull();
    expect(within(dialog).queryByRole("button", { name: "Got It" })).toBeNull();
  });

  it("completes this occurrence of a task, says so and answers the reminder", async () => {
    const task = occurrenceFixture({
      id: 300,
      type: "task",
      assignedTo: 2,
      assigneeName: "Bea Byron",
      status: "pending",
    });
    const popup = renderPopup([fired(task)], {
      handlers: { "plans.complete": () => ({ isCompleted: true, event: task }) },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Complete" }));
    await waitFor(() => expect(popup.onHandled).toHaveBeenCalledTimes(1));
    expect(popup.callsTo("plans.complete").map((call) => call.input)).toEqual([
      { id: 300, isCompleted: true, occurrenceStart: new Date("2026-11-22T07:00:00Z") },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Task completed");
  });

  it("keeps the reminder when completing is refused, with the server's reason", async () => {
    const popup = renderPopup([fired(taskFixture())], {
      handlers: {
        "plans.complete": () => {
          throw serverError(
            "Action not allowed: You do not have permission to complete this task.",
            403,
            "FORBIDDEN",
          );
        },
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Complete" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Action not allowed", {
        description: "You do not have permission to complete this task.",
      }),
    );
    expect(popup.onHandled).not.toHaveBeenCalled();
  });

  it("snoozes for 5, 15 or 30 minutes with the spec's toast", async () => {
    const reminder = fired(planFixture());
    const popup = renderPopup([reminder]);
    const snooze = within(await screen.findByRole("group", { name: "Snooze" }));
    await userEvent.click(snooze.getByRole("button", { name: "15 min" }));
    expect(popup.onSnooze).toHaveBeenCalledWith(reminder, 15);
    expect(toast.success).toHaveBeenCalledWith("Reminder snoozed", {
      description: "Will remind you again in 15 minutes",
    });
    expect(snooze.getAllByRole("button").map((b) => b.textContent)).toEqual([
      "5 min",
      "15 min",
      "30 min",
    ]);
  });

  it("answers with Got It and Dismiss, and View Event goes to the plan's circle", async () => {
    const reminder = fired(planFixture());
    const popup = renderPopup([reminder]);
    await userEvent.click(await screen.findByRole("button", { name: "Got It" }));
    await userEvent.click(screen.getByRole("button", { name: "Dismiss" }));
    expect(popup.onHandled.mock.calls).toEqual([[reminder], [reminder]]);
    await userEvent.click(screen.getByRole("button", { name: "View Event" }));
    expect(popup.onHandled).toHaveBeenCalledTimes(3);
    expect(popup.onOpenChange).toHaveBeenCalledWith(false);
    expect(popup.location()).toBe("/circle/7");
  });

  it("shows several reminders in turn, the oldest first, counting them", async () => {
    const dinner = fired(planFixture());
    const groceries = fired(taskFixture());
    renderWithTrpc(
      <UserReady>
        <AnsweringPopup reminders={[dinner, groceries]} />
      </UserReady>,
      { handlers: { "auth.user": () => ADA } },
    );
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    expect(within(dialog).getByText("Reminder · 2 hours before · 1 of 2")).toBeVisible();
    await userEvent.click(within(dialog).getByRole("button", { name: "Got It" }));
    const next = await screen.findByRole("dialog", { name: "Pick up groceries" });
    expect(within(next).getByText("Reminder · 2 hours before")).toBeVisible();
    // The Got It pressed is gone: focus is back on the dialog, not lost to the page.
    expect(next).toHaveFocus();
  });

  it("says an all-day plan's day without a time", async () => {
    renderPopup([
      fired(planFixture({ allDay: true, startTime: new Date("2026-11-22T00:00:00Z") })),
    ]);
    expect(await screen.findByRole("dialog")).toHaveAccessibleDescription(
      "Sunday, November 22 · All day",
    );
  });

  it("turns the sound off and on, remembered in this browser", async () => {
    renderPopup([fired(planFixture())]);
    const sound = await screen.findByRole("switch", { name: "Reminder sound" });
    expect(sound).toBeChecked();
    await userEvent.click(sound);
    expect(sound).not.toBeChecked();
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe("off");
    await userEvent.click(sound);
    expect(localStorage.getItem(SOUND_STORAGE_KEY)).toBe("on");
  });

  it("closes without answering from its close button", async () => {
    const popup = renderPopup([fired(planFixture())]);
    await userEvent.click(await screen.findByRole("button", { name: "Close" }));
    expect(popup.onOpenChange).toHaveBeenCalledWith(false);
    expect(popup.onHandled).not.toHaveBeenCalled();
    expect(popup.onSnooze).not.toHaveBeenCalled();
  });
});
