import type { Day } from "@circleplan/shared/days";
import type { TimeFormat } from "@circleplan/shared/limits";
import type { Plan } from "@circleplan/shared/plan-outputs";
import { MapPin } from "lucide-react";
import { Link } from "wouter";
import { CircleDot } from "@/components/ui/circle-tag";
import { planTimesOn } from "@/lib/plan-times";
import { cn } from "@/lib/utils";

/**
 * A plan on one line of a day's short list (Upcoming Week, Next N days): its circle's colour,
 * its time or All day (under a later day of a plan over several days, until when), and its
 * title. The caller lays the line out and adds what it needs.
 */
export function PlanLine({
  plan,
  zone,
  timeFormat,
  titleClassName,
  shownOn,
}: {
  plan: Plan;
  zone: string;
  timeFormat: TimeFormat;
  titleClassName?: string | undefined;
  /** The day it is listed under. */
  shownOn?: Day | undefined;
}) {
  return (
    <>
      <CircleDot color={plan.circleColor} />
      <span className="min-w-14 shrink-0 text-muted-foreground tabular-nums">
        {planTimesOn(plan, zone, timeFormat, shownOn)}
      </span>
      <span className={cn("truncate", titleClassName)}>{plan.title}</span>
    </>
  );
}

/**
 * A plan's line as a link (the dashboard's Upcoming Week, search results), its circle's name at
 * the end; a completed or declined plan struck through.
 */
export function PlanLink({
  plan,
  zone,
  timeFormat,
  href,
  className,
  shownOn,
}: {
  plan: Plan;
  zone: string;
  timeFormat: TimeFormat;
  href: string;
  className?: string | undefined;
  /** The day it is listed under. */
  shownOn?: Day | undefined;
}) {
  return (
    <Link
      href={href}
      className={cn(
        "flex min-w-0 items-center gap-2 rounded-md px-2 py-1.5 text-sm hover:bg-accent focus-visible:outline-2 focus-visible:outline-ring",
        className,
      )}
    >
      <PlanLine
        plan={plan}
        zone={zone}
        timeFormat={timeFormat}
        shownOn={shownOn}
        titleClassName={
          plan.isCompleted || plan.assignmentAccepted === false
            ? "text-muted-foreground line-through"
            : undefined
        }
      />
      {/* At most 40% of the row, cut short with an ellipsis; the title has the rest. */}
      <span className="ml-auto max-w-[40%] shrink-0 truncate text-xs text-muted-foreground">
        {plan.circleName}
      </span>
    </Link>
  );
}

/** Where a plan takes place, after a pin; a screen reader hears "Location:" instead. */
export function PlanLocation({
  location,
  truncate = false,
  className,
}: {
  location: string;
  /** One line cut short (a card in a list), rather than wrapped. */
  truncate?: boolean;
  className?: string;
}) {
  return (
    <p className={cn("flex min-w-0 items-center text-muted-foreground", className)}>
      <MapPin aria-hidden="true" className="size-3.5 shrink-0" />
      <span className="sr-only">Location:</span>
      <span className={truncate ? "truncate" : "wrap-anywhere"}>{location}</span>
    </p>
  );
}
