import { cn } from "@/lib/utils";

/** The Circleplan mark: three people around one shared circle. */
export function LogoMark({ className }: { className?: string }) {
  return (
    <svg viewBox="0 0 32 32" aria-hidden="true" className={cn("size-8", className)}>
      <rect width="32" height="32" rx="8" className="fill-primary" />
      <circle
        cx="16"
        cy="16"
        r="8"
        fill="none"
        strokeWidth="3"
        className="stroke-primary-foreground"
      />
      <circle cx="16" cy="8" r="3" fill="#a5f3fc" />
      <circle cx="23" cy="20" r="3" fill="#fde68a" />
      <circle cx="9" cy="20" r="3" fill="#bbf7d0" />
    </svg>
  );
}

export function Logo({ className }: { className?: string }) {
  return (
    <span className={cn("inline-flex items-center gap-2", className)}>
      <LogoMark />
      {/* Below 440 px the header's buttons (search, bell, theme, menu) need the room: the mark
          alone, the name for readers. */}
      <span className="text-lg font-bold tracking-tight max-[439px]:sr-only">Circleplan</span>
    </span>
  );
}
