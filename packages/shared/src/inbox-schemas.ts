/**
 * Inputs of the inbox (docs/decisions/019): its pages take the feed's `cursor` and `limit`
 * (activity-schemas.ts), an entry is named by its inbox id.
 */
import * as z from "zod";
import { notificationMessages } from "./notification-messages";

const notFound = notificationMessages.inboxEntryNotFound;

/**
 * POST /api/inbox/{id}/read. Inbox ids are bigints (an entry makes a row per reader), so they
 * may pass a Postgres integer; anything not a positive whole number is as unknown as another's.
 */
export const inboxEntryIdInput = z.object({
  id: z
    .number({ error: notFound })
    .int({ error: notFound })
    .positive({ error: notFound })
    .max(Number.MAX_SAFE_INTEGER, { error: notFound })
    .describe("The inbox entry's id (an entry of GET /api/inbox)"),
});
