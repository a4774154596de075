import { THEME_STORAGE_KEY, THEMES, type Theme } from "@circleplan/shared/limits";
import { useSyncExternalStore } from "react";

const DEFAULT_THEME: Theme = "light";
const darkQuery = () => window.matchMedia("(prefers-color-scheme: dark)");
const listeners = new Set<() => void>();

function readTheme(): Theme {
  try {
    const stored = localStorage.getItem(THEME_STORAGE_KEY);
    return (THEMES as readonly string[]).includes(stored ?? "") ? (stored as Theme) : DEFAULT_THEME;
  } catch {
    return DEFAULT_THEME;
  }
}

let current: Theme = typeof window === "undefined" ? DEFAULT_THEME : readTheme();

function isDark(theme: Theme) {
  return theme === "dark" || (theme === "system" && darkQuery().matches);
}

function apply(theme: Theme) {
  const dark = isDark(theme);
  document.documentElement.classList.toggle("dark", dark);
  document.documentElement.style.colorScheme = dark ? "dark" : "light";
}

function notify() {
  for (const listener of listeners) listener();
}

export function setTheme(theme: Theme) {
  current = theme;
  try {
    localStorage.setItem(THEME_STORAGE_KEY, theme);
  } catch {
    // Private mode may refuse storage; the choice still holds for this page.
  }
  apply(theme);
  notify();
}

function subscribe(listener: () => void) {
  listeners.add(listener);
  return () => {
    listeners.delete(listener);
  };
}

/**
 * "System" follows the OS switching while the app is open, on every screen: started by the
 * entry, not by a component that shows the theme (the toaster and the theme switch load on
 * first use, so a screen without them would stay in the old theme).
 */
export function followSystemTheme() {
  darkQuery().addEventListener("change", () => {
    if (current === "system") {
      apply(current);
      notify();
    }
  });
}

export function useTheme(): { theme: Theme; resolved: "light" | "dark" } {
  const theme = useSyncExternalStore(subscribe, () => current);
  const resolved = useSyncExternalStore(subscribe, () => (isDark(current) ? "dark" : "light"));
  return { theme, resolved };
}
