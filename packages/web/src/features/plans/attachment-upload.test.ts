/**
 * One attachment going up: refused before any byte leaves when its name or size is wrong; else
 * the bytes straight to storage (the one uploader, lib/direct-upload.ts, tested there), then
 * `attachments.addUploaded` naming them by key with the file's own name. Every failure is an
 * Error whose message the plan form's toast shows. The uploader and the server are stand-ins.
 */
import { ATTACHMENT_MAX_BYTES } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import { TRPCClientError } from "@trpc/client";
import { beforeEach, describe, expect, it, vi } from "vitest";
import { DirectUploadError, uploadDirectly } from "../../lib/direct-upload";
import { uploadAttachment } from "./attachment-upload";

vi.mock("../../lib/direct-upload", async (importOriginal) => ({
  ...(await importOriginal<typeof import("../../lib/direct-upload")>()),
  uploadDirectly: vi.fn(),
}));
const addUploaded = vi.fn();
vi.mock("../../lib/trpc", () => ({
  createTrpcClient: () => ({ attachments: { addUploaded: { mutate: addUploaded } } }),
}));

const KEY = "uploads/5/abcdef1234";
const slip = new File(["%PDF-1.7"], "Permission slip.pdf", { type: "application/pdf" });
const added = {
  id: 9,
  fileName: "Permission slip.pdf",
  contentType: "application/pdf",
  size: slip.size,
  url: "/api/events/100/attachments/9",
  createdAt: new Date("2026-11-01T10:00:00Z"),
};

/** A tRPC error as the client builds it from the server's refusal. */
const refused = (message: string) =>
  new TRPCClientError(message, {
    result: { error: { message, code: -32600, data: { code: "BAD_REQUEST", httpStatus: 400 } } },
  });

beforeEach(() => {
  vi.mocked(uploadDirectly).mockReset().mockResolvedValue(KEY);
  addUploaded.mockReset().mockResolvedValue(added);
});

describe("uploadAttachment", () => {
  it("uploads the bytes directly, then names them by key with the file's name", async () => {
    const options = { onProgress: vi.fn() };
    await expect(uploadAttachment(100, slip, options)).resolves.toEqual(added);
    expect(uploadDirectly).toHaveBeenCalledWith(slip, options);
    expect(addUploaded).toHaveBeenCalledWith(
      { id: 100, uploadKey: KEY, fileName: "Permission slip.pdf" },
      { signal: undefined },
    );
  });

  it.each([
    ["a name off the list", new File(["MZ"], "setup.exe"), messages.attachmentTypeInvalid],
    ["an empty file", new File([], "empty.txt"), messages.attachmentTypeInvalid],
    [
      "a file over 5 MB",
      new File([new Uint8Array(ATTACHMENT_MAX_BYTES + 1)], "big.pdf"),
      messages.attachmentTooLarge,
    ],
  ])("refuses %s before uploading anything", async (_, file, message) => {
    await expect(uploadAttachment(100, file)).rejects.toThrow(message);
    expect(uploadDirectly).not.toHaveBeenCalled();
  });

  it("words a file the storage finds too large as the attachment limit", async () => {
    vi.mocked(uploadDirectly).mockRejectedValue(new DirectUploadError(true, "photo words"));
    await expect(uploadAttachment(100, slip)).rejects.toThrow(messages.attachmentTooLarge);
    expect(addUploaded).not.toHaveBeenCalled();
  });

  it("passes on the uploader's words for any other failure", async () => {
    vi.mocked(uploadDirectly).mockRejectedValue(
      new DirectUploadError(false, "The upload was refused (403). Please try again."),
    );
    await expect(uploadAttachment(100, slip)).rejects.toThrow(
      "The upload was refused (403). Please try again.",
    );
  });

  it("passes on the server's refusal of the named file", async () => {
    addUploaded.mockRejectedValue(refused(messages.attachmentsTooMany));
    await expect(uploadAttachment(100, slip)).rejects.toThrow(messages.attachmentsTooMany);
  });

  it("says the server was not reached when naming the file gets no answer", async () => {
    addUploaded.mockRejectedValue(new TRPCClientError("Failed to fetch"));
    await expect(uploadAttachment(100, slip)).rejects.toThrow(
      "We could not reach the server. Check your connection and try again.",
    );
  });

  it("lets a cancellation through as it is", async () => {
    const aborted = new DOMException("Aborted", "AbortError");
    vi.mocked(uploadDirectly).mockRejectedValue(aborted);
    await expect(uploadAttachment(100, slip)).rejects.toBe(aborted);
  });
});
