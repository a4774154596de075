/**
 * The reminder's browser notification (spec section 4): 'Reminder: {title}', 'Starting {h:mm a}'
 * in the user's zone, only when allowed, through the service worker when the app has one, and
 * never an error when the browser refuses.
 */
import { describe, expect, it, vi } from "vitest";
import { planFixture } from "../../testing/plan-fixtures";
import {
  type NotificationEnvironment,
  reminderNotification,
  showReminderNotification,
} from "./reminder-notification";

const reminder = { phrase: "2 hours before", event: planFixture() }; // 18:00 UTC
const twelve = (zone: string) => ({ zone, timeFormat: "12h" as const });
const UTC = { zone: "UTC", timeFormat: "24h" as const };

function environment(overrides: Partial<NotificationEnvironment> = {}) {
  const shown: { title: string; options: NotificationOptions }[] = [];
  const clicks: (() => void)[] = [];
  const env: NotificationEnvironment = {
    permission: () => "granted",
    registration: async () => null,
    showFromPage(title, options, onClick) {
      shown.push({ title, options });
      clicks.push(onClick);
    },
    ...overrides,
  };
  return { env, shown, clicks };
}

describe("reminder notification", () => {
  it("says the title and the start in a 12-hour user's zone, as the spec's h:mm a", () => {
    expect(reminderNotification(reminder, twelve("Europe/London"))).toEqual({
      title: "Reminder: Family dinner",
      options: {
        body: "Starting 6:00 PM",
        tag: "100-2 hours before",
        data: { url: "/circle/7" },
      },
    });
    expect(reminderNotification(reminder, twelve("America/New_York")).options.body).toBe(
      "Starting 1:00 PM",
    );
    expect(reminderNotification(reminder, twelve("Asia/Kolkata")).options.body).toBe(
      "Starting 11:30 PM",
    );
  });

  it("says the start on the 24-hour clock for a user who chose it, as their screens do", () => {
    const reader = { zone: "Asia/Kolkata", timeFormat: "24h" as const };
    expect(reminderNotification(reminder, reader).options.body).toBe("Starting 23:30");
  });

  it("keeps the spec's h:mm a for a user who never chose a clock", () => {
    const reader = { zone: "Asia/Kolkata", timeFormat: null };
    expect(reminderNotification(reminder, reader).options.body).toBe("Starting 11:30 PM");
  });

  it("names an all-day plan's day, as the server's push does", () => {
    const trip = planFixture({ allDay: true, startTime: new Date("2026-11-22T00:00:00Z") });
    expect(reminderNotification({ ...reminder, event: trip }, UTC).options.body).toBe(
      "All day on Sunday, November 22",
    );
  });

  it("shows nothing unless notifications are allowed", async () => {
    for (const permission of ["default", "denied", null] as const) {
      const { env, shown } = environment({ permission: () => permission });
      await showReminderNotification(reminder, UTC, () => {}, env);
      expect(shown).toEqual([]);
    }
  });

  it("goes through the service worker when the app has one", async () => {
    const showNotification = vi.fn(async () => {});
    const { env, shown } = environment({ registration: async () => ({ showNotification }) });
    await showReminderNotification(reminder, twelve("UTC"), () => {}, env);
    expect(showNotification).toHaveBeenCalledWith("Reminder: Family dinner", {
      body: "Starting 6:00 PM",
      tag: "100-2 hours before",
      data: { url: "/circle/7" },
    });
    expect(shown).toEqual([]);
  });

  it("shows it from the page otherwise, a click leading to the plan's circle", async () => {
    const failing = vi.fn(async () => {
      throw new TypeError("No active registration");
    });
    const opened: string[] = [];
    const { env, shown, clicks } = environment({
      registration: async () => ({ showNotification: failing }),
    });
    await showReminderNotification(reminder, twelve("UTC"), (url) => opened.push(url), env);
    expect(shown.map((n) => [n.title, n.options.body])).toEqual([
      ["Reminder: Family dinner", "Starting 6:00 PM"],
    ]);
    clicks[0]?.();
    expect(opened).toEqual(["/circle/7"]);
  });

  it("never throws where the page cannot show notifications (Chrome on Android)", async () => {
    const { env } = environment({
      registration: () => Promise.reject(new Error("no service worker")),
      showFromPage: () => {
        throw new TypeError("Illegal constructor");
      },
    });
    await expect(showReminderNotification(reminder, UTC, () => {}, env)).resolves.toBeUndefined();
  });
});
