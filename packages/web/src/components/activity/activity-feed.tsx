import type { ActivityEntry, ActivityPageOutput } from "@circleplan/shared/activity-outputs";
import type { ComponentProps } from "react";
import { LoadFailure } from "@/components/load-failure";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ActivityList } from "./activity-list";

/** The part of an infinite query of feed pages this list reads. */
interface FeedPages {
  data?: { pages: ActivityPageOutput[] } | undefined;
  error: unknown;
  isPending: boolean;
  hasNextPage: boolean;
  isFetchingNextPage: boolean;
  fetchNextPage: () => unknown;
  refetch: () => unknown;
}

/**
 * A change feed read page by page: a skeleton while the first page loads, the failure in place
 * with Try again, the entries, and More while older ones remain.
 */
export function ActivityFeed({
  pages,
  empty,
  ...list
}: { pages: FeedPages; empty: string } & Omit<ComponentProps<typeof ActivityList>, "entries">) {
  if (pages.isPending) {
    return (
      <div className="grid gap-2" aria-busy="true">
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
        <Skeleton className="h-10" />
      </div>
    );
  }
  if (!pages.data) {
    return (
      <LoadFailure
        title="Failed to load activity"
        error={pages.error}
        onRetry={() => pages.refetch()}
      />
    );
  }
  const entries: ActivityEntry[] = pages.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      <ActivityList entries={entries} {...list} />
      {pages.hasNextPage ? (
        <div>
          <Button
            variant="outline"
            size="sm"
            disabled={pages.isFetchingNextPage}
            onClick={() => pages.fetchNextPage()}
          >
            {pages.isFetchingNextPage ? "Loading…" : "More"}
          </Button>
        </div>
      ) : null}
    </div>
  );
}
