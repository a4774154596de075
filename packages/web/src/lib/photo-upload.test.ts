/**
 * The photo upload: files refused before any byte leaves (not an image, over 5 MB), a crop sent
 * as a named file, and the one uploader's failures (direct-upload.ts, tested there) worded as
 * the spec's photo toasts: a title and a description.
 */
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DirectUploadError, uploadDirectly } from "./direct-upload";
import { PhotoUploadError, uploadPhoto } from "./photo-upload";

vi.mock("./direct-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("./direct-upload")>()),
  uploadDirectly: vi.fn(),
}));

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" });

beforeEach(() => {
  vi.mocked(uploadDirectly).mockReset().mockResolvedValue("uploads/5/abcdef1234");
});

describe("uploadPhoto", () => {
  it.each([
    [
      "not an image",
      new Blob(["%PDF-1.7"], { type: "application/pdf" }),
      "Invalid file type",
      "Please select an image file (JPEG, PNG, etc.)",
    ],
    [
      "over 5 MB",
      new Blob([new Uint8Array(PHOTO_MAX_BYTES + 1)], { type: "image/jpeg" }),
      "File too large",
      "Please select an image smaller than 5MB",
    ],
  ])("refuses a file %s before uploading anything", async (_, file, title, description) => {
    const refusal = await uploadPhoto(file).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PhotoUploadError);
    expect(refusal).toMatchObject({ title, description });
    expect(uploadDirectly).not.toHaveBeenCalled();
  });

  it("accepts exactly 5 MB", async () => {
    const photo = new Blob([new Uint8Array(PHOTO_MAX_BYTES)], { type: "image/png" });
    await expect(uploadPhoto(photo)).resolves.toBe("uploads/5/abcdef1234");
  });

  it("sends a crop as a named file, with its progress and signal, and answers the key", async () => {
    const options = { onProgress: vi.fn(), signal: new AbortController().signal };
    await expect(uploadPhoto(jpeg, options)).resolves.toBe("uploads/5/abcdef1234");
    const [file, passed] = vi.mocked(uploadDirectly).mock.lastCall ?? [];
    expect(file).toBeInstanceOf(File);
    expect(file?.name).toBe("photo.jpg");
    expect(file?.type).toBe("image/jpeg");
    expect(file?.size).toBe(jpeg.size);
    expect(passed).toBe(options);
  });

  it("words a file the storage finds too large as the spec's toast", async () => {
    vi.mocked(uploadDirectly).mockRejectedValue(new DirectUploadError(true, "whatever"));
    await expect(uploadPhoto(jpeg)).rejects.toMatchObject({
      title: "File too large",
      description: "Please select an image smaller than 5MB",
    });
  });

  it("titles any other failure Upload failed, with the uploader's words", async () => {
    vi.mocked(uploadDirectly).mockRejectedValue(
      new DirectUploadError(false, "The upload was refused (403). Please try again."),
    );
    await expect(uploadPhoto(jpeg)).rejects.toMatchObject({
      title: "Upload failed",
      description: "The upload was refused (403). Please try again.",
    });
  });

  it("lets a cancellation through as it is", async () => {
    const aborted = new DOMException("Aborted", "AbortError");
    vi.mocked(uploadDirectly).mockRejectedValue(aborted);
    await expect(uploadPhoto(jpeg)).rejects.toBe(aborted);
  });
});
