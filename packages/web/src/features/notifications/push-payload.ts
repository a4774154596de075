/**
 * What a push message shows, read defensively in the service worker: the server sends
 * `{ title, body, url, tag }` (core/push/push-service.ts `PushMessage`), but a payload is bytes
 * from a push service, and a click must only ever open a page of this app.
 */
export interface ShownNotification {
  title: string;
  body: string;
  tag: string | undefined;
  /** A path inside the app ("/dashboard?eventId=12"). */
  url: string;
}

const FALLBACK_TITLE = "Circleplan";
const FALLBACK_URL = "/dashboard";
const TEXT_MAX = 500;

const text = (value: unknown, max = TEXT_MAX) =>
  typeof value === "string" ? value.slice(0, max) : undefined;

/**
 * A same-origin path, or the dashboard: never another site ("//evil.example", "https://…"),
 * nor a `javascript:` address.
 */
export function appPath(value: unknown): string {
  if (typeof value !== "string" || !value.startsWith("/") || value.startsWith("//")) {
    return FALLBACK_URL;
  }
  if (value.includes("\\")) return FALLBACK_URL;
  return value.slice(0, 2000);
}

/** The push's text as JSON; anything else still shows, as plain text under the app's name. */
export function readPushMessage(payload: string | null | undefined): ShownNotification {
  let parsed: unknown = null;
  try {
    parsed = payload ? JSON.parse(payload) : null;
  } catch {
    parsed = null;
  }
  if (!parsed || typeof parsed !== "object") {
    return { title: FALLBACK_TITLE, body: text(payload) ?? "", tag: undefined, url: FALLBACK_URL };
  }
  const message = parsed as Record<string, unknown>;
  return {
    title: text(message.title, 200) || FALLBACK_TITLE,
    body: text(message.body) ?? "",
    tag: text(message.tag, 200) || undefined,
    url: appPath(message.url),
  };
}
