// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Every member sees the plan (issue 20): a second member of the circle, in her own browser,
 * taps the first member's plan on her dashboard and reads its details (when in words, how it
 * repeats, the place and its map link, the description's lines, the attachment to open, the
 * circle, who made it), and a task's details with her own answer's note; the sheet closes on
 * Escape. The plan's creator finds Edit there. Saved at phone size (a bottom sheet) and desktop
 * size (a dialog), in the light and the dark theme, each checked with axe (plan-details-*.png).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { isFocused, openPlanEditForm } from "./browser-steps";
import { adaAndBeaInACircle, createPlan, userIdOf } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { fullName } from "./test-users";
import { dayInWords, dayInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("plan-details");

/** The zone both people live in. */
const ZONE = "UTC";
/** Today in ZONE; the plans are late today, so they show on it. */
const today = dayInZone(ZONE);
const inWords = (options: Intl.DateTimeFormatOptions) => dayInWords(today, options);

function planCard(page: Page, title: string): Locator {
  return page.getByRole("article", { name: title });
}

/** The value a row of the details gives for `label`. */
function detail(sheet: Locator, label: string): Locator {
  return sheet.locator(`xpath=.//dt[normalize-space()="${label}"]/following-sibling::dd[1]`);
}

describe("a plan's details, for every member", () => {
  it("shows another member's plan and task to her, and Edit to its creator", async () => {
    const { ada, bea, adaApi, beaApi, circle } = await adaAndBeaInACircle(suite.apiAs);

    const swim = await createPlan(adaApi, circle, {
      title: "Swimming lessons",
      startTime: `${today}T23:00:00.000Z`,
      endTime: `${today}T23:45:00.000Z`,
      description: "Bring goggles.\nTowels are in the blue bag.",
      location: "Leisure centre, Mill Road",
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceCount: 5,
    });
    const upload = await adaApi.post(`/api/events/${swim.id}/attachments`, {
      multipart: {
        file: { name: "Timetable.txt", mimeType: "text/plain", buffer: Buffer.from("Lane 3\n") },
      },
    });
    expect(upload.status()).toBe(201);
    const chore = await createPlan(adaApi, circle, {
      title: "Pack the swim bag",
      startTime: `${today}T22:00:00.000Z`,
      assignedTo: await userIdOf(beaApi),
    });
    const answer = await beaApi.post(`/api/tasks/${chore.id}/accept`, {
      data: { note: "Done by nine\nafter homework" },
    });
    expect(answer.status()).toBe(200);

    // Bea, in her own browser, taps Ada's plan.
    const page = await suite.signedInPage(bea, "/dashboard");
    await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    const title = planCard(page, "Swimming lessons").getByRole("button", {
      name: "Swimming lessons",
      exact: true,
    });
    await title.click();
    const sheet = page.getByRole("dialog", { name: "Swimming lessons" });
    await sheet.getByText(inWords({ dateStyle: "full" })).waitFor();
    await sheet.getByText("23:00 to 23:45").waitFor();
    const weekday = inWords({ weekday: "long" });
    expect(await detail(sheet, "Repeats").textContent()).toBe(`Every week on ${weekday}, 5 times`);
    // innerText: the lines as the page shows them (white-space), not only as the text holds them.
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered line breaks are the point
    expect(await detail(sheet, "Description").innerText()).toBe(
      "Bring goggles.\nTowels are in the blue bag.",
    );
    const map = sheet.getByRole("link", { name: /Open in maps/ });
    expect(await map.getAttribute("href")).toBe(
      "https://www.google.com/maps/search/?api=1&query=Leisure+centre%2C+Mill+Road",
    );
    const file = sheet.getByRole("link", { name: "Timetable.txt" });
    const served = await page.context().request.get((await file.getAttribute("href")) ?? "");
    expect(served.status()).toBe(200);
    expect(await served.text()).toBe("Lane 3\n");
    expect(await detail(sheet, "Circle").textContent()).toBe("The Lovelaces");
    expect(await detail(sheet, "Created by").textContent()).toMatch(
      new RegExp(`^${fullName(ada)} · `),
    );
    expect(await sheet.getByRole("button", { name: "Edit" }).count()).toBe(0);
    expect(await sheet.getByRole("button", { name: "Delete" }).count()).toBe(0);
    await saveScreen(page, "01-member-sheet", { fullPage: false, desktop: true });

    await page.keyboard.press("Escape");
    await sheet.waitFor({ state: "detached" });
    expect(await isFocused(title)).toBe(true);

    // Her task, with her answer's note, in the dark theme too.
    await page.evaluate(() => localStorage.setItem("theme", "dark"));
    await page.reload();
    const choreCard = planCard(page, "Pack the swim bag");
    await choreCard.locator("p", { hasText: "Note: Done by nine" }).waitFor();
    await choreCard.getByRole("button", { name: "Pack the swim bag", exact: true }).click();
    const task = page.getByRole("dialog", { name: "Pack the swim bag" });
    const assigned = detail(task, "Assigned to");
    await assigned.getByText("Accepted", { exact: true }).waitFor();
    // biome-ignore lint/performance/useDomNodeTextContent: the rendered line breaks are the point
    expect(await assigned.locator("p", { hasText: /^Note:/ }).innerText()).toBe(
      "Note: Done by nine\nafter homework",
    );
    expect(await detail(task, "Last changed by").textContent()).toMatch(
      new RegExp(`^${fullName(bea)} · `),
    );
    await saveScreen(page, "02-task-sheet-dark", { fullPage: false, desktop: true });

    // Ada, the plan's creator, finds Edit (and Delete) in the same sheet.
    const adaPage = await suite.signedInPage(ada, "/dashboard");
    await adaPage.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
    const mine = planCard(adaPage, "Swimming lessons");
    await mine.getByRole("button", { name: "Swimming lessons", exact: true }).click();
    const own = adaPage.getByRole("dialog", { name: "Swimming lessons" });
    await own.getByRole("button", { name: "Delete" }).waitFor();
    await saveScreen(adaPage, "03-creator-sheet", { fullPage: false });
    await own.getByRole("button", { name: "Close" }).click();
    const form = await openPlanEditForm(adaPage, mine, "Swimming lessons");
    expect(await form.getByLabel("Title", { exact: true }).inputValue()).toBe("Swimming lessons");
  });
});
