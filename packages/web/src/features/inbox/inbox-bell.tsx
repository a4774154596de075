import { Bell } from "lucide-react";
import { Link } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { trpc } from "@/lib/trpc";

/** More than this shows as "99+": the bell is a hint, the inbox has the list. */
const SHOWN_MAX = 99;

/** The header's bell: a link to the inbox with the unread count on it (issue 20). */
export function InboxBell() {
  const count = trpc.inbox.unreadCount.useQuery();
  const unread = count.data?.unread ?? 0;
  const label = unread > 0 ? `Inbox, ${unread} unread` : "Inbox";
  return (
    <Button asChild variant="ghost" size="icon" className="relative">
      <Link href={paths.inbox} aria-label={label}>
        <Bell aria-hidden="true" />
        {unread > 0 ? (
          <span
            aria-hidden="true"
            data-testid="inbox-unread"
            className="absolute -top-0.5 -right-0.5 min-w-4.5 rounded-full bg-destructive px-1 text-center text-[0.625rem] leading-4.5 font-bold text-destructive-foreground tabular-nums"
          >
            {unread > SHOWN_MAX ? `${SHOWN_MAX}+` : unread}
          </span>
        ) : null}
      </Link>
    </Button>
  );
}
