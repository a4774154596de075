import { deriveRoutes } from "./rest";
import { activityRouter } from "./routers/activity";
import { attachmentsRouter } from "./routers/attachments";
import { authRouter } from "./routers/auth";
import { calendarFeedsRouter } from "./routers/calendar-feeds";
import { calendarImportRouter } from "./routers/calendar-import";
import { circlesRouter } from "./routers/circles";
import { devRouter } from "./routers/dev";
import { inboxRouter } from "./routers/inbox";
import { invitationsRouter } from "./routers/invitations";
import { liveRouter } from "./routers/live";
import { nlpRouter } from "./routers/nlp";
import { notificationsRouter } from "./routers/notifications";
import { photosRouter } from "./routers/photos";
import { plansRouter } from "./routers/plans";
import { tasksRouter } from "./routers/tasks";
import { userRouter } from "./routers/user";
import { createCallerFactory, router } from "./trpc";

export const appRouter = router({
  auth: authRouter,
  user: userRouter,
  circles: circlesRouter,
  invitations: invitationsRouter,
  photos: photosRouter,
  plans: plansRouter,
  tasks: tasksRouter,
  attachments: attachmentsRouter,
  nlp: nlpRouter,
  notifications: notificationsRouter,
  activity: activityRouter,
  inbox: inboxRouter,
  live: liveRouter,
  dev: devRouter,
  calendarImport: calendarImportRouter,
  calendarFeeds: calendarFeedsRouter,
});

export type AppRouter = typeof appRouter;
export const createCaller = createCallerFactory(appRouter);
/** Every documented REST path, derived from the procedures' `meta.rest`. */
export const restRoutes = deriveRoutes(appRouter);
