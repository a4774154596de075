import {
  importCalendar,
  previewCalendarImport,
} from "@circleplan/core/calendar-import/import-calendar";
import {
  calendarImportInput,
  calendarImportOutput,
  calendarImportPreviewOutput,
} from "@circleplan/shared/calendar-import-schemas";
import { circleMemberProcedure, router, syncParsed } from "../trpc";

/**
 * Import calendar (.ics) into a circle (docs/decisions/027): every member may, as plans of
 * their own. Both are mutations: the file rides in the body (up to 2 MB, perimeter.ts).
 */
export const calendarImportRouter = router({
  preview: circleMemberProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/calendar-import/preview",
        summary:
          "What importing an iCalendar file into the circle would add, update and leave out, without writing anything (members)",
        body: "calendar-json",
      },
    })
    .input(calendarImportInput)
    .output(syncParsed(calendarImportPreviewOutput))
    .mutation(({ ctx, input }) =>
      previewCalendarImport({ deps: ctx.deps, caller: ctx.caller, input }),
    ),

  import: circleMemberProcedure
    .meta({
      rest: {
        method: "POST",
        path: "/api/circles/:id/calendar-import",
        summary:
          "Import an iCalendar file's events into the circle as the caller's plans, in one transaction; a re-import updates by UID and SEQUENCE (members)",
        body: "calendar-json",
      },
    })
    .input(calendarImportInput)
    .output(syncParsed(calendarImportOutput))
    .mutation(({ ctx, input }) => importCalendar({ deps: ctx.deps, caller: ctx.caller, input })),
});
