/**
 * The Account tab's account deletion (docs/decisions/014): what the card says becomes of the
 * circles the user created, the confirmation dialog that asks for the password, a wrong password
 * shown on its field with the account kept, and a deletion that signs this device out. The
 * sign-out itself (lib/session.ts) is the one every sign-out uses: a stand-in records it here.
 */
import type { AppRouter } from "@circleplan/api/root";
import { messages } from "@circleplan/shared/messages";
import { screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { TRPCClientError } from "@trpc/client";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { circleFixture } from "@/features/circles/testing/fixtures";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { DeleteAccountCard } from "./delete-account-card";

spyOnToasts();
const signOut = vi.fn(async () => undefined);
vi.mock("@/lib/session", () => ({ useSignOut: () => ({ signOut, isPending: false }) }));

const EMAIL = "ada@example.com";

/** The answer the API gives a wrong password: 400 with the issue on `password`. */
function wrongPassword() {
  return new TRPCClientError<AppRouter>(messages.currentPasswordWrong, {
    result: {
      error: {
        message: messages.currentPasswordWrong,
        code: -32600,
        data: {
          code: "VALIDATION_FAILED",
          httpStatus: 400,
          path: undefined,
          issues: [{ path: "password", message: messages.currentPasswordWrong }],
        },
      },
    },
  });
}

function renderCard(deleteAccount: Handler) {
  return renderWithTrpc(<DeleteAccountCard email={EMAIL} />, {
    handlers: {
      "circles.list": () => [
        circleFixture({ id: 1, name: "Personal", type: "personal", memberCount: 1 }),
        circleFixture({ id: 7, name: "The Lovelaces", type: "family", memberCount: 3 }),
        circleFixture({ id: 8, name: "Chess club", memberCount: 1 }),
        circleFixture({ id: 9, name: "Babbage's", isCreator: false, role: "member" }),
      ],
      "user.deleteAccount": deleteAccount,
    },
    path: "/profile",
  });
}

async function openDialog() {
  await userEvent.click(screen.getByRole("button", { name: "Delete my account" }));
  return screen.findByRole("alertdialog", { name: "Delete your account?" });
}

beforeEach(() => {
  signOut.mockClear();
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
});

describe("DeleteAccountCard", () => {
  it("says which circles pass on and which are deleted with the account", async () => {
    renderCard(() => ({ message: messages.accountDeleted }));
    expect(
      await screen.findByText(/The Lovelaces: passed on to the longest-standing admin/),
    ).toBeInTheDocument();
    expect(screen.getByText(/Chess club: deleted, as nobody else is in them/)).toBeInTheDocument();
    expect(screen.queryByText(/Babbage's/)).not.toBeInTheDocument();
    expect(screen.queryByText(/Personal:/)).not.toBeInTheDocument();
  });

  it("deletes nothing until the dialog is confirmed, and Cancel keeps the account", async () => {
    const page = renderCard(() => ({ message: messages.accountDeleted }));
    const dialog = await openDialog();
    expect(within(dialog).getByText(/cannot be undone/)).toBeInTheDocument();
    await userEvent.click(within(dialog).getByRole("button", { name: "Cancel" }));
    await waitFor(() => expect(screen.queryByRole("alertdialog")).not.toBeInTheDocument());
    expect(page.callsTo("user.deleteAccount")).toEqual([]);
    expect(signOut).not.toHaveBeenCalled();
  });

  it("asks for the password before sending anything", async () => {
    const page = renderCard(() => ({ message: messages.accountDeleted }));
    const dialog = await openDialog();
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText(messages.passwordRequired)).toBeInTheDocument();
    expect(page.callsTo("user.deleteAccount")).toEqual([]);
  });

  it("a wrong password shows the server's message on the field, keeps the dialog open and does not sign out", async () => {
    const page = renderCard(() => {
      throw wrongPassword();
    });
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Password"), "Not-my-pass1!");
    await userEvent.click(within(dialog).getByRole("button", { name: "Delete my account" }));
    expect(await within(dialog).findByText(messages.currentPasswordWrong)).toBeInTheDocument();
    expect(page.callsTo("user.deleteAccount")).toEqual([
      { path: "user.deleteAccount", input: { password: "Not-my-pass1!" } },
    ]);
    expect(screen.getByRole("alertdialog")).toBeInTheDocument();
    expect(signOut).not.toHaveBeenCalled();
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("a deleted account signs this device out, pressing Enter in the password field", async () => {
    const page = renderCard(() => ({ message: messages.accountDeleted }));
    const dialog = await openDialog();
    await userEvent.type(within(dialog).getByLabelText("Password"), "Ada-lovelace-1815!{Enter}");
    await waitFor(() => expect(signOut).toHaveBeenCalledTimes(1));
    expect(page.callsTo("user.deleteAccount")).toEqual([
      { path: "user.deleteAccount", input: { password: "Ada-lovelace-1815!" } },
    ]);
    expect(toast.success).toHaveBeenCalledWith("Account deleted", {
      description: messages.accountDeleted,
    });
  });
});
