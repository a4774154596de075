/**
 * Opens a statement's text to ask the embedded store for a plan made once and reused (a generic
 * plan): client.ts `planOnce` puts it there, pglite-worker.mjs reads it. Postgres reads a comment.
 */
export const PLAN_ONCE_MARKER = "/* plan once */";
