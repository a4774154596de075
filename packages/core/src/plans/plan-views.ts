/**
 * The plan views (plans spec, sections 2 and 7): a day, the upcoming plans, a range of days, one
 * circle, the calendar month, its grid and its summary. Every view reads occurrences
 * (list-occurrences.ts: one indexed query, no rule expanded on a read) of the caller's circles
 * only, in the caller's zone (time-ranges.ts), and answers them through toPlans, as every
 * other plan answer.
 *
 * What the spec leaves open (docs/decisions/009):
 * - no day, range or `upcoming`: 30 days back to 90 days ahead of today, never everything;
 * - `upcoming`: from now on (today's all-day plans included), up to a year ahead, at most
 *   `limit` (30 unless told); read two weeks ahead first, further only while the page is short;
 * - a range with one end: `from` reaches 90 days on, `to` reaches 30 days back; at most 366 days;
 * - `date` wins over `from`/`to`, which win over `upcoming`; `limit` caps any of them;
 * - a task its creator withdrew leaves its former assignee's views (api-conventions.md);
 * - every answer keeps to a size budget, and `offset` pages on (answer-budget.ts, decision 016).
 */

import type { Executor } from "@circleplan/db/client";
import { addDays } from "@circleplan/shared/days";
import { LIST_ITEMS_MAX, RANGE_DAYS_MAX, UPCOMING_LIMIT_DEFAULT } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { ListPlansInput } from "@circleplan/shared/plan-schemas";
import { viewerZoneOf } from "../auth/viewer-zone";
import { circleAccess } from "../circles/access";
import type { Call, SignedInCaller } from "../deps";
import { AppError } from "../errors";
import { withViewerInterest } from "../notifications/follows";
import { withinAnswerBudget } from "./answer-budget";
import { writeCalendarSummary } from "./calendar-summary";
import { cachedGrid } from "./grid-cache";
import {
  listOccurrences,
  type OccurrenceDay,
  type OccurrenceQuery,
  occurrenceDays,
} from "./list-occurrences";
import type { OccurrenceRow } from "./plan-rows";
import {
  DEFAULT_WINDOW_DAYS_AFTER,
  DEFAULT_WINDOW_DAYS_BEFORE,
  dayCount,
  daysWindow,
  dayWindow,
  defaultWindow,
  monthWindow,
  type PlanWindow,
} from "./time-ranges";
import { toPlans } from "./to-plan";

/**
 * How far ahead the upcoming list looks, in widening steps: most callers fill a page within two
 * weeks, and a narrow range spares the database sorting a year of occurrences for 30 of them.
 */
const UPCOMING_STEPS_DAYS = [14, 90, 366];
/** The longest range a list answers. */

const DAY_MS = 24 * 60 * 60 * 1000;

interface Scope {
  zone: string;
  /** The one circle asked for, or every circle the caller belongs to. */
  circles: Pick<OccurrenceQuery, "circleIds" | "memberOf">;
}

/**
 * The caller's zone (read with the session) and the circles a view reads: the one asked for (a
 * member's only: 404 otherwise, from circles/access.ts), else every circle the caller belongs
 * to, which the occurrence statement reads itself.
 */
async function scopeOf(
  db: Executor,
  caller: SignedInCaller,
  circleId: number | undefined,
): Promise<Scope> {
  if (circleId === undefined) {
    return { zone: await viewerZoneOf(db, caller), circles: { memberOf: caller.userId } };
  }
  const [access, zone] = await Promise.all([
    circleAccess(db, caller.userId, { circleId }),
    viewerZoneOf(db, caller),
  ]);
  return { zone, circles: { circleIds: [access.circle.id] } };
}

/** The first `limit` occurrences from `now` on, looking further ahead only while the page is short. */
async function upcomingRows(
  db: Executor,
  query: Omit<OccurrenceQuery, "from" | "to">,
  now: Date,
): Promise<OccurrenceRow[]> {
  let rows: OccurrenceRow[] = [];
  for (const days of UPCOMING_STEPS_DAYS) {
    const to = new Date(now.getTime() + days * DAY_MS);
    rows = await listOccurrences(db, { ...query, from: now, to });
    if (query.limit === undefined || rows.length >= query.limit) break;
  }
  return rows;
}

/** The window a list reads, from its parameters (see the file's comment for the rules). */
function windowOf(
  input: NonNullable<ListPlansInput>,
  zone: string,
  now: Date,
): PlanWindow | "upcoming" {
  if (input.date) return dayWindow(input.date, zone);
  if (input.from || input.to) {
    const from = input.from ?? addDays(input.to as string, -DEFAULT_WINDOW_DAYS_BEFORE);
    const to = input.to ?? addDays(from, DEFAULT_WINDOW_DAYS_AFTER);
    if (dayCount(from, to) > RANGE_DAYS_MAX) {
      throw new AppError("VALIDATION_FAILED", messages.rangeTooLong, {
        issues: [{ path: "to", message: messages.rangeTooLong }],
      });
    }
    return daysWindow(from, to, zone);
  }
  if (input.upcoming) return "upcoming";
  return defaultWindow(now, zone);
}

/**
 * GET /api/events, /api/events/all and their aliases: a day (`date`), the upcoming plans
 * (`upcoming`, `limit`), a range (`from`, `to`), one circle (`circleId` or `circle`), one type.
 */
export async function listPlans({
  deps,
  caller,
  input,
}: Call<ListPlansInput, SignedInCaller>): Promise<Plan[]> {
  const options = input ?? {};
  const { zone, circles } = await scopeOf(deps.db, caller, options.circleId ?? options.circle);
  const now = deps.clock.now();
  const window = windowOf(options, zone, now);
  const query = {
    ...circles,
    visibleTo: caller.userId,
    viewerZone: zone,
    types: options.type ? [options.type] : undefined,
    limit: options.limit ?? (window === "upcoming" ? UPCOMING_LIMIT_DEFAULT : LIST_ITEMS_MAX),
    offset: options.offset,
  };
  const rows =
    window === "upcoming"
      ? await upcomingRows(deps.db, query, now)
      : await listOccurrences(deps.db, { ...query, from: window.from, to: window.to });
  return withViewerInterest(
    deps.db,
    caller.userId,
    withinAnswerBudget(toPlans(rows, { viewerZone: zone })),
  );
}

type MonthInput = {
  month: string;
  circleId?: number | undefined;
  offset?: number | undefined;
};

/** What the caller may see of a month (yyyy-MM) of their zone, in their circles or one of them. */
async function monthQuery(
  db: Executor,
  caller: SignedInCaller,
  input: MonthInput,
): Promise<OccurrenceQuery> {
  const { zone, circles } = await scopeOf(db, caller, input.circleId);
  const window = monthWindow(input.month, zone);
  return {
    ...circles,
    visibleTo: caller.userId,
    from: window.from,
    to: window.to,
    viewerZone: zone,
  };
}

/**
 * GET /api/events/calendar/{yyyy-MM}: the month's occurrences, on their days in the caller's zone
 * (within the size budget; `offset` pages on).
 */
export async function calendarMonth({
  deps,
  caller,
  input,
}: Call<MonthInput, SignedInCaller>): Promise<Plan[]> {
  const query = await monthQuery(deps.db, caller, input);
  const rows = await listOccurrences(deps.db, {
    ...query,
    limit: LIST_ITEMS_MAX,
    offset: input.offset,
  });
  return withViewerInterest(
    deps.db,
    caller.userId,
    withinAnswerBudget(toPlans(rows, { viewerZone: query.viewerZone })),
  );
}

/**
 * GET /api/events/calendar/{yyyy-MM}/days: the month's grid, each day's count and first colours,
 * counted by the database from the same occurrences calendarMonth answers.
 */
export async function calendarDays({
  deps,
  caller,
  input,
}: Call<MonthInput, SignedInCaller>): Promise<{ month: string; days: OccurrenceDay[] }> {
  const query = await monthQuery(deps.db, caller, input);
  const { month, circleId } = input;
  const key = { userId: caller.userId, zone: query.viewerZone, month, circleId };
  const days = await cachedGrid(deps.db, key, () => occurrenceDays(deps.db, query));
  return { month: input.month, days };
}

/**
 * GET /api/events/calendar-summary/{yyyy-MM}: a few sentences about the month, written by rules
 * from the same occurrences the calendar shows (calendar-summary.ts).
 */
export async function calendarSummary(
  call: Call<MonthInput, SignedInCaller>,
): Promise<{ summary: string }> {
  return { summary: writeCalendarSummary(call.input.month, await calendarMonth(call)) };
}
