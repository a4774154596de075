import { removeUserPhoto, setUserPhoto } from "@circleplan/core/photos/user-photos";
import { createDirectUpload, receiveLocalUpload } from "@circleplan/core/storage/direct-uploads";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import { photoOutput, photoUploadOutput } from "@circleplan/shared/circle-outputs";
import { localUploadInput, userPhotoInput } from "@circleplan/shared/circle-schemas";
import { protectedProcedure, router, syncParsed } from "../trpc";

export const photosRouter = router({
  setUserPhoto: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/user/photo",
        summary: "Set the profile photo (multipart, field photo); answers photoUrl",
        description:
          "Signed in. Sets the caller's profile photo from a multipart body, field `photo`: JPEG, PNG, WebP or GIF (read from its bytes) up to 5 MB, stored re-encoded without its metadata (no GPS position); answers its `photoUrl`. 400 for a file that is not such an image; 413 above 5 MB.",
        body: "multipart",
      },
    })
    .input(userPhotoInput)
    .output(syncParsed(photoOutput))
    .mutation(({ ctx, input }) => setUserPhoto({ deps: ctx.deps, caller: ctx.caller, input })),

  removeUserPhoto: protectedProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/user/photo",
        summary: "Remove the profile photo",
        description:
          "Signed in. Removes the caller's profile photo; the stored file is deleted too.",
      },
    })
    .output(syncParsed(messageOutput))
    .mutation(({ ctx }) =>
      removeUserPhoto({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  // The web app's way round Lambda's 6 MB request cap, for photos and plan attachments alike:
  // bytes go straight to storage, then a procedure of the kind (photoUploadKey, or
  // attachments.addUploaded) names them by key and checks them from there. It was the photos'
  // first, hence its place and first path; /api/uploads names what it is for now.
  createUpload: protectedProcedure
    .meta({
      rest: [
        {
          method: "POST",
          path: "/api/photos/uploads",
          summary:
            "Where to upload a file's bytes directly, for a photo or an attachment (a presigned, size-limited POST; then name it by key)",
          description:
            "Signed in. Answers where to upload a file's bytes straight to storage (a presigned POST for that key alone, up to 5 MB, valid 10 minutes) and the `key` to name it by afterwards: as `photoUploadKey` for a photo or `uploadKey` for an attachment, which checks the bytes then. For files past the 6 MB request cap of the API's host. 429 while uploads are rate limited.",
        },
        {
          method: "POST",
          path: "/api/uploads",
          summary:
            "Where to upload a file's bytes directly, for a photo or an attachment (the same as POST /api/photos/uploads)",
          description:
            "Signed in. The same as POST /api/photos/uploads, under a name that says it serves attachments too.",
        },
      ],
    })
    .output(syncParsed(photoUploadOutput))
    .mutation(({ ctx }) =>
      createDirectUpload({ deps: ctx.deps, caller: ctx.caller, input: undefined }),
    ),

  // Local storage only: stands in for the bucket's presigned POST (404 with S3).
  receiveLocalUpload: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/photos/local-upload",
        summary: "Local mode: receives a direct upload as S3 would (multipart: key, file)",
        description:
          "Signed in, local mode only (404 on AWS, where S3 receives the upload). Receives a direct upload's bytes as S3 would: multipart with the `key` POST /api/uploads answered and the `file`. 400 for a key that was not handed out; 413 above the size it allowed.",
        body: "multipart",
      },
    })
    .input(localUploadInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) =>
      receiveLocalUpload({ deps: ctx.deps, caller: ctx.caller, input }),
    ),
});
