/**
 * The profile's notification settings: push on this device in each state a browser can be in
 * (no push, blocked, off, on), turning it on (permission asked on the click, subscribed with
 * the server's key, the subscription posted) and off, the test notification, the preference
 * switches (change notifications among them, docs/decisions/019), and the device list.
 */
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { NotificationsCard } from "./notifications-card";
import {
  DEVICE_KEYS,
  type FakePushBrowser,
  fakeSubscription,
  installFakePushBrowser,
} from "./testing/fake-push-browser";

spyOnToasts();

/** A P-256 public key as the server answers it (65 bytes from 0x04), and its bytes. */
const PUBLIC_KEY = `BP${"q".repeat(85)}`;
const keyBytes = () =>
  Uint8Array.from(atob(`${PUBLIC_KEY.replace(/-/g, "+").replace(/_/g, "/")}=`), (c) =>
    c.charCodeAt(0),
  );

const THIS_DEVICE = {
  id: 41,
  userAgent: "Mozilla/5.0 (X11; Linux x86_64) Chrome/130.0 Safari/537.36",
  createdAt: new Date("2026-11-20T08:00:00Z"),
  lastSentAt: null,
};
const PHONE = {
  id: 7,
  userAgent: "Mozilla/5.0 (Linux; Android 14) Chrome/130.0 Mobile Safari/537.36",
  createdAt: new Date("2026-11-01T08:00:00Z"),
  lastSentAt: new Date("2026-11-19T18:00:00Z"),
};

let browser: FakePushBrowser;
let preferences = { reminderPush: true, reminderEmail: true, digestEmail: false };

function renderCard(handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<NotificationsCard timeZone="Europe/Berlin" />, {
    handlers: {
      "notifications.preferences": () => preferences,
      "notifications.updatePreferences": (input) => {
        preferences = { ...preferences, ...(input as object) };
        return preferences;
      },
      "notifications.devices": () => ({ devices: [PHONE] }),
      "notifications.publicKey": () => ({ publicKey: PUBLIC_KEY }),
      "notifications.subscribe": () => THIS_DEVICE,
      "notifications.unsubscribeDevice": () => ({
        message: notificationMessages.pushDeviceRemoved,
      }),
      "notifications.sendTest": () => ({
        message: notificationMessages.pushTestTitle,
        sent: 2,
        removed: 0,
        failed: 0,
      }),
      ...handlers,
    },
  });
}

beforeEach(() => {
  preferences = { reminderPush: true, reminderEmail: true, digestEmail: false };
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});
afterEach(() => browser?.uninstall());

describe("push on this device", () => {
  it("says so when the browser has no push", async () => {
    browser = installFakePushBrowser({ supported: false });
    renderCard();
    expect(await screen.findByText("This browser cannot show notifications")).toBeInTheDocument();
    expect(screen.queryByRole("button", { name: /Allow notifications/ })).toBeNull();
  });

  it("gives advice when notifications are blocked", async () => {
    browser = installFakePushBrowser();
    browser.permission = "denied";
    renderCard();
    expect(await screen.findByText("Notifications are blocked")).toBeInTheDocument();
    expect(screen.getByText(/Allow them in this site's settings/)).toBeInTheDocument();
  });

  it("asks permission on the click, subscribes with the server's key and stores the subscription", async () => {
    browser = installFakePushBrowser();
    const view = renderCard();
    const allow = await screen.findByRole("button", { name: "Allow notifications on this device" });
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(allow);

    expect(await screen.findByRole("button", { name: "Turn off on this device" })).toBeVisible();
    expect(browser.requestPermission).toHaveBeenCalledTimes(1);
    const options = browser.subscribe.mock.calls[0]?.[0];
    expect(options.userVisibleOnly).toBe(true);
    expect([...options.applicationServerKey]).toEqual([...keyBytes()]);
    expect(view.callsTo("notifications.subscribe").map((call) => call.input)).toEqual([
      {
        endpoint: "https://fcm.googleapis.com/fcm/send/this-device",
        expirationTime: null,
        keys: DEVICE_KEYS,
      },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Notifications are on", expect.anything());
  });

  it("stays off, and says why, when the prompt is dismissed or refused", async () => {
    browser = installFakePushBrowser();
    browser.answer = "default";
    const view = renderCard();
    await userEvent.click(
      await screen.findByRole("button", { name: "Allow notifications on this device" }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Notifications were not allowed", {
        description: "Choose Allow when your browser asks.",
      }),
    );
    expect(browser.subscribe).not.toHaveBeenCalled();

    browser.answer = "denied";
    await userEvent.click(
      screen.getByRole("button", { name: "Allow notifications on this device" }),
    );
    expect(await screen.findByText("Notifications are blocked")).toBeInTheDocument();
    expect(view.callsTo("notifications.subscribe")).toHaveLength(0);
  });

  it("shows the server's message when it refuses the subscription", async () => {
    browser = installFakePushBrowser();
    renderCard({
      "notifications.subscribe": () => {
        throw serverError(notificationMessages.pushServiceUnsupported, 400);
      },
    });
    await userEvent.click(
      await screen.findByRole("button", { name: "Allow notifications on this device" }),
    );
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to turn on notifications", {
        description: notificationMessages.pushServiceUnsupported,
      }),
    );
    expect(
      screen.getByRole("button", { name: "Allow notifications on this device" }),
    ).toBeVisible();
  });

  it("already on: re-sends the subscription, marks this device, and turns off", async () => {
    browser = installFakePushBrowser();
    browser.permission = "granted";
    const subscription = fakeSubscription();
    browser.subscription = subscription;
    const view = renderCard({
      "notifications.devices": () => ({ devices: [THIS_DEVICE, PHONE] }),
    });

    const list = await screen.findByRole("list", { name: "Devices with notifications on" });
    await waitFor(() => expect(within(list).getByText("This device")).toBeInTheDocument());
    expect(within(list).getAllByRole("listitem")[0]).toHaveTextContent("Chrome on Linux");
    expect(view.callsTo("notifications.subscribe")).toHaveLength(1);
    expect(browser.requestPermission).not.toHaveBeenCalled();

    await userEvent.click(screen.getByRole("button", { name: "Turn off on this device" }));
    expect(
      await screen.findByRole("button", { name: "Allow notifications on this device" }),
    ).toBeVisible();
    expect(view.callsTo("notifications.unsubscribeDevice").map((call) => call.input)).toEqual([
      { endpoint: subscription.endpoint },
    ]);
    expect(subscription.unsubscribe).toHaveBeenCalled();
  });

  it("turns off here even when the server had already forgotten the device", async () => {
    browser = installFakePushBrowser();
    browser.permission = "granted";
    const subscription = fakeSubscription();
    browser.subscription = subscription;
    renderCard({
      "notifications.unsubscribeDevice": () => {
        throw serverError(notificationMessages.pushDeviceNotFound, 404, "NOT_FOUND");
      },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Turn off on this device" }));
    await screen.findByRole("button", { name: "Allow notifications on this device" });
    expect(subscription.unsubscribe).toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("sends a test notification and says where it went", async () => {
    browser = installFakePushBrowser();
    browser.permission = "granted";
    browser.subscription = fakeSubscription();
    const view = renderCard();
    await userEvent.click(await screen.findByRole("button", { name: "Send a test notification" }));
    await waitFor(() =>
      expect(toast.success).toHaveBeenCalledWith("Test notification sent", {
        description: "Sent to 2 devices.",
      }),
    );
    expect(view.callsTo("notifications.sendTest")).toHaveLength(1);
  });
});

describe("reminder and email preferences", () => {
  it("shows each preference and saves only the one switched", async () => {
    browser = installFakePushBrowser({ supported: false });
    const view = renderCard();
    const digest = await screen.findByRole("switch", { name: "Morning digest" });
    expect(digest).not.toBeChecked();
    expect(screen.getByRole("switch", { name: "Reminder notifications" })).toBeChecked();
    expect(screen.getByRole("switch", { name: "Reminder emails" })).toBeChecked();
    expect(digest).toHaveAccessibleDescription(/07:00 \(Europe\/Berlin\)/);

    await userEvent.click(digest);
    await waitFor(() => expect(digest).toBeChecked());
    expect(view.callsTo("notifications.updatePreferences").map((call) => call.input)).toEqual([
      { digestEmail: true },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Notification settings saved", {
      description: "The morning digest is on.",
    });
  });

  it("turns change notifications off, on by default and for a server that does not say", async () => {
    browser = installFakePushBrowser({ supported: false });
    const view = renderCard();
    const changes = await screen.findByRole("switch", {
      name: notificationMessages.changePushLabel,
    });
    expect(changes).toBeChecked();
    expect(changes).toHaveAccessibleDescription(notificationMessages.changePushHint);
    await userEvent.click(changes);
    await waitFor(() => expect(changes).not.toBeChecked());
    expect(view.callsTo("notifications.updatePreferences").map((call) => call.input)).toEqual([
      { changePush: false },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Notification settings saved", {
      description: notificationMessages.changePushOff,
    });
  });

  it("puts a switch back when saving fails", async () => {
    browser = installFakePushBrowser({ supported: false });
    renderCard({
      "notifications.updatePreferences": () => {
        throw serverError("Something went wrong. Please try again.", 500, "INTERNAL");
      },
    });
    const emails = await screen.findByRole("switch", { name: "Reminder emails" });
    await userEvent.click(emails);
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update notification settings", {
        description: "Something went wrong. Please try again.",
      }),
    );
    expect(emails).toBeChecked();
  });

  it("lists the devices with push on, without one it says so", async () => {
    browser = installFakePushBrowser({ supported: false });
    renderCard({ "notifications.devices": () => ({ devices: [] }) });
    expect(await screen.findByText("No device has notifications on yet.")).toBeInTheDocument();
  });
});
