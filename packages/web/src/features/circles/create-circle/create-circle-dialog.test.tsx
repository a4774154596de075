/**
 * The Create a New Circle dialog (accounts spec, sections 2, 4, 5 and 8): its four steps and
 * their progress (33, 66, 99, 100), the name rule, the optional photo, the invite list's
 * checks, and the toasts of each outcome.
 */

import { fireEvent, screen, waitFor, within } from "@testing-library/react";
import userEvent from "@testing-library/user-event";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { uploadPhoto } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { circleFixture, createdInvitationFixture } from "../testing/fixtures";
import { CreateCircleDialog } from "./create-circle-dialog";

spyOnToasts();

// The crop dialog has tests of its own: here it hands back a crop at the press of a button.
vi.mock(
  "@/features/photos/photo-crop-dialog",
  () => import("@/features/photos/testing/photo-crop-dialog-stand-in"),
);
vi.mock("@/lib/photo-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/photo-upload")>()),
  uploadPhoto: vi.fn(),
}));

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(uploadPhoto).mockReset();
});

function renderDialog(handlers: Record<string, Handler> = {}) {
  const onOpenChange = vi.fn();
  const view = renderWithTrpc(<CreateCircleDialog open onOpenChange={onOpenChange} />, {
    path: "/dashboard",
    handlers: {
      "circles.create": (input) => circleFixture({ id: 12, ...(input as object) }),
      "invitations.inviteMany": (input) => ({
        message: "Invitations sent",
        invitations: (input as { inviteEmails: string[] }).inviteEmails.map((email) =>
          createdInvitationFixture({ email }),
        ),
      }),
      ...handlers,
    },
  });
  return { ...view, onOpenChange };
}

function progress(): string | null {
  return screen.getByRole("progressbar").getAttribute("aria-valuenow");
}

async function fillDetails(name = "The Lovelaces") {
  await userEvent.type(await screen.findByLabelText("Circle Name"), name);
  await userEvent.click(screen.getByRole("button", { name: "Next" }));
  await screen.findByRole("heading", { name: "Add a Circle Photo" });
}

describe("CreateCircleDialog", () => {
  it("goes through details, photo, invites and success at 33, 66, 99 and 100", async () => {
    const view = renderDialog();
    expect(await screen.findByRole("heading", { name: "Create a New Circle" })).toBeVisible();
    expect(progress()).toBe("33");

    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    expect(await screen.findByText("Circle name is required")).toBeVisible();
    expect(progress()).toBe("33");

    await userEvent.type(screen.getByLabelText("Circle Name"), "  The Lovelaces ");
    await userEvent.type(screen.getByLabelText(/Description/), "Family things");
    await userEvent.click(screen.getByRole("radio", { name: "Family" }));
    await userEvent.click(screen.getByRole("radio", { name: "Green" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await screen.findByRole("heading", { name: "Add a Circle Photo" });
    expect(progress()).toBe("66");

    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    expect(progress()).toBe("99");
    expect(view.callsTo("circles.create")[0]?.input).toEqual({
      name: "The Lovelaces",
      description: "Family things",
      color: "#10B981",
      type: "family",
    });
    expect(toast.success).toHaveBeenCalledWith("Circle created successfully", expect.anything());

    await userEvent.type(screen.getByLabelText("Email Address"), "bea@example.com{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Send Invitations" }));
    await screen.findByRole("heading", { name: "Circle Created" });
    expect(progress()).toBe("100");
    expect(view.callsTo("invitations.inviteMany")[0]?.input).toEqual({
      id: 12,
      inviteEmails: ["bea@example.com"],
      inviteMessage: null,
    });
    expect(toast.success).toHaveBeenLastCalledWith("Invitations sent", expect.anything());

    await userEvent.click(screen.getByRole("button", { name: "Go to Circle" }));
    expect(view.location()).toBe("/circle/12");
    expect(view.onOpenChange).toHaveBeenCalledWith(false);
  });

  it("starts with the custom type and the purple #8B5CF6", async () => {
    const view = renderDialog();
    await fillDetails();
    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    expect(view.callsTo("circles.create")[0]?.input).toMatchObject({
      type: "custom",
      color: "#8B5CF6",
    });
  });

  it("gives a Family circle the family green unless a colour is picked (it stayed purple)", async () => {
    const view = renderDialog();
    await userEvent.type(await screen.findByLabelText("Circle Name"), "The Lovelaces");
    expect(screen.getByRole("radio", { name: "Purple" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "Family" }));
    expect(screen.getByRole("radio", { name: "Green" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "Work" }));
    expect(screen.getByRole("radio", { name: "Grey" })).toBeChecked();
    await userEvent.click(screen.getByRole("radio", { name: "Family" }));
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    expect(view.callsTo("circles.create")[0]?.input).toMatchObject({
      type: "family",
      color: "#10B981",
    });
  });

  it("keeps a picked colour when the type changes after, also back from the photo step", async () => {
    const view = renderDialog();
    await userEvent.type(await screen.findByLabelText("Circle Name"), "The Lovelaces");
    await userEvent.click(screen.getByRole("radio", { name: "Amber" }));
    await userEvent.click(screen.getByRole("radio", { name: "Family" }));
    expect(screen.getByRole("radio", { name: "Amber" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Back" }));
    await userEvent.click(await screen.findByRole("radio", { name: "Custom" }));
    expect(screen.getByRole("radio", { name: "Amber" })).toBeChecked();
    await userEvent.click(screen.getByRole("button", { name: "Next" }));
    await userEvent.click(await screen.findByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    expect(view.callsTo("circles.create")[0]?.input).toMatchObject({
      type: "custom",
      color: "#F59E0B",
    });
  });

  it("keeps the invite list to valid addresses, each once whatever its letter case", async () => {
    renderDialog();
    await fillDetails();
    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    const send = screen.getByRole("button", { name: "Send Invitations" });
    const email = screen.getByLabelText("Email Address");
    const add = screen.getByRole("button", { name: "Add" });
    expect(send).toBeDisabled();

    await userEvent.type(email, "bea@example");
    await userEvent.click(add);
    expect(screen.getByText("Please enter a valid email address")).toBeVisible();
    expect(email).toHaveAttribute("aria-invalid", "true");
    expect(send).toBeDisabled();

    await userEvent.clear(email);
    await userEvent.type(email, "Bea@Example.com");
    await userEvent.click(add);
    const list = screen.getByRole("list", { name: "People to invite" });
    expect(within(list).getByText("Bea@Example.com")).toBeVisible();
    expect(send).toBeEnabled();

    await userEvent.type(email, "bea@EXAMPLE.COM");
    await userEvent.click(add);
    expect(toast.error).toHaveBeenCalledWith("Email already added", {
      description: "This email address has already been added to the invitation list",
    });
    expect(
      screen.getByText("This email address has already been added to the invitation list"),
    ).toBeVisible();
    expect(within(list).getAllByRole("listitem")).toHaveLength(1);

    await userEvent.click(within(list).getByRole("button", { name: "Remove Bea@Example.com" }));
    expect(send).toBeDisabled();
  });

  it("says Failed to create circle and stays on the photo step", async () => {
    renderDialog({
      "circles.create": () => {
        throw serverError("You have reached the limit of 50 circles.", 400);
      },
    });
    await fillDetails();
    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to create circle", {
        description: "You have reached the limit of 50 circles.",
      }),
    );
    expect(screen.getByRole("heading", { name: "Add a Circle Photo" })).toBeVisible();
  });

  it("says Failed to send invitations and lets the person skip to the end", async () => {
    renderDialog({
      "invitations.inviteMany": () => {
        throw serverError("You cannot invite yourself.", 400);
      },
    });
    await fillDetails();
    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await userEvent.type(await screen.findByLabelText("Email Address"), "ada@example.com{Enter}");
    await userEvent.click(screen.getByRole("button", { name: "Send Invitations" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to send invitations", {
        description: "You cannot invite yourself.",
      }),
    );
    await userEvent.click(screen.getByRole("button", { name: "Skip" }));
    expect(await screen.findByRole("heading", { name: "Circle Created" })).toBeVisible();
  });

  it("uploads a cropped photo and creates the circle with its key", async () => {
    vi.mocked(uploadPhoto).mockImplementation(async (_file, options) => {
      options?.onProgress?.(1);
      return "uploads/1/abcdef123456";
    });
    URL.createObjectURL = vi.fn(() => "blob:preview");
    URL.revokeObjectURL = vi.fn();
    const view = renderDialog();
    await fillDetails();

    const input = screen.getByTestId("circle-photo-input");
    fireEvent.change(input, {
      target: { files: [new File(["x"], "notes.txt", { type: "text/plain" })] },
    });
    expect(toast.error).toHaveBeenCalledWith("Invalid file type", {
      description: "Please select an image file (JPEG, PNG, etc.)",
    });

    fireEvent.change(input, {
      target: { files: [new File(["png"], "me.png", { type: "image/png" })] },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Photo" }));
    expect(await screen.findByRole("button", { name: "Remove Photo" })).toBeVisible();
    expect(uploadPhoto).toHaveBeenCalledTimes(1);

    await userEvent.click(screen.getByRole("button", { name: "Create Circle" }));
    await screen.findByRole("heading", { name: "Invite Members" });
    expect(view.callsTo("circles.create")[0]?.input).toMatchObject({
      photoUploadKey: "uploads/1/abcdef123456",
    });
  });

  it("says Failed to process image when the upload fails", async () => {
    vi.mocked(uploadPhoto).mockRejectedValue(new Error("network down"));
    renderDialog();
    await fillDetails();
    fireEvent.change(screen.getByTestId("circle-photo-input"), {
      target: { files: [new File(["png"], "me.png", { type: "image/png" })] },
    });
    await userEvent.click(await screen.findByRole("button", { name: "Save Photo" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to process image", expect.anything()),
    );
    expect(screen.queryByRole("button", { name: "Remove Photo" })).not.toBeInTheDocument();
  });
});
