// The callbacks handed to page.evaluate and addInitScript run in the page, typed against the DOM.
/// <reference lib="dom" />
/**
 * The in-app reminders in a real browser (plans spec, sections 4 and 9): plans set up through
 * the REST door with reminders due a few minutes ahead, the page's clock moved with Playwright's
 * (`page.clock`). The popup with its texts and the Task badge, the browser notification and the
 * two tones, Snooze 5 with its toast and a reload that keeps it snoozed until it fires again,
 * Complete (checked through the API), View Event, Dismiss, and notification permission asked on
 * the first click only. Screens are checked with axe and saved (reminders-*.png).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, sidewaysOverflow } from "./browser-steps";
import { createCircle, createPlan, joinCircle, userIdOf } from "./circle-setup";
import { MOBILE, useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, type TestUser } from "./test-users";
import { dayInWords, wallClock } from "./zoned-time";

// Notifications and push: the full Chromium (the headless shell has neither).
const suite = useBrowserSuite({ browser: "full" });
const saveScreen = useScreens("reminders");

const MINUTE = 60_000;
const ZONE = "America/New_York";

/** What the page saw: notifications shown (from the page or its worker) and tones started. */
type Recorded = { notifications: { title: string; body: string }[]; tones: number[] };

/**
 * Records, in the page, the notifications the page constructs and the oscillators it starts:
 * the sound cannot be heard here, and the notification is the browser's own UI.
 */
function recordAlerts() {
  const record = window as unknown as { __recorded: Recorded };
  record.__recorded = { notifications: [], tones: [] };
  const Original = window.Notification;
  if (Original) {
    window.Notification = class extends Original {
      constructor(title: string, options?: NotificationOptions) {
        super(title, options);
        record.__recorded.notifications.push({ title, body: options?.body ?? "" });
      }
    };
  }
  const start = OscillatorNode.prototype.start;
  OscillatorNode.prototype.start = function (this: OscillatorNode, when?: number) {
    record.__recorded.tones.push(this.frequency.value);
    return start.call(this, when);
  };
}

async function recorded(page: Page): Promise<Recorded> {
  return page.evaluate(async () => {
    const own = (window as unknown as { __recorded: Recorded }).__recorded;
    // With the app's service worker active, notifications go through it instead.
    const registration = await navigator.serviceWorker?.getRegistration();
    const fromWorker = registration ? await registration.getNotifications() : [];
    return {
      tones: own.tones,
      notifications: [
        ...own.notifications,
        ...fromWorker.map((n) => ({ title: n.title, body: n.body })),
      ],
    };
  });
}

/** "Monday, November 23" and "09:15" / "9:15 AM" of an instant in the user's zone. */
function inZone(instant: number) {
  const { day, time } = wallClock(new Date(instant), ZONE);
  const hour = Number(time.slice(0, 2));
  const minute = time.slice(3);
  return {
    day: dayInWords(day, { weekday: "long", month: "long", day: "numeric" }),
    time,
    clock: `${hour % 12 === 0 ? 12 : hour % 12}:${minute} ${hour < 12 ? "AM" : "PM"}`,
  };
}

/** A fresh browser signed in as `user`, prepared before its first page: permission, recorder, clock. */
async function preparedPage(
  user: TestUser,
  { allowNotifications, clockAt }: { allowNotifications: boolean; clockAt?: number },
): Promise<Page> {
  // Playwright's fake Date cannot be subclassed, and @date-fns/tz's TZDate is a subclass: with
  // the clock installed, the app's times come out in the browser's zone. The browser lives in
  // the user's zone, so they still read right (reminder-popup.test.tsx checks the zone itself).
  const page = await suite.newPage({ timezoneId: ZONE });
  const context = page.context();
  if (allowNotifications) await context.grantPermissions(["notifications"]);
  await context.addInitScript(recordAlerts);
  if (clockAt !== undefined) await page.clock.install({ time: clockAt });
  const login = await context.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: suite.app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  return page;
}

/** Moves the page's clock on to `instant` (timers due meanwhile fire once, as after a sleep). */
async function fastForwardTo(page: Page, instant: number): Promise<void> {
  const now = await page.evaluate(() => Date.now());
  if (instant > now) await page.clock.fastForward(instant - now);
}

/** The reminders' own code arriving (it loads after the first screen). */
function remindersChunk(page: Page): Promise<unknown> {
  return page.waitForResponse((response) =>
    /\/assets\/reminders-[\w-]+\.js$/.test(new URL(response.url()).pathname),
  );
}

function reminderDialog(page: Page, title: string) {
  return page.getByRole("dialog", { name: title, exact: true });
}

function remindersBadge(page: Page) {
  return page.getByTestId("reminders-badge");
}

describe("reminders in the browser", () => {
  it("pops up, rings, notifies, snoozes across a reload, completes, views and dismisses", async () => {
    const ada = await createVerifiedUser({
      firstName: "Ada",
      lastName: "Lovelace",
      timeZone: ZONE,
    });
    const bea = await createVerifiedUser({ firstName: "Bea", lastName: "Byron" });
    const adaApi = await suite.apiAs(ada);
    const family = await createCircle(adaApi, { name: "The Lovelaces", type: "family" });
    await joinCircle(adaApi, family, bea, await suite.apiAs(bea));
    const beaId = await userIdOf(await suite.apiAs(bea));

    // The page's clock starts at T, a whole minute ahead of now (page.clock), however long this
    // setup takes: two reminders fall due at T, one at T + 3 min.
    const T = Math.ceil(Date.now() / MINUTE) * MINUTE + 10 * MINUTE;
    const dinnerStart = T + 15 * MINUTE;
    const dinner = await createPlan(adaApi, family, {
      title: "Family dinner",
      description: "Bring the cake",
      startTime: new Date(dinnerStart).toISOString(),
      reminderTimes: ["15 minutes before"],
    });
    const cake = await createPlan(adaApi, family, {
      title: "Pick up the cake",
      type: "task",
      assignedTo: beaId,
      startTime: new Date(T + 30 * MINUTE).toISOString(),
      reminderTimes: ["30 minutes before"],
    });
    await createPlan(adaApi, family, {
      title: "Swimming lessons",
      startTime: new Date(T + 63 * MINUTE).toISOString(),
      reminderTimes: ["1 hour before"],
    });

    const page = await preparedPage(ada, { allowNotifications: true, clockAt: T + 5_000 });
    await page.goto("/dashboard");

    // Both reminders due at T: the event first (it starts first), counted on the bell.
    const dinnerPopup = reminderDialog(page, "Family dinner");
    await dinnerPopup.waitFor();
    const when = inZone(dinnerStart);
    await dinnerPopup.getByText("Reminder · 15 minutes before · 1 of 2").waitFor();
    await dinnerPopup.getByText("Bring the cake").waitFor();
    await dinnerPopup.getByText(`${when.day} at ${when.time}`).waitFor();
    expect(await dinnerPopup.getByText("Task", { exact: true }).count()).toBe(0);
    expect(await dinnerPopup.getByRole("button", { name: "Complete" }).count()).toBe(0);
    await dinnerPopup.getByRole("button", { name: "Got It" }).waitFor();
    expect(await remindersBadge(page).textContent()).toBe("2");
    await expect
      .poll(async () => (await recorded(page)).notifications)
      .toEqual(
        expect.arrayContaining([
          { title: "Reminder: Family dinner", body: `Starting ${when.clock}` },
          {
            title: "Reminder: Pick up the cake",
            body: `Starting ${inZone(T + 30 * MINUTE).clock}`,
          },
        ]),
      );
    await saveScreen(page, "01-event");
    // The bell takes no room from the header: a 320 px phone still has nothing to scroll sideways.
    await page.setViewportSize({ width: 320, height: 640 });
    expect(await sidewaysOverflow(page)).toBe(0);
    await page.setViewportSize(MOBILE);

    // Snooze 5: the toast, and the next reminder, the task, comes up.
    await dinnerPopup
      .getByRole("group", { name: "Snooze" })
      .getByRole("button", { name: "5 min", exact: true })
      .click();
    const toast = frontToast(page);
    await toast.getByText("Reminder snoozed").waitFor();
    await toast.getByText("Will remind you again in 5 minutes").waitFor();
    const cakePopup = reminderDialog(page, "Pick up the cake");
    await cakePopup.getByText("Task", { exact: true }).waitFor();
    expect(await remindersBadge(page).textContent()).toBe("1");
    await saveScreen(page, "02-task");

    // Complete: the task is done on the server, and no reminder is left.
    await cakePopup.getByRole("button", { name: "Complete" }).click();
    await frontToast(page).getByText("Task completed", { exact: true }).waitFor();
    await cakePopup.waitFor({ state: "hidden" });
    await remindersBadge(page).waitFor({ state: "detached" });
    const completed = await adaApi.get(`/api/events/${cake.id}`);
    expect(((await completed.json()) as { isCompleted: boolean }).isCompleted).toBe(true);

    // A reload keeps the snooze: at T + 3 min only the swim reminds, alone.
    await page.reload();
    await page.getByRole("heading", { level: 1, name: "Dashboard" }).waitFor();
    await fastForwardTo(page, T + 3 * MINUTE + 5_000);
    const swimPopup = reminderDialog(page, "Swimming lessons");
    await swimPopup.getByText("Reminder · 1 hour before", { exact: true }).waitFor();
    expect(await reminderDialog(page, "Family dinner").count()).toBe(0);
    expect(await remindersBadge(page).textContent()).toBe("1");
    // The page has had clicks by now, so the two tones could play: 800 Hz, then 1000 Hz.
    await expect.poll(async () => (await recorded(page)).tones).toEqual([800, 1000]);

    // View Event goes to the plan's circle.
    await swimPopup.getByRole("button", { name: "View Event" }).click();
    await page.waitForURL((url) => url.pathname === `/circle/${family.id}`);
    await swimPopup.waitFor({ state: "hidden" });

    // Five minutes after the snooze, the dinner reminds again; Dismiss ends it.
    await fastForwardTo(page, T + 6 * MINUTE);
    const again = reminderDialog(page, "Family dinner");
    await again.getByText("Reminder · 15 minutes before", { exact: true }).waitFor();
    await again.getByRole("button", { name: "Dismiss" }).click();
    await again.waitFor({ state: "hidden" });
    await remindersBadge(page).waitFor({ state: "detached" });
    const stored = await page.evaluate(
      (key) => JSON.parse(localStorage.getItem(key) ?? "{}"),
      `circleplan:reminders:${await userIdOf(adaApi)}`,
    );
    expect(stored).toMatchObject({
      [`${dinner.id}-15 minutes before`]: { state: "handled", remindAt: T },
    });
  });

  it("asks for notification permission on the first click, not at load, and once", async () => {
    const bea = await createVerifiedUser({ firstName: "Bea", lastName: "Byron" });
    const page = await preparedPage(bea, { allowNotifications: false });
    await page.addInitScript(() => {
      const counter = window as unknown as { __asked: number; __clickWatchers: number };
      counter.__asked = 0;
      const ask = Notification.requestPermission.bind(Notification);
      Notification.requestPermission = (...args) => {
        counter.__asked += 1;
        return ask(...args);
      };
      // The reminders (a chunk loaded after the first screen) listen for the first click.
      counter.__clickWatchers = 0;
      const listen = window.addEventListener.bind(window);
      window.addEventListener = ((type: string, ...rest: [never, never]) => {
        if (type === "click") counter.__clickWatchers += 1;
        return listen(type, ...rest);
      }) as typeof window.addEventListener;
    });
    const asked = () => page.evaluate(() => (window as unknown as { __asked: number }).__asked);
    const watching = () =>
      page.evaluate(() => (window as unknown as { __clickWatchers: number }).__clickWatchers);
    const heading = page.getByRole("heading", { level: 1, name: "Dashboard" });
    let chunk = remindersChunk(page);
    await page.goto("/dashboard");
    await heading.waitFor();
    await chunk;
    await expect.poll(watching).toBeGreaterThan(0);
    expect(await asked()).toBe(0);

    await heading.click();
    await expect.poll(asked).toBe(1);
    await heading.click();
    expect(await asked()).toBe(1);

    // Whatever the answer (a headless browser closes the prompt undecided), not asked again.
    chunk = remindersChunk(page);
    await page.reload();
    await heading.waitFor();
    await chunk;
    await heading.click();
    expect(await asked()).toBe(0);
  });
});
