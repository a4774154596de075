import type { Plan } from "@circleplan/shared/plan-outputs";
import { useEffect, useState } from "react";
import { LoadFailure } from "@/components/load-failure";
import { AnswerNote } from "@/components/plans/task-answer";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { Badge } from "@/components/ui/badge";
import { Button } from "@/components/ui/button";
import { CircleTag } from "@/components/ui/circle-tag";
import { Skeleton } from "@/components/ui/skeleton";
import { shortDay } from "@/lib/days";
import { planTimes } from "@/lib/plan-times";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";

export type HistoryType = "assigned-to-me" | "assigned-by-me";

/** Task statuses in words (section 3); a status the app does not know is shown as it came. */
const STATUS_LABELS: Record<string, string> = {
  pending: "Pending",
  accepted: "Accepted",
  declined: "Declined",
  completed: "Completed",
};

const STATUS_STYLES: Record<string, string> = {
  accepted: "border-success-border bg-success text-success-foreground",
  completed: "border-success-border bg-success text-success-foreground",
  declined: "border-destructive-text/40 text-destructive-text",
  pending: "border-warning-border bg-warning text-warning-foreground",
};

export function statusLabel(status: string | null): string {
  if (!status) return "";
  return STATUS_LABELS[status] ?? status;
}

/**
 * A page of Recent History: what is still waiting for an answer is the pending list's above it,
 * not repeated here (issue 21, defect 6). One builder, so the prefetch and the list share keys.
 */
function historyInput(type: HistoryType, page: number) {
  return { type, page, includePending: false };
}

/**
 * Starts both directions' first page when the Action Center opens, with its pending tasks: the
 * history shows only once those have loaded, and asking then cost a request of its own.
 */
export function usePrefetchTaskHistory(): void {
  const utils = trpc.useUtils();
  useEffect(() => {
    for (const type of ["assigned-to-me", "assigned-by-me"] as const) {
      void utils.tasks.history.prefetch(historyInput(type, 1));
    }
  }, [utils]);
}

/**
 * Recent History of one direction (spec section 2): ten tasks a page, More for the next page;
 * each with its answer, and the note or reason it came with.
 * Each page is its own query, so a page already shown stays as it is while the next one loads,
 * and an answer elsewhere refreshes every shown page.
 */
export function TaskHistory({
  type,
  circleId,
  timeZone,
  onOpenPlan,
}: {
  type: HistoryType;
  /** Only this circle's tasks (the circle's Action Center). */
  circleId?: number;
  timeZone: string;
  onOpenPlan: (task: Plan) => void;
}) {
  const [pages, setPages] = useState(1);
  return (
    <div className="grid gap-2">
      <ul aria-label={HISTORY_LABELS[type]} className="grid gap-2">
        {Array.from({ length: pages }, (_, index) => (
          <HistoryPage
            // biome-ignore lint/suspicious/noArrayIndexKey: a page number is the page's identity
            key={index}
            type={type}
            page={index + 1}
            circleId={circleId}
            timeZone={timeZone}
            onOpenPlan={onOpenPlan}
          />
        ))}
      </ul>
      <MoreHistory type={type} page={pages} onMore={() => setPages(pages + 1)} />
    </div>
  );
}

const HISTORY_LABELS: Record<HistoryType, string> = {
  "assigned-to-me": "Recent history, assigned to me",
  "assigned-by-me": "Recent history, assigned by me",
};

function HistoryPage({
  type,
  page,
  circleId,
  timeZone,
  onOpenPlan,
}: {
  type: HistoryType;
  page: number;
  circleId: number | undefined;
  timeZone: string;
  onOpenPlan: (task: Plan) => void;
}) {
  const history = trpc.tasks.history.useQuery(historyInput(type, page));
  if (history.error) {
    return (
      <li>
        <LoadFailure
          title="Failed to fetch tasks"
          error={history.error}
          onRetry={() => void history.refetch()}
        />
      </li>
    );
  }
  if (history.isPending) {
    return (
      <li role="status" className="grid gap-2">
        <span className="sr-only">Loading history</span>
        <Skeleton className="h-14" />
        <Skeleton className="h-14" />
      </li>
    );
  }
  const tasks = history.data.tasks.filter(
    (task) => circleId === undefined || task.circleId === circleId,
  );
  if (page === 1 && tasks.length === 0 && !history.data.pagination.hasMore) {
    return <li className="text-sm text-muted-foreground">No history yet.</li>;
  }
  return tasks.map((task) => (
    <HistoryRow
      key={`${task.id}-${task.startTime.getTime()}`}
      task={task}
      type={type}
      timeZone={timeZone}
      onOpen={() => onOpenPlan(task)}
    />
  ));
}

/** More, while the last page shown says there is another (the same query: no second request). */
function MoreHistory({
  type,
  page,
  onMore,
}: {
  type: HistoryType;
  page: number;
  onMore: () => void;
}) {
  const history = trpc.tasks.history.useQuery(historyInput(type, page));
  if (!history.data?.pagination.hasMore) return null;
  return (
    <Button variant="outline" size="sm" className="justify-self-center" onClick={onMore}>
      More
    </Button>
  );
}

function HistoryRow({
  task,
  type,
  timeZone,
  onOpen,
}: {
  task: Plan;
  type: HistoryType;
  timeZone: string;
  onOpen: () => void;
}) {
  const { timeFormat } = usePlanViewer();
  const status = task.status ?? "";
  const person =
    type === "assigned-to-me" ? `From: ${task.creatorName}` : `For: ${task.assigneeName ?? "-"}`;
  return (
    <li className="flex flex-wrap items-start justify-between gap-2 rounded-lg border p-3">
      <div className="grid min-w-0 flex-1 gap-1">
        <button
          type="button"
          onClick={onOpen}
          className={cn(
            "cursor-pointer text-left font-medium wrap-anywhere underline-offset-4 hover:underline focus-visible:outline-2 focus-visible:outline-ring",
            status === "declined" && "text-muted-foreground line-through",
          )}
        >
          {task.title}
        </button>
        <p className="flex flex-wrap items-center gap-x-2 gap-y-1 text-xs text-muted-foreground">
          <span>
            {shortDay(task.date)}, {planTimes(task, timeZone, timeFormat)}
          </span>
          <span>{person}</span>
          <CircleTag name={task.circleName} color={task.circleColor} />
        </p>
        <AnswerNote plan={task} clamp className="text-xs text-muted-foreground" />
      </div>
      {status ? (
        <Badge variant="outline" className={STATUS_STYLES[status]}>
          {statusLabel(status)}
        </Badge>
      ) : null}
    </li>
  );
}
