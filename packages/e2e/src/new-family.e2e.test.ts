// The callbacks handed to page.evaluate run in the page, so they are typed against the DOM.
/// <reference lib="dom" />
/**
 * Issue 21's new-family tour, defects 1 and 2, through the real screens (docs/decisions/021): a
 * family from a city no list holds registers, and a signed-out invitee who opens the mailed link
 * lands on Register with the address filled in and who invited them where. The forms' rules are
 * in register-form.test.tsx and auth-screen.test.tsx; the round trip into the circle in
 * invitations.e2e.test.ts. Screens are checked with axe and saved (new-family-*.png).
 */
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { authScreen, fillLogin, fillRegistration } from "./browser-steps";
import { createCircle, invite } from "./circle-setup";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { buildUser, createVerifiedUser } from "./test-users";

const suite = useBrowserSuite();
const saveScreen = useScreens("new-family");

/** Opens the newest mail to `email` whose subject matches, in the dev mailbox, and its link. */
async function openMailedLink(page: Page, email: string, subject: RegExp, link: RegExp) {
  await page.goto(`/dev/mailbox?to=${encodeURIComponent(email)}`);
  await page
    .getByRole("navigation", { name: "Mail list" })
    .getByRole("button", { name: subject })
    .first()
    .click();
  await page.getByTestId("mail-text").getByRole("link", { name: link }).click();
}

describe("a new family", () => {
  it("registers from a city the country's list does not hold (Portland, US)", async () => {
    const user = buildUser({ country: "US", city: "Portland", phoneNumber: "+1 5035550123" });
    const page = await suite.newPage();
    await page.goto("/auth");
    await authScreen(page);
    await fillRegistration(page, user);
    // The list is offered, not imposed.
    const offered = await page
      .locator("#register-city-suggestions option")
      .evaluateAll((options) => options.map((option) => (option as HTMLOptionElement).value));
    expect(offered).toContain("New York");
    expect(offered).not.toContain("Portland");
    await saveScreen(page, "01-register-typed-city");
    await page.getByRole("button", { name: "Create Account" }).click();
    await page.getByRole("heading", { name: "Check Your Email" }).waitFor();

    await openMailedLink(page, user.email, /Verify your email/, /\/verify-email\?/);
    await page.getByRole("heading", { name: "Email Verified!" }).waitFor();
    await page.getByRole("link", { name: "Go to Login" }).click();
    await authScreen(page);
    await fillLogin(page, user.email, user.password);
    await page.waitForURL((url) => url.pathname === "/dashboard");
    const me = await page.evaluate(async () => (await fetch("/api/auth/user")).json());
    expect(me).toMatchObject({ country: "US", city: "Portland" });
  });

  it("lands a signed-out invitee on Register with the email filled in and who invited them where", async () => {
    const admin = await createVerifiedUser({ firstName: "Ada", lastName: "Lovelace" });
    const newcomer = buildUser({ firstName: "Bea", lastName: "Newcomer" });
    const adminApi = await suite.apiAs(admin);
    const circle = await createCircle(adminApi, { name: "The Lovelaces", type: "family" });
    const invitation = await invite(adminApi, circle, { email: newcomer.email });

    const page = await suite.newPage();
    await openMailedLink(page, newcomer.email, /invited you to join/, /\/invitations\//);
    await page.getByText("Ada invited you to The Lovelaces").waitFor();
    expect(new URL(page.url()).pathname).toBe("/auth");
    expect(await page.getByRole("tab", { name: "Register" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(await page.getByLabel("Email", { exact: true }).inputValue()).toBe(newcomer.email);
    await saveScreen(page, "02-invitee-lands-on-register");

    // The shared link (QR code, a message passed on) names no address: nothing to fill in.
    const other = await suite.newPage();
    await other.goto(`/invitations/${invitation.inviteToken}`);
    await other.getByText("Ada invited you to The Lovelaces").waitFor();
    expect(await other.getByRole("tab", { name: "Register" }).getAttribute("aria-selected")).toBe(
      "true",
    );
    expect(await other.getByLabel("Email", { exact: true }).inputValue()).toBe("");
  });
});
