/**
 * A plan's end time in a real browser (issue 21, "End time"): typed in the form after its time,
 * shown as a range in the day's list and the week, refused in the form before the start (focus
 * on the field, defect 3), and cleared in the edit form; Escape gives focus back to the button
 * that opened the dialog. On the same week, a time grid on the desktop (issue 21, "Move by
 * dragging"): a plan dragged with the mouse to another day and time stays there after a reload, and one occurrence of a series moved by the keyboard ("This event") is put back by
 * Undo. The person, circle and series are set up through the REST door.
 */
import { describe, expect, it } from "vitest";
import { frontToast, isFocused, openPlanEditForm } from "./browser-steps";
import { createCircle, createPlan } from "./circle-setup";
import { DESKTOP, useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";
import { addDays, dayInWords, dayInZone, instantInZone, weekdayOf } from "./zoned-time";

const suite = useBrowserSuite();
const saveScreen = useScreens("plan-end-time");

const ZONE = "Europe/Berlin";

const fullDate = (day: string) =>
  dayInWords(day, { weekday: "long", month: "long", day: "numeric", year: "numeric" });
/** `time` ("HH:mm") on `day` in Berlin, as an ISO instant. */
const berlinAt = (day: string, time: string) => instantInZone(day, time, ZONE).toISOString();

describe("a plan's end time", () => {
  it("is typed in the form, shown as a range in the day's list and the week, and cleared", async () => {
    const ada = await createVerifiedUser({ firstName: "Ada", timeZone: ZONE });
    const api = await suite.apiAs(ada);
    const circle = await createCircle(api, { name: "The Lovelaces", type: "family" });
    // Tomorrow in ZONE: a day whose plans are all ahead, whenever the suite runs.
    const day = dayInZone(ZONE, 1);
    // Every day from tomorrow at 16:00, no end: the week's earliest plan, where the grid opens.
    await createPlan(api, circle, {
      title: "Piano practice",
      startTime: berlinAt(day, "16:00"),
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceFrequency: 1,
    });
    // Beside the swimming lesson in the grid, and dragged away from it.
    await createPlan(api, circle, {
      title: "Homework club",
      startTime: berlinAt(day, "17:00"),
      endTime: berlinAt(day, "18:00"),
    });
    const page = await suite.signedInPage(ada, `/plans?date=${day}`);
    await page.getByRole("heading", { level: 1, name: "My Day" }).waitFor();

    const add = page.getByRole("button", { name: "Add a plan" });
    await add.click();
    const create = page.getByRole("dialog", { name: "Create Plan" });
    // Escape gives focus back to what opened the dialog (defect 3).
    await create.waitFor();
    await page.keyboard.press("Escape");
    await create.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(add)).toBe(true);
    await add.click();
    await create.getByRole("button", { name: "Manual Form" }).click();
    await create.getByLabel("Title", { exact: true }).fill("Swimming lesson");
    await create.getByLabel("Time", { exact: true }).fill("17:00");
    const end = create.getByLabel(/End time/);
    await end.fill("16:30");
    await create.getByLabel("Circle").selectOption({ label: "The Lovelaces" });
    await create.getByRole("button", { name: "Save Changes" }).click();
    await create.getByText("The end cannot be before the start.").waitFor();
    // The first field in error has focus (defect 3), scrolled into view.
    await expect.poll(() => isFocused(end)).toBe(true);
    await saveScreen(page, "01-end-before-start", { fullPage: false });

    await end.fill("18:30");
    await create.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event created successfully").waitFor();
    await create.waitFor({ state: "detached" });
    const card = page.getByRole("article", { name: "Swimming lesson" });
    await card.getByText("17:00–18:30").waitFor();
    await saveScreen(page, "02-day-list");

    const week = await suite.signedInPage(ada, "/planner", { viewport: DESKTOP });
    // Weeks start on Sunday for Ada: on a Saturday, tomorrow is in the next week.
    const showTomorrow = async () => {
      await week.getByRole("heading", { level: 1, name: "Planner" }).waitFor();
      if (weekdayOf(day) === 0) {
        await week.getByRole("button", { name: "Next week" }).click();
      }
    };
    await showTomorrow();
    const tomorrowsPlans = week.getByRole("list", { name: fullDate(day) });
    await tomorrowsPlans
      .getByRole("button", { name: /Swimming lesson/ })
      .getByText("17:00–18:30")
      .waitFor();
    await saveScreen(week, "03-week", { desktop: true });
    await week.setViewportSize(DESKTOP);

    // Dragged with the mouse to the next day of the week shown (the day before on its last
    // day), 96 px down: an hour is 64 px, so 18:30, its length kept.
    const target = weekdayOf(day) === 6 ? addDays(day, -1) : addDays(day, 1);
    const from = await tomorrowsPlans.getByRole("button", { name: /Homework club/ }).boundingBox();
    const to = await week.getByRole("heading", { level: 2, name: fullDate(target) }).boundingBox();
    if (!from || !to) throw new Error("the plan or its target day is not on screen");
    const startX = from.x + from.width / 2;
    const startY = from.y + 10;
    await week.mouse.move(startX, startY);
    await week.mouse.down();
    await week.mouse.move(startX, startY + 20, { steps: 4 });
    await week.mouse.move(to.x + to.width / 2, startY + 96, { steps: 8 });
    await week.mouse.up();
    await frontToast(week).getByText("Plan moved").waitFor();
    await week.reload();
    await showTomorrow();
    await week
      .getByRole("list", { name: fullDate(target) })
      .getByRole("button", { name: /Homework club/ })
      .getByText("18:30–19:30")
      .waitFor();

    // One occurrence of the series, by the keyboard: Shift+Down is 15 minutes later, "This
    // event" (the scope dialog's first choice) moves it alone, and Undo puts it back.
    const piano = tomorrowsPlans.getByRole("button", { name: /Piano practice/ });
    await piano.focus();
    await week.keyboard.press("Shift+ArrowDown");
    const scope = week.getByRole("dialog", { name: "Edit recurring event" });
    await scope.getByRole("radio", { name: "This event", checked: true }).waitFor();
    await scope.getByRole("button", { name: "OK" }).click();
    await frontToast(week).getByText("Plan moved").waitFor();
    await piano.getByText("16:15").waitFor();
    await expect.poll(() => isFocused(piano)).toBe(true);
    await frontToast(week).getByRole("button", { name: "Undo" }).click();
    await frontToast(week).getByText("Move undone").waitFor();
    await piano.getByText("16:00", { exact: true }).waitFor();

    const edit = await openPlanEditForm(page, card, "Swimming lesson");
    await edit.getByLabel(/End time/).fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();
    await card.getByText("17:00", { exact: true }).waitFor();
  });
});
