/**
 * "Follow all changes" and "Mute this circle" (docs/decisions/019): the level as the server has
 * it, each switch sending its level (the other's opposite), back to the default when turned off,
 * and a refusal putting the switches back with the server's words.
 */
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { CircleNotificationsCard } from "./circle-notifications-card";

spyOnToasts();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

function renderCard(level: string, handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<CircleNotificationsCard circle={{ id: 7, name: "Home" }} />, {
    handlers: {
      "notifications.circle": () => ({ circleId: 7, level }),
      "notifications.setCircle": (input) => ({ circleId: 7, ...(input as object) }),
      ...handlers,
    },
  });
}

const follow = () => screen.findByRole("switch", { name: notificationMessages.followCircleLabel });
const mute = () => screen.findByRole("switch", { name: notificationMessages.muteCircleLabel });

describe("CircleNotificationsCard", () => {
  it("shows the level as stored: following on, mute off", async () => {
    renderCard("following");
    expect(await follow()).toBeChecked();
    expect(await mute()).not.toBeChecked();
  });

  it("mutes, which turns following off, and goes back to the default when turned off", async () => {
    const view = renderCard("following");
    await userEvent.click(await mute());
    await waitFor(() => expect(toast.success).toHaveBeenCalledWith("Notification settings saved"));
    expect(await mute()).toBeChecked();
    expect(await follow()).not.toBeChecked();
    await userEvent.click(await mute());
    await waitFor(() => expect(view.callsTo("notifications.setCircle")).toHaveLength(2));
    expect(view.callsTo("notifications.setCircle").map((call) => call.input)).toEqual([
      { id: 7, level: "muted" },
      { id: 7, level: "default" },
    ]);
  });

  it("puts the switch back and says why when the server refuses", async () => {
    renderCard("default", {
      "notifications.setCircle": () => {
        throw serverError("Circle not found or you don't have access.", 404, "NOT_FOUND");
      },
    });
    await userEvent.click(await follow());
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to update notification settings", {
        description: "Circle not found or you don't have access.",
      }),
    );
    expect(await follow()).not.toBeChecked();
  });
});
