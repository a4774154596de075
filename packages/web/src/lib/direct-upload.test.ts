// @vitest-environment happy-dom
/**
 * The one uploader: the form posted as S3 wants it (policy fields first, the file last, as
 * `file`), credentials only for the app's own origin, progress, the storage's refusals in words
 * a person can read, and cancelling. The server and the storage are stand-ins.
 */
import { messages } from "@circleplan/shared/messages";
import { afterEach, beforeEach, describe, expect, it, vi } from "vitest";
import { DirectUploadError, uploadDirectly } from "./direct-upload";

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
  maxBytes: 5 * 1024 * 1024,
};

const slip = new File(["%PDF-1.7"], "Permission slip.pdf", { type: "application/pdf" });

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

describe("uploadDirectly", () => {
  it("posts the policy's fields first and the file last, reports progress, and answers the key", async () => {
    const progress: number[] = [];
    const upload = uploadDirectly(slip, { onProgress: (fraction) => progress.push(fraction) });
    const request = await sent();

    expect(request.method).toBe("POST");
    expect(request.url).toBe("/api/photos/local-upload");
    // The app's own origin: the session cookie goes along.
    expect(request.withCredentials).toBe(true);
    const entries = [...(request.body?.entries() ?? [])];
    expect(entries.map(([name]) => name)).toEqual(["key", "policy", "file"]);
    expect(entries[0]?.[1]).toBe("uploads/5/abcdef1234");
    const file = entries[2]?.[1] as File;
    expect(file.name).toBe("Permission slip.pdf");
    expect(file.size).toBe(slip.size);

    request.progress(2, 4);
    request.answer(200, JSON.stringify({ message: "Uploaded" }));
    await expect(upload).resolves.toBe("uploads/5/abcdef1234");
    expect(progress).toEqual([0.5, 1]);
  });

  it("asks a bucket on another origin for no credentials", async () => {
    createUpload.mockResolvedValue({ ...target, url: "https://photos.s3.amazonaws.com/" });
    const upload = uploadDirectly(slip);
    const request = await sent();
    expect(request.withCredentials).toBe(false);
    request.answer(204);
    await expect(upload).resolves.toBe(target.key);
  });

  it("refuses a file over the size the storage takes, sending nothing", async () => {
    createUpload.mockResolvedValue({ ...target, maxBytes: 2 });
    const refused = await uploadDirectly(slip).catch((error: unknown) => error);
    expect(refused).toBeInstanceOf(DirectUploadError);
    expect(refused).toMatchObject({ tooLarge: true });
    expect(FakeRequest.last).toBeUndefined();
  });

  it("passes on the storage's message when it refuses", async () => {
    const upload = uploadDirectly(slip);
    (await sent()).answer(400, JSON.stringify({ message: messages.photoUploadInvalid }));
    await expect(upload).rejects.toMatchObject({
      tooLarge: false,
      message: messages.photoUploadInvalid,
    });
  });

  it("does not show a bucket's XML to anyone", async () => {
    const upload = uploadDirectly(slip);
    (await sent()).answer(403, "<Error><Code>AccessDenied</Code></Error>");
    await expect(upload).rejects.toMatchObject({
      tooLarge: false,
      message: "The upload was refused (403). Please try again.",
    });
  });

  it("reads a 413 as a file too large", async () => {
    const upload = uploadDirectly(slip);
    (await sent()).answer(413, "");
    await expect(upload).rejects.toMatchObject({ tooLarge: true });
  });

  it("says the server was not reached when the connection fails", async () => {
    const upload = uploadDirectly(slip);
    (await sent()).fail();
    await expect(upload).rejects.toMatchObject({
      tooLarge: false,
      message: "We could not reach the server. Check your connection and try again.",
    });
  });

  it("says the upload failed when no upload place can be had", async () => {
    createUpload.mockRejectedValue(new Error("Failed to fetch"));
    await expect(uploadDirectly(slip)).rejects.toBeInstanceOf(DirectUploadError);
    expect(FakeRequest.last).toBeUndefined();
  });

  it("stops the request when cancelled", async () => {
    const controller = new AbortController();
    const upload = uploadDirectly(slip, { signal: controller.signal });
    const request = await sent();
    controller.abort();
    await expect(upload).rejects.toMatchObject({ name: "AbortError" });
    expect(request.aborted).toBe(true);
  });

  it("asks for nothing when cancelled before it starts", async () => {
    const controller = new AbortController();
    controller.abort();
    await expect(uploadDirectly(slip, { signal: controller.signal })).rejects.toMatchObject({
      name: "AbortError",
    });
    expect(createUpload).not.toHaveBeenCalled();
  });
});
