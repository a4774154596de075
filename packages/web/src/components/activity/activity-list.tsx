import { type DescribedEntry, describeActivity } from "@circleplan/shared/activity-words";
import { clockText, type Day, dayIn, screenClock, timeIn } from "@circleplan/shared/days";
import { Link } from "wouter";
import { CircleTag } from "@/components/ui/circle-tag";
import { relativeDayHeading } from "@/lib/days";
import { useCurrentUser } from "@/lib/session";
import { cn } from "@/lib/utils";

/** What a list shows of an entry: a feed entry, or an inbox entry (which may be an invitation). */
export interface ListedEntry extends DescribedEntry {
  id: number;
  circleId: number;
}

/** The entries under the day each was made on, in the reader's zone, newest day first. */
function byDay<E extends ListedEntry>(entries: E[], zone: string): [Day, E[]][] {
  const days = new Map<Day, E[]>();
  for (const entry of entries) {
    const day = dayIn(entry.createdAt, zone);
    const onDay = days.get(day);
    if (onDay) onDay.push(entry);
    else days.set(day, [entry]);
  }
  return [...days];
}

const rowClass = "flex w-full gap-2 rounded-md px-2 py-1.5 text-left text-sm";

/**
 * Entries of the change feed, newest first under their day's heading, each a sentence in the
 * reader's zone ("Ann moved Swim from Tue 1 Dec 17:00 to Wed 2 Dec 18:00") and the time it
 * was made. An entry with somewhere to go (a plan on its day, an invitation) is a link there.
 */
export function ActivityList<E extends ListedEntry>({
  label,
  entries,
  zone,
  viewerId,
  today,
  hrefOf,
  onOpen,
  circleOf,
  isUnread,
}: {
  label: string;
  entries: E[];
  zone: string;
  /** The reader, "you" wherever an entry names them. */
  viewerId: number;
  today: Day;
  /** Where an entry leads; null for one with nowhere to go (a plan deleted since). */
  hrefOf: (entry: E) => string | null;
  /** Called as an entry's link is followed (the inbox marks it read). */
  onOpen?: (entry: E) => void;
  /** Across circles, each entry names its circle. */
  circleOf?: (entry: E) => { name: string; color: string } | undefined;
  isUnread?: (entry: E) => boolean;
}) {
  // Times as the reader reads them (issue 21): the spec's 24-hour clock unless they chose 12.
  const timeFormat = screenClock(useCurrentUser().user?.timeFormat);
  return (
    <section aria-label={label} className="grid gap-4">
      {byDay(entries, zone).map(([day, dayEntries]) => (
        <section key={day} aria-label={relativeDayHeading(day, today)} className="grid gap-1">
          <h3 className="text-sm font-medium text-muted-foreground">
            {relativeDayHeading(day, today)}
          </h3>
          <ul className="grid gap-1">
            {dayEntries.map((entry) => {
              const unread = isUnread?.(entry) ?? false;
              const circle = circleOf?.(entry);
              const href = hrefOf(entry);
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
                    <span className={cn("wrap-anywhere", unread && "font-medium")}>
                      {describeActivity(entry, { zone, viewerId, timeFormat })}
                    </span>
                    <span className="flex flex-wrap items-center gap-2 text-xs text-muted-foreground">
                      <time dateTime={entry.createdAt.toISOString()}>
                        {clockText(timeIn(entry.createdAt, zone), timeFormat)}
                      </time>
                      {circle ? <CircleTag name={circle.name} color={circle.color} /> : null}
                      {unread ? <span className="sr-only">Unread</span> : null}
                    </span>
                  </span>
                </>
              );
              return (
                <li key={entry.id} data-testid="activity-entry">
                  {href ? (
                    <Link
                      href={href}
                      onClick={() => onOpen?.(entry)}
                      className={cn(
                        rowClass,
                        "hover:bg-accent focus-visible:ring-2 focus-visible:ring-ring focus-visible:outline-none",
                      )}
                    >
                      {body}
                    </Link>
                  ) : (
                    <div className={rowClass}>{body}</div>
                  )}
                </li>
              );
            })}
          </ul>
        </section>
      ))}
    </section>
  );
}
