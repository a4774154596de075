import {
  type MailKind,
  unsubscribeToken as makeUnsubscribeToken,
} from "@circleplan/core/notifications/unsubscribe-links";
import type { Page } from "playwright-core";
import { describe, expect, it } from "vitest";
import { frontToast } from "./browser-steps";
import { userIdOf } from "./circle-setup";
import { E2E_APP_SECRET } from "./e2e-config";
import { useBrowserSuite } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser } from "./test-users";

// Notifications and push: the full Chromium (the headless shell has neither).
const suite = useBrowserSuite({ browser: "full" });
const saveScreen = useScreens("notification-settings");

/** A mail's unsubscribe link, made by core's own token maker (the format has one home). */
const unsubscribeToken = (userId: number, kind: MailKind) =>
  makeUnsubscribeToken(E2E_APP_SECRET, userId, kind);

async function preferencesOf(page: Page) {
  const answer = await page.context().request.get("/api/user/notification-preferences");
  return answer.json();
}

describe("notification settings in the profile", () => {
  it("switches are saved and stay after a reload", async () => {
    const user = await createVerifiedUser({ timeZone: "Europe/Berlin" });
    const page = await suite.signedInPage(user, "/profile?tab=notifications");
    const digest = page.getByRole("switch", { name: "Morning digest" });
    await digest.waitFor();
    expect(await digest.getAttribute("aria-checked")).toBe("false");
    expect(
      await page.getByRole("switch", { name: "Reminder emails" }).getAttribute("aria-checked"),
    ).toBe("true");
    // Chromium offers push: the device starts off, with the button to allow it.
    await page.getByRole("button", { name: "Allow notifications on this device" }).waitFor();
    await page.getByText("No device has notifications on yet.").waitFor();
    await saveScreen(page, "01-profile-notifications");

    await digest.click();
    await frontToast(page).getByText("Notification settings saved").waitFor();
    await page.getByRole("switch", { name: "Reminder emails" }).click();
    await frontToast(page).getByText("No more reminder emails.").waitFor();
    expect(await preferencesOf(page)).toEqual({
      reminderPush: true,
      reminderEmail: false,
      digestEmail: true,
      changePush: true,
    });

    await page.reload();
    await page.getByRole("switch", { name: "Morning digest", checked: true }).waitFor();
    await page.getByRole("switch", { name: "Reminder emails", checked: false }).waitFor();
    expect(
      await page
        .getByRole("switch", { name: "Reminder notifications" })
        .getAttribute("aria-checked"),
    ).toBe("true");
  });
});

describe("the unsubscribe page", () => {
  it("a mail's link turns the morning digest off, signed out, and points to the settings", async () => {
    const user = await createVerifiedUser();
    const api = await suite.apiAs(user);
    await api.put("/api/user/notification-preferences", { data: { digestEmail: true } });
    const token = unsubscribeToken(await userIdOf(api), "digest");

    const page = await suite.newPage();
    await page.goto(`/unsubscribe?token=${encodeURIComponent(token)}`);
    await page.getByRole("heading", { level: 1, name: "You're unsubscribed" }).waitFor();
    await page.getByText("You won't get the morning digest anymore.").waitFor();
    expect(await page.title()).toBe("You're unsubscribed · Circleplan");
    await saveScreen(page, "02-unsubscribed");

    const settings = await api.get("/api/user/notification-preferences");
    expect(await settings.json()).toEqual({
      reminderPush: true,
      reminderEmail: true,
      digestEmail: false,
      changePush: true,
    });
    expect(
      await page.getByRole("link", { name: "Notification settings" }).getAttribute("href"),
    ).toBe("/profile?tab=notifications");
  });

  it("an invalid link gets an error card and changes nothing", async () => {
    const user = await createVerifiedUser();
    const page = await suite.signedInPage(user, "/dashboard");
    await page.getByRole("heading", { level: 1 }).first().waitFor();
    const other = unsubscribeToken(await userIdOf(page.context().request), "reminders");
    const forged = `${other.slice(0, -4)}AAAA`;
    await page.goto(`/unsubscribe?token=${encodeURIComponent(forged)}`);
    await page.getByRole("heading", { level: 1, name: "This link did not work" }).waitFor();
    await page
      .getByText(
        "This unsubscribe link is not valid. You can change which emails you get in your profile.",
      )
      .waitFor();
    await saveScreen(page, "03-invalid-link");
    expect(await preferencesOf(page)).toMatchObject({ reminderEmail: true });
  });
});
