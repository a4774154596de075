/**
 * The photo flow the profile and the circle screens share (accounts spec, sections 4 and 5):
 * what each step's failure is reported as, and what Cancel stops. The owners' own tests
 * (profile-photo-card, create-circle-dialog) cover their texts; the crop dialog and the byte
 * upload have their own tests, and stand-ins take their place here.
 */
import { act, fireEvent, render, screen, waitFor } from "@testing-library/react";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { PhotoUploadError, uploadPhoto } from "@/lib/photo-upload";
import { toast } from "@/lib/toast";
import { spyOnToasts } from "@/testing/toasts";
import { CROPPED } from "./testing/photo-crop-dialog-stand-in";
import { type PhotoChooserOptions, usePhotoChooser } from "./use-photo-chooser";

spyOnToasts();
vi.mock("@/lib/photo-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("@/lib/photo-upload")>()),
  uploadPhoto: vi.fn(),
}));

vi.mock(
  "@/features/photos/photo-crop-dialog",
  () => import("./testing/photo-crop-dialog-stand-in"),
);

function Chooser(options: PhotoChooserOptions) {
  const chooser = usePhotoChooser(options);
  return (
    <>
      <button type="button" onClick={chooser.choose} disabled={chooser.saving}>
        Upload Photo
      </button>
      {chooser.elements}
    </>
  );
}

function renderChooser(save: PhotoChooserOptions["save"]) {
  const onFailure = vi.fn();
  render(<Chooser save={save} onFailure={onFailure} inputTestId="photo-input" />);
  const input = screen.getByTestId("photo-input");
  expect(input).toHaveAttribute("accept", "image/*");
  expect(input).toHaveAttribute("aria-hidden", "true");
  fireEvent.change(input, {
    target: { files: [new File(["png"], "me.png", { type: "image/png" })] },
  });
  fireEvent.click(screen.getByRole("button", { name: "Save Photo" }));
  return { onFailure };
}

/** An upload the test finishes itself, as if the bytes had just arrived. */
function pendingUpload() {
  let finish: (key: string) => void = () => {};
  vi.mocked(uploadPhoto).mockImplementation(
    () =>
      new Promise((resolve) => {
        finish = resolve;
      }),
  );
  return (key: string) => finish(key);
}

beforeEach(() => {
  vi.mocked(toast.error).mockClear();
  vi.mocked(uploadPhoto).mockReset();
});

describe("usePhotoChooser", () => {
  it("saves the uploaded key and closes the crop dialog", async () => {
    vi.mocked(uploadPhoto).mockResolvedValue("uploads/1/abcdef1234");
    const save = vi.fn();
    const { onFailure } = renderChooser(save);
    await waitFor(() => expect(screen.queryByRole("dialog")).toBeNull());
    expect(save).toHaveBeenCalledWith("uploads/1/abcdef1234", CROPPED);
    expect(onFailure).not.toHaveBeenCalled();
  });

  it("reports a failed upload as the upload's, and keeps the dialog open", async () => {
    const refused = new PhotoUploadError("Upload failed", "The upload was refused (403).");
    vi.mocked(uploadPhoto).mockRejectedValue(refused);
    const save = vi.fn();
    const { onFailure } = renderChooser(save);
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(refused, "upload"));
    expect(save).not.toHaveBeenCalled();
    expect(screen.getByRole("dialog")).toBeVisible();
  });

  it("reports a failed save as the save's, and keeps the dialog open", async () => {
    vi.mocked(uploadPhoto).mockResolvedValue("uploads/1/abcdef1234");
    const refused = new Error("refused");
    const { onFailure } = renderChooser(() => Promise.reject(refused));
    await waitFor(() => expect(onFailure).toHaveBeenCalledWith(refused, "save"));
    expect(screen.getByRole("dialog")).toBeVisible();
    await waitFor(() => expect(screen.getByRole("button", { name: "Upload Photo" })).toBeEnabled());
  });

  it("never saves bytes that arrived after Cancel", async () => {
    const arrive = pendingUpload();
    const save = vi.fn();
    const { onFailure } = renderChooser(save);
    await screen.findByText("Uploading 0%");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(async () => arrive("uploads/1/abcdef1234"));

    expect(save).not.toHaveBeenCalled();
    expect(onFailure).not.toHaveBeenCalled();
    expect(screen.queryByRole("dialog")).toBeNull();
  });

  it("says nothing of a save that fails after Cancel: nobody is waiting for it", async () => {
    vi.mocked(uploadPhoto).mockResolvedValue("uploads/1/abcdef1234");
    let refuse: (error: Error) => void = () => {};
    const { onFailure } = renderChooser(
      () =>
        new Promise((_, reject) => {
          refuse = reject;
        }),
    );
    await screen.findByText("Uploading 0%");
    fireEvent.click(screen.getByRole("button", { name: "Cancel" }));
    await act(async () => refuse(new Error("refused")));

    expect(onFailure).not.toHaveBeenCalled();
    expect(screen.getByRole("button", { name: "Upload Photo" })).toBeEnabled();
  });
});
