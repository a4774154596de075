/**
 * What index.html paints for a first screen before the app's code has arrived: the screen's
 * header, as the screen renders it, over the page until the screen itself mounts (ScreenHeading
 * removes it, lib/first-paint.ts). The largest text of /auth is in its header, so the page's
 * largest paint happens once the styles are there instead of after the code and the session
 * check; the screen then paints the same text in the same place, so nothing moves. Hidden from
 * assistive technology: the screen's own heading is the one to read. first-paint.test.tsx holds
 * it to the screen's markup. Decision 005, "The first load on a phone".
 */
import { FIRST_PAINT_ID } from "../lib/first-paint";

const AUTH_HEADER = `<main class="relative flex min-h-dvh flex-col items-center bg-gradient-to-b from-accent/70 via-background to-background px-4 py-10 sm:justify-center"><div class="w-full max-w-md"><header class="mb-6 flex flex-col items-center gap-3 text-center"><svg viewBox="0 0 32 32" aria-hidden="true" class="size-12"><rect width="32" height="32" rx="8" class="fill-primary"></rect><circle cx="16" cy="16" r="8" fill="none" stroke-width="3" class="stroke-primary-foreground"></circle><circle cx="16" cy="8" r="3" fill="#a5f3fc"></circle><circle cx="23" cy="20" r="3" fill="#fde68a"></circle><circle cx="9" cy="20" r="3" fill="#bbf7d0"></circle></svg><h1 class="outline-none text-3xl font-bold tracking-tight">Circleplan</h1><p class="text-muted-foreground">Manage your family's schedule with ease.</p></header></div></main>`;

/** By first screen (first-load.ts's names): the markup painted before the code runs. */
export const FIRST_PAINTS: Readonly<Record<string, string>> = {
  "/auth": AUTH_HEADER,
};

/** The element the first-screen script puts at the top of the body. */
export function firstPaintElement(markup: string): string {
  return `<div id="${FIRST_PAINT_ID}" aria-hidden="true" class="fixed inset-0 z-50 overflow-hidden bg-background">${markup}</div>`;
}
