/**
 * The invitation share dialog (accounts spec, sections 2, 5 and 8): Email, QR Code and Link
 * tabs, the invitation's own link, the 10-day expiry text, copying, and each message.
 */
import { screen, waitFor } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { InvitationShareDialog } from "./invitation-share-dialog";
import { createdInvitationFixture } from "./testing/fixtures";

spyOnToasts();

const writeText = vi.fn<(text: string) => Promise<void>>();

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  writeText.mockReset();
  Object.defineProperty(navigator, "clipboard", { value: { writeText }, configurable: true });
});

const circle = { id: 7, name: "The Lovelaces" };

function renderShare(
  invitation: ReturnType<typeof createdInvitationFixture> | null,
  handlers: Record<string, Handler> = {},
) {
  return renderWithTrpc(
    <InvitationShareDialog circle={circle} invitation={invitation} open onOpenChange={() => {}} />,
    { handlers },
  );
}

describe("InvitationShareDialog", () => {
  it("shows a new invitation's own link, copies it and says it expires in 10 days", async () => {
    const invitation = createdInvitationFixture({ email: "bea@example.com" });
    writeText.mockResolvedValue();
    renderShare(invitation);
    await userEvent.click(await screen.findByRole("tab", { name: "Link" }));
    const link = await screen.findByLabelText("Invitation link");
    expect(link).toHaveValue(invitation.inviteUrl);
    expect(invitation.inviteUrl).toMatch(/\/invitations\/tok-abcdefghijklmnopqrstuvwxyz$/);
    expect(screen.getByText(/The link expires in 10 days\./)).toBeVisible();

    await userEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    await waitFor(() => expect(writeText).toHaveBeenCalledWith(invitation.inviteUrl));
    expect(toast.success).toHaveBeenCalledWith("Link copied", expect.anything());

    await userEvent.click(screen.getByRole("tab", { name: "QR Code" }));
    expect(screen.getByRole("img", { name: /QR code of the invitation link/ })).toBeVisible();
    expect(screen.getByText(/The QR code expires in 10 days\./)).toBeVisible();
  });

  it("opens on the Email tab, also for an invitation just made (it opened on Link)", async () => {
    renderShare(createdInvitationFixture({ email: "bea@example.com" }));
    expect(await screen.findByRole("tab", { name: "Email" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByText("bea@example.com", { selector: "strong" })).toBeVisible();
    expect(screen.getByLabelText("Invite someone else")).toBeVisible();
    expect(screen.queryByLabelText("Invitation link")).toBeNull();
  });

  it("opens on the Email tab without an invitation", async () => {
    renderShare(null);
    expect(await screen.findByRole("tab", { name: "Email" })).toHaveAttribute(
      "aria-selected",
      "true",
    );
    expect(screen.getByLabelText("Email Address")).toBeVisible();
  });

  it("says Failed to copy when the clipboard refuses", async () => {
    writeText.mockRejectedValue(new Error("denied"));
    renderShare(createdInvitationFixture());
    await userEvent.click(await screen.findByRole("tab", { name: "Link" }));
    await userEvent.click(await screen.findByRole("button", { name: "Copy Link" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to copy", {
        description: "Could not copy the link to clipboard.",
      }),
    );
  });

  it("without an invitation, asks for one before copying and checks the address", async () => {
    const view = renderShare(null, {
      "invitations.create": (input) =>
        createdInvitationFixture({
          email: (input as { email: string }).email,
          inviteUrl: "http://localhost/invitations/new-token-0123456789",
        }),
    });
    await userEvent.click(await screen.findByRole("tab", { name: "Link" }));
    await userEvent.click(screen.getByRole("button", { name: "Copy Link" }));
    expect(toast.error).toHaveBeenCalledWith("No invitation link", {
      description: "Please create an invitation first.",
    });
    expect(writeText).not.toHaveBeenCalled();
    await userEvent.click(screen.getByRole("tab", { name: "QR Code" }));
    expect(screen.getByText(/No invitation yet/)).toBeVisible();

    await userEvent.click(screen.getByRole("tab", { name: "Email" }));
    const send = screen.getByRole("button", { name: "Send" });
    await userEvent.click(send);
    expect(toast.error).toHaveBeenLastCalledWith("Email required", {
      description: "Please enter an email address to create the invitation.",
    });
    await userEvent.type(screen.getByLabelText("Email Address"), "bea@example");
    await userEvent.click(send);
    expect(toast.error).toHaveBeenLastCalledWith("Invalid email", {
      description: "Please enter a valid email address.",
    });
    expect(view.callsTo("invitations.create")).toHaveLength(0);

    await userEvent.type(screen.getByLabelText("Email Address"), ".com");
    await userEvent.click(send);
    expect(await screen.findByLabelText("Invitation link")).toHaveValue(
      "http://localhost/invitations/new-token-0123456789",
    );
    expect(view.callsTo("invitations.create")[0]?.input).toEqual({
      id: 7,
      email: "bea@example.com",
    });
  });
});
