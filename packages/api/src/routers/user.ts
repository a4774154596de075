import { updateProfile } from "@circleplan/core/auth/profile";
import { updateUserInput } from "@circleplan/shared/auth-schemas";
import { protectedProcedure, router } from "../trpc";

export const userRouter = router({
  update: protectedProcedure
    .input(updateUserInput)
    .mutation(({ ctx, input }) => updateProfile(ctx.deps, ctx.userId, input)),
});
