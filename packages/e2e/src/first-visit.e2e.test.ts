// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * What a new user tripped over, in a real browser: the signed-in layout that stays while the
 * screens change, focus and the tab's title on every screen change, focus after the
 * forgot-password dialog and after registering, correcting one digit of the reset code, a
 * network failure at login, the user menu with a long name on a phone, and the pages the local
 * server sends compressed and cached. (The phone number's messages: register-form.test.tsx.)
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import {
  authScreen,
  fillLogin,
  fillRegistration,
  frontToast,
  isFocused,
  shownResetCode,
  sidewaysOverflow,
  signIn,
} from "./browser-steps";
import { MOBILE, screenshot, useBrowserSuite } from "./harness";
import { buildUser, createVerifiedUser } from "./test-users";

const suite = useBrowserSuite();

async function openPage(path = "/auth"): Promise<Page> {
  const page = await suite.newPage();
  await page.goto(path);
  return page;
}

/** The focused element's role and name, for a readable failure. */
async function focusedText(page: Page): Promise<string> {
  return page.evaluate(() => {
    const element = document.activeElement;
    return element ? `${element.tagName} ${element.textContent?.trim().slice(0, 40)}` : "none";
  });
}

describe("a first visit", () => {
  it("keeps one shell between signed-in screens, names each and focuses its heading", async () => {
    const user = await createVerifiedUser({ firstName: "Jane", lastName: "Doe" });
    const page = await openPage();
    await authScreen(page);
    expect(await page.title()).toBe("Login · Circleplan");
    await page.getByRole("tab", { name: "Register" }).click();
    expect(await page.title()).toBe("Register · Circleplan");
    await page.getByRole("tab", { name: "Login" }).click();

    await signIn(page, user.email, user.password);
    expect(await page.title()).toBe("Dashboard · Circleplan");
    expect(await isFocused(page.getByRole("heading", { name: "Dashboard" }))).toBe(true);
    // The avatar button's name starts with the initials it shows.
    const avatar = page.getByRole("button", { name: "JD, user menu for Jane Doe", exact: true });
    await avatar.waitFor();

    // A mark on the shell's DOM survives only if the shell is never rendered anew.
    await page.evaluate(() => {
      const header = document.querySelector("header");
      if (header) header.dataset.kept = "yes";
    });
    const shellKept = () =>
      page.evaluate(() => document.querySelector("header")?.dataset.kept === "yes");

    const main = page.getByRole("navigation", { name: "Main" });
    await main.getByRole("link", { name: "Calendar" }).click();
    const calendar = page.getByRole("heading", { name: "Calendar", exact: true });
    await calendar.waitFor();
    await expect.poll(() => isFocused(calendar), { message: await focusedText(page) }).toBe(true);
    expect(await page.title()).toBe("Calendar · Circleplan");
    expect(await shellKept()).toBe(true);

    await avatar.click();
    await page.getByRole("menuitem", { name: "My Profile" }).click();
    const profile = page.getByRole("heading", { name: "Profile", exact: true });
    await profile.waitFor();
    await expect.poll(() => isFocused(profile)).toBe(true);
    expect(await page.title()).toBe("Profile · Circleplan");
    expect(await shellKept()).toBe(true);

    await page.goBack();
    await calendar.waitFor();
    await expect.poll(() => isFocused(calendar)).toBe(true);
    expect(await shellKept()).toBe(true);
    await screenshot(page, "first-visit-01-calendar-heading-focused");
  });

  it("returns focus from the forgot-password dialog and lets one code digit be retyped", async () => {
    const user = await createVerifiedUser();
    const newPassword = "Fresh-start-2024!";
    const page = await openPage();
    await authScreen(page);
    await fillLogin(page, user.email, "Wrong-password-1!");
    await frontToast(page).getByText("Invalid email or password").waitFor();

    const forgotLink = page.getByRole("button", { name: "Forgot your password?" });
    await forgotLink.click();
    const dialog = page.getByRole("dialog");
    await dialog.getByRole("heading", { name: "Reset your password" }).waitFor();
    await page.keyboard.press("Escape");
    await dialog.waitFor({ state: "detached" });
    await expect.poll(() => isFocused(forgotLink)).toBe(true);

    await forgotLink.click();
    await dialog.getByRole("button", { name: "Send Reset Code" }).click();
    await dialog.getByRole("heading", { name: "Enter your reset code" }).waitFor();
    const code = await shownResetCode(dialog);

    // A slip on the third digit, corrected by pressing that box and typing the right one.
    const slip = String((Number(code[2]) + 1) % 10);
    const codeInput = dialog.getByLabel("Reset Code");
    await codeInput.pressSequentially(`${code.slice(0, 2)}${slip}${code.slice(3)}`);
    // The press lands where a finger would: on the invisible input lying over the boxes.
    const thirdBox = await dialog.locator("[data-slot='input-otp-slot']").nth(2).boundingBox();
    expect(thirdBox).not.toBeNull();
    await page.mouse.click(
      (thirdBox?.x ?? 0) + (thirdBox?.width ?? 0) / 2,
      (thirdBox?.y ?? 0) + (thirdBox?.height ?? 0) / 2,
    );
    await page.keyboard.type(code[2] ?? "");
    expect(await codeInput.inputValue()).toBe(code);
    await screenshot(page, "first-visit-02-code-corrected");

    await dialog.getByLabel("New Password").fill(newPassword);
    await dialog.getByLabel("Confirm Password").fill(newPassword);
    await dialog.getByRole("button", { name: "Reset Password" }).click();
    await dialog.getByRole("heading", { name: "Password Reset" }).waitFor();
    await dialog.getByRole("button", { name: "Back to Login" }).click();
    await dialog.waitFor({ state: "detached" });

    // Only the new password is left to type.
    const password = page.getByLabel("Password", { exact: true });
    await expect.poll(() => isFocused(password)).toBe(true);
    expect(await page.getByLabel("Email").inputValue()).toBe(user.email);
    await password.fill(newPassword);
    await page.getByRole("button", { name: "Login", exact: true }).click();
    await page.waitForURL(`${suite.app.url}/dashboard`);
  });

  it("moves focus to the confirmation after registering and back to the Login tab", async () => {
    const user = buildUser({
      gender: "male",
      country: "US",
      city: "New York",
      // Typed without the space after the calling code: read as +1 and ten digits.
      phoneNumber: "+12125550123",
    });
    const page = await openPage();
    await authScreen(page);
    await fillRegistration(page, user);
    await page.getByRole("button", { name: "Create Account" }).click();

    const confirmation = page.getByRole("heading", { name: "Check Your Email" });
    await confirmation.waitFor();
    await expect.poll(() => isFocused(confirmation)).toBe(true);
    expect(await page.title()).toBe("Check Your Email · Circleplan");

    await page.getByRole("button", { name: "Back to Login" }).click();
    await expect.poll(() => isFocused(page.getByRole("tab", { name: "Login" }))).toBe(true);
  });

  it("says a login that reached no server did not reach it", async () => {
    const page = await openPage();
    await authScreen(page);
    await page.route("**/api/trpc/auth.login**", (route) => route.abort("internetdisconnected"));
    await fillLogin(page, "someone@example.com", "Any-password-1!");
    const toast = frontToast(page);
    await toast.getByText("Login Failed").waitFor();
    await toast.getByText("We could not reach the server. Check your connection").waitFor();
    expect(await toast.getByText("Invalid email or password").count()).toBe(0);
    await screenshot(page, "first-visit-03-login-offline");
  });

  it("keeps the user menu inside a phone screen with a long name", async () => {
    const user = await createVerifiedUser({
      firstName: "Maximiliana-Alexandrina Josefina",
      lastName: "Vandenberghe-Oosterhuis de la Cruz",
    });
    const page = await openPage();
    await signIn(page, user.email, user.password);
    await page.getByRole("button", { name: /^MV, user menu/ }).click();
    const menu = page.getByRole("menu");
    await menu.getByText("Vandenberghe-Oosterhuis de la Cruz", { exact: false }).waitFor();
    const box = await menu.boundingBox();
    expect(box).not.toBeNull();
    expect(box?.x ?? -1).toBeGreaterThanOrEqual(0);
    expect((box?.x ?? 0) + (box?.width ?? 0)).toBeLessThanOrEqual(MOBILE.width);
    expect(await sidewaysOverflow(page)).toBe(0);
    await screenshot(page, "first-visit-04-user-menu-long-name", { fullPage: false });
  });

  it("gets the app compressed, with hashed files cached for good and the page revalidated", async () => {
    const html = await fetch(`${suite.app.url}/dashboard`, {
      headers: { "accept-encoding": "br" },
    });
    expect(html.headers.get("content-encoding")).toBe("br");
    expect(html.headers.get("cache-control")).toBe("no-cache");
    expect(html.headers.get("vary")).toContain("Accept-Encoding");
    expect(html.headers.get("content-security-policy")).toContain("script-src 'self'");
    const page = await html.text();
    const script = /<script type="module"[^>]* src="([^"]+)"/.exec(page)?.[1];
    expect(script).toMatch(/^\/assets\//);

    const gzip = await fetch(`${suite.app.url}${script}`, {
      headers: { "accept-encoding": "gzip" },
    });
    expect(gzip.headers.get("content-encoding")).toBe("gzip");
    expect(gzip.headers.get("cache-control")).toBe("public, max-age=31536000, immutable");
    expect(gzip.headers.get("content-type")).toMatch(/javascript/);

    const missing = await fetch(`${suite.app.url}/assets/no-such-chunk.js`);
    expect(missing.status).toBe(404);
  });
});
