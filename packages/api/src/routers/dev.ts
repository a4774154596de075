import { AppError } from "@circleplan/core/errors";
import { messages } from "@circleplan/shared/messages";
import { publicProcedure, router } from "../trpc";

/** Developer tools that exist only in sandbox mode; in production they are not found. */
export const devRouter = router({
  mailbox: publicProcedure.query(({ ctx }) => {
    if (!ctx.deps.config.sandbox) throw new AppError("NOT_FOUND", messages.sandboxOnly);
    return ctx.deps.mail.mailbox();
  }),
});
