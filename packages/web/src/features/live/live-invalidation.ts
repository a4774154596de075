/**
 * What an announcement makes stale, read from the queries' own keys: the one home of "which
 * screens does a change in circle X touch" (decision 018, "The client"). Pure, so the
 * requests-per-day bench applies the same rules to the queries it measured on each screen.
 *
 * A tRPC query's react-query key is `[[router, procedure], { input?, type }]`.
 */
import type { AppRouter } from "@circleplan/api/root";
import type { LiveAnnouncement } from "@circleplan/shared/live-protocol";

type RouterName = keyof AppRouter["_def"]["record"];

/**
 * What to do with one cached query: `refetch` it now if a screen shows it; `mark` it stale, to
 * be asked again when the tab is next looked at or a screen mounts it; `keep` it.
 */
export type Staleness = "refetch" | "mark" | "keep";

/**
 * The routers whose answers a circle's change feed, or the caller's memberships, can change:
 * everything a catch-up refetches after the channel was down.
 */
const LIVE_ROUTERS = new Set<string>([
  "plans",
  "tasks",
  "circles",
  "invitations",
  "activity",
  "inbox",
] satisfies RouterName[]);

interface KeyParts {
  router: string;
  procedure: string;
  input: Record<string, unknown> | undefined;
}

const isRecord = (value: unknown): value is Record<string, unknown> =>
  typeof value === "object" && value !== null && !Array.isArray(value);

function keyParts(key: readonly unknown[]): KeyParts | null {
  const [path, meta] = key;
  if (!Array.isArray(path) || path.length !== 2) return null;
  const [router, procedure] = path;
  if (typeof router !== "string" || typeof procedure !== "string") return null;
  const input = isRecord(meta) && isRecord(meta.input) ? meta.input : undefined;
  return { router, procedure, input };
}

/** Whether a catch-up refetches this query: it shows something live sync keeps current. */
export function isLiveQuery(key: readonly unknown[]): boolean {
  const parts = keyParts(key);
  return parts !== null && LIVE_ROUTERS.has(parts.router);
}

/**
 * A change in circle `circleId` (a plan, task, member or invitation; the announcement does not
 * say which): every list across circles and that circle's own queries are refetched; another
 * circle's are kept. The circle list and everyone's member colours change only when members
 * do, which is rare beside plan changes, so they are marked rather than asked at once.
 */
export function afterCircleChange(
  circleId: number,
  key: readonly unknown[],
  data: unknown,
): Staleness {
  const parts = keyParts(key);
  if (!parts) return "keep";
  const { router, procedure, input } = parts;
  const concerns = (named: unknown) =>
    named === undefined || named === circleId ? "refetch" : "keep";
  switch (router as RouterName) {
    case "plans":
      // One plan's details: its circle is in its answer.
      if (procedure === "get") return concerns(isRecord(data) ? data.circleId : undefined);
      return concerns(input?.circleId ?? input?.circle);
    case "tasks":
      return "refetch";
    case "activity":
      return procedure === "circle" ? concerns(input?.id ?? null) : "refetch";
    case "invitations":
      return procedure === "listForCircle" && input?.id === circleId ? "refetch" : "keep";
    case "circles":
      if (procedure === "list" || procedure === "allMembers") return "mark";
      return input?.id === circleId ? "refetch" : "keep";
    default:
      return "keep";
  }
}

/**
 * Something of the caller's own changed: an invitation to them, a circle joined or left, their
 * inbox. The circle list is refetched first (use-live-sync.ts compares it: a changed set of
 * circles refetches everything and renews the channel's topics).
 */
export function afterUserChange(key: readonly unknown[]): Staleness {
  const parts = keyParts(key);
  if (!parts) return "keep";
  const { router, procedure } = parts;
  if (router === "circles" && procedure === "list") return "refetch";
  if (router === "invitations" && procedure === "pending") return "refetch";
  if (router === "activity" && procedure === "mine") return "refetch";
  // The server tells the members an entry was queued for (and a reader's other tabs).
  if (router === "inbox") return "refetch";
  return "keep";
}

/** The strongest verdict of several announcements on one query. */
export function stalenessAfter(
  announcements: readonly LiveAnnouncement[],
  key: readonly unknown[],
  data: unknown,
): Staleness {
  let verdict: Staleness = "keep";
  for (const announcement of announcements) {
    const next =
      announcement.kind === "circle"
        ? afterCircleChange(announcement.circleId, key, data)
        : afterUserChange(key);
    if (next === "refetch") return next;
    if (next === "mark") verdict = next;
  }
  return verdict;
}

/** Whether this is the circle list's key (the one a user announcement compares). */
export function isCircleList(key: readonly unknown[]): boolean {
  const parts = keyParts(key);
  return parts?.router === "circles" && parts.procedure === "list";
}
