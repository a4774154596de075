import { deriveRoutes } from "./rest";
import { authRouter } from "./routers/auth";
import { circlesRouter } from "./routers/circles";
import { devRouter } from "./routers/dev";
import { invitationsRouter } from "./routers/invitations";
import { photosRouter } from "./routers/photos";
import { userRouter } from "./routers/user";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  circles: circlesRouter,
  invitations: invitationsRouter,
  photos: photosRouter,
  dev: devRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
/** Every documented REST path, derived from the procedures' `meta.rest`. */
export const restRoutes = deriveRoutes(appRouter);
