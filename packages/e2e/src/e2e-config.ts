/** What the browser run's global setup and its test files agree on. */

/** Chromium's flags for a headless run in a container. */
export const CHROMIUM_ARGS = [
  "--no-sandbox",
  "--disable-gpu",
  "--disable-quic",
  "--no-first-run",
  "--disable-background-networking",
  "--disable-component-update",
  "--disable-sync",
  "--disable-dev-shm-usage",
];

/**
 * The shared server's APP_SECRET, so a test can make the links a mail would carry
 * (unsubscribe links) with core's own token maker.
 */
export const E2E_APP_SECRET = "e2e-browser-run-secret-0123456789abcdef";
