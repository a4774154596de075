import type { ActivityEntry } from "@circleplan/shared/activity-outputs";
import { describeActivity } from "@circleplan/shared/activity-words";
import { type Day, dayIn, timeIn } from "@circleplan/shared/days";
import { CircleTag } from "@/components/ui/circle-tag";
import { relativeDayHeading } from "@/lib/days";
import { cn } from "@/lib/utils";
import { entryDay } from "./activity-open";

/** The day headings of a list of entries: the day each was made on, in the reader's zone. */
function byDay(entries: ActivityEntry[], zone: string): [Day, ActivityEntry[]][] {
  const days = new Map<Day, ActivityEntry[]>();
  for (const entry of entries) {
    const day = dayIn(entry.createdAt, zone);
    days.set(day, [...(days.get(day) ?? []), entry]);
  }
  return [...days];
}

/**
 * Entries of the change feed, newest first under their day's heading, each a sentence in the
 * reader's zone ("Ann moved Swim from Tue 1 Dec 17:00 to Wed 2 Dec 18:00") and the time it
 * was made. An entry about a plan that can still be shown opens it on its day.
 */
export function ActivityList({
  label,
  entries,
  zone,
  viewerId,
  today,
  circleOf,
  isUnread,
  onOpen,
}: {
  label: string;
  entries: ActivityEntry[];
  zone: string;
  /** The reader, "you" wherever an entry names them. */
  viewerId: number;
  today: Day;
  /** Across circles, each entry names its circle. */
  circleOf?: (circleId: number) => { name: string; color: string } | undefined;
  isUnread?: (entry: ActivityEntry) => boolean;
  onOpen: (entry: ActivityEntry) => void;
}) {
  return (
    <div aria-label={label} role="feed" className="grid gap-4">
      {byDay(entries, zone).map(([day, dayEntries]) => (
        <section key={day} aria-label={relativeDayHeading(day, today)} className="grid gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">
            {relativeDayHeading(day, today)}
          </h3>
          <ul className="grid gap-1">
            {dayEntries.map((entry) => {
              const sentence = describeActivity(entry, { zone, viewerId });
              const unread = isUnread?.(entry) ?? false;
              const circle = circleOf?.(entry.circleId);
              const body = (
                <>
                  <span
                    aria-hidden="true"
                    className={cn(
                      "mt-1.5 size-2 shrink-0 rounded-full",
                      unread ? "bg-primary" : "bg-transparent",
                    )}
                  />
                  <span className="grid min-w-0 flex-1 gap-0.5">
                    <span className={cn("wrap-anywhere", unread && "font-medium")}>{sentence}</span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <time dateTime={entry.createdAt.toISOString()}>
                        {timeIn(entry.createdAt, zone)}
                      </time>
                      {circle ? <CircleTag name={circle.name} color={circle.color} /> : null}
                      {unread ? <span className="sr-only">Unread</span> : null}
                    </span>
                  </span>
                </>
              );
              return (
                <li key={entry.id} data-testid="activity-entry">
                  {entryDay(entry, zone) ? (
                    <button
                      type="button"
                      onClick={() => onOpen(entry)}
                      className="flex w-full gap-2 rounded-md px-2 py-1.5 text-left text-sm hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none"
                    >
                      {body}
                    </button>
                  ) : (
                    <div className="flex gap-2 px-2 py-1.5 text-sm">{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </div>
  );
}
