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
        description:
          "Signed in, a member of the circle (404 otherwise). Reads an iCalendar file (`content`, at most 2 MB, as JSON text) and answers what importing it would do: how many plans it would add and update, how many are series, one-off and all-day, the days it spans, and each event that cannot be imported as it is, with the reason. Writes nothing. 400 for a file that is not iCalendar or cannot be read; 413 past 2 MB; 429 past 60 previews an hour.",
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
        description:
          "Signed in, a member of the circle (404 otherwise). Imports the file's events into the circle as the caller's plans, in one transaction: a rule the product can repeat becomes a series with its cancelled and moved occurrences; another rule becomes its occurrences within the series window. Importing the same file again changes nothing; an event with a higher SEQUENCE (or a later LAST-MODIFIED) updates the caller's plan from it; events missing from a newer file are kept. Refused whole (400) past the circle's plan or series caps or 2,000 events; 413 past 2 MB; 429 past 10 imports an hour.",
        body: "calendar-json",
      },
    })
    .input(calendarImportInput)
    .output(syncParsed(calendarImportOutput))
    .mutation(({ ctx, input }) => importCalendar({ deps: ctx.deps, caller: ctx.caller, input })),
});
