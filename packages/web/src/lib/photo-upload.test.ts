// @vitest-environment happy-dom
/**
 * The direct photo upload: files refused before any byte leaves (not an image, over 5 MB), the
 * form posted as S3 wants it (policy fields first, the file last, as `file`), progress, the
 * storage's refusals, and cancelling. The server and the storage are stand-ins.
 */
import { PHOTO_MAX_BYTES } from "@circleplan/shared/limits";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { PhotoUploadError, uploadPhoto } from "./photo-upload";

const createUpload = vi.fn();
vi.mock("./trpc", () => ({
  createTrpcClient: () => ({ photos: { createUpload: { mutate: createUpload } } }),
}));

/** One XMLHttpRequest as the code drives it, answered by the test. */
class FakeRequest {
  static last: FakeRequest | undefined;
  method = "";
  url = "";
  body: FormData | undefined;
  withCredentials = false;
  status = 0;
  responseText = "";
  aborted = false;
  readonly upload = new EventTarget();
  private readonly events = new EventTarget();

  constructor() {
    FakeRequest.last = this;
  }
  open(method: string, url: string) {
    this.method = method;
    this.url = url;
  }
  send(body: FormData) {
    this.body = body;
  }
  abort() {
    this.aborted = true;
    this.events.dispatchEvent(new Event("abort"));
  }
  addEventListener(type: string, listener: EventListener) {
    this.events.addEventListener(type, listener);
  }

  progress(loaded: number, total: number) {
    const event = Object.assign(new Event("progress"), { lengthComputable: true, loaded, total });
    this.upload.dispatchEvent(event);
  }
  answer(status: number, responseText = "") {
    this.status = status;
    this.responseText = responseText;
    this.events.dispatchEvent(new Event("load"));
  }
  fail() {
    this.events.dispatchEvent(new Event("error"));
  }
}

const target = {
  url: "/api/photos/local-upload",
  fields: { key: "uploads/5/abcdef1234", policy: "p0l1cy" },
  key: "uploads/5/abcdef1234",
  maxBytes: PHOTO_MAX_BYTES,
};

const jpeg = new Blob([new Uint8Array([0xff, 0xd8, 0xff, 0xe0])], { type: "image/jpeg" });

/** Waits until the upload has reached storage (createUpload answered, the form sent). */
async function sent(): Promise<FakeRequest> {
  await vi.waitFor(() => {
    if (!FakeRequest.last?.body) throw new Error("not sent yet");
  });
  return FakeRequest.last as FakeRequest;
}

beforeEach(() => {
  FakeRequest.last = undefined;
  createUpload.mockReset().mockResolvedValue(target);
  vi.stubGlobal("XMLHttpRequest", FakeRequest);
});

afterEach(() => {
  vi.unstubAllGlobals();
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
  ])("refuses a file %s before asking where to upload", async (_, file, title, description) => {
    const refusal = await uploadPhoto(file).catch((error: unknown) => error);
    expect(refusal).toBeInstanceOf(PhotoUploadError);
    expect(refusal).toMatchObject({ title, description });
    expect(createUpload).not.toHaveBeenCalled();
  });

  it("accepts exactly 5 MB", async () => {
    const upload = uploadPhoto(new Blob([new Uint8Array(PHOTO_MAX_BYTES)], { type: "image/png" }));
    (await sent()).answer(204);
    await expect(upload).resolves.toBe(target.key);
  });

  it("posts the policy's fields first and the file last, reports progress, and answers the key", async () => {
    const progress: number[] = [];
    const upload = uploadPhoto(jpeg, { onProgress: (fraction) => progress.push(fraction) });
    const request = await sent();

    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/photos/local-upload");
    // The app's own origin: the session cookie goes along.
    expect(request.withCredentials).toBe(true);
    const entries = [...(request.body?.entries() ?? [])];
    expect(entries.map(([name]) => name)).toEqual(["key", "policy", "file"]);
    expect(entries[0]?.[1]).toBe("uploads/5/abcdef1234");
    const file = entries[2]?.[1] as File;
    expect(file.type).toBe("image/jpeg");
    expect(file.name).toBe("photo.jpg");
    expect(file.size).toBe(jpeg.size);

    request.progress(2, 4);
    request.answer(200, JSON.stringify({ message: "Uploaded" }));
    await expect(upload).resolves.toBe("uploads/5/abcdef1234");
    expect(progress).toEqual([0.5, 1]);
  });

  it("asks a bucket on another origin for no credentials", async () => {
    createUpload.mockResolvedValue({ ...target, url: "https://photos.s3.amazonaws.com/" });
    const upload = uploadPhoto(jpeg);
    const request = await sent();
    expect(request.withCredentials).toBe(false);
    request.answer(204);
    await expect(upload).resolves.toBe(target.key);
  });

  it("refuses a file over the size the storage allows", async () => {
    createUpload.mockResolvedValue({ ...target, maxBytes: 2 });
    await expect(uploadPhoto(jpeg)).rejects.toMatchObject({ title: "File too large" });
    expect(FakeRequest.last).toBeUndefined();
  });

  it("passes on the storage's message when it refuses", async () => {
    const upload = uploadPhoto(jpeg);
    (await sent()).answer(
      400,
      JSON.stringify({
        message: "This upload has expired or does not exist. Please choose the photo again.",
      }),
    );
    await expect(upload).rejects.toMatchObject({
      title: "Upload failed",
      description: "This upload has expired or does not exist. Please choose the photo again.",
    });
  });

  it("does not show a bucket's XML to anyone", async () => {
    const upload = uploadPhoto(jpeg);
    (await sent()).answer(403, "<Error><Code>AccessDenied</Code></Error>");
    await expect(upload).rejects.toMatchObject({
      title: "Upload failed",
      description: "The upload was refused (403). Please try again.",
    });
  });

  it("reads a 413 as a file too large", async () => {
    const upload = uploadPhoto(jpeg);
    (await sent()).answer(413, "");
    await expect(upload).rejects.toMatchObject({ title: "File too large" });
  });

  it("says the server was not reached when the connection fails", async () => {
    const upload = uploadPhoto(jpeg);
    (await sent()).fail();
    await expect(upload).rejects.toMatchObject({
      title: "Upload failed",
      description: "We could not reach the server. Check your connection and try again.",
    });
  });

  it("says the upload failed when no upload place can be had", async () => {
    createUpload.mockRejectedValue(new Error("Failed to fetch"));
    await expect(uploadPhoto(jpeg)).rejects.toMatchObject({ title: "Upload failed" });
  });

  it("stops the request when cancelled", async () => {
    const controller = new AbortController();
    const upload = uploadPhoto(jpeg, { signal: controller.signal });
    const request = await sent();
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });
    expect(request.aborted).toBe(true);
  });
});
