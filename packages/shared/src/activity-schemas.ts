/**
 * Reading the change feed (docs/decisions/017, "The change feed"): a page of a circle's entries
 * (`GET /api/circles/{id}/activity`) or of all the caller's circles (`GET /api/activity`),
 * newest first. `cursor` is the `nextCursor` of the page before, handed back unread.
 */
import * as z from "zod";
import { ACTIVITY_PAGE_DEFAULT, ACTIVITY_PAGE_MAX } from "./limits";
import { messages } from "./messages";

/** base64url of `<created at, ms>.<entry id>`: opaque to clients, checked again by the server. */
export const activityCursorField = z
  .string({ error: messages.activityCursorInvalid })
  .max(64, { error: messages.activityCursorInvalid })
  .regex(/^[A-Za-z0-9_-]+$/, { error: messages.activityCursorInvalid })
  .describe(
    "The `nextCursor` of the page before, handed back as it came (opaque); absent: the newest page",
  );

export const activityPageInput = z.object({
  cursor: activityCursorField.optional(),
  limit: z
    .number({ error: messages.activityLimitInvalid })
    .int({ error: messages.activityLimitInvalid })
    .min(1, { error: messages.activityLimitInvalid })
    .max(ACTIVITY_PAGE_MAX, { error: messages.activityLimitInvalid })
    .default(ACTIVITY_PAGE_DEFAULT)
    .describe(`Entries a page, 1 to ${ACTIVITY_PAGE_MAX}; ${ACTIVITY_PAGE_DEFAULT} when absent`),
});
export type ActivityPageInput = z.input<typeof activityPageInput>;
export type ActivityPage = z.output<typeof activityPageInput>;

/** `GET /api/activity` may send no query at all: the newest page. */
export const myActivityInput = activityPageInput.optional();
