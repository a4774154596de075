// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Accounts in a real browser (accounts spec, sections 2, 4, 5 and 8): registration with the
 * sandbox mailbox, login and sign-out, password reset, access rules, theme and keyboard use, a
 * fresh browser context per test. The register form's validation: register-form.test.tsx.
 */
import type { Locator, Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  authScreen,
  clickInView,
  fillLogin,
  fillRegistration,
  frontToast,
  isFocused,
  shownResetCode,
  sidewaysOverflow,
  signIn,
} from "./browser-steps";
import { createCircle, createPlan } from "./circle-setup";
import { MOBILE, screenshot, screenshotBothSizes, useBrowserSuite } from "./harness";
import { buildUser, createVerifiedUser } from "./test-users";
import { dayInZone } from "./zoned-time";

const suite = useBrowserSuite();

async function openPage(path = "/auth", timezoneId?: string): Promise<Page> {
  const page = await suite.newPage(timezoneId ? { timezoneId } : {});
  await page.goto(path);
  return page;
}

/**
 * Whether the focused element draws a ring. Controls here rest with a shadow already, so a
 * shadow only counts when it differs from the one the element had before it took focus.
 */
async function focusRing(locator: Locator): Promise<boolean> {
  return locator.evaluate((element) => {
    const focused = getComputedStyle(element);
    const outline = focused.outlineStyle !== "none" && Number.parseFloat(focused.outlineWidth) > 0;
    const focusShadow = focused.boxShadow;
    (element as HTMLElement).blur();
    const restingShadow = getComputedStyle(element).boxShadow;
    (element as HTMLElement).focus();
    return outline || (focusShadow !== "none" && focusShadow !== restingShadow);
  });
}

/** Sign-in answers 401 from the REST door when the browser holds no live session. */
async function userEndpointStatus(page: Page): Promise<number> {
  return page.evaluate(async () => {
    const response = await fetch("/api/auth/user", { credentials: "same-origin" });
    return response.status;
  });
}

describe("accounts in the browser", () => {
  it("registers, verifies through the dev mailbox, logs in and signs out", async () => {
    const user = buildUser();
    const page = await openPage();
    await authScreen(page);

    await fillRegistration(page, user);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();
    await page.getByText(user.email).waitFor();
    await screenshot(page, "accounts-01-check-your-email");

    await page.getByRole("link", { name: "Open dev mailbox" }).click();
    await page.getByRole("heading", { name: "Dev mailbox" }).waitFor();
    const mailList = page.getByRole("navigation", { name: "Mail list" });
    await mailList.getByRole("button", { name: /Verify your email for Circleplan/ }).click();
    await page.getByRole("heading", { name: "Verify your email for Circleplan" }).waitFor();
    const htmlPart = page
      .getByTitle('HTML version of "Verify your email for Circleplan"')
      .contentFrame();
    await htmlPart.getByRole("link", { name: "Verify email" }).waitFor();
    await screenshotBothSizes(page, "accounts-02-dev-mailbox");

    const mailText = page.getByTestId("mail-text");
    expect(await mailText.textContent()).toContain(`Hi ${user.firstName}`);
    await mailText.getByRole("link", { name: /\/verify-email\?token=/ }).click();
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await screenshot(page, "accounts-03-email-verified");

    await page.getByRole("link", { name: "Go to Login" }).click();
    await page.getByText("Email verified successfully! You can now log in.").waitFor();
    expect(new URL(page.url()).search).toBe("?verified=true");
    await screenshot(page, "accounts-04-verified-banner");

    await fillLogin(page, user.email, user.password);
    // The spec's ~0.5 s pause: the form says it is signing in, then the shell takes over.
    await page.getByRole("button", { name: "Signing in..." }).waitFor();
    await page.waitForURL(`${suite.app.url}/dashboard`);
    const userMenu = page.getByRole("button", { name: "User menu" });
    await userMenu.waitFor();
    await page.getByRole("navigation", { name: "Main" }).waitFor();
    await screenshotBothSizes(page, "accounts-05-dashboard-shell");

    await userMenu.click();
    const menu = page.getByRole("menu");
    await menu.getByText(`${user.firstName} ${user.lastName}`).waitFor();
    await menu.getByText(user.email).waitFor();
    await screenshot(page, "accounts-06-user-menu");

    // Sign-out navigates in the app, then reloads the page after 100 ms (spec section 4).
    const reloaded = page.waitForEvent("load");
    await menu.getByRole("menuitem", { name: "Sign Out" }).click();
    await reloaded;
    await authScreen(page);
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(await userEndpointStatus(page)).toBe(401);
  });

  it("takes the browser's time zone at registration and changes it, the clock and the week on the profile", async () => {
    const user = buildUser();
    const page = await openPage("/auth", "Europe/Berlin");
    await authScreen(page);
    await fillRegistration(page, user);
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();

    const mailbox = (await (await page.request.get("/api/dev/mailbox")).json()) as {
      to: string;
      text: string;
    }[];
    const token = /token=([\w-]+)/.exec(mailbox.find((m) => m.to === user.email)?.text ?? "")?.[1];
    await page.goto(`/verify-email?token=${token}`);
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.goto("/auth");
    await fillLogin(page, user.email, user.password);
    await page.waitForURL(`${suite.app.url}/dashboard`);
    const zone = async () =>
      ((await (await page.request.get("/api/auth/user")).json()) as { timeZone: string }).timeZone;
    expect(await zone()).toBe("Europe/Berlin");

    await page.goto("/profile");
    const select = page.getByLabel("Time zone");
    expect(await select.inputValue()).toBe("Europe/Berlin");
    await select.selectOption("Asia/Tokyo");
    // Issue 21: 12-hour times and Monday-first weeks, followed by the screens.
    await page.getByLabel("Time format").selectOption("12h");
    await page.getByLabel("Week starts on").selectOption("monday");
    await clickInView(page.getByRole("button", { name: "Save Changes" }));
    await frontToast(page).getByText("Profile updated").waitFor();
    expect(await zone()).toBe("Asia/Tokyo");

    const api = await suite.apiAs(user);
    const circle = await createCircle(api, { name: "The Tanakas", type: "family" });
    const today = dayInZone("Asia/Tokyo");
    // 17:00 in Tokyo (UTC+9, no DST).
    await createPlan(api, circle, { title: "Swim", startTime: `${today}T08:00:00.000Z` });
    await page
      .getByRole("navigation", { name: "Main" })
      .getByRole("link", { name: "Calendar" })
      .click();
    const todays = page.getByRole("region", { name: "Today's Plans" });
    await todays.getByText("5:00 PM").waitFor();
    expect(await page.locator("table thead th").first().getAttribute("aria-label")).toBe("Monday");
  });

  it("resets a forgotten password through the three-step dialog", async () => {
    const user = await createVerifiedUser();
    const newPassword = "Fresh-start-2024!";
    const page = await openPage();
    await authScreen(page);

    const forgotLink = page.getByRole("button", { name: "Forgot your password?" });
    expect(await forgotLink.isVisible()).toBe(false);

    await fillLogin(page, user.email, "Wrong-password-1!");
    await frontToast(page).getByText("Login Failed").waitFor();
    await frontToast(page).getByText("Invalid email or password").waitFor();
    await forgotLink.click();

    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Reset your password" }).waitFor();
    // The dialog starts from the email typed into the login form.
    expect(await dialog.getByLabel("Email").inputValue()).toBe(user.email);
    await screenshot(page, "accounts-07-reset-email-step");
    await dialog.getByRole("button", { name: "Send Reset Code" }).click();

    await dialog.getByRole("heading", { name: "Enter your reset code" }).waitFor();
    // Sandbox mode shows the code in the dialog (and a toast); a person would copy it from there.
    await dialog.getByLabel("Reset Code").fill(await shownResetCode(dialog));
    await dialog.getByLabel("New Password").fill(newPassword);
    await dialog.getByLabel("Confirm Password").fill(newPassword);
    await screenshot(page, "accounts-08-reset-code-step");
    await dialog.getByRole("button", { name: "Reset Password" }).click();

    await dialog.getByRole("heading", { name: "Password Reset" }).waitFor();
    await dialog.getByText("Your password has been reset. You can now log in.").waitFor();
    await screenshot(page, "accounts-09-reset-success");
    await dialog.getByRole("button", { name: "Back to Login" }).click();
    await dialog.waitFor({ state: "detached" });

    const oldAttempt = page.waitForResponse((r) => r.url().includes("auth.login"));
    await fillLogin(page, user.email, user.password);
    expect((await oldAttempt).status()).toBe(401);
    await frontToast(page).getByText("Login Failed").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");

    await signIn(page, user.email, newPassword);
  });

  // The register form's messages and phone rules: register-form.test.tsx.

  it("keeps signed-out visitors to the screens they may see", async () => {
    const page = await openPage("/dashboard");
    await authScreen(page);
    expect(new URL(page.url()).pathname).toBe("/auth");
    await screenshot(page, "accounts-12-signed-out-dashboard");

    await page.goto("/invitations/abc");
    await page.waitForURL(`${suite.app.url}/auth?returnTo=%2Finvitations%2Fabc`);
    await authScreen(page);
    await screenshot(page, "accounts-13-invitation-return-to");

    await page.goto("/no-such-page");
    await page.getByRole("heading", { name: "404 Page Not Found" }).waitFor();
    await page.getByText("Did you forget to add the page to the router?").waitFor();
    await screenshot(page, "accounts-14-not-found");

    await page.goto("/verify-email");
    await page.getByRole("heading", { name: "Verification Failed" }).waitFor();
    await page.getByText("Invalid verification link. No token provided.").waitFor();
    await page.getByRole("link", { name: "Back to Login" }).waitFor();
    await screenshot(page, "accounts-15-verify-without-token");
  });

  it("remembers the dark theme across a reload", async () => {
    const page = await openPage();
    await authScreen(page);
    const htmlIsDark = () =>
      page.evaluate(() => document.documentElement.classList.contains("dark"));
    expect(await htmlIsDark()).toBe(false);

    const darkButton = page.getByRole("button", { name: "Dark theme" });
    await darkButton.click();
    await expect.poll(htmlIsDark).toBe(true);
    expect(await darkButton.getAttribute("aria-pressed")).toBe("true");
    expect(await page.evaluate(() => localStorage.getItem("theme"))).toBe("dark");

    await page.reload();
    await authScreen(page);
    expect(await htmlIsDark()).toBe(true);
    expect(await darkButton.getAttribute("aria-pressed")).toBe("true");
    await page.mouse.move(0, 0);
    await screenshot(page, "accounts-16-auth-dark");
  });

  it("reaches the login fields by keyboard with a visible focus ring", async () => {
    const page = await openPage();
    await authScreen(page);
    const email = page.getByLabel("Email");
    const password = page.getByLabel("Password", { exact: true });
    const loginButton = page.getByRole("button", { name: "Login", exact: true });

    // Theme switch and tabs come first; Email must come within a handful of presses.
    for (let presses = 0; presses < 10 && !(await isFocused(email)); presses++) {
      await page.keyboard.press("Tab");
    }
    for (const [index, field] of [email, password, loginButton].entries()) {
      if (index > 0) await page.keyboard.press("Tab");
      expect(await isFocused(field)).toBe(true);
      expect(await focusRing(field)).toBe(true);
    }
    await screenshot(page, "accounts-17-login-focus");
  });

  it("fits the profile page on a phone even with a long email", async () => {
    const user = await createVerifiedUser();
    const longEmail = `averyveryverylongmailboxnamefortesting${Date.now()}@familyschedulingdomain.example.com`;
    const page = await openPage();
    await signIn(page, user.email, user.password);
    await page.getByRole("button", { name: "User menu" }).click();
    await page.getByRole("menuitem", { name: "My Profile" }).click();
    await page.getByRole("heading", { name: "Personal information" }).waitFor();

    // A new address waits for confirmation and is shown in full under the form.
    const emailInput = page.getByLabel("Email");
    expect(await emailInput.inputValue()).toBe(user.email);
    await emailInput.fill(longEmail);
    // A new address needs the current password (account-security.e2e.test.ts covers the rule).
    await page.getByLabel("Current password").fill(user.password);
    await clickInView(page.getByRole("button", { name: "Save Changes" }));
    await frontToast(page).getByText("Profile updated").waitFor();
    const pendingNote = page
      .getByRole("status")
      .filter({ hasText: "A confirmation link was sent to" });
    await pendingNote.waitFor();
    // The whole note sits above the fixed bottom bar only once the page is scrolled to its end.
    await page.evaluate(() => window.scrollTo(0, document.documentElement.scrollHeight));
    await screenshot(page, "accounts-18-profile-long-email", { fullPage: false });

    expect(await sidewaysOverflow(page)).toBe(0);
    for (const element of [
      page.getByRole("heading", { name: "Personal information" }),
      emailInput,
    ]) {
      const box = await element.boundingBox();
      expect(box).not.toBeNull();
      expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    }
  });
});
