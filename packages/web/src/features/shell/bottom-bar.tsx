import { CalendarDays, ListChecks, NotebookPen } from "lucide-react";
import type { ComponentType } from "react";
import { Link, useLocation, useRoute } from "wouter";
import { paths } from "@/app/paths";
import { awaitingMyAnswer, badgeText } from "@/features/actions/action-counts";
import { usePendingTasks } from "@/features/actions/pending-tasks";
import { calendarViewPath, rememberedCalendarView } from "@/features/calendar/calendar-view";
import { cn } from "@/lib/utils";

interface BarItem {
  href: string;
  label: string;
  Icon: ComponentType<{ "aria-hidden"?: "true"; className?: string }>;
  /** Other addresses of the same screen, where the item is shown as the current one too. */
  alsoAt?: string;
}

/** The bar's items; Calendar opens the view last looked at, Month or Week (issue 21). */
function barItems(): readonly BarItem[] {
  const view = rememberedCalendarView();
  return [
    { href: paths.plans, label: "Plans", Icon: NotebookPen },
    {
      href: calendarViewPath[view],
      label: "Calendar",
      Icon: CalendarDays,
      alsoAt: calendarViewPath[view === "month" ? "week" : "month"],
    },
    { href: paths.actions, label: "Actions", Icon: ListChecks, alsoAt: paths.actionCenter },
  ];
}

function BottomBarLink({
  href,
  label,
  Icon,
  alsoAt,
  badge,
}: BarItem & { badge?: { text: string; label: string } | null }) {
  const [here] = useRoute(href);
  const [hereToo] = useRoute(alsoAt ?? href);
  const active = here || hereToo;
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex flex-1 flex-col items-center justify-center gap-1 rounded-md py-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
        active && "text-primary hover:text-primary",
      )}
    >
      <span className="relative">
        <Icon aria-hidden="true" className="size-5" />
        {badge ? (
          <span
            aria-hidden="true"
            data-testid="actions-badge"
            className="absolute -top-2 -right-3 flex h-4 min-w-4 items-center justify-center rounded-full bg-destructive px-1 text-[0.625rem] leading-none font-bold text-destructive-foreground"
          >
            {badge.text}
          </span>
        ) : null}
      </span>
      {label}
      {badge ? <span className="sr-only"> ({badge.label})</span> : null}
    </Link>
  );
}

/** The count of tasks waiting for my answer (spec section 2), kept current by live sync. */
function useActionsBadge(): { text: string; label: string } | null {
  const pending = usePendingTasks();
  const count = pending.data ? awaitingMyAnswer(pending.data).length : 0;
  if (count === 0) return null;
  return {
    text: badgeText(count),
    label: count === 1 ? "1 pending task" : `${count} pending tasks`,
  };
}

export function BottomBar() {
  const badge = useActionsBadge();
  // Each navigation renders the bar again, so Calendar follows the view just looked at.
  useLocation();
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <div className="mx-auto flex max-w-md items-stretch gap-1 px-4 py-1">
        {barItems().map((item) => (
          <BottomBarLink
            key={item.href}
            {...item}
            badge={item.href === paths.actions ? badge : null}
          />
        ))}
      </div>
    </nav>
  );
}
