/**
 * The auth screen for a visitor who opened an invitation's link signed out (issue 21, defect 2;
 * docs/decisions/021): Register first, the mailed address filled in, and who invited them where.
 * The whole round trip in a browser: new-family.e2e.test.ts and invitations.e2e.test.ts.
 */
import { screen } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { describe, expect, it, vi } from "vitest";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { AuthScreen } from "./auth-screen";

const preview = { circleName: "The Lovelaces", inviterFirstName: "Ada" };

function renderAuth(path: string, handlers: Record<string, Handler> = {}) {
  return renderWithTrpc(<AuthScreen />, {
    path,
    handlers: { "invitations.preview": () => preview, ...handlers },
  });
}

const mailedLink = `/auth?returnTo=${encodeURIComponent("/invitations/tok-123?email=bea@example.com")}`;

describe("AuthScreen from an invitation's link", () => {
  it("lands a signed-out invitee on Register, the invited email filled in (it landed on Login, empty)", async () => {
    const view = renderAuth(mailedLink);
    expect(await screen.findByText("Ada invited you to The Lovelaces")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByLabelText("Email", { exact: true })).toHaveValue("bea@example.com");
    expect(view.callsTo("invitations.preview")[0]?.input).toEqual({ token: "tok-123" });
  });

  it("registers with the invitation, not the address, as the page to return to", async () => {
    const view = renderAuth(mailedLink, {
      "auth.register": () => ({ message: "ok", user: { email: "bea@example.com" } }),
    });
    // The registration form downloads with its tab.
    await userEvent.type(
      await screen.findByLabelText("Password", { exact: true }),
      "Sunny#day2024",
    );
    await userEvent.type(screen.getByLabelText("First Name"), "Bea");
    await userEvent.type(screen.getByLabelText("Last Name"), "Newcomer");
    await userEvent.click(screen.getByRole("radio", { name: "Female" }));
    await userEvent.selectOptions(screen.getByLabelText("Country"), "US");
    await userEvent.type(screen.getByLabelText("City"), "Portland");
    await userEvent.type(screen.getByLabelText("Phone Number"), "5035550123");
    await userEvent.click(screen.getByRole("button", { name: "Create Account" }));
    await vi.waitFor(() => expect(view.callsTo("auth.register")).toHaveLength(1));
    expect(view.callsTo("auth.register")[0]?.input).toMatchObject({
      email: "bea@example.com",
      returnTo: "/invitations/tok-123",
    });
  });

  it("lands a shared link's holder on Register too, with nothing filled in", async () => {
    renderAuth(`/auth?returnTo=${encodeURIComponent("/invitations/tok-123")}`);
    expect(await screen.findByText("Ada invited you to The Lovelaces")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
    expect(await screen.findByLabelText("Email", { exact: true })).toHaveValue("");
  });

  it("says Someone once the inviter's account is gone", async () => {
    renderAuth(mailedLink, {
      "invitations.preview": () => ({ ...preview, inviterFirstName: null }),
    });
    expect(await screen.findByText("Someone invited you to The Lovelaces")).toBeVisible();
  });

  it("shows no invitation line when the link no longer works, and still offers Register", async () => {
    const view = renderAuth(mailedLink, {
      "invitations.preview": () => {
        throw serverError("This invitation is invalid or has expired.", 400);
      },
    });
    await vi.waitFor(() => expect(view.callsTo("invitations.preview")).toHaveLength(1));
    expect(screen.queryByText(/invited you to/)).toBeNull();
    expect(screen.getByRole("tab", { name: "Register" })).toHaveAttribute("aria-selected", "true");
  });

  it("opens on Login back from verifying the email, the invitation still ahead", async () => {
    renderAuth(`/auth?verified=true&returnTo=${encodeURIComponent("/invitations/tok-123")}`);
    expect(await screen.findByText("Ada invited you to The Lovelaces")).toBeVisible();
    expect(screen.getByRole("tab", { name: "Login" })).toHaveAttribute("aria-selected", "true");
  });

  it("stays on Login, asking nothing, without an invitation", async () => {
    const view = renderAuth("/auth?returnTo=%2Fcalendar");
    expect(await screen.findByRole("tab", { name: "Login" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(view.callsTo("invitations.preview")).toHaveLength(0);
  });
});
