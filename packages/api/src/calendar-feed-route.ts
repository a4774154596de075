/**
 * GET /api/calendar-feeds/{token}.ics (docs/decisions/026): the feed a calendar app polls. A
 * plain route beside the doors: it has no session (none is read, no cookie is set), answers
 * iCalendar rather than JSON, and is the one API answer a shared cache may keep: the secret is
 * the URL itself, so `public, max-age` lets CloudFront answer repeated polls for a few minutes
 * (SST's Router cache policy follows the origin's Cache-Control; every other /api answer stays
 * `no-store`, perimeter.ts). Who may read what is core's (calendar-feeds/read-feed.ts).
 */
import { readCalendarFeed } from "@circleplan/core/calendar-feeds/read-feed";
import type { CoreDeps } from "@circleplan/core/deps";
import { CALENDAR_FEED_MAX_AGE_SECONDS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { App } from "./app";
import { describeError, errorBody } from "./errors";

export function mountCalendarFeedRoute(app: App, deps: CoreDeps): void {
  app.get("/api/calendar-feeds/:file", async (c) => {
    let answer: Awaited<ReturnType<typeof readCalendarFeed>>;
    try {
      answer = await readCalendarFeed(deps, {
        file: c.req.param("file"),
        ifNoneMatch: c.req.header("if-none-match"),
      });
    } catch (error) {
      const { status, body, retryAfter } = describeError(error);
      if (status >= 500) throw error;
      if (retryAfter) c.header("retry-after", String(retryAfter));
      return c.json(body, status as 429);
    }
    if (answer.status === 404) return c.json(errorBody(messages.notFound, "NOT_FOUND"), 404);
    const headers = {
      etag: answer.etag,
      "last-modified": answer.lastModified.toUTCString(),
      "cache-control": `public, max-age=${CALENDAR_FEED_MAX_AGE_SECONDS}`,
      // The address is a secret: no search engine should keep one that leaked into a page.
      "x-robots-tag": "noindex, nofollow",
    };
    if (answer.status === 304) return c.body(null, 304, headers);
    return c.body(answer.body, 200, {
      ...headers,
      "content-type": "text/calendar; charset=utf-8",
    });
  });
}

/**
 * The route in the OpenAPI document (openapi.ts adds it beside the doors' routes): it is not a
 * procedure, so its description lives here, beside what it describes.
 */
export const calendarFeedOpenApiPath = {
  "/api/calendar-feeds/{token}.ics": {
    get: {
      operationId: "calendarFeeds.read",
      summary: "A calendar feed as iCalendar (RFC 5545), for calendar apps to subscribe to",
      description:
        "No session: the secret address is the credential (made by POST /api/calendar-feeds). Answers the plans of the feed owner's circles (or of one circle) from a year back to two years ahead, as an iCalendar file: one VEVENT per plan with a stable UID, series as one VEVENT with its RRULE, cancelled occurrences as EXDATE, moved or edited ones as VEVENTs with RECURRENCE-ID, times with TZID and their VTIMEZONE, all-day plans as DATE values, and VALARMs for the reminders that remind the owner. Sends ETag and Last-Modified; 304 for a matching If-None-Match. 404 without detail for an unknown, malformed or turned-off address, or a circle the owner left; 429 past 60 reads an hour per feed.",
      parameters: [
        {
          name: "token",
          in: "path",
          required: true,
          description: "The feed's secret: 43 base64url characters, shown once when it is made.",
          schema: { type: "string", pattern: "^[A-Za-z0-9_-]{43}$" },
        },
        {
          name: "If-None-Match",
          in: "header",
          required: false,
          description: "The ETag of the copy the calendar app holds: 304 when nothing changed.",
          schema: { type: "string" },
        },
      ],
      security: [],
      responses: {
        "200": {
          description: "The calendar",
          content: {
            "text/calendar": {
              schema: { type: "string", description: "An iCalendar (RFC 5545) file." },
            },
          },
        },
        "304": { description: "Not modified since the ETag sent" },
        "404": { description: "Not found: no detail is given" },
        "429": { description: "Too many reads of this feed: wait for Retry-After seconds" },
      },
    },
  },
} as const;
