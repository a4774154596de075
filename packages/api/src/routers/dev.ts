import { AppError } from "@circleplan/core/errors";
import { mailboxOutput } from "@circleplan/shared/auth-outputs";
import { messages } from "@circleplan/shared/messages";
import { publicProcedure, router, syncParsed } from "../trpc";

/** Developer tools that exist only in sandbox mode; in production they are not found. */
export const devRouter = router({
  mailbox: publicProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/dev/mailbox",
        summary: "Sandbox outbox (sandbox mode only)",
        description:
          "Anyone, in sandbox mode only (no mail transport configured): the mail the app would have sent, for a developer to open its links and codes. 404 in production.",
      },
    })
    .output(syncParsed(mailboxOutput))
    .query(({ ctx }) => {
      if (!ctx.deps.config.sandbox) throw new AppError("NOT_FOUND", messages.notFound);
      return ctx.deps.mail.mailbox();
    }),
});
