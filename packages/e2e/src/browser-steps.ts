/**
 * Steps the browser-test files share: what a person does on the auth screen, and where the
 * app says things (the toast) or complains (console messages about the security policy).
 */
import type { Locator, Page } from "playwright-core";

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

/** The auth screen is up once its Login tab is shown (the spinner has gone). */
export async function authScreen(page: Page): Promise<void> {
  await page.getByRole("tab", { name: "Login" }).waitFor();
}

export async function fillLogin(page: Page, email: string, password: string): Promise<void> {
  await page.getByLabel("Email").fill(email);
  await page.getByLabel("Password", { exact: true }).fill(password);
  await page.getByRole("button", { name: "Login", exact: true }).click();
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
