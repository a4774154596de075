/**
 * The browser's timings from the accounts spec (section 9): how long toasts and tooltips wait,
 * the delays before a reload or a navigation, long press and highlights (the polling it listed
 * gave way to live sync, decision 018). Only the web
 * app uses them, so they live here rather than with the limits the server enforces; kept in one
 * file to read against the spec's list. Here in `lib/` because components and lib use them too.
 */

/** Notification toasts: at most one at a time, each shown for 5000 ms. */
export const TOAST_LIMIT = 1;
export const TOAST_DURATION_MS = 5000;
/** The reset code a sandbox shows in a toast stays long enough to be typed. */
export const DEV_CODE_TOAST_MS = 10_000;
export const TOOLTIP_DELAY_MS = 700;
export const TOOLTIP_SKIP_DELAY_MS = 300;
export const LOGOUT_RELOAD_DELAY_MS = 100;
export const LOGIN_REDIRECT_DELAY_MS = 500;
export const ACCEPTED_INVITATION_NAV_DELAY_MS = 300;
export const LONG_PRESS_MS = 500;
/** Highlights: the day's plans for ?tab=plans, and the plan an ?eventId= names. */
export const PLANS_HIGHLIGHT_MS = 2000;
export const NAMED_PLAN_HIGHLIGHT_MS = 5000;

/**
 * How long a remembered user's session check waits for the first screen's queries to leave
 * with them (routes.tsx) before it leaves alone: a screen with nothing to ask.
 */
export const SESSION_RECHECK_WAIT_MS = 300;
