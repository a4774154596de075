/**
 * A plan's end time in a real browser (issue 21, "End time"): typed in the form after its time,
 * shown as a range in the day's list and the week, refused in the form before the start (focus
 * on the field, defect 3), and cleared in the edit form; Escape gives focus back to the button
 * that opened the dialog. The person and circle are set up through the REST door.
 */
import { describe, expect, it } from "vitest";
import { frontToast, isFocused, openPlanEditForm } from "./browser-steps";
import { createCircle } from "./circle-setup";
import { DESKTOP, useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("plan-end-time");

const ZONE = "Europe/Berlin";

/** Tomorrow in ZONE: a day whose plans are all ahead, whenever the suite runs. */
function tomorrow(): string {
  const today = new Intl.DateTimeFormat("en-CA", { timeZone: ZONE }).format(new Date());
  const [y, m, d] = today.split("-").map(Number);
  return new Date(Date.UTC(y ?? 0, (m ?? 1) - 1, (d ?? 1) + 1)).toISOString().slice(0, 10);
}

describe("a plan's end time", () => {
  it("is typed in the form, shown as a range in the day's list and the week, and cleared", async () => {
    const ada = await createVerifiedUser({ firstName: "Ada", timeZone: ZONE });
    await createCircle(await suite.apiAs(ada), { name: "The Lovelaces", type: "family" });
    const day = tomorrow();
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
    await week.getByRole("heading", { level: 1, name: "Planner" }).waitFor();
    await week
      .getByRole("button", { name: /Swimming lesson/ })
      .getByText("17:00–18:30")
      .waitFor();
    await saveScreen(week, "03-week", { desktop: true });

    const edit = await openPlanEditForm(page, card, "Swimming lesson");
    await edit.getByLabel(/End time/).fill("");
    await edit.getByRole("button", { name: "Save Changes" }).click();
    await frontToast(page).getByText("Event updated successfully").waitFor();
    await card.getByText("17:00", { exact: true }).waitFor();
  });
});
