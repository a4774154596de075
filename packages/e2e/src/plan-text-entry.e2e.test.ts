// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Create Plan's free-text step in real browsers (plans spec, sections 2, 4, 5 and 8): the step
 * the dialog opens on, Enter and Shift+Enter, a sentence read by the server into the form and
 * saved with what was said; every field of a full reading landing in its place; the raw text
 * as the title when reading fails. The person and the browser are in New York.
 *
 * Which reading a sentence gets is the parser's subject (its corpus in core); where a test
 * here needs a whole reading, it takes the server's answer and sets its fields, so the test
 * checks the form, not the reader. Screens are checked with axe and saved at phone and desktop
 * size (plan-text-*.png).
 */
import type { Locator, Page, Response } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, isFocused } from "./browser-steps";
import { createCircle, joinCircle, userIdOf } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, fullName, type TestUser } from "./test-users";
import { dayInWords, dayInZone, instantInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("plan-text");

const ZONE = "America/New_York";
const NLP_CALL = "**/api/trpc/nlp.processVoice**";

function person(firstName: string, lastName: string): Promise<TestUser> {
  return createVerifiedUser({ firstName, lastName, timeZone: ZONE });
}

/** A browser in New York, signed in as `user`, at `path`. */
async function pageInZone(user: TestUser, path: string): Promise<Page> {
  const page = await suite.newPage({ timezoneId: ZONE });
  const login = await page.context().request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: suite.app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  await page.goto(path);
  return page;
}

/** "Tue, Nov 24, 2026", as the form's date button says it. */
function shownDay(day: string): string {
  return dayInWords(day, { weekday: "short", year: "numeric", month: "short", day: "numeric" });
}

/**
 * The server's answer to nlp.processVoice with these fields set (superjson: the instants are
 * ISO strings marked as dates).
 */
async function answerReading(page: Page, reading: Record<string, unknown>): Promise<void> {
  await page.route(NLP_CALL, async (route) => {
    const response = await route.fetch();
    const body = await response.json();
    const data = body.result.data as {
      json: Record<string, unknown>;
      meta: { values: Record<string, string[]> };
    };
    for (const [key, value] of Object.entries(reading)) {
      data.json[key] = value instanceof Date ? value.toISOString() : value;
      if (value instanceof Date) data.meta.values[key] = ["Date"];
    }
    await route.fulfill({ response, json: body });
  });
}

/** The plan as the server stored it, from the answer to the form's create call. */
async function createdPlan(response: Promise<Response>): Promise<Record<string, unknown>> {
  const body = await (await response).json();
  return body.result.data.json as Record<string, unknown>;
}

async function openCreate(page: Page): Promise<{ dialog: Locator; text: Locator }> {
  await page.getByRole("button", { name: "Add a plan" }).click();
  const dialog = page.getByRole("dialog", { name: "Create Plan" });
  const text = dialog.getByRole("textbox", { name: "Describe your plan" });
  await text.waitFor();
  return { dialog, text };
}

describe("typing a plan in everyday words", () => {
  it("reads a sentence into the form and saves it with what was said", async () => {
    const ada = await person("Ada", "Lovelace");
    const circle = await createCircle(await suite.apiAs(ada), {
      name: "The Lovelaces",
      type: "family",
    });
    const page = await pageInZone(ada, "/dashboard");
    const { dialog, text } = await openCreate(page);
    expect(await isFocused(text)).toBe(true);
    await dialog.getByRole("button", { name: "Manual Form" }).waitFor();
    await saveScreen(page, "01-text-step");

    // Enter on nothing says so; Shift+Enter is a new line.
    await text.press("Enter");
    await dialog.getByText("Describe the plan first, or use the Manual Form.").waitFor();
    await text.pressSequentially("piano");
    await text.press("Shift+Enter");
    await text.pressSequentially("practice");
    expect(await text.inputValue()).toBe("piano\npractice");
    await text.fill("piano practice");

    // No circle on the dashboard: it is asked for, then the sentence is read for it.
    await text.press("Enter");
    await frontToast(page).getByText("Circle required").waitFor();
    await dialog.getByText("Please select a circle for the event.").waitFor();
    await dialog.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    const call = page.waitForRequest(NLP_CALL);
    await text.press("Enter");
    // The spec's payload, and the day the dialog was opened on (the dashboard's: today there).
    expect((await call).postDataJSON()).toEqual({
      json: {
        text: "piano practice",
        circleId: circle.id,
        userTimezone: ZONE,
        referenceDay: dayInZone(ZONE),
      },
    });
    await frontToast(page).getByText("Event parsed successfully").waitFor();
    await frontToast(page).getByText("Please review and submit the event details.").waitFor();
    const title = dialog.getByLabel("Title", { exact: true });
    await title.waitFor();
    expect((await title.inputValue()).toLowerCase()).toBe("piano practice");
    expect(await isFocused(title)).toBe(true);
    expect(await dialog.getByLabel("Circle").inputValue()).toBe(String(circle.id));
    await saveScreen(page, "02-form-from-text");

    const created = page.waitForResponse("**/api/trpc/plans.create**");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    expect(await createdPlan(created)).toMatchObject({
      circleId: circle.id,
      voiceNote: "piano practice",
    });
  });

  it("fills every field of the form from the server's reading, on the circle's page", async () => {
    const [ada, bea] = await Promise.all([person("Ada", "Lovelace"), person("Bea", "Byron")]);
    const adaApi = await suite.apiAs(ada);
    const circle = await createCircle(adaApi, { name: "The Lovelaces", type: "family" });
    const beaApi = await suite.apiAs(bea);
    await joinCircle(adaApi, circle, bea, beaApi);
    const beaId = await userIdOf(beaApi);

    const day = dayInZone(ZONE, 3);
    const lastDay = dayInZone(ZONE, 94);
    const start = instantInZone(day, "17:00", ZONE);
    const sentence =
      "Bea's piano lesson every week at 5 at the music school, remind me 30 minutes and a day before";
    const weekday = dayInWords(day, { weekday: "long" }).toLowerCase();
    const page = await pageInZone(ada, `/circle/${circle.id}`);
    await answerReading(page, {
      title: "Piano lesson",
      description: "Bring the new book",
      type: "task",
      startTime: start,
      endTime: new Date(start.getTime() + 60 * 60 * 1000),
      location: "Music school",
      reminderTimes: ["30 minutes before", "1 day before"],
      assignee: "Bea",
      assignedTo: beaId,
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceDaysOfWeek: [weekday],
      recurrenceEndDate: lastDay,
      timeZone: ZONE,
    });
    const { dialog, text } = await openCreate(page);
    // The circle page's own circle is the one the sentence is read for.
    expect(await dialog.getByLabel("Circle").inputValue()).toBe(String(circle.id));
    await text.fill(sentence);
    await text.press("Enter");

    const title = dialog.getByLabel("Title", { exact: true });
    await title.waitFor();
    expect(await title.inputValue()).toBe("Piano lesson");
    expect(await dialog.getByLabel("Description").inputValue()).toBe("Bring the new book");
    await dialog.getByRole("button", { name: `Date: ${shownDay(day)}` }).waitFor();
    expect(await dialog.getByLabel("Time", { exact: true }).inputValue()).toBe("17:00");
    expect(await dialog.getByLabel(/End time/).inputValue()).toBe("18:00");
    expect(await dialog.getByLabel("Location").inputValue()).toBe("Music school");
    const assignee = dialog.getByLabel("Assign to");
    await expect.poll(() => assignee.inputValue()).toBe(String(beaId));
    expect(await assignee.locator("option:checked").textContent()).toBe(fullName(bea));
    expect(await dialog.getByLabel("Reminder 1", { exact: true }).inputValue()).toBe(
      "30 minutes before",
    );
    expect(await dialog.getByLabel("Reminder 2", { exact: true }).inputValue()).toBe(
      "24 hours before",
    );
    expect(await dialog.getByLabel("Repeat").inputValue()).toBe("weekly");
    const weekdayName = weekday.charAt(0).toUpperCase() + weekday.slice(1);
    expect(await dialog.getByRole("checkbox", { name: weekdayName }).isChecked()).toBe(true);
    expect(await dialog.getByRole("radio", { name: "On a date" }).isChecked()).toBe(true);
    await dialog.getByRole("button", { name: `Ends on: ${shownDay(lastDay)}` }).waitFor();
    await saveScreen(page, "03-form-filled");

    const created = page.waitForResponse("**/api/trpc/plans.create**");
    await dialog.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    expect(await createdPlan(created)).toMatchObject({
      title: "Piano lesson",
      description: "Bring the new book",
      type: "task",
      assignedTo: beaId,
      location: "Music school",
      startTime: start.toISOString(),
      endTime: new Date(start.getTime() + 60 * 60 * 1000).toISOString(),
      reminderTimes: ["30 minutes before", "24 hours before"],
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceDaysOfWeek: [weekday],
      voiceNote: sentence,
    });
  });

  it("takes the raw text as the title of an event when the sentence cannot be read", async () => {
    const ada = await person("Ada", "Lovelace");
    const circle = await createCircle(await suite.apiAs(ada), {
      name: "The Lovelaces",
      type: "family",
    });
    const page = await pageInZone(ada, `/circle/${circle.id}`);
    await page.route(NLP_CALL, (route) => route.abort("internetdisconnected"));
    const { dialog, text } = await openCreate(page);
    await text.fill("call the plumber about the leaking kitchen tap before the weekend");
    await text.press("Enter");
    await frontToast(page).getByText("Voice processing failed").waitFor();
    await frontToast(page).getByText("Using basic voice recognition instead").waitFor();
    const title = dialog.getByLabel("Title", { exact: true });
    await title.waitFor();
    expect(await title.inputValue()).toBe("Call the plumber about the leaking kitchen tap ...");
    expect(await dialog.getByRole("radio", { name: "Event" }).isChecked()).toBe(true);
    expect(await dialog.getByLabel("Reminder 1", { exact: true }).inputValue()).toBe(
      "2 hours before",
    );
    expect(await dialog.getByLabel("Reminder 2", { exact: true }).inputValue()).toBe(
      "24 hours before",
    );
    expect(await dialog.getByLabel("Time", { exact: true }).inputValue()).toMatch(/^\d\d:(00|30)$/);
    await saveScreen(page, "04-fallback-form");
  });
});
