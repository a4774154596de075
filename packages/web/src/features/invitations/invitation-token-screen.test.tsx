/**
 * The invitation-by-token page (accounts spec, sections 2, 4, 5 and 8): the details, the email
 * the invitee must prove before answering (the address shown in full to the invitee only), the answers' toasts and where they lead, and the
 * error and already-accepted cards.
 */
import type { InvitationByToken } from "@circleplan/shared/circle-outputs";
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { Route } from "wouter";
import { NO_ANSWER_MESSAGE } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { type Handler, noAnswer, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { InvitationTokenScreen } from "./invitation-token-screen";

spyOnToasts();

const DAY = 24 * 60 * 60 * 1000;

/** The page as the invitee sees it, unless `isInvitee` is false (the address then comes masked). */
function details(
  overrides: Partial<InvitationByToken["invitation"]> = {},
  isInvitee = true,
): InvitationByToken {
  const createdAt = new Date(Date.now() - DAY);
  const expiresAt = new Date(Date.now() + 3 * DAY - 60_000);
  return {
    invitation: {
      id: 41,
      circleId: 7,
      circleName: "The Smiths",
      circleColor: "#10B981",
      email: "Bea@Example.com",
      status: "pending",
      relationship: "sibling",
      message: "Join us for Sunday lunches!",
      inviterName: "Ann Smith",
      createdAt,
      expiresAt,
      created_at: createdAt,
      expires_at: expiresAt,
      ...overrides,
    },
    isInvitee,
    circle: { id: 7, name: "The Smiths", color: "#10B981", type: "family", photoUrl: null },
    inviter: { firstName: "Ann", lastName: "Smith" },
  };
}

function renderPage(handlers: Record<string, Handler>, path = "/invitations/secret-token") {
  return renderWithTrpc(
    <Route path="/invitations/:token">
      <InvitationTokenScreen />
    </Route>,
    { handlers, path },
  );
}

async function verifyEmail(email: string) {
  const user = userEvent.setup();
  await user.type(await screen.findByLabelText("Email"), email);
  await user.click(screen.getByRole("button", { name: "Verify Email" }));
  return user;
}

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe("InvitationTokenScreen", () => {
  it("shows the invitation and asks for the invitation's email before it can be answered", async () => {
    const page = renderPage({ "invitations.byToken": () => details() });

    expect(await screen.findByRole("heading", { name: "Join The Smiths", level: 1 })).toBeVisible();
    expect(screen.getByText("“Join us for Sunday lunches!”")).toBeVisible();
    expect(screen.getAllByText("Ann Smith").length).toBeGreaterThan(0);
    expect(screen.getByText("sibling")).toBeVisible();
    expect(screen.getByText("(Expires in 3 days)")).toBeVisible();
    expect(screen.getByRole("heading", { name: "Email Verification Required" })).toBeVisible();
    expect(screen.queryByRole("button", { name: "Accept Invitation" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
    expect(page.callsTo("invitations.byToken")[0]?.input).toEqual({ token: "secret-token" });
  });

  it("shows the circle's photo, not its first letter, when it has one", async () => {
    // happy-dom fetches no images: this one loads at once, as a cached thumbnail would.
    vi.stubGlobal(
      "Image",
      class extends window.Image {
        override get complete() {
          return true;
        }
        override get naturalWidth() {
          return 256;
        }
      },
    );
    try {
      const photoUrl = "/api/photos/circles/7/abc123?size=thumb";
      const { container } = renderPage({
        "invitations.byToken": () => ({ ...details(), circle: { ...details().circle, photoUrl } }),
      });
      await screen.findByRole("heading", { name: "Join The Smiths", level: 1 });
      await waitFor(() => expect(container.querySelector("img")).toHaveAttribute("src", photoUrl));
      expect(screen.queryByText("T", { exact: true })).toBeNull();
    } finally {
      vi.unstubAllGlobals();
    }
  });

  it("shows the first letter on the circle's colour without a photo", async () => {
    const { container } = renderPage({ "invitations.byToken": () => details() });
    await screen.findByRole("heading", { name: "Join The Smiths", level: 1 });
    expect(screen.getByText("T", { exact: true })).toHaveStyle({ backgroundColor: "#10B981" });
    expect(container.querySelector("img")).toBeNull();
  });

  it("shows the invitee the full address the invitation went to", async () => {
    renderPage({ "invitations.byToken": () => details() });
    expect(await screen.findByText("Bea@Example.com")).toBeVisible();
    expect(screen.queryByText(/sign in with that address/)).toBeNull();
  });

  it("shows someone else holding the shared link the address masked, and refuses even the right address", async () => {
    renderPage({
      "invitations.byToken": () => details({ email: "B•••@Example.com" }, false),
    });
    expect(await screen.findByText("B•••@Example.com")).toBeVisible();
    expect(screen.getByText(/To answer it, sign in with that address\./)).toBeVisible();
    await verifyEmail("bea@example.com");

    expect(await screen.findByText("Email does not match the invitation recipient")).toBeVisible();
    expect(screen.queryByRole("button", { name: "Accept Invitation" })).toBeNull();
    expect(screen.queryByRole("button", { name: "Decline" })).toBeNull();
  });

  it("refuses an email that is not the invitation's", async () => {
    renderPage({ "invitations.byToken": () => details() });
    await verifyEmail("someone.else@example.com");

    expect(await screen.findByText("Email does not match the invitation recipient")).toBeVisible();
    expect(screen.getByLabelText("Email")).toHaveAttribute("aria-invalid", "true");
    expect(screen.queryByRole("button", { name: "Accept Invitation" })).toBeNull();
  });

  it("accepts once the email matches in any case, then says so and goes home", async () => {
    const page = renderPage({
      "invitations.byToken": () => details(),
      "invitations.accept": () => ({
        message: "Invitation accepted",
        status: "accepted",
        circleId: 7,
        circleName: "The Smiths",
      }),
    });
    const user = await verifyEmail("  bea@EXAMPLE.com ");
    const accept = await screen.findByRole("button", { name: "Accept Invitation" });
    expect(accept).toHaveFocus();
    expect(screen.getByRole("button", { name: "Decline" })).toBeVisible();

    await user.click(accept);

    await waitFor(() => expect(page.location()).toBe("/"));
    expect(page.callsTo("invitations.accept")[0]?.input).toEqual({ id: 41 });
    expect(toast.success).toHaveBeenCalledWith("Invitation accepted!", {
      description: "You have joined The Smiths",
    });
  });

  it("declines, says so and goes home", async () => {
    const page = renderPage({
      "invitations.byToken": () => details(),
      "invitations.decline": () => ({
        message: "Invitation declined",
        status: "declined",
        circleId: 7,
        circleName: "The Smiths",
      }),
    });
    const user = await verifyEmail("bea@example.com");
    await user.click(await screen.findByRole("button", { name: "Decline" }));

    await waitFor(() => expect(page.location()).toBe("/"));
    expect(page.callsTo("invitations.decline")[0]?.input).toEqual({ id: 41 });
    expect(toast.success).toHaveBeenCalledWith("Invitation declined");
  });

  it("stays on the page with the server's reason when accepting fails", async () => {
    const page = renderPage({
      "invitations.byToken": () => details(),
      "invitations.accept": () => {
        throw serverError("Email does not match the invitation recipient", 403, "FORBIDDEN");
      },
    });
    const user = await verifyEmail("bea@example.com");
    await user.click(await screen.findByRole("button", { name: "Accept Invitation" }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to accept invitation", {
        description: "Email does not match the invitation recipient",
      }),
    );
    expect(page.location()).toBe("/invitations/secret-token");
    expect(screen.getByRole("button", { name: "Accept Invitation" })).toBeEnabled();
  });

  it("reports a failed decline", async () => {
    renderPage({
      "invitations.byToken": () => details(),
      "invitations.decline": () => {
        throw serverError("This invitation has already been declined.", 409, "CONFLICT");
      },
    });
    const user = await verifyEmail("bea@example.com");
    await user.click(await screen.findByRole("button", { name: "Decline" }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to decline invitation", {
        description: "This invitation has already been declined.",
      }),
    );
  });

  it("shows the green already-accepted card when the server says so", async () => {
    renderPage({
      "invitations.byToken": () => {
        throw serverError("This invitation has already been accepted.", 409, "CONFLICT");
      },
    });

    expect(
      await screen.findByRole("heading", { name: "Invitation Already Accepted" }),
    ).toBeVisible();
    expect(
      screen.getByText(
        "This invitation has already been accepted. You can continue using the application.",
      ),
    ).toBeVisible();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it.each([
    [
      "the server's message",
      "This invitation is invalid or has expired.",
      "This invitation is invalid or has expired.",
    ],
    ["without a leading 400: ", "400: Invitation not found", "Invitation not found"],
    [
      "the spec's fallback when the server said nothing",
      " ",
      "This invitation is invalid or has expired.",
    ],
  ])("shows the error card with %s", async (_, message, shown) => {
    renderPage({
      "invitations.byToken": () => {
        throw serverError(message, 400);
      },
    });

    expect(await screen.findByRole("heading", { name: "Invitation Error" })).toBeVisible();
    expect(screen.getByText(shown)).toBeVisible();
    expect(screen.getByRole("link", { name: "Go Home" })).toHaveAttribute("href", "/");
  });

  it("says the server was not reached rather than blaming the link", async () => {
    renderPage({
      "invitations.byToken": () => {
        throw noAnswer();
      },
    });
    expect(await screen.findByText(NO_ANSWER_MESSAGE)).toBeVisible();
  });

  it("treats an invitation answered as accepted like the server's conflict", async () => {
    renderPage({ "invitations.byToken": () => details({ status: "accepted" }) });
    expect(
      await screen.findByRole("heading", { name: "Invitation Already Accepted" }),
    ).toBeVisible();
  });

  it("goes home when the link carries no token", async () => {
    const page = renderPage({}, "/invitations/%20");
    await waitFor(() => expect(page.location()).toBe("/"));
    expect(page.callsTo("invitations.byToken")).toHaveLength(0);
  });
});
