import {
  type MailKind,
  unsubscribeToken as makeUnsubscribeToken,
} from "@circleplan/core/notifications/unsubscribe-links";
import { type Browser, type BrowserContext, type Page, request } from "playwright-core";
import { afterAll, beforeAll, describe, expect, it, onTestFinished } from "vitest";
import { frontToast } from "./browser-steps";
import { userIdOf } from "./circle-setup";
import { launchBrowser, MOBILE, type RunningApp, startApp } from "./harness";
import { useScreens } from "./screens";
import { createVerifiedUser, type TestUser } from "./test-users";

const APP_SECRET = "e2e-notification-settings-secret-0123456789";
const saveScreen = useScreens("notification-settings");

/** A mail's unsubscribe link, made by core's own token maker (the format has one home). */
const unsubscribeToken = (userId: number, kind: MailKind) =>
  makeUnsubscribeToken(APP_SECRET, userId, kind);

let app: RunningApp;
let browser: Browser;
beforeAll(async () => {
  [app, browser] = await Promise.all([
    startApp({ APP_SECRET, RATE_LIMIT_REGISTER_IP: "200/3600", RATE_LIMIT_LOGIN_IP: "500/900" }),
    launchBrowser(),
  ]);
});
afterAll(async () => {
  await browser?.close();
  await app?.stop();
});

async function newContext(): Promise<BrowserContext> {
  const context = await browser.newContext({
    viewport: MOBILE,
    baseURL: app.url,
    serviceWorkers: "block",
  });
  context.setDefaultTimeout(15_000);
  onTestFinished(() => context.close());
  return context;
}

async function signedInPage(user: TestUser, to: string): Promise<Page> {
  const context = await newContext();
  const login = await context.request.post("/api/auth/login", {
    data: { email: user.email, password: user.password },
    headers: { origin: app.url },
  });
  if (!login.ok()) throw new Error(`login answered ${login.status()}`);
  const page = await context.newPage();
  await page.goto(to);
  return page;
}

async function preferencesOf(page: Page) {
  const answer = await page.context().request.get("/api/user/notification-preferences");
  return answer.json();
}

describe("notification settings in the profile", () => {
  it("switches are saved and stay after a reload", async () => {
    const user = await createVerifiedUser(app.url, { timeZone: "Europe/Berlin" });
    const page = await signedInPage(user, "/profile?tab=notifications");
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
    const user = await createVerifiedUser(app.url);
    const api = await request.newContext({
      baseURL: app.url,
      extraHTTPHeaders: { origin: app.url },
    });
    onTestFinished(() => api.dispose());
    await api.post("/api/auth/login", { data: { email: user.email, password: user.password } });
    await api.put("/api/user/notification-preferences", { data: { digestEmail: true } });
    const token = unsubscribeToken(await userIdOf(api), "digest");

    const page = await (await newContext()).newPage();
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
    });
    expect(
      await page.getByRole("link", { name: "Notification settings" }).getAttribute("href"),
    ).toBe("/profile?tab=notifications");
  });

  it("an invalid link gets an error card and changes nothing", async () => {
    const user = await createVerifiedUser(app.url);
    const page = await signedInPage(user, "/dashboard");
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
