/**
 * The inbox as both doors answer it (docs/decisions/019): what concerns the reader, newest first,
 * each entry in the feed's shape plus whether it was read. An invitation to the reader is an
 * entry too, though no feed holds it (they are not a member of its circle).
 */
import * as z from "zod";
import { activityEntrySchema } from "./activity-outputs";
import { INBOX_KINDS } from "./limits";

export const inboxEntrySchema = activityEntrySchema.extend({
  /** The inbox entry's own id: what marking it read names. */
  id: z.number().int().describe("The inbox entry's own id: what POST /api/inbox/{id}/read takes"),
  /** The feed entry it is (the feed's `id`); null for an invitation. */
  entryId: z
    .number()
    .int()
    .nullable()
    .describe("The change feed entry it is (its `id` there); null for an invitation"),
  kind: z
    .enum(INBOX_KINDS)
    .describe("What kind of change, as in the feed, or `invitation_received`"),
  /** The circle's name now, so an invitation can name a circle the reader is not in. */
  circleName: z
    .string()
    .describe("The circle's name now (an invitation names a circle the reader is not in)"),
  /** An invitation to the reader (`invitation_received`): which; null otherwise. */
  invitationId: z
    .number()
    .int()
    .nullable()
    .describe("The invitation an `invitation_received` entry is about; null otherwise"),
  readAt: z
    .date()
    .nullable()
    .describe("When the reader marked it read (UTC instant); null: unread"),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxPageOutput = z.object({
  entries: z.array(inboxEntrySchema).describe("The page's entries, newest first"),
  /** Hand back as `cursor` for the next, older page; null when this is the last. */
  nextCursor: z
    .string()
    .nullable()
    .describe("Send as `cursor` for the next, older page; null: this is the last"),
});
export type InboxPage = z.infer<typeof inboxPageOutput>;

/** How many entries are unread (also the answer to marking read: the bell's new count). */
export const inboxUnreadOutput = z.object({
  unread: z.number().int().describe("How many of the caller's inbox entries are unread"),
});
export type InboxUnread = z.infer<typeof inboxUnreadOutput>;
