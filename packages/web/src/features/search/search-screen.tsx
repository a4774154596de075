import { SEARCH_LIMIT_DEFAULT } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { searchQueryField } from "@circleplan/shared/search-schemas";
import { useSearch } from "wouter";
import { LoadFailure } from "@/components/load-failure";
import { PlanLink } from "@/components/plans/plan-line";
import { usePlanViewer } from "@/components/plans/use-plan-viewer";
import { ScreenHeading } from "@/components/screen-heading";
import { Badge } from "@/components/ui/badge";
import { Skeleton } from "@/components/ui/skeleton";
import { planCountText, plansByDay } from "@/features/calendar/calendar-days";
import { useToday } from "@/features/calendar/use-today";
import { longDay } from "@/lib/days";
import { trpc } from "@/lib/trpc";
import { resultAddress } from "./search-address";

/**
 * /search?q= (issue 21): the plans of all my circles whose title, description or place holds
 * the words, each once (docs/decisions/020): Upcoming first, by day from the soonest, then
 * Past, from the most recent day. A result opens its plan on its day in its circle.
 */
export function SearchScreen() {
  const asked = new URLSearchParams(useSearch()).get("q") ?? "";
  // The server's own check, so a pasted address with a bad query is told why without asking.
  const query = searchQueryField.safeParse(asked);
  const results = trpc.plans.search.useQuery(
    { q: query.success ? query.data : "" },
    { enabled: query.success },
  );

  return (
    <section aria-labelledby="search-title" className="mx-auto grid w-full max-w-3xl gap-4">
      <ScreenHeading
        id="search-title"
        title="Search"
        className="text-2xl font-bold tracking-tight"
      />
      {!query.success ? (
        asked.trim() === "" ? (
          <Hint>
            Type a word in the search field to find plans in all your circles by their title,
            description or place. The start of a word is enough: “dent” finds “Dentist”.
          </Hint>
        ) : (
          <p role="alert" className="text-destructive-text">
            {query.error.issues[0]?.message}
          </p>
        )
      ) : results.error ? (
        <LoadFailure
          title="Failed to search your plans"
          error={results.error}
          onRetry={() => void results.refetch()}
        />
      ) : results.isPending ? (
        <Loading />
      ) : (
        <Results words={query.data} upcoming={results.data.upcoming} past={results.data.past} />
      )}
    </section>
  );
}

function Results({ words, upcoming, past }: { words: string; upcoming: Plan[]; past: Plan[] }) {
  const count = upcoming.length + past.length;
  if (count === 0) {
    return (
      <Hint>
        No plans match “{words}”. Check the spelling, try fewer words, or search for the start of a
        word.
      </Hint>
    );
  }
  return (
    <>
      <p className="text-sm text-muted-foreground" aria-live="polite">
        {count === SEARCH_LIMIT_DEFAULT
          ? `The first ${count} plans matching “${words}”. Add a word to narrow the search.`
          : `${planCountText(count)} matching “${words}”.`}
      </p>
      <ResultGroup id="search-upcoming" title="Upcoming" days={[...plansByDay(upcoming)]} />
      <ResultGroup id="search-past" title="Past" days={[...plansByDay(past)].reverse()} />
    </>
  );
}

/** Upcoming or Past: its days in the order given, each day's plans as links to their day. */
function ResultGroup({ id, title, days }: { id: string; title: string; days: [string, Plan[]][] }) {
  const { timeZone, today } = useToday();
  const { timeFormat } = usePlanViewer();
  if (days.length === 0) return null;
  return (
    <section aria-labelledby={id} className="grid gap-3">
      <h2 id={id} className="text-lg font-semibold">
        {title}
      </h2>
      <ol className="grid gap-4">
        {days.map(([day, plans]) => (
          <li key={day} className="grid gap-1.5">
            <h3 className="flex flex-wrap items-center gap-2 text-base font-medium">
              {longDay(day)}
              {day === today ? <Badge>Today</Badge> : null}
            </h3>
            <ul className="grid gap-1">
              {plans.map((plan) => (
                <li key={`${plan.id}-${plan.date}`}>
                  <PlanLink
                    plan={plan}
                    zone={timeZone}
                    timeFormat={timeFormat}
                    href={resultAddress(plan)}
                    className="min-h-11 border bg-card px-3 py-2"
                  />
                </li>
              ))}
            </ul>
          </li>
        ))}
      </ol>
    </section>
  );
}

function Hint({ children }: { children: React.ReactNode }) {
  return (
    <p className="rounded-lg border border-dashed p-8 text-center text-muted-foreground">
      {children}
    </p>
  );
}

function Loading() {
  return (
    <div role="status" className="grid gap-3">
      <span className="sr-only">Searching</span>
      <Skeleton className="h-5 w-48" />
      <Skeleton className="h-12" />
      <Skeleton className="h-12" />
    </div>
  );
}
