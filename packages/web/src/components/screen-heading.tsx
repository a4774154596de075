import { type ComponentProps, useEffect, useLayoutEffect, useRef } from "react";
import { useLocation } from "wouter";
import { removeFirstPaint } from "@/lib/first-paint";
import { cn } from "@/lib/utils";

const APP_NAME = "Circleplan";

/** The address the last screen heading was shown at; null until a page load's first screen. */
let shownAt: string | null = null;

type ScreenHeadingProps = Omit<ComponentProps<"h1">, "title"> & {
  /** Names the browser tab ("Profile · Circleplan"); also the heading's text unless children say otherwise. */
  title: string;
};

/**
 * A screen's h1. It names the tab after the screen, and after an in-app navigation it takes
 * focus: the link that was pressed may be gone, and a screen reader otherwise keeps reading
 * the shell, which stays as it was. The first screen of a page load keeps the browser's own
 * starting point, as on any page, redirects included.
 */
export function ScreenHeading({ title, className, children, ...props }: ScreenHeadingProps) {
  const ref = useRef<HTMLHeadingElement>(null);
  const [location] = useLocation();

  // Before the browser paints the screen: what index.html painted for it goes as it appears.
  useLayoutEffect(removeFirstPaint, []);

  useEffect(() => {
    document.title = `${title} · ${APP_NAME}`;
  }, [title]);

  useEffect(() => {
    const navigated = shownAt !== null && shownAt !== location;
    shownAt = location;
    if (navigated) ref.current?.focus();
  }, [location]);

  return (
    <h1 ref={ref} tabIndex={-1} className={cn("outline-none", className)} {...props}>
      {children ?? title}
    </h1>
  );
}
