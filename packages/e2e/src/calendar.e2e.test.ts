// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * The calendar views in real browsers (plans spec, sections 2 and 9): a weekly series, one of
 * its occurrences moved, a day with two plans and one with three on the month grid (dots, +count,
 * colours, today), the summary card and Today's Plans, a day click into the day view; the
 * circle's own calendar leading to its page and Next N Days; the Upcoming page and the week
 * planner; the school's calendar imported, the circle's calendar link made, and the feed a
 * calendar app reads from it (no session) holding the same days and times as the screens. The
 * person lives in Berlin while the browser sits in Honolulu, so every day on
 * screen must be read in the person's zone. Plans are set up through the REST door. Screens are
 * checked with axe and saved at phone and desktop size (calendar-*.png).
 */
import { readFileSync } from "node:fs";
import { fileURLToPath } from "node:url";
import ICAL from "ical.js";
import type { APIRequestContext, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast } from "./browser-steps";
import { type ApiCircle, createCircle, createPlan } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, type TestUser } from "./test-users";
import {
  addDays,
  dayInWords,
  dayInZone,
  daysOfMonth,
  instantInZone,
  nextMonth,
  wallClock,
  weekdayOf,
} from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("calendar");

/** The person's zone, and a browser far away from it. */
const ZONE = "Europe/Berlin";
const BROWSER_ZONE = "Pacific/Honolulu";

const monthTitle = (month: string) => dayInWords(`${month}-01`, { month: "long", year: "numeric" });
const fullDate = (day: string) =>
  dayInWords(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
const shortDate = (day: string) => dayInWords(day, { month: "short", day: "numeric" });

/** The instant of `day` at `time` on the person's clock. */
const at = (day: string, time: string) => instantInZone(day, time, ZONE).toISOString();

/** A verified person living in Berlin, with a family circle, and a REST client of theirs. */
async function berliner(): Promise<{ user: TestUser; api: APIRequestContext; circle: ApiCircle }> {
  const user = await createVerifiedUser({
    firstName: "Ada",
    lastName: "Lovelace",
    timeZone: ZONE,
  });
  const api = await suite.apiAs(user);
  const circle = await createCircle(api, { name: "The Lovelaces", type: "family" });
  return { user, api, circle };
}

/** A browser in Honolulu signed in as `user`, at `path`. */
async function browserInHonolulu(user: TestUser, path: string): Promise<Page> {
  const page = await suite.newPage({ timezoneId: BROWSER_ZONE });
  const login = await page.context().request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: suite.app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  await page.goto(path);
  return page;
}

function dayButton(page: Page, day: string) {
  return page.locator(`button[data-day="${day}"]`);
}

/** Each day's count of plans as its button carries it (none while the month loads). */
async function planCounts(page: Page, days: string[]): Promise<Record<string, string | null>> {
  return page.evaluate(
    (wanted) =>
      Object.fromEntries(
        wanted.map((day) => [
          day,
          document.querySelector(`button[data-day="${day}"]`)?.getAttribute("data-plans") ?? null,
        ]),
      ),
    days,
  );
}

async function dotsOf(page: Page, day: string): Promise<{ dots: number; text: string }> {
  const dots = page.locator(`[data-testid="day-dots"][data-day="${day}"]`);
  return {
    dots: await dots.locator(":scope > span.rounded-full").count(),
    text: (await dots.textContent()) ?? "",
  };
}

describe("calendar views in the browser", () => {
  it("puts a weekly series, a moved occurrence and busy days on the right days of the month", async () => {
    const { user, api, circle } = await berliner();
    const today = dayInZone(ZONE);
    const month = today.slice(0, 7);
    const days = daysOfMonth(month);

    // Swimming every Monday and Thursday at 18:00 from the month's first Monday, never ending.
    const firstMonday = days.find((day) => weekdayOf(day) === 1) ?? "";
    const swimming = await createPlan(api, circle, {
      title: "Swimming",
      startTime: at(firstMonday, "18:00"),
      endTime: at(firstMonday, "19:00"),
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceFrequency: 1,
      recurrenceDaysOfWeek: ["monday", "thursday"],
    });
    const seriesDays = days.filter((day) => day >= firstMonday && [1, 4].includes(weekdayOf(day)));
    // An occurrence after the first moves to that week's Saturday morning ("this event"
    // only). Every day the test checks by its dots is one other than today, whose dentist
    // would add a plan: the test runs on any day of the month.
    const saturdayOf = (day: string) => addDays(day, 6 - weekdayOf(day));
    const moved =
      seriesDays.slice(1).find((day) => day !== today && saturdayOf(day) !== today) ?? "";
    const saturday = saturdayOf(moved);
    const move = await api.put(`/api/events/${swimming.id}`, {
      data: {
        scope: "occurrence",
        occurrenceStart: at(moved, "18:00"),
        startTime: at(saturday, "10:00"),
        endTime: at(saturday, "11:00"),
      },
    });
    expect(move.status(), await move.text()).toBe(200);

    // Three plans on a Wednesday, two on a Friday, and the dentist today.
    const busy =
      days.find((day) => day >= `${month}-15` && weekdayOf(day) === 3 && day !== today) ?? "";
    for (const title of ["Market", "Concert", "Dinner"]) {
      await createPlan(api, circle, { title, startTime: at(busy, "12:00") });
    }
    const friday = days.findLast((day) => weekdayOf(day) === 5 && day !== today) ?? "";
    for (const title of ["Piano", "Cinema"]) {
      await createPlan(api, circle, { title, startTime: at(friday, "16:00") });
    }
    await createPlan(api, circle, {
      title: "Dentist",
      startTime: at(today, "09:00"),
      endTime: at(today, "09:45"),
      location: "High Street 4",
    });

    const expected = new Map<string, number>();
    const add = (day: string, count = 1) => expected.set(day, (expected.get(day) ?? 0) + count);
    for (const day of seriesDays) if (day !== moved) add(day);
    add(saturday);
    add(busy, 3);
    add(friday, 2);
    add(today);

    const page = await browserInHonolulu(user, "/calendar");
    await page.getByRole("heading", { level: 1, name: "Calendar" }).waitFor();
    await page.getByRole("grid", { name: `All circles, ${monthTitle(month)}` }).waitFor();
    // Every day of the month at once, so a wrong day shows in the failure's diff.
    const expectedCounts = Object.fromEntries(
      days.map((day) => [day, String(expected.get(day) ?? 0)]),
    );
    await expect.poll(() => planCounts(page, days), { timeout: 60_000 }).toEqual(expectedCounts);
    expect(await dotsOf(page, busy)).toEqual({ dots: 1, text: "+3" });
    expect(await dotsOf(page, friday)).toEqual({ dots: 2, text: "" });
    expect((await dotsOf(page, saturday)).dots).toBe(1);
    // A free day is never tinted as one with plans; a busy one is, until it is past (issue 21).
    expect(await dayButton(page, moved).getAttribute("class")).not.toMatch(/bg-blue-50/);
    expect(await dayButton(page, busy).getAttribute("class")).toMatch(
      busy < today ? /bg-muted/ : /bg-blue-50/,
    );
    expect(await dayButton(page, today).getAttribute("aria-current")).toBe("date");
    // The label names the day's first plans (the grid's titles on a wider screen).
    expect(await dayButton(page, busy).getAttribute("aria-label")).toMatch(
      new RegExp(`^${fullDate(busy)}, ${expected.get(busy)} plans: .+$`),
    );

    const summary = page.getByRole("region", { name: `${monthTitle(month)} at a glance` });
    await summary.getByText(/Swimming/).waitFor();
    const todays = page.getByRole("region", { name: "Today's Plans" });
    await todays.getByText("Dentist").waitFor();
    await todays.getByText("09:00–09:45").waitFor();
    await todays.getByText("High Street 4").waitFor();
    await todays.getByText("The Lovelaces").first().waitFor();
    await saveScreen(page, "01-month", { desktop: true });

    // A free day opens Create Plan on it, and a sentence typed there is read from that day:
    // "at 11am" lands on it, not on today (issue 21, "Add where you look").
    const free =
      days.find((day) => day > today && !expected.has(day)) ??
      days.find((day) => day !== today && !expected.has(day)) ??
      "";
    await dayButton(page, free).click();
    const create = page.getByRole("dialog", { name: "Create Plan" });
    const sentence = create.getByRole("textbox", { name: "Describe your plan" });
    await sentence.fill("Pottery at 11am");
    await sentence.press("Enter");
    await create.getByText("Please select a circle for the event.").waitFor();
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    const reading = page.waitForRequest("**/api/trpc/nlp.processVoice**");
    await sentence.press("Enter");
    expect((await reading).postDataJSON().json).toMatchObject({
      text: "Pottery at 11am",
      referenceDay: free,
    });
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    await expect.poll(async () => (await planCounts(page, [free]))[free]).toBe("1");

    // The series goes on into the next month.
    await page.getByRole("button", { name: "Next month" }).click();
    const following = nextMonth(month);
    await page
      .getByRole("heading", { level: 2, name: monthTitle(following), exact: true })
      .waitFor();
    const followingSeries = daysOfMonth(following).filter((day) => [1, 4].includes(weekdayOf(day)));
    await expect
      .poll(async () => Object.values(await planCounts(page, followingSeries)), {
        timeout: 60_000,
      })
      .toEqual(followingSeries.map(() => "1"));
    await page.getByRole("button", { name: "Previous month" }).click();
    await page.getByRole("heading", { level: 2, name: monthTitle(month), exact: true }).waitFor();

    // A day opens the day view on that date.
    await dayButton(page, busy).click();
    await page.waitForURL((url) => url.pathname === "/dashboard");
    expect(new URL(page.url()).searchParams.get("date")).toBe(busy);
    await page.getByRole("heading", { level: 1, name: /Your Day at a Glance/ }).waitFor();
    await page.getByText("Market").first().waitFor();

    // The circle's calendar opens the circle page on the chosen day, 3 days either side.
    await page.goto(`/circle/${circle.id}/calendar`);
    await page.getByRole("heading", { level: 1, name: "Calendar" }).waitFor();
    await page
      .getByRole("grid", { name: `The Lovelaces calendar, ${monthTitle(month)}` })
      .waitFor();
    await dayButton(page, saturday).and(page.locator("[data-plans]")).waitFor();
    await saveScreen(page, "02-circle-calendar");
    await dayButton(page, saturday).click();
    await page.waitForURL((url) => url.pathname === `/circle/${circle.id}`);
    expect(new URL(page.url()).searchParams.get("date")).toBe(saturday);
    const around = page.locator(`#circle-${circle.id}-next-days`);
    await around.getByText(`Around ${shortDate(saturday)}`).waitFor();
    await around.getByRole("article", { name: "Swimming" }).first().waitFor();
    // A day's heading, not a plan card's (cards title themselves with an h3 too).
    expect(await around.locator("ol > li > h3").count()).toBe(7);
    await saveScreen(page, "03-circle-page-date");
  });

  it("shows the upcoming plans by range and type, and plans a week", async () => {
    const { user, api, circle } = await berliner();
    const today = dayInZone(ZONE);
    const tomorrow = addDays(today, 1);
    const nextWeek = addDays(today, 10);
    await createPlan(api, circle, { title: "Swimming", startTime: at(today, "18:00") });
    await createPlan(api, circle, {
      title: "Buy milk",
      type: "todo",
      startTime: at(tomorrow, "08:00"),
    });
    await createPlan(api, circle, { title: "School trip", startTime: at(nextWeek, "09:00") });

    const page = await browserInHonolulu(user, "/upcoming");
    await page.getByRole("heading", { level: 1, name: "Upcoming Plans" }).waitFor();
    await page.getByRole("article", { name: "Swimming" }).waitFor();
    await page.getByRole("article", { name: "Buy milk" }).waitFor();
    expect(await page.getByRole("article", { name: "School trip" }).count()).toBe(0);
    await page.getByRole("heading", { level: 2, name: /Today/ }).getByText("Today").waitFor();
    await saveScreen(page, "04-upcoming-week");

    await page.getByRole("radio", { name: "To-do" }).click();
    await page.getByRole("article", { name: "Buy milk" }).waitFor();
    expect(await page.getByRole("article", { name: "Swimming" }).count()).toBe(0);
    await page.getByRole("radio", { name: "All" }).click();
    await page.getByRole("button", { name: "Show More Plans" }).click();
    await page.getByRole("tab", { name: "2 Weeks", selected: true }).waitFor();
    await page.getByRole("article", { name: "School trip" }).waitFor();
    await page.getByRole("button", { name: "Next range" }).click();
    await page.getByText("No upcoming events in this date range.").waitFor();
    await saveScreen(page, "05-upcoming-empty");

    // The week planner: today's column holds Swimming; a plan added on another day of the
    // week lands on that day.
    await page.goto("/planner");
    await page.getByRole("heading", { level: 1, name: "Planner" }).waitFor();
    await page
      .getByRole("list", { name: fullDate(today) })
      .getByText("Swimming")
      .waitFor();
    await saveScreen(page, "06-planner");
    const sunday = addDays(today, -weekdayOf(today));
    const otherDay = sunday === today ? addDays(today, 1) : sunday;
    await page.getByRole("button", { name: `Add a plan on ${fullDate(otherDay)}` }).click();
    const create = page.getByRole("dialog", { name: "Create Plan" });
    await create.getByRole("button", { name: "Manual Form" }).click();
    await create.getByLabel("Title", { exact: true }).fill("Homework club");
    await create.getByLabel("Time", { exact: true }).fill("16:30");
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    await page
      .getByRole("list", { name: fullDate(otherDay) })
      .getByText("Homework club")
      .waitFor();
  });
  it("imports the school's calendar through the dialog, and its calendar link shows a calendar app the same days and times as the screens", async () => {
    const { user, circle } = await berliner();
    const page = await browserInHonolulu(user, `/circle/${circle.id}`);
    await page.getByRole("button", { name: "Import calendar" }).click();
    const dialog = page.getByRole("dialog", { name: "Import calendar" });
    const school = schoolYearNow();
    await dialog.getByLabel("Calendar file").setInputFiles({
      name: "school-year.ics",
      mimeType: "text/calendar",
      buffer: Buffer.from(school.file),
    });
    await dialog.getByText(/^8 events: 1 repeating plan, 7 one-off plans/).waitFor();
    await dialog.getByRole("button", { name: "Import", exact: true }).click();
    await frontToast(page).getByText("Imported 8 plans into The Lovelaces").waitFor();
    // The holiday on its day, whatever month the test runs in.
    await page.goto(`/circle/${circle.id}?date=${school.day("2026-12-21")}`);
    await page.getByRole("article", { name: "Christmas holidays" }).first().waitFor();

    // Issue 22's "Done when": the parent subscribes from the circle's settings, and a calendar
    // app (a fresh request context, no session) reads the link shown.
    await page.goto(`/circle/${circle.id}/settings`);
    await page.getByRole("button", { name: "Create link" }).click();
    const address = await page.getByLabel("Calendar link").inputValue();
    const calendarApp = await suite.newApi();
    const answer = await calendarApp.get(address);
    expect(answer.status(), address).toBe(200);
    const feed = new ICAL.Component(ICAL.parse(await answer.text()));
    const event = (title: string) => {
      const found = feed
        .getAllSubcomponents("vevent")
        .find((vevent) => vevent.getFirstPropertyValue("summary") === title);
      if (!found) throw new Error(`the feed has no "${title}"`);
      return new ICAL.Event(found);
    };

    // The holiday's days in the feed (DTEND is the day after its last) are the days the app
    // shows: its card on the first, its details from the first to the last.
    const holiday = event("Christmas holidays");
    const first = holiday.startDate.toString();
    const last = addDays(holiday.endDate.toString(), -1);
    expect([holiday.startDate.isDate, first, last]).toEqual([
      true,
      school.day("2026-12-21"),
      school.day("2027-01-01"),
    ]);
    await page.goto(`/circle/${circle.id}?date=${first}`);
    await page
      .getByRole("article", { name: "Christmas holidays" })
      .first()
      .getByRole("button", { name: "Christmas holidays", exact: true })
      .click();
    const details = page.getByRole("dialog", { name: "Christmas holidays" });
    await details.getByText(`${fullDate(first)} to ${fullDate(last)}`).waitFor();
    await details.getByText("All day").waitFor();
    await page.keyboard.press("Escape");

    // A timed plan at the same local time: the feed's London evening is 18:00 in Berlin.
    const evening = event("Parents' evening");
    const starts = new Date(evening.startDate.toUnixTime() * 1000);
    const ends = new Date(evening.endDate.toUnixTime() * 1000);
    const { day, time } = wallClock(starts, ZONE);
    await page.goto(`/circle/${circle.id}?date=${day}`);
    const shown = page.getByRole("article", { name: "Parents' evening" }).locator("time");
    await shown.waitFor();
    expect([await shown.getAttribute("datetime"), await shown.textContent()]).toEqual([
      starts.toISOString(),
      `${time}–${wallClock(ends, ZONE).time}`,
    ]);
    expect(`${day} ${time}`).toBe(`${school.day("2026-11-12")} 18:00`);
  });
});

/**
 * The school fixture (the 2026-27 school year) moved to this school year by whole weeks, so
 * every weekday, weekly rule and EXDATE still agree, and the feed's year back and the import's
 * window hold it whenever the test runs. `day` moves one of the fixture's days the same way.
 */
function schoolYearNow(): { file: string; day: (fixtureDay: string) => string } {
  const now = new Date();
  const schoolYear = now.getUTCMonth() >= 7 ? now.getUTCFullYear() : now.getUTCFullYear() - 1;
  const shift = 364 * (schoolYear - 2026);
  const day = (fixtureDay: string) => addDays(fixtureDay, shift);
  const original = readFileSync(
    fileURLToPath(
      new URL("../../core/src/calendar-import/fixtures/school-year.ics", import.meta.url),
    ),
    "utf8",
  );
  // The date in every date or date-time value (DTSTART, DTEND, UNTIL, EXDATE, ...), not DTSTAMP's.
  const file = original.replace(/^(?!DTSTAMP)([A-Z-]+[;:].*)$/gm, (line) =>
    line.replace(/\b(\d{4})(\d{2})(\d{2})(?=T\d{6}|\b)/g, (_, y, m, d) =>
      day(`${y}-${m}-${d}`).replaceAll("-", ""),
    ),
  );
  return { file, day };
}
