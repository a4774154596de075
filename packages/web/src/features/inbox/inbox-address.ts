import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import { paths } from "@/app/paths";
import { entryAddress } from "@/components/activity/activity-open";

/** Member entries lead to the circle's members; invitations and their answers, to who was asked. */
const CIRCLE_PAGES: Partial<Record<InboxEntry["kind"], (circleId: number) => string>> = {
  member_joined: paths.circleMembers.build,
  member_left: paths.circleMembers.build,
  member_removed: paths.circleMembers.build,
  member_promoted: paths.circleMembers.build,
  member_demoted: paths.circleMembers.build,
  circle_handed_over: paths.circleMembers.build,
  invitation_declined: paths.circleSettings.build,
  invitations_sent: paths.circleSettings.build,
  invitation_withdrawn: paths.circleSettings.build,
  calendar_imported: paths.circleCalendar.build,
};

/**
 * Where an inbox entry opens: an invitation to me, my pending invitations; a plan, on its day;
 * a member or invitation entry, the circle's page for them; a removal of me, nowhere (the
 * circle is no longer mine to open).
 */
export function inboxAddress(entry: InboxEntry, zone: string, viewerId: number): string | null {
  if (entry.kind === "invitation_received") return paths.invitations;
  if (entry.kind === "member_removed" && entry.member?.id === viewerId) return null;
  if (entry.kind === "member_left" && entry.member?.id === viewerId) return null;
  const page = CIRCLE_PAGES[entry.kind];
  if (page) return page(entry.circleId);
  return entryAddress(entry, zone);
}
