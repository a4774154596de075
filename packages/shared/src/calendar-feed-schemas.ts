/**
 * Calendar feeds (docs/decisions/026-calendar-feeds.md): the inputs and answers of making,
 * listing and turning off the secret addresses a calendar app subscribes to. Described here,
 * field by field, for the OpenAPI document.
 */
import * as z from "zod";
import { idField } from "./circle-schemas";
import { messages } from "./messages";

const circleIdField = idField(messages.circleNotFound).nullable().optional().meta({
  description:
    "The circle whose plans the feed shows. Leave out (or null) for one feed of all your circles.",
});

/** Which feed: one circle's, or all the caller's circles' (no circle named). */
export const calendarFeedInput = z.object({ circleId: circleIdField });
export type CalendarFeedInput = z.infer<typeof calendarFeedInput>;

export const calendarFeedOutput = z.object({
  circleId: z
    .number()
    .int()
    .nullable()
    .meta({ description: "The feed's circle; null for the feed of all your circles." }),
  createdAt: z.date().meta({ description: "When the current link was made (UTC)." }),
  lastReadAt: z
    .date()
    .nullable()
    .meta({ description: "When a calendar app last fetched it (UTC, to the hour); null: never." }),
});
export type CalendarFeed = z.infer<typeof calendarFeedOutput>;

export const calendarFeedsOutput = z.object({
  feeds: z.array(calendarFeedOutput).meta({
    description:
      "Your feeds that have a link now. The links themselves are shown only when made: only a hash of each is kept.",
  }),
});

export const createdCalendarFeedOutput = calendarFeedOutput.extend({
  url: z.url().meta({
    description:
      "The secret iCalendar address (…/api/calendar-feeds/{token}.ics). Shown this once: anyone holding it can read the feed until it is turned off or replaced.",
    example:
      "https://circleplan.example/api/calendar-feeds/3q2-7wEXAMPLEb9Z3o5x1QvYtN6aLrK0cHsUjDgFmPi.ics",
  }),
  webcalUrl: z.string().meta({
    description: "The same address as webcal://, which opens the device's calendar app.",
  }),
});
export type CreatedCalendarFeed = z.infer<typeof createdCalendarFeedOutput>;

export const revokedCalendarFeedOutput = z.object({
  circleId: z.number().int().nullable().meta({ description: "The feed turned off." }),
  revoked: z.literal(true).meta({
    description: "Always true: the link is off (also when it already was).",
  }),
});
