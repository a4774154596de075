import { useSyncExternalStore } from "react";

/**
 * Tailwind's `lg` (64rem): where a screen has room for a layout of its own rather than the
 * phone's, and CSS alone cannot swap it (the week's time grid, not a second copy of its plans).
 */
export const WIDE_SCREEN = "(min-width: 64rem)";

/** Whether the media query matches now, following changes (a rotated tablet, a resized window). */
export function useMediaQuery(query: string): boolean {
  return useSyncExternalStore(
    (onChange) => {
      const list = window.matchMedia?.(query);
      list?.addEventListener("change", onChange);
      return () => list?.removeEventListener("change", onChange);
    },
    () => window.matchMedia?.(query).matches ?? false,
    () => false,
  );
}
