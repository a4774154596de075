// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Steps the browser-test files share: what a person does on the auth screen, opening a plan's
 * edit form, where things are on screen (the toast, the circle strip, the focus), when a screen
 * is still enough to check, and where the app complains (console messages about the security
 * policy).
 */
import type { Locator, Page } from "playwright-core";
import type { TestUser } from "./test-users";

/**
 * The newest toast. Sonner shows one at a time but keeps older ones mounted behind it, newest
 * first, so "the toast says X" means the first item of the notifications list.
 */
export function frontToast(page: Page): Locator {
  return page
    .getByRole("region", { name: /Notifications/ })
    .getByRole("listitem")
    .first();
}

/**
 * Opens a plan's edit form as its creator does it: tapping the plan on its card opens its
 * details, and Edit there the form. Answers the form.
 */
export async function openPlanEditForm(page: Page, card: Locator, title: string): Promise<Locator> {
  await card.getByRole("button", { name: title, exact: true }).click();
  await page.getByRole("dialog", { name: title }).getByRole("button", { name: "Edit" }).click();
  return page.getByRole("dialog", { name: "Edit Plan" });
}

/** The auth screen is up once its Login tab is shown (the spinner has gone). */
/**
 * Clicks a button at the end of a long page as a person does: scrolled to the middle first.
 * Playwright's own scrolling stops once the button is in the viewport, which can leave it
 * under the fixed bottom bar (and a toast above the bar) that take the click instead.
 */
export async function clickInView(button: Locator): Promise<void> {
  await button.evaluate((element) => element.scrollIntoView({ block: "center" }));
  await button.click();
}

export async function authScreen(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Login" }).waitFor();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
}

/** Logs in on the auth screen and waits for the signed-in shell on the dashboard. */
export async function signIn(page: Page, email: string, password: string): Promise<void> {
  await authScreen(page);
  await fillLogin(page, email, password);
  await page.waitForURL((url) => url.pathname === "/dashboard");
  await page.getByRole("heading", { name: "Dashboard" }).waitFor();
  await page.getByRole("button", { name: "User menu" }).waitFor();
}

/** Fills in the Register tab for `user`, everything but the Create Account press. */
export async function fillRegistration(page: Page, user: TestUser): Promise<void> {
  await page.getByRole("tab", { name: "Register" }).click();
  await page.getByLabel("Email").fill(user.email);
  await page.getByLabel("Password", { exact: true }).fill(user.password);
  await page.getByLabel("First Name").fill(user.firstName);
  await page.getByLabel("Last Name").fill(user.lastName);
  await page
    .getByRole("radio", { name: user.gender === "male" ? "Male" : "Female", exact: true })
    .check();
  await page.getByLabel("Country").selectOption(user.country);
  await page.getByLabel("City").fill(user.city);
  await page.getByLabel("Phone Number").fill(user.phoneNumber);
}

/**
 * The code the forgot-password dialog shows in sandbox mode (a person would copy it from
 * there, as no mail leaves the sandbox).
 */
export async function shownResetCode(dialog: Locator): Promise<string> {
  const note = await dialog.getByText(/Sandbox mode: your reset code is/).textContent();
  const code = note?.match(/\b\d{6}\b/)?.[0];
  if (!code) throw new Error(`no six-digit reset code in "${note}"`);
  return code;
}

/** The strip of circles the signed-in shell shows, with its Add button. */
export function circleStrip(page: Page): Locator {
  return page.getByRole("navigation", { name: "Circles" });
}

export async function isFocused(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => element === document.activeElement);
}

/** How far the page scrolls sideways: 0 when everything fits the screen's width. */
export async function sidewaysOverflow(page: Page): Promise<number> {
  return page.evaluate(
    () => document.documentElement.scrollWidth - document.documentElement.clientWidth,
  );
}

/**
 * Waits for a still screen: the pointer out of the way (no hover styles) and every animation
 * that ends, ended. Toasts and dialogs slide in, so a check or a shot taken sooner sees
 * half-transparent text (axe would measure its contrast). Spinners and the code field's caret
 * never end, so they are not waited for.
 */
export async function settleScreen(page: Page): Promise<void> {
  await page.mouse.move(0, 0);
  await page.evaluate(async () => {
    const frame = () => new Promise((resolve) => requestAnimationFrame(resolve));
    const ending = () =>
      document
        .getAnimations()
        .filter(
          (animation) =>
            animation.playState === "running" &&
            animation.effect?.getTiming().iterations !== Number.POSITIVE_INFINITY,
        );
    // An animation can start a frame after the one before it ends (a toast after a dialog
    // closes): still means two frames in a row with nothing left to end.
    for (let pending = ending(); ; pending = ending()) {
      if (pending.length === 0) {
        await frame();
        await frame();
        if (ending().length === 0) return;
        continue;
      }
      await Promise.all(pending.map((animation) => animation.finished.catch(() => {})));
    }
  });
}

/**
 * Collects what Chromium logs when the Content Security Policy blocks something (an inline
 * script, an eval, a frame), from now on, for every page of the page's context.
 */
export function cspViolations(page: Page): string[] {
  const found: string[] = [];
  const watch = (target: Page) =>
    target.on("console", (message) => {
      if (message.text().includes("Content Security Policy")) found.push(message.text());
    });
  watch(page);
  page.context().on("page", watch);
  return found;
}
