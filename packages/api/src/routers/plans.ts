import { createPlan } from "@circleplan/core/plans/create-plan";
import { deletePlan } from "@circleplan/core/plans/delete-plan";
import { getPlan } from "@circleplan/core/plans/get-plan";
import {
  calendarDays,
  calendarMonth,
  calendarSummary,
  listPlans,
} from "@circleplan/core/plans/plan-views";
import { searchPlans } from "@circleplan/core/plans/search-plans";
import { completePlan, respondToTask } from "@circleplan/core/plans/tasks";
import { updatePlan } from "@circleplan/core/plans/update-plan";
import { messageOutput } from "@circleplan/shared/auth-outputs";
import {
  calendarDaysOutput,
  calendarSummaryOutput,
  completeOutput,
  planListOutput,
  planSchema,
  respondOutput,
} from "@circleplan/shared/plan-outputs";
import {
  calendarMonthInput,
  calendarMonthPlansInput,
  completePlanInput,
  createCirclePlanInput,
  createPlanInput,
  deletePlanInput,
  listPlansInput,
  respondToTaskInput,
  updatePlanInput,
} from "@circleplan/shared/plan-schemas";
import { searchPlansOutput } from "@circleplan/shared/search-outputs";
import { searchPlansInput } from "@circleplan/shared/search-schemas";
import {
  circleMemberProcedure,
  planProcedure,
  protectedProcedure,
  router,
  syncParsed,
} from "../trpc";

const listDescription =
  "Signed in. The caller's plans across their circles, one item per occurrence, in start order: one day (`date`), the upcoming ones (`upcoming`, `limit`), one circle (`circleId`), or a range of days (`from`, `to`). Days are read in the caller's time zone. Pages with `offset`.";
const listSummary =
  "Plans in the caller's circles: a day, the upcoming ones, one circle, or a range";

// The list, calendar and search paths come before `/api/events/{id}`: the REST door matches in order.
export const plansRouter = router({
  list: protectedProcedure
    .meta({
      // The spec's paths for the lists (plans spec, section 7): one procedure behind them all.
      rest: [
        "/api/events/all",
        "/api/events",
        "/api/events/upcoming",
        "/api/events/all-circles",
        "/api/dashboard/plans",
      ].map((path) => ({
        method: "GET" as const,
        path,
        summary: listSummary,
        description: listDescription,
      })),
    })
    .input(listPlansInput)
    .output(syncParsed(planListOutput))
    .query(({ ctx, input }) => listPlans({ deps: ctx.deps, caller: ctx.caller, input })),

  calendarMonth: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events/calendar/:month",
        summary: "A month's plans (yyyy-MM, in the caller's zone) for the calendar",
        description:
          "Signed in. The plans of a month (`yyyy-MM`, its days read in the caller's time zone) across the caller's circles, or one circle's with `circleId`, one item per occurrence in start order; pages with `offset`. 404 for a circle the caller is not in.",
      },
    })
    .input(calendarMonthPlansInput)
    .output(syncParsed(planListOutput))
    .query(({ ctx, input }) => calendarMonth({ deps: ctx.deps, caller: ctx.caller, input })),

  // The grid's lean month: a busy month's full answer is megabytes, its grid a few hundred bytes.
  calendarDays: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events/calendar/:month/days",
        summary:
          "A month's grid (yyyy-MM, in the caller's zone): each day's plan count and first colours",
        description:
          "Signed in. The month grid (`yyyy-MM`, days in the caller's time zone): for each day with plans, how many, the colours of its first two and the titles of its first three, across the caller's circles or one (`circleId`). 404 for a circle the caller is not in.",
      },
    })
    .input(calendarMonthInput)
    .output(syncParsed(calendarDaysOutput))
    .query(({ ctx, input }) => calendarDays({ deps: ctx.deps, caller: ctx.caller, input })),

  calendarSummary: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events/calendar-summary/:month",
        summary: "A summary of the month's plans, written by the server from the plans themselves",
        description:
          "Signed in. A few sentences about the month's plans, written by rules from the plans themselves (no outside service), so the same month always reads the same; across the caller's circles or one (`circleId`). 404 for a circle the caller is not in.",
      },
    })
    .input(calendarMonthInput)
    .output(syncParsed(calendarSummaryOutput))
    .query(({ ctx, input }) => calendarSummary({ deps: ctx.deps, caller: ctx.caller, input })),

  search: protectedProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events/search",
        summary:
          "Plans of the caller's circles by words of their title, description or place: each once, upcoming (next occurrence) then past (latest)",
        description:
          "Signed in. Plans of the caller's circles whose title, description or place holds the words of `q`, each plan once: the upcoming ones by their next occurrence, then past ones by their latest, up to `limit`. 400 for an empty or too long query.",
      },
    })
    .input(searchPlansInput)
    .output(syncParsed(searchPlansOutput))
    .query(({ ctx, input }) => searchPlans({ deps: ctx.deps, caller: ctx.caller, input })),

  createInCircle: circleMemberProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/events",
        summary: "Add a plan to a circle (any member); with assignedTo it is a task",
        description:
          "Members of the circle. As POST /api/events, the circle taken from the path. 404 for a circle the caller is not in; 400 for an assignee who is not a member of it.",
        status: 201,
      },
    })
    .input(createCirclePlanInput)
    .output(syncParsed(planSchema))
    .mutation(({ ctx, input }) => {
      const { id, ...fields } = input;
      return createPlan({ deps: ctx.deps, caller: ctx.caller, input: { ...fields, circleId: id } });
    }),

  create: protectedProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events",
        summary: "Add a plan to the circle named by circleId (any member)",
        description:
          "Members of the circle named by `circleId`. Creates a one-off plan, a series (`isRecurring` with its rule) or a task (`assignedTo` a member, who must then accept or decline) and answers 201 with its first occurrence. Times are instants; an all-day plan's day and a series' repeats are read in `timeZone` (the caller's when absent).",
        status: 201,
      },
    })
    .input(createPlanInput)
    .output(syncParsed(planSchema))
    .mutation(({ ctx, input }) => createPlan({ deps: ctx.deps, caller: ctx.caller, input })),

  get: planProcedure
    .meta({
      rest: {
        method: "GET",
        path: "/api/events/:id",
        summary: "One plan (members only)",
        description:
          "Members of the plan's circle. One plan; a series answers the occurrence named by `occurrenceStart` (timed) or `occurrenceDate` (all-day), else its first. 404 for a plan in a circle the caller is not in, or an occurrence the series does not have.",
      },
    })
    .input(deletePlanInput)
    .output(syncParsed(planSchema))
    .query(({ ctx, input }) => getPlan({ deps: ctx.deps, caller: ctx.caller, input })),

  update: planProcedure
    .meta({
      rest: {
        method: "PUT",
        path: "/api/events/:id",
        summary:
          "Change a plan (its creator); one occurrence, this and following, or all of a series",
        description:
          "The plan's creator (403 for other members; anyone the completion rule allows may send `isCompleted` alone). Changes only the fields sent. For a series, `occurrenceStart`/`occurrenceDate` and `scope` say which occurrences change (the named one by default, else all); \"this and following\" splits the series and answers the new series' first occurrence. Send `version` to get 409 instead of overwriting a newer change. 404 for a plan in a circle the caller is not in.",
      },
    })
    .input(updatePlanInput)
    .output(syncParsed(planSchema))
    .mutation(({ ctx, input }) => updatePlan({ deps: ctx.deps, caller: ctx.caller, input })),

  delete: planProcedure
    .meta({
      rest: {
        method: "DELETE",
        path: "/api/events/:id",
        summary: "Delete a plan (its creator); one occurrence, this and following, or all",
        description:
          "The plan's creator, or an admin of its circle (403 for other members). Deletes a plan with its attachments; of a series, one occurrence (`occurrenceStart`/`occurrenceDate` with scope `occurrence`), this and the following ones (`following`) or all (the default). 404 for a plan in a circle the caller is not in.",
      },
    })
    .input(deletePlanInput)
    .output(syncParsed(messageOutput))
    .mutation(({ ctx, input }) => deletePlan({ deps: ctx.deps, caller: ctx.caller, input })),

  complete: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events/:id/complete",
        summary: "Mark completed or reopen (a task: its creator, or its assignee once accepted)",
        description:
          "A plan's creator, or a task's assignee once accepted (403 otherwise: \"You do not have permission to complete this task.\"). `isCompleted` true completes, false reopens; for a series, the occurrence named (it becomes an exception) or, none named, the whole series. 404 for a plan in a circle the caller is not in.",
      },
    })
    .input(completePlanInput)
    .output(syncParsed(completeOutput))
    .mutation(({ ctx, input }) => completePlan({ deps: ctx.deps, caller: ctx.caller, input })),

  respond: planProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/events/:id/respond",
        summary: "Accept or decline a task (its assignee, once; declining needs a note)",
        description:
          "The task's assignee only (403 otherwise), while it is pending (409 once answered). Accepts (`accepted: true`, optional note) or declines (`accepted: false`, the note is the reason, required) the task; its creator is told. 400 for a plan that is not a task; 404 for a plan in a circle the caller is not in.",
      },
    })
    .input(respondToTaskInput)
    .output(syncParsed(respondOutput))
    .mutation(({ ctx, input }) => respondToTask({ deps: ctx.deps, caller: ctx.caller, input })),
});
