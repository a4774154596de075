// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * A family's screens at 390 px wide (issue 21, defects 4 and 5; decision 025): nothing scrolls
 * sideways, Upcoming Week's rows keep the circle's name inside the card, the day view's date
 * keeps "November 24" on one line, the end of a long list (its words and its buttons) scrolls
 * clear of the floating add buttons, and a toast leaves a dialog's title and first field uncovered.
 * Paired form fields, side by side only from 640 px, are checked there (defect 8).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, settleScreen, sidewaysOverflow } from "./browser-steps";
import { createCircle, createPlan } from "./circle-setup";
import { MOBILE, useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";
import { dayInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("phone-layout");

/** The zone the family lives in. */
const ZONE = "UTC";

/**
 * Someone whose circle has a name as long as a family's gets, with a long day tomorrow: ten
 * plans, some with titles that fill a phone's line.
 */
async function familyWithABusyDay() {
  const user = await createVerifiedUser({
    firstName: "Ada",
    lastName: "Lovelace",
    timeZone: ZONE,
  });
  const api = await suite.apiAs(user);
  const circle = await createCircle(api, {
    name: "The Montgomery-Fairweather Family",
    type: "family",
  });
  const tomorrow = dayInZone(ZONE, 1);
  for (let hour = 8; hour < 18; hour += 1) {
    await createPlan(api, circle, {
      title:
        hour % 3 === 0
          ? `Pick up the grandchildren from the swimming lesson ${hour}`
          : `Piano ${hour}`,
      startTime: `${tomorrow}T${String(hour).padStart(2, "0")}:00:00.000Z`,
    });
  }
  return { user, circle };
}

/** Scrolls to the end of the page and waits until it is still there. */
async function scrollToEnd(page: Page): Promise<void> {
  await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
  await settleScreen(page);
}

/**
 * What of the screen lies under the floating add buttons: its words as they are drawn (a row's
 * empty right-hand side would not matter, its words do) and its controls (a plan card's menu
 * button is an icon). Text only a screen reader hears (one pixel, clipped) does not count.
 */
async function underAddButtons(page: Page): Promise<string[]> {
  return page.evaluate(() => {
    const buttons = ["Add a plan", "Add by voice"].map((name) => {
      const button = document.querySelector(`button[aria-label="${name}"]`);
      if (!button) throw new Error(`no "${name}" button`);
      return button;
    });
    const boxes = buttons.map((button) => button.getBoundingClientRect());
    const own = buttons[0]?.parentElement;
    const main = document.getElementById("main");
    if (!main || !own) throw new Error("no main");
    const under = (rect: DOMRect) =>
      rect.width > 1 &&
      rect.height > 1 &&
      boxes.some(
        (box) =>
          rect.left < box.right &&
          rect.right > box.left &&
          rect.top < box.bottom &&
          rect.bottom > box.top,
      );
    const covered: string[] = [];
    const walker = document.createTreeWalker(main, NodeFilter.SHOW_TEXT);
    for (let node = walker.nextNode(); node; node = walker.nextNode()) {
      const text = node.textContent?.trim();
      if (!text || own.contains(node)) continue;
      const range = document.createRange();
      range.selectNodeContents(node);
      if ([...range.getClientRects()].some(under)) covered.push(text);
    }
    for (const control of main.querySelectorAll("a, button, input, select, textarea")) {
      if (own.contains(control) || !under(control.getBoundingClientRect())) continue;
      covered.push(
        `${control.tagName.toLowerCase()} ${control.getAttribute("aria-label") ?? control.textContent?.trim()}`,
      );
    }
    return covered;
  });
}

/** Rows of `list` whose content is wider than the row (the part past its end is cut off). */
async function overflowingRows(list: Locator): Promise<string[]> {
  return list.evaluate((element) => {
    const card = element.getBoundingClientRect();
    return [...element.querySelectorAll("a")]
      .filter(
        (row) =>
          row.scrollWidth > row.clientWidth + 1 || row.getBoundingClientRect().right > card.right,
      )
      .map((row) => `${row.textContent} (${Math.round(row.getBoundingClientRect().width)} px)`);
  });
}

/** How many lines `words` are drawn on inside `element`. */
async function linesOf(element: Locator, words: string): Promise<number> {
  return element.evaluate((node, wanted) => {
    const walker = document.createTreeWalker(node, NodeFilter.SHOW_TEXT);
    for (let text = walker.nextNode(); text; text = walker.nextNode()) {
      const at = text.textContent?.replace(/\s/g, " ").indexOf(wanted) ?? -1;
      if (at < 0) continue;
      const range = document.createRange();
      range.setStart(text, at);
      range.setEnd(text, at + wanted.length);
      return new Set([...range.getClientRects()].map((rect) => Math.round(rect.top))).size;
    }
    throw new Error(`"${wanted}" is not there`);
  }, words);
}

/** Where two boxes overlap, or null. */
async function overlap(a: Locator, b: Locator): Promise<string | null> {
  const [one, two] = await Promise.all([a.boundingBox(), b.boundingBox()]);
  if (!one || !two) throw new Error("a box is not on screen");
  const apart =
    one.x + one.width <= two.x ||
    two.x + two.width <= one.x ||
    one.y + one.height <= two.y ||
    two.y + two.height <= one.y;
  return apart ? null : `${JSON.stringify(one)} over ${JSON.stringify(two)}`;
}

describe("a phone 390 px wide", () => {
  it("fits the dashboard and Upcoming Week, and their end scrolls clear of the add buttons", async () => {
    const { user } = await familyWithABusyDay();
    const page = await suite.signedInPage(user, "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    const week = page.getByRole("region", { name: "Upcoming Week" });
    await week.getByText("Piano 8").waitFor();

    expect(await sidewaysOverflow(page)).toBe(0);
    expect(await overflowingRows(week)).toEqual([]);
    await scrollToEnd(page);
    expect(await underAddButtons(page)).toEqual([]);
    await saveScreen(page, "01-dashboard");
  });

  it("keeps the day view's date whole on its line", async () => {
    const { user } = await familyWithABusyDay();
    // A Wednesday in November, with the Today button beside it: the longest the header gets.
    const page = await suite.signedInPage(user, "/dashboard?date=2027-11-24");
    const header = page.getByText("Wednesday, November 24", { exact: true });
    await header.waitFor();
    await page.getByRole("button", { name: "Today" }).waitFor();

    // Where the header breaks depends on the width and the phone's font: every phone width.
    for (const width of [320, 360, 390, 414, 440]) {
      await page.setViewportSize({ width, height: 844 });
      expect(await linesOf(header, "November 24"), `${width} px`).toBe(1);
      expect(await sidewaysOverflow(page), `${width} px`).toBe(0);
    }
    await page.setViewportSize(MOBILE);
    await saveScreen(page, "02-day-header", { fullPage: false });
  });

  it("ends My Day's long list and a circle's Next Days clear of the add buttons", async () => {
    const { user, circle } = await familyWithABusyDay();
    const page = await suite.signedInPage(user, "/plans");
    await page.getByRole("heading", { level: 1, name: "My Day" }).waitFor();
    await page.getByText("Piano 17").first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await scrollToEnd(page);
    expect(await underAddButtons(page)).toEqual([]);
    await saveScreen(page, "03-my-day-end", { fullPage: false });

    await page.goto(`/circle/${circle.id}`);
    await page.getByRole("heading", { level: 1, name: circle.name }).waitFor();
    await page.getByText("Piano 17").first().waitFor();
    expect(await sidewaysOverflow(page)).toBe(0);
    await scrollToEnd(page);
    expect(await underAddButtons(page)).toEqual([]);
    await saveScreen(page, "04-circle-end", { fullPage: false });
  });

  it("lines paired fields up when one of them shows an error (where they pair, from 640 px)", async () => {
    const user = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const page = await suite.signedInPage(user, "/profile");
    await page.setViewportSize({ width: 700, height: 844 });
    const first = page.getByLabel("First Name");
    const last = page.getByLabel("Last Name");
    await first.fill("");
    await page.getByRole("button", { name: "Save Changes" }).click();
    await page.getByText("First name is required").waitFor();

    const [one, two] = await Promise.all([first.boundingBox(), last.boundingBox()]);
    expect(two?.x).toBeGreaterThan((one?.x ?? 0) + (one?.width ?? 0));
    expect(two?.y).toBe(one?.y);
    await page.setViewportSize(MOBILE);
  });

  it("shows a failure toast and then a success toast clear of the dialog's title and first field", async () => {
    const { user, circle } = await familyWithABusyDay();
    const page = await suite.signedInPage(user, "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    await page.getByRole("button", { name: "Add a plan" }).click();
    const dialog = page.getByRole("dialog", { name: "Create Plan" });
    const heading = dialog.getByRole("heading", { name: "Create Plan" });
    const sentence = dialog.getByRole("textbox", { name: "Describe your plan" });
    await sentence.fill("Dentist tomorrow at 10am");

    // No circle chosen on the dashboard: a failure toast, over the text step.
    await sentence.press("Enter");
    const toast = frontToast(page);
    await toast.getByText("Circle required").waitFor();
    await settleScreen(page);
    expect(await overlap(toast, heading)).toBeNull();
    expect(await overlap(toast, sentence)).toBeNull();
    await saveScreen(page, "05-failure-toast-over-dialog", { fullPage: false });

    // The sentence read, the form follows with the success toast. (That a success ends the
    // failure before it is toaster.test.tsx's: here the failure's own 5 seconds could end it.)
    await dialog.getByLabel("Circle").selectOption({ label: circle.name });
    await sentence.press("Enter");
    const title = dialog.getByLabel("Title", { exact: true });
    await title.waitFor();
    await toast.getByText("Event parsed successfully").waitFor();
    await settleScreen(page);
    expect(await overlap(toast, heading)).toBeNull();
    expect(await overlap(toast, title)).toBeNull();
    await saveScreen(page, "06-toast-over-form", { fullPage: false });
  });
});
