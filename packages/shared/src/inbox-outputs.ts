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
  id: z.number().int(),
  /** The feed entry it is (the feed's `id`); null for an invitation. */
  entryId: z.number().int().nullable(),
  kind: z.enum(INBOX_KINDS),
  /** The circle's name now, so an invitation can name a circle the reader is not in. */
  circleName: z.string(),
  /** An invitation to the reader (`invitation_received`): which; null otherwise. */
  invitationId: z.number().int().nullable(),
  readAt: z.date().nullable(),
});
export type InboxEntry = z.infer<typeof inboxEntrySchema>;

export const inboxPageOutput = z.object({
  entries: z.array(inboxEntrySchema),
  /** Hand back as `cursor` for the next, older page; null when this is the last. */
  nextCursor: z.string().nullable(),
});
export type InboxPage = z.infer<typeof inboxPageOutput>;

/** How many entries are unread (also the answer to marking read: the bell's new count). */
export const inboxUnreadOutput = z.object({ unread: z.number().int() });
export type InboxUnread = z.infer<typeof inboxUnreadOutput>;
