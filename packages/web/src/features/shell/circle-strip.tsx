import type { Circle } from "@circleplan/shared/circle-outputs";
import { House, Plus } from "lucide-react";
import { useState } from "react";
import { Link, useLocation } from "wouter";
import { paths } from "@/app/paths";
import { Button } from "@/components/ui/button";
import { CircleAvatar, STRIP_FALLBACK_COLOR } from "@/components/ui/circle-avatar";
import { Skeleton } from "@/components/ui/skeleton";
import { trpc } from "@/lib/trpc";
import { cn } from "@/lib/utils";
import { CircleOptionsDialog } from "./circle-options-dialog";
import { useLongPress } from "./use-long-press";

const HOLD_HINT_ID = "circle-strip-hold-hint";

const itemClassName =
  "flex w-16 shrink-0 cursor-pointer flex-col sm:w-20 items-center gap-1 rounded-lg p-1 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring";
const ringClassName =
  "rounded-full ring-2 ring-transparent ring-offset-2 ring-offset-card transition-shadow";

/**
 * The horizontal circle strip (spec section 2): Home, each circle, Add. Holding a circle for
 * 500 ms, or its context menu (ContextMenu key, Shift+F10, right click), opens its options.
 */
export function CircleStrip({
  onCreateCircle,
}: {
  onCreateCircle: (opener: HTMLElement | null) => void;
}) {
  const circles = trpc.circles.list.useQuery();
  const [location] = useLocation();
  const [optionsFor, setOptionsFor] = useState<Circle | null>(null);
  const onHome = location === paths.dashboard;

  return (
    <nav aria-label="Circles" className="border-b bg-card">
      <p id={HOLD_HINT_ID} hidden>
        Press and hold, or press Shift+F10, for circle options.
      </p>
      <ul className="mx-auto flex max-w-5xl items-start gap-1 overflow-x-auto px-3 py-2 [scrollbar-width:thin]">
        <li>
          <Link
            href={paths.dashboard}
            aria-current={onHome ? "page" : undefined}
            className={cn(itemClassName, onHome && "text-foreground")}
          >
            <span
              className={cn(
                ringClassName,
                "flex size-12 items-center justify-center bg-accent text-accent-foreground",
                onHome && "ring-primary",
              )}
            >
              <House aria-hidden="true" className="size-6" />
            </span>
            Home
          </Link>
        </li>
        {circles.isPending ? (
          <StripSkeleton />
        ) : (
          circles.data?.map((circle) => (
            <li key={circle.id}>
              <StripCircle
                circle={circle}
                current={isWithin(location, paths.circle.build(circle.id))}
                onOptions={() => setOptionsFor(circle)}
              />
            </li>
          ))
        )}
        <li>
          <button
            type="button"
            onClick={(event) => onCreateCircle(event.currentTarget)}
            className={itemClassName}
          >
            <span
              className={cn(
                ringClassName,
                "flex size-12 items-center justify-center border-2 border-dashed border-input text-muted-foreground",
              )}
            >
              <Plus aria-hidden="true" className="size-6" />
            </span>
            Add
            <span className="sr-only"> a new circle</span>
          </button>
        </li>
      </ul>
      {circles.isError ? (
        <div className="mx-auto flex max-w-5xl items-center gap-2 px-4 pb-2 text-xs text-muted-foreground">
          <span role="status">Your circles could not be loaded.</span>
          <Button variant="link" size="sm" onClick={() => void circles.refetch()}>
            Try again
          </Button>
        </div>
      ) : null}
      <CircleOptionsDialog circle={optionsFor} onClose={() => setOptionsFor(null)} />
    </nav>
  );
}

function StripCircle({
  circle,
  current,
  onOptions,
}: {
  circle: Circle;
  current: boolean;
  onOptions: () => void;
}) {
  const longPress = useLongPress(onOptions);
  return (
    <Link
      href={paths.circle.build(circle.id)}
      aria-current={current ? "page" : undefined}
      aria-describedby={HOLD_HINT_ID}
      aria-keyshortcuts="Shift+F10"
      // No text selection or iOS link preview under a holding finger.
      className={cn(
        itemClassName,
        "select-none [-webkit-touch-callout:none]",
        current && "text-foreground",
      )}
      draggable={false}
      {...longPress}
    >
      <span className={cn(ringClassName, current && "ring-primary")}>
        <CircleAvatar
          name={circle.name}
          color={circle.color}
          src={circle.thumbnailUrl}
          fallbackColor={STRIP_FALLBACK_COLOR}
        />
      </span>
      <span className="w-full truncate text-center">{circle.name}</span>
    </Link>
  );
}

/** At the circle's page or one of its sub-pages (not merely a longer id: /circle/12 is not /circle/1). */
function isWithin(location: string, path: string): boolean {
  return location === path || location.startsWith(`${path}/`);
}

function StripSkeleton() {
  return (
    <>
      {[0, 1, 2].map((index) => (
        <li
          key={index}
          aria-hidden="true"
          className="flex w-16 shrink-0 flex-col items-center gap-1 p-1 sm:w-20"
        >
          <Skeleton className="size-12 rounded-full" />
          <Skeleton className="h-3 w-10" />
        </li>
      ))}
      <li className="sr-only">
        <span role="status">Loading your circles</span>
      </li>
    </>
  );
}
