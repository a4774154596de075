/**
 * The reminder system as the shell mounts it (plans spec, section 4): the coming week's plans
 * loaded, checked every 10 s, the popup and the bell's count, the alerts once per firing, and
 * answers that survive a reload. Date and intervals are faked; the sound and notification are
 * replaced by a recorder (they have their own tests).
 */
import type { Plan } from "@circleplan/shared/plan-outputs";
import { act, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeAll, beforeEach, describe, expect, it, vi } from "vitest";
import { UserReady } from "@/components/plans/testing/user-ready";
import { userFixture } from "@/features/circles/testing/fixtures";
import { planFixture, taskFixture } from "@/testing/plan-fixtures";
import { renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { alertReminders } from "./reminder-alerts";
import { REMINDER_CHECK_MS } from "./reminder-schedule";
import { reminderStorageKey } from "./reminder-store";
import { Reminders } from "./reminders";

vi.mock("./reminder-alerts", () => ({ alertReminders: vi.fn() }));
spyOnToasts();

/** Family dinner at 18:00 UTC, reminded 2 hours before: due 16:00 to 16:02. */
const dinner = planFixture({ reminderTimes: ["2 hours before"] });

let plans: Plan[] = [];

// The popup is a lazy chunk: transformed once here, so no test's first popup waits on it.
beforeAll(() => import("./reminder-popup"));

beforeEach(() => {
  vi.useFakeTimers({ toFake: ["Date", "setInterval", "clearInterval"] });
  localStorage.clear();
  vi.mocked(alertReminders).mockClear();
  plans = [dinner];
});

afterEach(() => {
  vi.useRealTimers();
});

/** The signed-in shell's part, as after a page load at `now`. */
function loadApp(now: string) {
  vi.setSystemTime(new Date(now));
  return renderWithTrpc(
    <UserReady>
      <Reminders />
    </UserReady>,
    {
      handlers: {
        "auth.user": () => userFixture(),
        "plans.list": () => plans,
      },
    },
  );
}

/** Time moves on by `ms`, the checks of that time running. */
async function wait(ms: number) {
  await act(() => vi.advanceTimersByTimeAsync(ms));
}

function bell() {
  // The open popup hides the page from assistive technology: the bell is looked up regardless.
  return screen.queryByRole("button", { name: /^Reminders/, hidden: true });
}

function alertedIds(): string[][] {
  return vi.mocked(alertReminders).mock.calls.map(([fired]) => fired.map((r) => r.id));
}

describe("Reminders", () => {
  it("loads the coming week's plans and pops up what is due, ringing once", async () => {
    const app = loadApp("2026-11-22T16:01:00Z");
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    expect(within(dialog).getByText("Reminder · 2 hours before")).toBeVisible();
    expect(app.callsTo("plans.list")[0]?.input).toEqual({ from: "2026-11-20", to: "2026-12-01" });
    expect(bell()).toHaveTextContent("Reminders (1 active reminder)");
    expect(screen.getByTestId("reminders-badge")).toHaveTextContent("1");
    await wait(REMINDER_CHECK_MS * 3);
    expect(alertedIds()).toEqual([["100-2 hours before"]]);
    // The notification gets the clock the person chose, none here: it keeps the spec's h:mm a.
    expect(vi.mocked(alertReminders).mock.calls[0]?.[1]).toEqual({
      zone: "Europe/London",
      timeFormat: null,
    });
  });

  it("fires on the check after its time comes, not before", async () => {
    loadApp("2026-11-22T15:59:35Z");
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    await wait(REMINDER_CHECK_MS * 2);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(alertedIds()).toEqual([]);
    await wait(REMINDER_CHECK_MS);
    await screen.findByRole("dialog", { name: "Family dinner" });
    expect(alertedIds()).toEqual([["100-2 hours before"]]);
  });

  it("keeps a snooze across a reload and fires again when it ends", async () => {
    const first = loadApp("2026-11-22T16:00:30Z");
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    await userEvent.click(within(dialog).getByRole("button", { name: "5 min" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bell()).toBeNull();
    first.unmount();

    // Reloaded a minute later, still inside the firing window: it stays snoozed.
    loadApp("2026-11-22T16:01:30Z");
    await wait(REMINDER_CHECK_MS * 3);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(alertedIds()).toEqual([["100-2 hours before"]]);

    await wait(4 * 60_000);
    await screen.findByRole("dialog", { name: "Family dinner" });
    expect(alertedIds()).toEqual([["100-2 hours before"], ["100-2 hours before"]]);
  });

  it("never shows a dismissed reminder again, after a reload either", async () => {
    const first = loadApp("2026-11-22T16:00:00Z");
    await userEvent.click(await screen.findByRole("button", { name: "Dismiss" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(JSON.parse(localStorage.getItem(reminderStorageKey(1)) ?? "{}")).toEqual({
      "100-2 hours before": { state: "handled", remindAt: Date.parse("2026-11-22T16:00:00Z") },
    });
    first.unmount();
    loadApp("2026-11-22T16:01:00Z");
    await wait(REMINDER_CHECK_MS * 3);
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(alertedIds()).toEqual([["100-2 hours before"]]);
  });

  it("brings an unanswered reminder back after a reload, without ringing again", async () => {
    const first = loadApp("2026-11-22T16:00:00Z");
    await screen.findByRole("dialog", { name: "Family dinner" });
    first.unmount();
    loadApp("2026-11-22T16:10:00Z");
    await screen.findByRole("dialog", { name: "Family dinner" });
    expect(alertedIds()).toEqual([["100-2 hours before"]]);
  });

  it("counts the active reminders on the bell, which opens the popup again once closed", async () => {
    plans = [dinner, taskFixture({ reminderTimes: ["2 hours before"] })];
    loadApp("2026-11-22T16:00:00Z");
    const dialog = await screen.findByRole("dialog", { name: "Family dinner" });
    expect(within(dialog).getByText("Reminder · 2 hours before · 1 of 2")).toBeVisible();
    expect(bell()).toHaveTextContent("Reminders (2 active reminders)");
    await userEvent.click(within(dialog).getByRole("button", { name: "Close" }));
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(screen.getByTestId("reminders-badge")).toHaveTextContent("2");

    const reopener = bell();
    if (!reopener) throw new Error("expected the bell");
    await userEvent.click(reopener);
    const again = await screen.findByRole("dialog", { name: "Family dinner" });
    await userEvent.click(within(again).getByRole("button", { name: "Got It" }));
    await screen.findByRole("dialog", { name: "Pick up groceries" });
    expect(screen.getByTestId("reminders-badge")).toHaveTextContent("1");
  });

  it("drops a reminder whose plan was completed meanwhile", async () => {
    const task = taskFixture({ reminderTimes: ["2 hours before"] });
    plans = [task];
    const app = loadApp("2026-11-22T16:00:00Z");
    await screen.findByRole("dialog", { name: "Pick up groceries" });
    plans = [{ ...task, isCompleted: true, status: "completed" }];
    await wait(REMINDER_CHECK_MS);
    // Live sync says the plans changed (use-live-sync.ts invalidates them): their new answer is
    // checked as it arrives.
    await act(() => app.queryClient.invalidateQueries());
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(bell()).toBeNull();
  });

  // The spec's minute-by-minute poll, hidden tabs included, gave way to live sync (decision 018).
  it("does not poll the plans, and keeps checking the ones it has", async () => {
    const app = loadApp("2026-11-22T15:59:30Z");
    await wait(60_000);
    // The check went on without a request: dinner's reminder came up at 16:00.
    await screen.findByRole("dialog", { name: "Family dinner" });
    await wait(60 * 60_000);
    expect(app.callsTo("plans.list")).toHaveLength(1);
  });
});
