// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Plans in real browsers (plans spec, sections 2, 4, 5, 6 and 8): adding, editing and deleting
 * a plan with the dialog on the dashboard; a task assigned in the form and answered by its
 * assignee in their own browser (accepted with a note, another declined with a reason), then
 * completed from the to-do list; a weekly series on the dashboard's Upcoming Week with one
 * occurrence moved ("This event"). People and circles are set up through the REST door. Every
 * screen is checked with axe and saved at phone and desktop size (plans-*.png).
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast, openPlanEditForm } from "./browser-steps";
import { createCircle, createPlan, joinCircle, userIdOf } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, fullName, type TestUser } from "./test-users";
import { dayInWords, dayInZone, instantInZone } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("plans");

/** Every person here lives in one zone, the one their days and times are read in. */
const ZONE = "America/New_York";

/** Someone living in ZONE. */
function person(firstName: string, lastName: string): Promise<TestUser> {
  return createVerifiedUser({ firstName, lastName, timeZone: ZONE });
}

function planCard(page: Page, title: string): Locator {
  return page.getByRole("article", { name: title });
}

async function dashboard(page: Page): Promise<void> {
  await page.getByRole("heading", { level: 1, name: "Your Day at a Glance" }).waitFor();
}

describe("plans in the browser", () => {
  it("adds, edits and deletes a plan on the dashboard", async () => {
    const ada = await person("Ada", "Lovelace");
    await createCircle(await suite.apiAs(ada), { name: "The Lovelaces", type: "family" });
    const page = await suite.signedInPage(ada, "/dashboard");
    await dashboard(page);
    await page
      .getByText("Your schedule is clear for today. Perfect time to plan something new!")
      .waitFor();
    await page.getByRole("heading", { name: "Upcoming Week" }).waitFor();
    await saveScreen(page, "01-dashboard-empty", { desktop: true });

    await page.getByRole("button", { name: "Add a plan" }).click();
    const create = page.getByRole("dialog", { name: "Create Plan" });
    // The dialog opens on its free-text step (plan-text-entry.e2e.test.ts); this is the form.
    // Its validation messages are checked in plan-dialog.test.tsx.
    await create.getByRole("button", { name: "Manual Form" }).click();
    await create.getByLabel("Title", { exact: true }).fill("Family dinner");
    await create.getByLabel("Time", { exact: true }).fill("19:00");
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    await create.getByLabel("Location").fill("Gran's house");
    // The defaults: 2 hours and 24 hours before.
    expect(await create.getByLabel("Reminder 1", { exact: true }).inputValue()).toBe(
      "2 hours before",
    );
    expect(await create.getByLabel("Reminder 2", { exact: true }).inputValue()).toBe(
      "24 hours before",
    );
    await saveScreen(page, "02-create-form");
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    await create.waitFor({ state: "detached" });

    const card = planCard(page, "Family dinner");
    await card.getByText("19:00").waitFor();
    await card.getByText("The Lovelaces").waitFor();
    await card.getByText(`By: ${fullName(ada)}`).waitFor();
    await card.getByText("Gran's house").waitFor();
    await page.getByText("You have 1 event planned for today.").waitFor();
    await saveScreen(page, "03-dashboard-one-plan");

    // Tapping the card opens its details; Edit there opens the form for its creator.
    const edit = await openPlanEditForm(page, card, "Family dinner");
    expect(await edit.getByLabel("Title", { exact: true }).inputValue()).toBe("Family dinner");
    expect(await edit.getByLabel("Time", { exact: true }).inputValue()).toBe("19:00");
    await edit.getByLabel("Title", { exact: true }).fill("Family dinner at Gran's");
    await edit.getByLabel("Time", { exact: true }).fill("18:30");
    await saveScreen(page, "04-edit-form");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();
    const edited = planCard(page, "Family dinner at Gran's");
    await edited.getByText("18:30").waitFor();

    await edited.getByRole("button", { name: "More actions for Family dinner at Gran's" }).click();
    await page.getByRole("menuitem", { name: "Delete" }).click();
    const confirm = page.getByRole("alertdialog", { name: "Delete Event" });
    await confirm.getByText("Are you sure you want to delete this event?").waitFor();
    await saveScreen(page, "05-delete-confirm");
    await confirm.getByRole("button", { name: "Delete" }).click();
    await frontToast(page).getByText("Event deleted!").waitFor();
    await edited.waitFor({ state: "detached" });
    await page
      .getByText("Your schedule is clear for today. Perfect time to plan something new!")
      .waitFor();
  });

  it("assigns tasks that the assignee accepts, declines and completes in their own browser", async () => {
    const [ada, bea] = await Promise.all([person("Ada", "Lovelace"), person("Bea", "Byron")]);
    const adaApi = await suite.apiAs(ada);
    const circle = await createCircle(adaApi, { name: "The Lovelaces", type: "family" });
    await joinCircle(adaApi, circle, bea, await suite.apiAs(bea));
    const beaId = await userIdOf(await suite.apiAs(bea));

    // Ada assigns one task in the form; the other is set up through the API.
    const adaPage = await suite.signedInPage(ada, "/dashboard");
    await dashboard(adaPage);
    await adaPage.getByRole("button", { name: "Add a plan" }).click();
    const create = adaPage.getByRole("dialog", { name: "Create Plan" });
    await create.getByRole("button", { name: "Manual Form" }).click();
    await create.getByLabel("Title", { exact: true }).fill("Pick up groceries");
    await create.getByLabel("Time", { exact: true }).fill("17:00");
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    const assignee = create.getByLabel("Assign to");
    // Members of the circle, never oneself when creating; the admin is marked.
    await expect
      .poll(() => assignee.locator("option").allTextContents())
      .toEqual(["Nobody", fullName(bea)]);
    await assignee.selectOption({ label: fullName(bea) });
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(adaPage).getByText("Event created successfully").waitFor();
    const assigned = planCard(adaPage, "Pick up groceries");
    await assigned.getByText(`For: ${fullName(bea)}`).waitFor();
    await assigned.getByText("Pending", { exact: true }).waitFor();

    await createPlan(adaApi, circle, {
      title: "Mow the lawn",
      // Today in their zone, whatever the hour: two hours from now was tomorrow after 22:00.
      startTime: instantInZone(dayInZone(ZONE), "18:00", ZONE).toISOString(),
      assignedTo: beaId,
    });

    // Bea, in her own browser: both tasks wait for her answer.
    const beaPage = await suite.signedInPage(bea, "/dashboard");
    await dashboard(beaPage);
    const groceries = planCard(beaPage, "Pick up groceries");
    const lawn = planCard(beaPage, "Mow the lawn");
    await groceries.getByRole("button", { name: "Accept" }).waitFor();
    await lawn.getByRole("button", { name: "Decline" }).waitFor();
    // Not hers to edit: no menu.
    expect(await groceries.getByRole("button", { name: /More actions/ }).count()).toBe(0);
    await saveScreen(beaPage, "06-assignee-pending");
    // The amber cards in the dark theme too (the theme is stored under 'theme').
    await beaPage.evaluate(() => localStorage.setItem("theme", "dark"));
    await beaPage.reload();
    await groceries.getByRole("button", { name: "Accept" }).waitFor();
    await saveScreen(beaPage, "06-assignee-pending-dark");

    await groceries.getByRole("button", { name: "Accept" }).click();
    const accept = beaPage.getByRole("dialog", { name: "Accept Task" });
    await accept.getByText(fullName(ada)).waitFor();
    await accept.getByLabel("Add a note (optional)").fill("On my way home");
    await saveScreen(beaPage, "07-accept-dialog");
    await accept.getByRole("button", { name: "Accept" }).click();
    await frontToast(beaPage).getByText("Task accepted!").waitFor();
    await groceries.getByText("Accepted", { exact: true }).waitFor();

    await lawn.getByRole("button", { name: "Decline" }).click();
    const decline = beaPage.getByRole("dialog", { name: "Decline Task" });
    const declineButton = decline.getByRole("button", { name: "Decline" });
    expect(await declineButton.isDisabled()).toBe(true);
    await decline.getByLabel("Reason for declining").fill("   ");
    expect(await declineButton.isDisabled()).toBe(true);
    await decline.getByLabel("Reason for declining").fill("I'm away that day");
    await saveScreen(beaPage, "08-decline-dialog");
    await declineButton.click();
    await frontToast(beaPage).getByText("Task declined").waitFor();
    await lawn.getByText("Declined", { exact: true }).waitFor();

    // The accepted task is hers to complete, from the to-do list.
    await beaPage.goto("/todos");
    await beaPage.getByRole("heading", { level: 1, name: "To-dos" }).waitFor();
    const todo = planCard(beaPage, "Pick up groceries");
    expect(await planCard(beaPage, "Mow the lawn").count()).toBe(0);
    await saveScreen(beaPage, "09-todos");
    await todo.getByRole("checkbox", { name: "Pick up groceries completed" }).check();
    await frontToast(beaPage).getByText("Task completed!").waitFor();
    await beaPage.getByRole("button", { name: "Done (1)" }).waitFor();

    // Ada sees the answers and the completion.
    await adaPage.reload();
    await dashboard(adaPage);
    await planCard(adaPage, "Pick up groceries").getByText("Completed", { exact: true }).waitFor();
    await planCard(adaPage, "Mow the lawn").getByText("Declined", { exact: true }).waitFor();
    await adaPage.goto("/plans");
    await adaPage.getByRole("heading", { level: 1, name: "My Day" }).waitFor();
    await adaPage.getByRole("heading", { name: "Next 7 days" }).waitFor();
    await saveScreen(adaPage, "10-my-day");
  });

  it("shows a weekly series on the Upcoming Week and moves one occurrence", async () => {
    const ada = await person("Ada", "Lovelace");
    await createCircle(await suite.apiAs(ada), { name: "The Lovelaces", type: "family" });
    const today = dayInZone(ZONE);
    const tomorrow = dayInZone(ZONE, 1);
    const nextWeek = dayInZone(ZONE, 7);

    const page = await suite.signedInPage(ada, "/dashboard");
    await dashboard(page);
    await page.getByRole("button", { name: "Add a plan" }).click();
    const create = page.getByRole("dialog", { name: "Create Plan" });
    await create.getByRole("button", { name: "Manual Form" }).click();
    await create.getByLabel("Title", { exact: true }).fill("Swimming lessons");
    await create.getByLabel("Time", { exact: true }).fill("07:00");
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    await create.getByLabel("Repeat").selectOption("weekly");
    // Weekly starts on the plan date's weekday.
    const weekday = dayInWords(today, { weekday: "long" });
    expect(await create.getByRole("checkbox", { name: weekday }).isChecked()).toBe(true);
    await create.getByRole("radio", { name: "After a number of times" }).check();
    await create.getByLabel("Number of times", { exact: true }).selectOption("5");
    await saveScreen(page, "11-create-weekly");
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();

    // Today's occurrence on the day list, next week's on the Upcoming Week.
    await planCard(page, "Swimming lessons").getByText("07:00").waitFor();
    const week = page.getByRole("region", { name: "Upcoming Week" });
    const nextWeekLink = week.getByRole("link", { name: /Swimming lessons/ });
    await nextWeekLink.waitFor();
    expect(await nextWeekLink.getAttribute("href")).toContain(`date=${nextWeek}`);
    await saveScreen(page, "12-upcoming-week-series");

    // Today's occurrence moves to tomorrow, on its own.
    const edit = await openPlanEditForm(
      page,
      planCard(page, "Swimming lessons"),
      "Swimming lessons",
    );
    await edit.getByRole("button", { name: /^Date:/ }).click();
    const tomorrowCell = page.locator(`[data-day="${tomorrow}"] button`);
    if (!(await tomorrowCell.isVisible())) {
      await page.getByRole("button", { name: /next month/i }).click();
    }
    await tomorrowCell.click();
    await edit.getByRole("button", { name: "Save Changes" }).click();
    const scope = page.getByRole("dialog", { name: "Edit recurring event" });
    await scope.getByRole("radio", { name: "This event" }).waitFor();
    await scope.getByRole("radio", { name: "This and following events" }).waitFor();
    await scope.getByRole("radio", { name: "All events" }).waitFor();
    await saveScreen(page, "13-edit-scope");
    await scope.getByRole("radio", { name: "This event" }).check();
    await scope.getByRole("button", { name: "OK" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();

    await planCard(page, "Swimming lessons").waitFor({ state: "detached" });
    await page
      .getByText("Your schedule is clear for today. Perfect time to plan something new!")
      .waitFor();
    const moved = week.getByRole("link", { name: /Swimming lessons/ });
    await expect.poll(() => moved.count()).toBe(2);
    const targets = await moved.evaluateAll((links) =>
      links.map((link) => link.getAttribute("href") ?? ""),
    );
    expect(targets.map((href) => new URL(href, "http://x").searchParams.get("date"))).toEqual([
      tomorrow,
      nextWeek,
    ]);
    await saveScreen(page, "14-occurrence-moved");

    // The moved occurrence opens on its day, pointed at.
    await moved.first().click();
    await page.waitForURL((url) => url.searchParams.get("date") === tomorrow);
    const pointed = planCard(page, "Swimming lessons");
    await expect.poll(() => pointed.getAttribute("data-highlighted")).toBe("true");
  });
});
