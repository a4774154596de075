import type { Circle } from "@circleplan/shared/circle-outputs";
import { ActivityFeed } from "@/components/activity/activity-feed";
import { entryAddress } from "@/components/activity/activity-open";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Card, CardContent } from "@/components/ui/card";
import { useToday } from "@/features/calendar/use-today";
import { trpc } from "@/lib/trpc";
import { CircleGate } from "./circle-gate";
import { CircleSubScreen } from "./circle-sub-screen";

/**
 * /circle/{id}/activity (issue 20): what changed in the circle since I joined it, newest
 * first, More for older entries; an entry about a plan opens it on its day.
 */
export function CircleActivityScreen() {
  return <CircleGate>{(circle) => <ActivityView circle={circle} />}</CircleGate>;
}

function ActivityView({ circle }: { circle: Circle }) {
  const { timeZone, today } = useToday();
  const { userId } = usePlanViewer();
  const pages = trpc.activity.circle.useInfiniteQuery(
    { id: circle.id },
    { getNextPageParam: (page) => page.nextCursor ?? undefined },
  );
  return (
    <CircleSubScreen
      circle={circle}
      titleId="circle-activity-title"
      title={`${circle.name} Activity`}
    >
      <Card>
        <CardContent>
          <ActivityFeed
            label={`What changed in ${circle.name}`}
            pages={pages}
            zone={timeZone}
            viewerId={userId}
            today={today}
            hrefOf={(entry) => entryAddress(entry, timeZone)}
            empty="Nothing has changed here since you joined."
          />
        </CardContent>
      </Card>
    </CircleSubScreen>
  );
}
