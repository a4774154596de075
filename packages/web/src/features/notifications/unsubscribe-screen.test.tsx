/**
 * The page an unsubscribe link opens: it turns the mail off at once with the link's token,
 * says which mail, and links to the settings; a bad or missing token gets an error card.
 */
import { notificationMessages } from "@circleplan/shared/notification-messages";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { noAnswer, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { UnsubscribeScreen } from "./unsubscribe-screen";

describe("UnsubscribeScreen", () => {
  it("turns the digest off with the link's token and says so", async () => {
    const view = renderWithTrpc(<UnsubscribeScreen />, {
      path: "/unsubscribe?token=12.digest.abc",
      handlers: {
        "notifications.unsubscribe": () => ({
          kind: "digest",
          message: notificationMessages.unsubscribedDigest,
        }),
      },
    });
    expect(await screen.findByRole("heading", { name: "You're unsubscribed" })).toBeVisible();
    expect(screen.getByText("You won't get the morning digest anymore.")).toBeVisible();
    expect(screen.getByRole("link", { name: "Notification settings" })).toHaveAttribute(
      "href",
      "/profile?tab=notifications",
    );
    expect(view.callsTo("notifications.unsubscribe").map((call) => call.input)).toEqual([
      { token: "12.digest.abc" },
    ]);
  });

  it("says reminder emails are off for a reminders link", async () => {
    renderWithTrpc(<UnsubscribeScreen />, {
      path: "/unsubscribe?token=12.reminders.abc",
      handlers: {
        "notifications.unsubscribe": () => ({
          kind: "reminders",
          message: notificationMessages.unsubscribedReminders,
        }),
      },
    });
    expect(await screen.findByText("You won't get reminder emails anymore.")).toBeVisible();
  });

  it("shows an error card for a link the server refuses", async () => {
    renderWithTrpc(<UnsubscribeScreen />, {
      path: "/unsubscribe?token=forged",
      handlers: {
        "notifications.unsubscribe": () => {
          throw serverError(notificationMessages.unsubscribeInvalid, 400);
        },
      },
    });
    expect(await screen.findByRole("heading", { name: "This link did not work" })).toBeVisible();
    expect(screen.getByText(notificationMessages.unsubscribeInvalid)).toBeVisible();
  });

  it("without a token asks nothing of the server", async () => {
    const view = renderWithTrpc(<UnsubscribeScreen />, { path: "/unsubscribe", handlers: {} });
    expect(await screen.findByRole("heading", { name: "This link did not work" })).toBeVisible();
    expect(view.callsTo("notifications.unsubscribe")).toHaveLength(0);
  });

  it("says the server was not reached when there was no answer", async () => {
    renderWithTrpc(<UnsubscribeScreen />, {
      path: "/unsubscribe?token=12.digest.abc",
      handlers: {
        "notifications.unsubscribe": () => {
          throw noAnswer();
        },
      },
    });
    expect(await screen.findByText(/We could not reach the server/)).toBeVisible();
  });
});
