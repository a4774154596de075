/**
 * Search in a real browser (issue 21, decision 020): a family member on a phone opens the
 * header's search, types "dentist", sees the plan under its day among the upcoming results (a
 * past visit under Past, a plan without the word nowhere), opens it and lands on its day in its
 * circle. The results are checked with axe and saved at phone and desktop size (search-*.png);
 * the header with its search button still fits every phone's width.
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { sidewaysOverflow } from "./browser-steps";
import { adaAndBeaInACircle, createPlan } from "./circle-setup";
import { MOBILE, useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { dayInWords, dayInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("search");

/** The zone both people live in. */
const ZONE = "UTC";

/** "Monday, November 30": how the results name a day. */
function longDay(day: string): string {
  return dayInWords(day, { weekday: "long", month: "long", day: "numeric" });
}

async function searchFromHeader(page: Page, words: string): Promise<void> {
  await page.getByRole("button", { name: "Search plans" }).click();
  const field = page.getByRole("search", { name: "Plans" }).getByRole("searchbox");
  await field.fill(words);
  await field.press("Enter");
}

describe("search in the browser", () => {
  it('a member types "dentist" in the header, sees the plan under its day and opens it there', async () => {
    const { adaApi, bea, circle } = await adaAndBeaInACircle((user) => suite.apiAs(user));
    const visit = dayInZone(ZONE, 5);
    const dentist = await createPlan(adaApi, circle, {
      title: "Dentist",
      location: "Smile Clinic",
      startTime: `${visit}T15:00:00.000Z`,
    });
    const before = dayInZone(ZONE, -20);
    await createPlan(adaApi, circle, {
      title: "Dentist check-up",
      startTime: `${before}T09:00:00.000Z`,
    });
    await createPlan(adaApi, circle, {
      title: "Piano lesson",
      startTime: `${visit}T17:00:00.000Z`,
    });

    const page = await suite.signedInPage(bea, "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    // The header's search button takes room: every phone width still has nothing to scroll sideways.
    for (const width of [320, 360, 390, 414, 440]) {
      await page.setViewportSize({ width, height: 800 });
      expect(await sidewaysOverflow(page), `${width} px`).toBe(0);
    }
    await page.setViewportSize(MOBILE);

    await searchFromHeader(page, "dentist");
    await page.waitForURL((url) => url.pathname === "/search");
    expect(new URL(page.url()).searchParams.get("q")).toBe("dentist");
    await page.getByRole("heading", { level: 1, name: "Search" }).waitFor();
    const upcoming = page.getByRole("region", { name: "Upcoming" });
    await upcoming.getByRole("heading", { level: 3, name: longDay(visit) }).waitFor();
    const result = upcoming.getByRole("link", { name: /Dentist/ });
    expect(await result.count()).toBe(1);
    const past = page.getByRole("region", { name: "Past" });
    await past.getByRole("link", { name: /Dentist check-up/ }).waitFor();
    expect(await page.getByText("Piano lesson").count()).toBe(0);
    await saveScreen(page, "01-results", { desktop: true });

    await result.click();
    await page.waitForURL((url) => url.pathname === `/circle/${circle.id}`);
    const opened = new URL(page.url()).searchParams;
    expect(opened.get("date")).toBe(visit);
    expect(Number(opened.get("eventId"))).toBe(dentist.id);
    await page.getByRole("article", { name: "Dentist" }).waitFor();
    await saveScreen(page, "02-opened");
  });
});
