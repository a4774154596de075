import { CalendarDays, ListChecks, NotebookPen } from "lucide-react";
import { Link, useRoute } from "wouter";
import { paths } from "@/app/paths";
import { cn } from "@/lib/utils";

const items = [
  { href: paths.plans, label: "Plans", Icon: NotebookPen },
  { href: paths.calendar, label: "Calendar", Icon: CalendarDays },
  { href: paths.actions, label: "Actions", Icon: ListChecks },
] as const;

function BottomBarLink({ href, label, Icon }: (typeof items)[number]) {
  const [active] = useRoute(href);
  return (
    <Link
      href={href}
      aria-current={active ? "page" : undefined}
      className={cn(
        "flex flex-1 flex-col items-center justify-center gap-1 rounded-md py-2 text-xs font-medium text-muted-foreground transition-colors hover:text-foreground focus-visible:outline-2 focus-visible:outline-ring",
        active && "text-primary hover:text-primary",
      )}
    >
      <Icon aria-hidden="true" className="size-5" />
      {label}
    </Link>
  );
}

export function BottomBar() {
  return (
    <nav
      aria-label="Main"
      className="fixed inset-x-0 bottom-0 z-40 border-t bg-card/95 pb-[env(safe-area-inset-bottom)] backdrop-blur supports-[backdrop-filter]:bg-card/80"
    >
      <div className="mx-auto flex max-w-md items-stretch gap-1 px-4 py-1">
        {items.map((item) => (
          <BottomBarLink key={item.href} {...item} />
        ))}
      </div>
    </nav>
  );
}
