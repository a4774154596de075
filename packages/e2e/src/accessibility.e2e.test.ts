// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * axe-core on every screen that exists, in the light and the dark theme, on a phone: the auth
 * screen's tabs, toasts and forgot-password steps, the check-email confirmation, each state of
 * email verification, the signed-in screens with the user menu open (the circle page, its
 * detail dialog, the create dialog, the circle settings tabs), the session error, the
 * dev mailbox and the 404. No serious or critical finding may remain; lesser ones are printed.
 * Each state is also saved as a screenshot (a11y-<theme>-<screen>.png) for a person to look at.
 *
 * Both themes are checked on the same screen: the page follows the system's theme (the theme
 * switch's "System" choice) and the test switches the emulated system setting, so each flow
 * runs once (it ran once per theme before, for the same screens, at twice the browser time).
 */
import type { Page } from "playwright-core";
import { describe, it } from "vitest";
import { useAxeAudit } from "./axe";
import {
  authScreen,
  fillLogin,
  fillRegistration,
  frontToast,
  settleScreen,
  shownResetCode,
  signIn,
} from "./browser-steps";
import { createCircle, invite } from "./circle-setup";
import { DESKTOP, MOBILE, screenshot, useBrowserSuite } from "./harness";
import { createVerifiedUser, registerUser, resendVerification } from "./test-users";

const THEMES = ["light", "dark"] as const;
type Theme = (typeof THEMES)[number];

const suite = useBrowserSuite();
const audit = useAxeAudit();

/** A fresh browser on a phone whose theme is "System", as the theme switch leaves it. */
async function openPage(path: string): Promise<Page> {
  const page = await suite.newPage();
  await page.context().addInitScript(() => localStorage.setItem("theme", "system"));
  await page.goto(path);
  return page;
}

/** Puts the page in `theme` through the system setting it follows, and waits until it shows. */
async function showTheme(page: Page, theme: Theme): Promise<void> {
  await page.emulateMedia({ colorScheme: theme });
  await page.waitForFunction(
    (dark) => document.documentElement.classList.contains("dark") === dark,
    theme === "dark",
  );
}

/**
 * Checks the page in each theme once it is still (see settleScreen) and saves a screenshot of
 * each; the page is left in the light theme.
 */
async function check(page: Page, screen: string): Promise<void> {
  for (const theme of [...THEMES].reverse()) {
    await showTheme(page, theme);
    await settleScreen(page);
    await audit(page, `${theme} ${screen}`);
    await screenshot(page, `a11y-${theme}-${screen}`, { fullPage: false });
  }
}

describe("accessibility in the light and the dark theme", () => {
  it("finds nothing serious on the auth screen, its toasts and the forgot-password steps", async () => {
    const user = await createVerifiedUser();
    const page = await openPage("/auth");
    await authScreen(page);
    await check(page, "auth-login");

    await fillLogin(page, user.email, "Wrong-password-1!");
    await frontToast(page).getByText("Login Failed").waitFor();
    await check(page, "auth-login-failed-toast");

    await page.getByRole("button", { name: "Forgot your password?" }).click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Reset your password" }).waitFor();
    await check(page, "forgot-email-step");

    await dialog.getByRole("button", { name: "Send Reset Code" }).click();
    await dialog.getByRole("heading", { name: "Enter your reset code" }).waitFor();
    await check(page, "forgot-code-step");

    await dialog.getByLabel("Reset Code").fill(await shownResetCode(dialog));
    await dialog.getByLabel("New Password").fill("Fresh-start-2024!");
    await dialog.getByLabel("Confirm Password").fill("Fresh-start-2024!");
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await dialog.getByRole("heading", { name: "Password Reset" }).waitFor();
    await check(page, "forgot-done-step");
    await dialog.getByRole("button", { name: "Back to Login" }).click();
    await dialog.waitFor({ state: "detached" });

    await page.getByRole("tab", { name: "Register" }).click();
    await check(page, "auth-register");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByText("First name is required").waitFor();
    await check(page, "auth-register-errors");

    await page.setViewportSize(DESKTOP);
    await check(page, "auth-register-errors-desktop");
  });

  it("finds nothing serious on check-email, the dev mailbox, verification and the 404", async () => {
    const fresh = await registerUser(suite.app.url);
    const page = await openPage("/auth");
    await authScreen(page);
    // The address registered above is taken: the form registers a variant of it.
    await fillRegistration(page, { ...fresh.user, email: `check-${fresh.user.email}` });
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await check(page, "check-email");

    await page.getByRole("link", { name: "Open dev mailbox" }).click();
    await page.getByRole("heading", { name: "Dev mailbox" }).waitFor();
    await page.getByRole("heading", { name: "Verify your email for Circleplan" }).waitFor();
    await check(page, "dev-mailbox");

    await page.goto("/verify-email");
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await check(page, "verify-invalid");

    await page.goto("/verify-email?token=not-a-real-token");
    await page
      .getByText(/expired|invalid/i)
      .first()
      .waitFor();
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await check(page, "verify-error");

    // Held back on its way, so the loading state stays long enough to be checked.
    let release = () => {};
    const held = new Promise<void>((resolve) => {
      release = resolve;
    });
    await page.route("**/api/trpc/auth.verifyEmail**", async (route) => {
      await held;
      await route.continue();
    });
    await page.goto(`/verify-email?token=${encodeURIComponent(fresh.token)}`);
    await page.getByRole("heading", { name: "Verifying Email..." }).waitFor();
    await check(page, "verify-loading");
    release();
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.unroute("**/api/trpc/auth.verifyEmail**");
    await check(page, "verify-success");

    const resent = await registerUser(suite.app.url);
    const token = await resendVerification(suite.app.url, resent.user.email);
    await page.goto(`/verify-email?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { name: "Choose a password" }).waitFor();
    await check(page, "verify-choose-password");

    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await check(page, "not-found");
  });

  it("finds nothing serious on the signed-in screens, the user menu and the session error", async () => {
    const user = await createVerifiedUser();
    const page = await openPage("/auth");
    await signIn(page, user.email, user.password);
    await check(page, "dashboard");

    await page.getByRole("button", { name: /user menu/i }).click();
    await page.getByRole("menu").waitFor();
    await check(page, "user-menu");
    await page.keyboard.press("Escape");

    await page.goto("/circle/home");
    await page.getByRole("heading", { level: 1, name: "Personal" }).waitFor();
    await check(page, "circle");
    await page.getByRole("button", { name: "Circle details" }).click();
    await page.getByRole("dialog").getByRole("row").nth(1).waitFor();
    await check(page, "circle-detail");
    await page.keyboard.press("Escape");
    await page.getByRole("button", { name: "Add a new circle" }).click();
    await page.getByRole("dialog", { name: "Create a New Circle" }).waitFor();
    await check(page, "create-circle");
    await page.keyboard.press("Escape");

    // A circle of one's own with an invitation out: the settings page's every tab. (Set up from
    // a second session, so the Account tab below also lists another device with its buttons.)
    const api = await suite.apiAs(user);
    const circle = await createCircle(api, { name: "Book Club", type: "custom" });
    await invite(api, circle, { email: `friend-${Date.now()}@example.com` });
    await page.goto(`/circle/${circle.id}/settings`);
    await page.getByRole("heading", { name: "Book Club Settings" }).waitFor();
    await check(page, "circle-settings");
    await page.getByRole("tab", { name: "Members" }).click();
    await page.getByRole("list", { name: "Sent invitations" }).waitFor();
    await check(page, "circle-settings-members");
    await page.getByRole("tab", { name: "Danger Zone" }).click();
    await check(page, "circle-settings-danger");

    // The circle's feed (its invitation is in it) and the inbox behind the header's bell.
    await page.goto(`/circle/${circle.id}/activity`);
    await page.getByRole("region", { name: "What changed in Book Club" }).waitFor();
    await check(page, "circle-activity");
    await page.getByRole("link", { name: "Inbox" }).click();
    await page.getByRole("heading", { level: 1, name: "Inbox" }).waitFor();
    await page.getByText("Nothing yet.", { exact: false }).waitFor();
    await check(page, "inbox");

    await page.goto("/profile");
    await page.getByRole("heading", { name: "Personal information" }).waitFor();
    await check(page, "profile");
    await page.getByRole("tab", { name: "Account" }).click();
    await page.getByRole("heading", { name: "Change password" }).waitFor();
    await page.getByRole("listitem").first().waitFor();
    await check(page, "profile-account");

    await page.setViewportSize(DESKTOP);
    await check(page, "profile-account-desktop");
    await page.setViewportSize(MOBILE);

    // A server that fails the session check (not "signed out": a 500), with whatever the
    // check's batch carries besides (a remembered user's first screen: routes.tsx).
    await page.route(/\/api\/trpc\/[^?]*auth\.user/, (route) => {
      const url = new URL(route.request().url());
      const calls = url.pathname.slice("/api/trpc/".length).split(",");
      const failure = {
        error: { json: { message: "Internal error", code: -32603, data: { httpStatus: 500 } } },
      };
      return route.fulfill({
        status: 500,
        contentType: "application/json",
        body: JSON.stringify(url.searchParams.has("batch") ? calls.map(() => failure) : failure),
      });
    });
    await page.goto("/dashboard");
    await page.getByRole("heading", { name: "We could not check your session" }).waitFor();
    await check(page, "session-error");
  });
});
