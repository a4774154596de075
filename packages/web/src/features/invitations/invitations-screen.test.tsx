/**
 * The pending-invitations list (accounts spec, sections 2, 4 and 9): its rows, the empty and
 * loading states, the 30-second poll, and accepting (into the circle after 300 ms) or declining.
 */
import type { Invitation } from "@circleplan/shared/circle-outputs";
import { act, fireEvent, screen, waitFor, within } from "@testing-library/react";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { ACCEPTED_INVITATION_NAV_DELAY_MS } from "@/lib/timings";
import { toast } from "@/lib/toast";
import { renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { dateFormat } from "./invitation-text";
import { InvitationsScreen } from "./invitations-screen";

spyOnToasts();

const DAY = 24 * 60 * 60 * 1000;
const invitedOn = new Date(Date.now() - 2 * DAY);

function invitation(overrides: Partial<Invitation> = {}): Invitation {
  const expiresAt = new Date(Date.now() + 8 * DAY - 60_000);
  return {
    id: 1,
    circleId: 7,
    circleName: "The Smiths",
    circleColor: "#10B981",
    email: "bea@example.com",
    status: "pending",
    relationship: "parent",
    message: null,
    inviterName: "Ann Smith",
    createdAt: invitedOn,
    expiresAt,
    created_at: invitedOn,
    expires_at: expiresAt,
    ...overrides,
  };
}

const accepted = { message: "ok", status: "accepted", circleId: 7, circleName: "The Smiths" };

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

afterEach(() => {
  vi.useRealTimers();
});

describe("InvitationsScreen", () => {
  it("lists each invitation with its circle, inviter, relationship, dates and answers", async () => {
    renderWithTrpc(<InvitationsScreen />, {
      handlers: {
        "invitations.pending": () => [
          invitation(),
          invitation({
            id: 2,
            circleName: "Book Club",
            inviterName: null,
            relationship: null,
            expiresAt: new Date(Date.now() + DAY - 60_000),
          }),
        ],
      },
      path: "/invitations",
    });

    const rows = await screen.findAllByRole("listitem");
    expect(rows).toHaveLength(2);
    const [first, second] = rows as [HTMLElement, HTMLElement];
    expect(within(first).getByText("The Smiths")).toBeVisible();
    expect(within(first).getByText("Invited by Ann Smith as parent")).toBeVisible();
    expect(first).toHaveTextContent(`Invited on ${dateFormat.format(invitedOn)}`);
    expect(first).toHaveTextContent("Expires in 8 days");
    expect(within(first).getByRole("button", { name: "Accept" })).toHaveAccessibleDescription(
      "The Smiths",
    );
    expect(within(first).getByRole("button", { name: "Decline" })).toBeVisible();
    expect(within(second).getByText("Invited by Someone")).toBeVisible();
    expect(second).toHaveTextContent("Expires in 1 day");
  });

  it("shows three skeleton rows while loading", () => {
    renderWithTrpc(<InvitationsScreen />, {
      handlers: { "invitations.pending": () => new Promise(() => {}) },
    });
    const loading = screen.getByRole("status");
    expect(loading).toHaveTextContent("Loading invitations");
    expect(loading.querySelectorAll(":scope > div")).toHaveLength(3);
  });

  it("says when there is nothing to answer, with a way home", async () => {
    renderWithTrpc(<InvitationsScreen />, { handlers: { "invitations.pending": () => [] } });
    expect(await screen.findByText("You don't have any pending invitations")).toBeVisible();
    expect(screen.getByRole("link", { name: "Return Home" })).toHaveAttribute("href", "/");
  });

  // The spec's 30 s poll gave way to live sync (decision 018): an idle screen asks nothing.
  it("does not poll the invitations", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const page = renderWithTrpc(<InvitationsScreen />, {
      handlers: { "invitations.pending": () => [invitation()] },
    });
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(page.callsTo("invitations.pending")).toHaveLength(1);

    await act(() => vi.advanceTimersByTimeAsync(10 * 60_000));
    expect(page.callsTo("invitations.pending")).toHaveLength(1);
  });

  it("accepts, says so, and opens the joined circle 300 ms later", async () => {
    vi.useFakeTimers({ toFake: ["setTimeout", "clearTimeout", "setInterval", "clearInterval"] });
    const page = renderWithTrpc(<InvitationsScreen />, {
      handlers: {
        "invitations.pending": () => [invitation()],
        "invitations.accept": () => accepted,
      },
      path: "/invitations",
    });
    await act(() => vi.advanceTimersByTimeAsync(0));

    fireEvent.click(screen.getByRole("button", { name: "Accept" }));
    await act(() => vi.advanceTimersByTimeAsync(0));
    expect(page.callsTo("invitations.accept")[0]?.input).toEqual({ id: 1 });
    expect(toast.success).toHaveBeenCalledWith("Invitation accepted!", {
      description: "You have joined The Smiths",
    });
    expect(screen.getByRole("button", { name: "Opening circle..." })).toBeDisabled();

    await act(() => vi.advanceTimersByTimeAsync(ACCEPTED_INVITATION_NAV_DELAY_MS - 1));
    expect(page.location()).toBe("/invitations");
    await act(() => vi.advanceTimersByTimeAsync(1));
    expect(page.location()).toBe("/circle/7");
  });

  it("declines, says so, and asks for the list again", async () => {
    let answered = false;
    const page = renderWithTrpc(<InvitationsScreen />, {
      handlers: {
        "invitations.pending": () => (answered ? [] : [invitation()]),
        "invitations.decline": () => {
          answered = true;
          return { ...accepted, status: "declined" };
        },
      },
    });
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));

    expect(await screen.findByText("You don't have any pending invitations")).toBeVisible();
    expect(page.callsTo("invitations.decline")[0]?.input).toEqual({ id: 1 });
    expect(toast.success).toHaveBeenCalledWith("Invitation declined");
  });

  it("keeps the row and reports the failures of either answer", async () => {
    const page = renderWithTrpc(<InvitationsScreen />, {
      handlers: {
        "invitations.pending": () => [invitation()],
        "invitations.accept": () => {
          throw serverError("This invitation is invalid or has expired.", 400);
        },
        "invitations.decline": () => {
          throw serverError("This invitation is invalid or has expired.", 400);
        },
      },
      path: "/invitations",
    });
    fireEvent.click(await screen.findByRole("button", { name: "Accept" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to accept invitation", {
        description: "This invitation is invalid or has expired.",
      }),
    );
    fireEvent.click(await screen.findByRole("button", { name: "Decline" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to decline invitation", {
        description: "This invitation is invalid or has expired.",
      }),
    );
    expect(screen.getByText("The Smiths")).toBeVisible();
    expect(page.location()).toBe("/invitations");
  });
});
