import type { InboxEntry } from "@circleplan/shared/inbox-outputs";
import { CheckCheck } from "lucide-react";
import { ActivityFeed } from "@/components/activity/activity-feed";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Button } from "@/components/ui/button";
import { Card, CardContent } from "@/components/ui/card";
import { useToday } from "@/features/calendar/use-today";
import { serverMessage } from "@/lib/errors";
import { toast } from "@/lib/toast";
import { trpc } from "@/lib/trpc";
import { inboxAddress } from "./inbox-address";
import { useInboxReading } from "./use-inbox-reading";

/** A circle's tag for an entry: its colour from my circles, grey for one I am not in. */
const UNKNOWN_CIRCLE_COLOR = "#9ca3af";

/**
 * /inbox (issue 20): what concerns me, newest first (changes to plans I made, am given or
 * follow, answers to tasks I gave with their note or reason, invitations to me); unread
 * entries marked; opening one marks it read and shows it; Mark all as read.
 */
export function InboxScreen() {
  const { timeZone, today } = useToday();
  const { userId } = usePlanViewer();
  const circles = trpc.circles.list.useQuery();
  const pages = trpc.inbox.list.useInfiniteQuery(
    {},
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  const { unread, markRead, markAllRead } = useInboxReading();
  const colorOf = (circleId: number) =>
    circles.data?.find((circle) => circle.id === circleId)?.color ?? UNKNOWN_CIRCLE_COLOR;

  return (
    <section aria-labelledby="inbox-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <div className="flex flex-wrap items-center justify-between gap-2">
        <ScreenHeading
          id="inbox-title"
          title="Inbox"
          className="text-2xl font-bold tracking-tight"
        />
        <Button
          variant="outline"
          size="sm"
          disabled={unread === 0 || markAllRead.isPending}
          onClick={() =>
            markAllRead.mutate(undefined, {
              onError: (error) => toast.error(serverMessage(error, "Could not mark as read")),
            })
          }
        >
          <CheckCheck aria-hidden="true" />
          Mark all as read
        </Button>
      </div>
      <Card>
        <CardContent>
          <ActivityFeed<InboxEntry>
            label="What concerns you"
            pages={pages}
            zone={timeZone}
            viewerId={userId}
            today={today}
            hrefOf={(entry) => inboxAddress(entry, timeZone, userId)}
            onOpen={(entry) => {
              if (entry.readAt === null) markRead.mutate({ id: entry.id });
            }}
            circleOf={(entry) => ({ name: entry.circleName, color: colorOf(entry.circleId) })}
            isUnread={(entry) => entry.readAt === null}
            empty="Nothing yet. Changes to your plans and tasks will show here."
          />
        </CardContent>
      </Card>
    </section>
  );
}
