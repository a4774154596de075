import type { ComponentProps } from "react";
import { LoadFailure } from "@/components/load-failure";
import { Button } from "@/components/ui/button";
import { Skeleton } from "@/components/ui/skeleton";
import { ActivityList, type ListedEntry } from "./activity-list";

/** The part of an infinite query of feed pages this list reads. */
interface FeedPages<E> {
  data?: { pages: { entries: E[] }[] } | undefined;
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
export function ActivityFeed<E extends ListedEntry>({
  pages,
  empty,
  ...list
}: { pages: FeedPages<E>; empty: string } & Omit<
  ComponentProps<typeof ActivityList<E>>,
  "entries"
>) {
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
  const entries = pages.data.pages.flatMap((page) => page.entries);
  if (entries.length === 0) return <p className="text-sm text-muted-foreground">{empty}</p>;
  return (
    <div className="grid gap-3">
      <ActivityList<E> entries={entries} {...list} />
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
