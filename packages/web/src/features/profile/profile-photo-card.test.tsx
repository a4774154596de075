/**
 * The profile photo (accounts spec, sections 2, 4, 5 and 8): a chosen file is checked, cropped,
 * uploaded with its progress shown, then named to the server; the current user is refreshed so
 * every avatar follows; each failure has its toast. The crop dialog and the byte upload have
 * their own tests: stand-ins take their place here.
 */
import type { PublicUser } from "@circleplan/shared/auth-outputs";
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { act, fireEvent, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { CROPPED } from "@/features/photos/testing/photo-crop-dialog-stand-in";
import { PhotoUploadError, uploadPhoto } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { type Handler, renderWithTrpc, serverError } from "@/testing/render-with-trpc";
import { spyOnToasts } from "@/testing/toasts";
import { ProfilePhotoCard } from "./profile-photo-card";

spyOnToasts();
vi.mock("@/lib/photo-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/photo-upload")>()),
  uploadPhoto: vi.fn(),
}));

vi.mock(
  "@/features/photos/photo-crop-dialog",
  () => import("@/features/photos/testing/photo-crop-dialog-stand-in"),
);

const PHOTO_URL = "/api/photos/users/5/abcdef12?size=large";

const user: PublicUser = {
  id: 5,
  email: "bea@example.com",
  firstName: "Bea",
  lastName: "Jones",
  username: "bea",
  gender: "female",
  country: "US",
  city: "New York",
  phoneNumber: "+1 2125550123",
  photoUrl: null,
  timeZone: "UTC",
  emailVerified: true,
  pendingEmail: null,
} as PublicUser;

/** The card as the profile screen shows it: fed by the current-user query it must refresh. */
function CurrentUserPhoto() {
  const current = trpc.auth.user.useQuery();
  if (!current.data) return null;
  return (
    <>
      <p>Menu avatar: {current.data.photoUrl ?? "initials"}</p>
      <ProfilePhotoCard user={current.data} />
    </>
  );
}

function renderCard(handlers: Record<string, Handler>, photoUrl: string | null = null) {
  let stored = photoUrl;
  const page = renderWithTrpc(<CurrentUserPhoto />, {
    handlers: {
      "auth.user": () => ({ ...user, photoUrl: stored }),
      "circles.list": () => [],
      ...handlers,
      "photos.setUserPhoto": (input) => {
        const answer = handlers["photos.setUserPhoto"]?.(input) as { photoUrl: string };
        stored = answer.photoUrl;
        return answer;
      },
      "photos.removeUserPhoto": (input) => {
        const answer = handlers["photos.removeUserPhoto"]?.(input);
        stored = null;
        return answer;
      },
    },
    path: "/profile",
  });
  return page;
}

async function choose(file: File) {
  await screen.findByRole("button", { name: "Upload Photo" });
  const input = document.querySelector<HTMLInputElement>('input[type="file"]');
  if (!input) throw new Error("no file input");
  expect(input).toHaveAttribute("accept", "image/*");
  fireEvent.change(input, { target: { files: [file] } });
}

const jpeg = new File([new Uint8Array([0xff, 0xd8, 0xff])], "me.jpg", { type: "image/jpeg" });

beforeEach(() => {
  vi.mocked(toast.success).mockClear();
  vi.mocked(toast.error).mockClear();
  vi.mocked(uploadPhoto).mockReset();
});

describe("ProfilePhotoCard", () => {
  it("shows the initials without a photo, and Remove Photo only has something to remove with one", async () => {
    renderCard({});
    expect(await screen.findByText("BJ")).toBeVisible();
    expect(screen.getByRole("button", { name: "Upload Photo" })).toBeEnabled();
    expect(screen.getByRole("button", { name: "Remove Photo" })).toBeDisabled();
  });

  it("refuses a file that is not an image before cropping", async () => {
    renderCard({});
    await choose(new File(["%PDF"], "cv.pdf", { type: "application/pdf" }));
    expect(toast.error).toHaveBeenCalledWith("Invalid file type", {
      description: "Please select an image file (JPEG, PNG, etc.)",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("refuses a file over 5 MB before cropping", async () => {
    renderCard({});
    await choose(
      new File([new Uint8Array(PHOTO_MAX_BYTES + 1)], "big.jpg", { type: "image/jpeg" }),
    );
    expect(toast.error).toHaveBeenCalledWith("File too large", {
      description: "Please select an image smaller than 5MB",
    });
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("crops, uploads with progress, names the upload, and refreshes every avatar", async () => {
    let finishUpload: (key: string) => void = () => {};
    vi.mocked(uploadPhoto).mockImplementation((_blob, options) => {
      options?.onProgress?.(0.25);
      return new Promise((resolve) => {
        finishUpload = resolve;
      });
    });
    const page = renderCard({ "photos.setUserPhoto": () => ({ photoUrl: PHOTO_URL }) });
    await choose(jpeg);
    fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));

    expect(await screen.findByText("Uploading 25%")).toBeVisible();
    expect(vi.mocked(uploadPhoto).mock.lastCall?.[0]).toBe(CROPPED);
    expect(screen.getByRole("button", { name: "Upload Photo" })).toBeDisabled();
    await act(async () => finishUpload("uploads/5/abcdef1234"));

    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(page.callsTo("photos.setUserPhoto")[0]?.input).toEqual({
      photoUploadKey: "uploads/5/abcdef1234",
    });
    expect(await screen.findByText(`Menu avatar: ${PHOTO_URL}`)).toBeVisible();
    expect(toast.success).toHaveBeenCalledWith("Photo updated", expect.anything());
    expect(screen.getByRole("button", { name: "Remove Photo" })).toBeEnabled();
  });

  it("keeps the dialog open and says the upload failed", async () => {
    vi.mocked(uploadPhoto).mockRejectedValue(
      new PhotoUploadError("Upload failed", "The upload was refused (403). Please try again."),
    );
    const page = renderCard({ "photos.setUserPhoto": () => ({ photoUrl: PHOTO_URL }) });
    await choose(jpeg);
    fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));

    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Upload failed", {
        description: "The upload was refused (403). Please try again.",
      }),
    );
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(page.callsTo("photos.setUserPhoto")).toHaveLength(0);
  });

  it("says processing failed when the upload breaks unexpectedly", async () => {
    vi.mocked(uploadPhoto).mockRejectedValue(new TypeError("boom"));
    renderCard({});
    await choose(jpeg);
    fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to process the image. Please try again."),
    );
  });

  it("passes on the server's refusal of the uploaded photo", async () => {
    vi.mocked(uploadPhoto).mockResolvedValue("uploads/5/abcdef1234");
    renderCard({
      "photos.setUserPhoto": () => {
        throw serverError("Invalid file type: Please select an image file (JPEG, PNG, etc.)", 400);
      },
    });
    await choose(jpeg);
    fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to upload photo", {
        description: "Invalid file type: Please select an image file (JPEG, PNG, etc.)",
      }),
    );
    expect(screen.getByRole("dialog")).toBeVisible();
    expect(screen.getByText("Menu avatar: initials")).toBeVisible();
  });

  it("stops the upload on Cancel and names nothing", async () => {
    let signal: AbortSignal | undefined;
    vi.mocked(uploadPhoto).mockImplementation((_blob, options) => {
      signal = options?.signal;
      return new Promise((_, reject) =>
        options?.signal?.addEventListener("abort", () => reject(options.signal?.reason)),
      );
    });
    const page = renderCard({ "photos.setUserPhoto": () => ({ photoUrl: PHOTO_URL }) });
    await choose(jpeg);
    fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));
    await screen.findByText("Uploading 0%");

    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));

    expect(signal?.aborted).toBe(true);
    await waitFor(() => expect(screen.getByRole("button", { name: "Upload Photo" })).toBeEnabled());
    expect(screen.queryByRole("dialog")).toBeNull();
    expect(page.callsTo("photos.setUserPhoto")).toHaveLength(0);
    expect(toast.error).not.toHaveBeenCalled();
  });

  it("removes the photo and refreshes every avatar", async () => {
    const page = renderCard(
      { "photos.removeUserPhoto": () => ({ message: "Photo removed" }) },
      PHOTO_URL,
    );
    await screen.findByText(`Menu avatar: ${PHOTO_URL}`);
    fireEvent.click(screen.getByRole("button", { name: "Remove Photo" }));

    expect(await screen.findByText("Menu avatar: initials")).toBeVisible();
    expect(page.callsTo("photos.removeUserPhoto")).toHaveLength(1);
    expect(toast.success).toHaveBeenCalledWith("Photo removed", expect.anything());
  });

  it("says so when removing fails", async () => {
    renderCard(
      {
        "photos.removeUserPhoto": () => {
          throw serverError("Something went wrong. Please try again.", 500, "INTERNAL");
        },
      },
      PHOTO_URL,
    );
    fireEvent.click(await screen.findByRole("button", { name: "Remove Photo" }));
    await waitFor(() =>
      expect(toast.error).toHaveBeenCalledWith("Failed to remove photo", {
        description: "Something went wrong. Please try again.",
      }),
    );
    expect(screen.getByText(`Menu avatar: ${PHOTO_URL}`)).toBeVisible();
  });
});
