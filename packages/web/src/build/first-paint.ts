/**
 * What index.html paints for a first screen before the app's code has arrived, over the page
 * until the screen itself mounts (ScreenHeading removes it, lib/first-paint.ts): the sign-in
 * header on /auth; on the signed-in screens the app's header and the screen's heading (the
 * dashboard's title, the calendars' month). A screen's largest text is in those, so the page's
 * largest paint happens once the styles are there, not after the code, the session check and the
 * screen's data; the screen then paints the same text where it belongs. Fixed over the page and
 * hidden from assistive technology: nothing moves when it goes (no layout shift), and the
 * screen's own heading is the one to read. first-paint.test.tsx holds it to the screens' markup.
 * Decision 005, "The first load on a phone".
 */
import { FIRST_PAINT_ID } from "../lib/first-paint";

/** The Circleplan mark (components/logo.tsx). */
const logoMark = (size: string) =>
  `<svg viewBox="0 0 32 32" aria-hidden="true" class="${size}"><rect width="32" height="32" rx="8" class="fill-primary"></rect><circle cx="16" cy="16" r="8" fill="none" stroke-width="3" class="stroke-primary-foreground"></circle><circle cx="16" cy="8" r="3" fill="#a5f3fc"></circle><circle cx="23" cy="20" r="3" fill="#fde68a"></circle><circle cx="9" cy="20" r="3" fill="#bbf7d0"></circle></svg>`;

const AUTH_HEADER = `<main class="relative flex min-h-dvh flex-col items-center bg-gradient-to-b from-accent/70 via-background to-background px-4 py-10 sm:justify-center"><div class="w-full max-w-md"><header class="mb-6 flex flex-col items-center gap-3 text-center">${logoMark("size-12")}<h1 class="outline-none text-3xl font-bold tracking-tight">Circleplan</h1><p class="text-muted-foreground">Manage your family's schedule with ease.</p></header></div></main>`;

/** Replaced, as the page opens, by this month's title ("November 2026", calendar-days.ts). */
export const MONTH_SLOT = "{{month}}";

/**
 * The signed-in layout around a screen (features/shell/app-shell.tsx): its header with the
 * logo, the circle strip's height (93 px: a row of circles, circle-strip.tsx) and the main area.
 */
const signedIn = (screen: string) =>
  `<div class="flex min-h-dvh flex-col"><header class="border-b bg-card"><div class="mx-auto flex h-14 max-w-5xl items-center justify-between gap-2 px-4"><span class="inline-flex items-center gap-2">${logoMark("size-8")}<span class="text-lg font-bold tracking-tight max-[439px]:sr-only">Circleplan</span></span></div></header><div class="h-[93px] border-b bg-card"></div><main class="mx-auto w-full max-w-5xl flex-1 px-4 pt-6 pb-28">${screen}</main></div>`;

/** The month row of a calendar card (month-calendar.tsx), arrows left out. */
const monthCard = (header: string) =>
  `<div class="rounded-xl border bg-card text-card-foreground shadow-sm">${header}<div class="p-6 pt-0 grid gap-3 px-3 sm:px-6"><div class="flex items-center gap-2 justify-between"><span class="size-10"></span><h2 class="text-lg font-semibold">${MONTH_SLOT}</h2><span class="size-10"></span></div></div></div>`;

const DASHBOARD = signedIn(
  `<section class="mx-auto grid w-full max-w-3xl gap-5"><div class="grid gap-1"><h1 class="outline-none grid gap-0.5 text-2xl font-bold tracking-tight"><span class="text-sm font-medium tracking-normal text-muted-foreground">Dashboard</span>Your Day at a Glance</h1></div></section>`,
);

const CALENDAR = signedIn(
  `<section class="mx-auto grid w-full max-w-5xl gap-4"><div class="flex flex-wrap items-center justify-between gap-3"><h1 class="outline-none text-2xl font-bold tracking-tight">Calendar</h1></div><div class="grid items-start gap-4 lg:grid-cols-[minmax(0,2fr)_minmax(0,1fr)]">${monthCard(`<div class="flex flex-col gap-1.5 p-6 pb-2"><h2 class="font-semibold tracking-tight flex items-center gap-2 text-lg">All circles</h2></div>`)}</div></section>`,
);

/** A circle's name and kind come with its data: their room (the avatar's row) stays empty. */
const CIRCLE = signedIn(
  `<section class="mx-auto grid w-full max-w-5xl gap-4"><div class="h-14"></div><div class="h-[106px]"></div>${monthCard("")}</section>`,
);

/** By first screen (first-load.ts's names): the markup painted before the code runs. */
export const FIRST_PAINTS: Readonly<Record<string, string>> = {
  "/auth": AUTH_HEADER,
  "/dashboard": DASHBOARD,
  "/calendar": CALENDAR,
  "/circle/:id": CIRCLE,
};

/** The element the first-screen script puts at the top of the body. */
export function firstPaintElement(markup: string): string {
  return `<div id="${FIRST_PAINT_ID}" aria-hidden="true" class="fixed inset-0 z-50 overflow-hidden bg-background">${markup}</div>`;
}
