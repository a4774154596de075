/**
 * Import calendar (.ics) into a circle (issue 22, docs/decisions/027): what a client sends and
 * what the preview and the import answer. The file travels as JSON text, the same on both doors
 * (the web app reads the chosen file as text); its size is checked here in characters and in
 * core in bytes.
 */
import * as z from "zod";
import { idField } from "./circle-schemas";
import { CALENDAR_IMPORT_MAX_BYTES } from "./limits";
import { messages } from "./messages";

/** POST /api/circles/{id}/calendar-import/preview and /api/circles/{id}/calendar-import. */
export const calendarImportInput = z.object({
  id: idField(messages.circleNotFound).meta({ description: "The circle to import into." }),
  fileName: z
    .string()
    .max(255)
    .optional()
    .meta({ description: "The file's name, as the user chose it (shown back; optional)." }),
  content: z
    .string({ error: messages.calendarFileInvalid })
    .max(CALENDAR_IMPORT_MAX_BYTES, { error: messages.calendarFileTooLarge })
    .meta({
      description:
        "The whole iCalendar file (RFC 5545) as text, at most 2 MB: a VCALENDAR with VEVENTs, as Google, Apple, Outlook or a school's site export it.",
    }),
});
export type CalendarImportInput = z.infer<typeof calendarImportInput>;

const IMPORT_KINDS = ["series", "one-off", "occurrences"] as const;

/** One event of the file the preview names: what it becomes, or why it is left out. */
export const calendarImportItem = z.object({
  title: z.string().meta({ description: "The event's title (SUMMARY), as it would be imported." }),
  start: z.string().nullable().meta({
    description:
      "Its first start: `yyyy-MM-dd` for an all-day event, else an ISO 8601 instant (UTC); null when it could not be read.",
  }),
  kind: z.enum(IMPORT_KINDS).nullable().meta({
    description:
      "What it becomes: one repeating plan (series), one plan (one-off), or one plan per occurrence within the window (occurrences: a rule the product cannot express); null when it is not imported.",
  }),
  reason: z.string().meta({ description: "Why it is listed: in words a person reads." }),
});
export type CalendarImportItem = z.infer<typeof calendarImportItem>;

/** The preview: what an import of the same file would do, without writing anything. */
export const calendarImportPreviewOutput = z.object({
  fileName: z.string().nullable().meta({ description: "The file's name as sent." }),
  events: z
    .number()
    .int()
    .meta({ description: "Events in the file (a moved or edited occurrence not counted)." }),
  series: z.number().int().meta({ description: "Events that become repeating plans." }),
  oneOffs: z.number().int().meta({ description: "Events that become one plan each." }),
  expanded: z.number().int().meta({
    description:
      "Plans made from the occurrences of rules the product cannot express, within the window.",
  }),
  allDay: z.number().int().meta({ description: "Of the plans, how many are all-day." }),
  plans: z.number().int().meta({ description: "Plans the import would add or update in all." }),
  newPlans: z.number().int().meta({ description: "Plans not imported before: added." }),
  updatedPlans: z.number().int().meta({
    description: "Plans imported before whose event the file has in a newer version: updated.",
  }),
  unchangedPlans: z.number().int().meta({
    description: "Plans imported before, unchanged since (same SEQUENCE and LAST-MODIFIED).",
  }),
  skipped: z.number().int().meta({ description: "Events that cannot be imported." }),
  from: z
    .string()
    .nullable()
    .meta({ description: "The first day an imported event starts on (`yyyy-MM-dd`)." }),
  to: z
    .string()
    .nullable()
    .meta({ description: "The last day an imported event starts on (`yyyy-MM-dd`)." }),
  notes: z.array(calendarImportItem).meta({
    description:
      "Events imported otherwise than as they are (occurrences instead of a series, a title cut), at most 100.",
  }),
  problems: z
    .array(calendarImportItem)
    .meta({ description: "Events that cannot be imported, and why; at most 100." }),
});
export type CalendarImportPreview = z.infer<typeof calendarImportPreviewOutput>;

/** The import's answer: what it wrote, in one transaction. */
export const calendarImportOutput = z.object({
  created: z.number().int().meta({ description: "Plans added." }),
  updated: z.number().int().meta({ description: "Plans updated from a newer version." }),
  unchanged: z.number().int().meta({ description: "Plans imported before and left as they are." }),
  skipped: z.number().int().meta({ description: "Events that could not be imported." }),
});
export type CalendarImportResult = z.infer<typeof calendarImportOutput>;
