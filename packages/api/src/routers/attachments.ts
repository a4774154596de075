import {
  addAttachment,
  addUploadedAttachment,
  removeAttachment,
} from "@circleplan/core/plans/attachments";
import { attachmentSchema } from "@circleplan/shared/plan-outputs";
import {
  addAttachmentInput,
  addUploadedAttachmentInput,
  attachmentIdInput,
} from "@circleplan/shared/plan-schemas";
import { planProcedure, router, syncParsed } from "../trpc";

// Reading an attachment answers its bytes, not JSON: a plain route in byte-routes.ts, decided in core.
export const attachmentsRouter = router({
  add: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events/:id/attachments",
        summary:
          "Attach a file to a plan (its creator; multipart field file; pdf, doc, docx, txt, jpg, jpeg, png, gif; 5 MB; 10 a plan)",
        description:
          "The plan's creator only (403 for other members). Attaches a file sent as multipart field `file`: pdf, doc, docx, txt, jpg, jpeg, png or gif whose bytes match its name (400 otherwise), 1 byte to 5 MB (413), at most 10 a plan (400) and 1 GB per user (413). 404 for a plan in a circle the caller is not in; 429 while uploads are rate limited.",
        status: 201,
        body: "multipart",
      },
    })
    .input(addAttachmentInput)
    .output(syncParsed(attachmentSchema))
    .mutation(({ ctx, input }) => addAttachment({ deps: ctx.deps, caller: ctx.caller, input })),

  // The web app's door: the bytes went straight to storage first (photos.createUpload), so no
  // request to the function carries them (Lambda takes 6 MB a request, base64 and all).
  addUploaded: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events/:id/attachments/uploaded",
        summary:
          "Attach a file uploaded directly to storage first (POST /api/uploads), named by uploadKey with its fileName; the same rules as the multipart upload",
        description:
          "The plan's creator only (403 for other members). Attaches a file first uploaded straight to storage (POST /api/uploads), named by `uploadKey`, under `fileName`; the bytes are checked as POST /api/events/{id}/attachments checks them. 400 for a key that was not handed out or is used; 404 for a plan in a circle the caller is not in.",
        status: 201,
      },
    })
    .input(addUploadedAttachmentInput)
    .output(syncParsed(attachmentSchema))
    .mutation(({ ctx, input }) =>
      addUploadedAttachment({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  remove: planProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/events/:id/attachments/:attachmentId",
        summary: "Remove a plan's attachment (its creator); answers what was removed",
        description:
          "The plan's creator only (403 for other members). Removes an attachment and its stored file, answering what was removed. 404 for an attachment of another plan or a plan in a circle the caller is not in.",
      },
    })
    .input(attachmentIdInput)
    .output(syncParsed(attachmentSchema))
    .mutation(({ ctx, input }) => removeAttachment({ deps: ctx.deps, caller: ctx.caller, input })),
});
