/**
 * The routes that answer files, not JSON: a photo and an attachment. They are plain routes
 * beside the two doors; who may read each is decided in core, as for any procedure, and core
 * answers the file as its storage serves it: a redirect to a presigned link (S3) or the bytes
 * (the local folder).
 */
import type { CoreDeps } from "@circleplan/core/deps";
import { readPhoto } from "@circleplan/core/photos/photo-access";
import { readAttachment } from "@circleplan/core/plans/attachments";
import type { Download } from "@circleplan/core/storage/downloads";
import { photoReadInput } from "@circleplan/shared/circle-schemas";
import { messages } from "@circleplan/shared/messages";
import { attachmentIdInput } from "@circleplan/shared/plan-schemas";
import type { Context as HonoContext } from "hono";
import type { App, BuildContext } from "./app";
import { errorBody } from "./errors";

const digits = (value: string) => (/^\d{1,10}$/.test(value) ? Number(value) : null);

/** Who is calling, with any refreshed or blank session cookie set on the answer. */
async function callerOf(c: HonoContext, buildContext: BuildContext) {
  const resHeaders = new Headers();
  const { caller } = await buildContext(c, resHeaders);
  for (const cookie of resHeaders.getSetCookie()) c.header("set-cookie", cookie, { append: true });
  return caller;
}

export function mountByteRoutes(
  app: App,
  options: { deps: CoreDeps; buildContext: BuildContext },
): void {
  const { deps, buildContext } = options;

  // Who may see a photo is decided in core (photos/photo-access.ts). Each version has its own
  // URL and never changes: the browser keeps it for a year, privately (not for shared caches).
  app.get("/api/photos/:kind/:ownerId/:version", async (c) => {
    const input = photoReadInput.safeParse({
      ...c.req.param(),
      ownerId: digits(c.req.param("ownerId")),
      size: c.req.query("size"),
    });
    if (!input.success) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const caller = await callerOf(c, buildContext);
    return answer(c, await readPhoto({ deps, caller, input: input.data }));
  });

  // An attachment, for the members of its plan's circle (core/plans/attachments.ts decides).
  // Always a download, never rendered on our origin: a PDF or an image cannot run script in
  // the app's name, and the type is the one read from the bytes at upload.
  app.get("/api/events/:id/attachments/:attachmentId", async (c) => {
    const input = attachmentIdInput.safeParse({
      id: digits(c.req.param("id")),
      attachmentId: digits(c.req.param("attachmentId")),
    });
    if (!input.success) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const caller = await callerOf(c, buildContext);
    return answer(c, await readAttachment({ deps, caller, input: input.data }));
  });
}

/**
 * A download as HTTP (core/storage/downloads.ts): a redirect to storage's presigned link, or
 * the bytes, never sniffed into another type.
 */
function answer(c: HonoContext, download: Download): Response {
  if ("redirect" in download) {
    return c.body(null, 302, {
      location: download.redirect,
      "cache-control": download.cacheControl,
    });
  }
  const { contentType, contentDisposition, cacheControl } = download.headers;
  return c.body(download.body, 200, {
    "content-type": contentType,
    ...(contentDisposition ? { "content-disposition": contentDisposition } : {}),
    "x-content-type-options": "nosniff",
    "cache-control": cacheControl,
  });
}
