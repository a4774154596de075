/**
 * The email verification screen's states (accounts spec, section 2), and a link opened again,
 * which the server answers as already verified (docs/decisions/025).
 */
import { messages } from "@circleplan/shared/messages";
import { screen } from "@testing-library/react";
import { describe, expect, it } from "vitest";
import { renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { VerifyEmailScreen } from "./verify-email-screen";

function openLink(answer: () => unknown, path = "/verify-email?token=abc") {
  return renderWithTrpc(<VerifyEmailScreen />, {
    handlers: { "auth.verifyEmail": answer },
    path,
  });
}

describe("VerifyEmailScreen", () => {
  it("says the email is verified the first time a link is opened", async () => {
    openLink(() => ({ message: messages.emailVerified, alreadyVerified: false }));
    expect(await screen.findByRole("heading", { name: "Email Verified!" })).toBeVisible();
    expect(screen.getByText(messages.emailVerified)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to Login" })).toHaveAttribute(
      "href",
      "/auth?verified=true",
    );
  });

  it("says the email is already verified when the link is opened again, not that it failed", async () => {
    openLink(() => ({ message: messages.emailAlreadyVerified, alreadyVerified: true }));
    expect(await screen.findByRole("heading", { name: "Already Verified" })).toBeVisible();
    expect(screen.getByText(messages.emailAlreadyVerified)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go to Login" })).toBeVisible();
    expect(screen.queryByText(/Verification Failed/)).toBeNull();
  });

  it("shows the server's message when it refuses the link", async () => {
    openLink(() => {
      throw serverError(messages.verificationInvalid, 400);
    });
    expect(await screen.findByRole("heading", { name: "Verification Failed" })).toBeVisible();
    expect(screen.getByText(messages.verificationInvalid)).toBeVisible();
    expect(screen.getByRole("link", { name: "Back to Login" })).toBeVisible();
  });

  it("calls a link without a token invalid without asking the server", async () => {
    const view = openLink(() => ({ message: messages.emailVerified }), "/verify-email");
    expect(await screen.findByRole("heading", { name: "Verification Failed" })).toBeVisible();
    expect(screen.getByText(messages.verificationTokenMissing)).toBeVisible();
    expect(view.callsTo("auth.verifyEmail")).toEqual([]);
  });
});
