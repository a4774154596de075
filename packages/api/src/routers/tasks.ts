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
        description:
          "Signed in. Tasks still waiting for an answer that were given to the caller (`isAssignedToMe`) or by the caller (`isCreatedByMe`), in circles the caller still belongs to; a series once. The Action Center polls it.",
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
        description:
          "Signed in. Tasks given to the caller (`type=assigned-to-me`) or by the caller (`assigned-by-me`), newest first, with their status (pending, accepted, declined, completed, cancelled); `page` and `limit` (10), `pagination.hasMore` says whether another page follows.",
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
        description:
          "Signed in. The caller's tasks (given to or by them, not withdrawn, not declined) with an occurrence in a month (`month` 0-11, `year`, in the caller's time zone) whose time passed without completion: a timed one at its start, an all-day one once its day is over. Pages with `offset`.",
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
        description:
          "The task's assignee only (403 otherwise), while it is pending (409 once answered). Accepts it, with an optional `note`; its creator is told. 400 for a plan that is not a task; 404 for a plan in a circle the caller is not in.",
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
        description:
          "The task's assignee only (403 otherwise), while it is pending (409 once answered). Declines it; `reason` is required and not blank (400). Its creator is told. 404 for a plan in a circle the caller is not in.",
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
        description:
          "The task's creator only (403 otherwise). Withdraws the assignment: the plan stays, the task leaves the assignee's lists, and both histories show it as cancelled. 400 when nobody is assigned; 404 for a plan in a circle the caller is not in.",
      },
    })
    .input(planIdInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => cancelTask({ deps: ctx.deps, caller: ctx.caller, input })),
});
