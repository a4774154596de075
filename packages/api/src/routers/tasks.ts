import {
  cancelTask,
  expiredTasks,
  pendingTasks,
  respondToTask,
  taskHistory,
} from "@circleplan/core/plans/tasks";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import {
  expiredTasksOutput,
  pendingTasksOutput,
  respondOutput,
  taskHistoryOutput,
} from "@circleplan/shared/plan-outputs";
import {
  acceptTaskInput,
  declineTaskInput,
  expiredTasksInput,
  planIdInput,
  taskHistoryInput,
} from "@circleplan/shared/plan-schemas";
import { planProcedure, protectedProcedure, router, syncParsed } from "../trpc";

export const tasksRouter = router({
  pending: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/tasks/pending",
        summary: "Unanswered tasks assigned to the caller or by the caller",
      },
    })
    .output(syncParsed(pendingTasksOutput))
    .query(({ ctx }) => pendingTasks({ deps: ctx.deps, caller: ctx.caller, input: undefined })),

  history: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/tasks/history",
        summary: "Tasks assigned to or by the caller, newest first, 10 a page",
      },
    })
    .input(taskHistoryInput)
    .output(syncParsed(taskHistoryOutput))
    .query(({ ctx, input }) => taskHistory({ deps: ctx.deps, caller: ctx.caller, input })),

  expired: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/tasks/expired",
        summary: "Tasks of a month (0-11) whose time passed without being completed",
      },
    })
    .input(expiredTasksInput)
    .output(syncParsed(expiredTasksOutput))
    .query(({ ctx, input }) => expiredTasks({ deps: ctx.deps, caller: ctx.caller, input })),

  accept: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/tasks/:id/accept",
        summary: "Accept a task (its assignee, while pending)",
      },
    })
    .input(acceptTaskInput)
    .output(syncParsed(respondOutput))
    .mutation(({ ctx, input }) =>
      respondToTask({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { id: input.id, accepted: true, note: input.note },
      }),
    ),

  decline: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/tasks/:id/decline",
        summary: "Decline a task with a reason (its assignee, while pending)",
      },
    })
    .input(declineTaskInput)
    .output(syncParsed(respondOutput))
    .mutation(({ ctx, input }) =>
      respondToTask({
        deps: ctx.deps,
        caller: ctx.caller,
        input: { id: input.id, accepted: false, note: input.reason },
      }),
    ),

  cancel: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/tasks/:id/cancel",
        summary: "Withdraw the assignment (the task's creator)",
      },
    })
    .input(planIdInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => cancelTask({ deps: ctx.deps, caller: ctx.caller, input })),
});
