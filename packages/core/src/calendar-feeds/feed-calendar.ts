/**
 * A feed's plans as iCalendar (RFC 5545), written by ical-generator (docs/decisions/026, "The
 * calendar"): one VEVENT per plan with a stable UID; timed plans in their own zone (TZID and its
 * VTIMEZONE), all-day plans as DATE values with an exclusive end; a series as one VEVENT whose
 * RRULE is the stored rule's own text (recurrence.ts rruleText) and whose DTSTART is its first
 * occurrence (not the stored start, where the rule does not fall on it), its cancelled occurrences
 * as EXDATE, and each moved or edited occurrence as a VEVENT with the series' UID and its
 * RECURRENCE-ID (a DATE for an all-day series). Pure: the caller reads the rows (feed-plans.ts)
 * and loads the recurrence library first.
 */
import { addDays, dayIn, daysBetween } from "@circleplan/shared/days";
import { circlePlanAddress } from "@circleplan/shared/plan-address";
import { type Interest, isReminded } from "@circleplan/shared/plan-rules";
import { reminderMinutesOf } from "@circleplan/shared/reminder-phrases";
import { TZDate } from "@date-fns/tz";
import ical, { formatDate, formatDateTZ, ICalAlarmType, type ICalEventData } from "ical-generator";
import { Temporal } from "temporal-polyfill";
import {
  type OriginalStart,
  occurrenceFrom,
  type RecurrenceRule,
  rruleText,
  type SeriesStart,
  storedRule,
} from "../plans/recurrence";
import type { FeedException, FeedPlan } from "./feed-plans";
import { type FeedZone, feedZone, vtimezoneOf } from "./feed-zones";
import type { FeedCircle } from "./find-feed";

export interface FeedCalendarInput {
  /** X-WR-CALNAME: what the calendar app lists the feed as. */
  name: string;
  /** The app's address: each plan's URL, and the host its UIDs are named in. */
  appUrl: string;
  ownerId: number;
  circles: FeedCircle[];
  plans: FeedPlan[];
  exceptions: FeedException[];
}

/** How often a calendar app should ask again (REFRESH-INTERVAL, X-PUBLISHED-TTL). */
const REFRESH_SECONDS = 15 * 60;

export function feedCalendar(input: FeedCalendarInput): string {
  const host = new URL(input.appUrl).host;
  const circles = new Map(input.circles.map((circle) => [circle.id, circle]));
  const exceptionsOf = new Map<number, FeedException[]>();
  for (const exception of input.exceptions) {
    const list = exceptionsOf.get(exception.planId) ?? [];
    list.push(exception);
    exceptionsOf.set(exception.planId, list);
  }
  const calendar = ical({
    name: input.name,
    prodId: { company: "Circleplan", product: "Calendar feed", language: "EN" },
    timezone: { name: null, generator: vtimezoneOf },
    ttl: REFRESH_SECONDS,
  });
  const context: PlanContext = {
    appUrl: input.appUrl,
    host,
    ownerId: input.ownerId,
    showCircle: input.circles.length > 1,
  };
  for (const plan of input.plans) {
    const circle = circles.get(plan.circleId);
    if (!circle) continue;
    for (const event of planEvents(plan, circle, exceptionsOf.get(plan.id) ?? [], context)) {
      calendar.createEvent(event);
    }
  }
  return calendar.toString();
}

interface PlanContext {
  appUrl: string;
  host: string;
  ownerId: number;
  /** The feed of several circles names each plan's circle. */
  showCircle: boolean;
}

/** What one occurrence shows: the plan's fields, or the occurrence's own where it has them. */
interface Shown {
  title: string;
  description: string | null;
  location: string | null;
  reminderTimes: string[];
  isCompleted: boolean;
}

function shownOf(plan: FeedPlan, exception?: FeedException): Shown {
  const own = exception?.overrides ?? {};
  return {
    title: own.title ?? plan.title,
    description: "description" in own ? (own.description ?? null) : plan.description,
    location: "location" in own ? (own.location ?? null) : plan.location,
    reminderTimes: own.reminderTimes ?? plan.reminderTimes,
    isCompleted: exception?.isCompleted ?? plan.isCompleted,
  };
}

/** The plan's VEVENTs: itself (a series with its EXDATEs), then its moved or edited occurrences. */
function planEvents(
  plan: FeedPlan,
  circle: FeedCircle,
  exceptions: FeedException[],
  context: PlanContext,
): ICalEventData[] {
  const zone = plan.allDay ? null : feedZone(plan.timeZone);
  const uid = `plan-${plan.id}@${context.host}`;
  const common = {
    sequence: plan.version,
    stamp: new Date(plan.updatedAt),
    lastModified: new Date(plan.updatedAt),
    created: new Date(plan.createdAt),
    timezone: zone?.tzid ?? null,
  };
  const interest: Interest = { circle: circle.notify, followsPlan: plan.followed };
  const reminds = isReminded(plan, context.ownerId, interest);
  const fields = (shown: Shown, day: string) => ({
    summary: shown.title,
    location: shown.location,
    description: descriptionOf(plan, circle, shown, context.showCircle),
    url: `${context.appUrl}${circlePlanAddress(plan.circleId, day, plan.id)}`,
    alarms: reminds ? alarmsOf(shown) : [],
  });

  const rule = readRule(plan);
  if (!rule) {
    return [
      {
        id: uid,
        ...common,
        ...timing(plan, zone),
        ...fields(shownOf(plan), dayOf(plan, plan.timeZone)),
      },
    ];
  }

  // RFC 5545 counts DTSTART as the first occurrence, towards COUNT too, even where the rule does
  // not fall on it (a weekly series on Mondays that starts on a Tuesday); the product's first
  // occurrence is the rule's first. So the series is written from that one, its RRULE still the
  // stored start's (its BY parts), and its exceptions still named by their original starts.
  const start = seriesStart(plan);
  const first = occurrenceFrom(rule, start, instantOf(start), "next");
  if (!first) return [];
  const opening = openingAt(plan, first);
  const main: ICalEventData = {
    id: uid,
    ...common,
    ...timing(opening, zone, plan.allDay),
    ...fields(shownOf(plan), dayOf(opening, plan.timeZone)),
  };
  const excluded: OriginalStart[] = [];
  const moved: ICalEventData[] = [];
  for (const exception of exceptions) {
    const original = originalOfException(exception);
    if (!original) continue;
    if (exception.isCancelled) {
      excluded.push(original);
      continue;
    }
    const shown = shownOf(plan, exception);
    const own = {
      ...common,
      ...timing(exception, zone, plan.allDay),
      ...fields(shown, dayOf(exception, plan.timeZone)),
    };
    moved.push(
      original.allDay
        ? { id: uid, ...own, x: [allDayRecurrenceId(original.date)] }
        : { id: uid, ...own, recurrenceId: zonedOrInstant(original.start, zone) },
    );
  }
  main.repeating = repeatingText(rule, start, excluded, zone);
  return [main, ...moved];
}

function readRule(plan: FeedPlan): RecurrenceRule | null {
  try {
    return storedRule(plan.recurrence);
  } catch {
    // A damaged rule (never written by this code) leaves only its first occurrence in the feed.
    return null;
  }
}

function seriesStart(plan: FeedPlan): SeriesStart {
  return plan.allDay
    ? { allDay: true, date: plan.startDate as string }
    : { allDay: false, start: new Date(plan.startsAt as string), timeZone: plan.timeZone };
}

/** Where the recurrence library reads a series' start: an all-day one's date at UTC midnight. */
function instantOf(start: SeriesStart): Date {
  return start.allDay ? new Date(`${start.date}T00:00:00Z`) : start.start;
}

/** The plan's timing moved to one of its occurrences, its length kept (as its rows keep it). */
function openingAt(plan: FeedPlan, original: OriginalStart): Timing {
  if (original.allDay) {
    const start = plan.startDate as string;
    const days = plan.endDate === null ? null : daysBetween(start, plan.endDate);
    return {
      startsAt: null,
      endsAt: null,
      startDate: original.date,
      endDate: days === null ? null : addDays(original.date, days),
    };
  }
  const at = original.start.getTime();
  const length =
    plan.endsAt === null ? null : Date.parse(plan.endsAt) - Date.parse(plan.startsAt as string);
  return {
    startsAt: original.start.toISOString(),
    endsAt: length === null ? null : new Date(at + length).toISOString(),
    startDate: null,
    endDate: null,
  };
}

function originalOfException(exception: FeedException): OriginalStart | null {
  if (exception.originalDate) return { allDay: true, date: exception.originalDate };
  if (exception.originalStart) return { allDay: false, start: new Date(exception.originalStart) };
  return null;
}

/**
 * `RECURRENCE-ID;VALUE=DATE` naming an all-day series' occurrence (RFC 5545 3.8.4.4: the value
 * type of the series' DTSTART). ical-generator (10.2.0, and 11.x) writes `recurrenceId` as a
 * date-time whatever `allDay` says, so the property goes through its list of custom properties,
 * whose [name, value] pairs it writes as given (escaped and folded); the date is its formatDate's.
 */
function allDayRecurrenceId(date: string): [string, string] {
  return ["RECURRENCE-ID;VALUE=DATE", formatDate(null, Temporal.PlainDate.from(date), true)];
}

/**
 * A timed value as ical-generator writes it: wall-clock in the zone (TZID), else a UTC instant.
 * A TZDate (@date-fns/tz) and not a Temporal.ZonedDateTime: ical-generator checks and formats a
 * value several times, reading six fields of a ZonedDateTime each time, and temporal-polyfill
 * works out the zone's offset for every field read (two fifths of a large feed's build).
 */
function zonedOrInstant(instant: Date, zone: FeedZone | null): Date {
  if (!zone) return instant;
  return new TZDate(instant.getTime(), zone.tzid);
}

type Timing = Pick<FeedPlan, "startsAt" | "endsAt" | "startDate" | "endDate">;

/** DTSTART and DTEND of a plan or an occurrence: DATE values with an exclusive end when all-day. */
function timing(
  when: Timing,
  zone: FeedZone | null,
  allDay = when.startDate !== null,
): Pick<ICalEventData, "start" | "end" | "allDay"> {
  if (allDay) {
    const startDate = when.startDate as string;
    return {
      allDay: true,
      start: Temporal.PlainDate.from(startDate),
      end: Temporal.PlainDate.from(addDays(when.endDate ?? startDate, 1)),
    };
  }
  return {
    start: zonedOrInstant(new Date(when.startsAt as string), zone),
    end: when.endsAt === null ? null : zonedOrInstant(new Date(when.endsAt), zone),
  };
}

/**
 * The series' RRULE, the stored rule's own text, and its EXDATEs, each value formatted by
 * ical-generator (its `repeating` takes RFC 5545 lines as text, as rrule's sets write them).
 */
function repeatingText(
  rule: RecurrenceRule,
  start: SeriesStart,
  excluded: OriginalStart[],
  zone: FeedZone | null,
): string {
  const lines = [`RRULE:${rruleText(rule, start)}`];
  for (const original of excluded) {
    lines.push(
      original.allDay
        ? `EXDATE;VALUE=DATE:${formatDate(null, Temporal.PlainDate.from(original.date), true)}`
        : formatDateTZ(zone?.tzid ?? null, "EXDATE", zonedOrInstant(original.start, zone), {
            timezone: zone?.tzid ?? null,
          }),
    );
  }
  return lines.join("\r\n");
}

/** The day a plan or an occurrence opens on in the app: its first day, in the plan's zone. */
function dayOf(when: Pick<Timing, "startsAt" | "startDate">, timeZone: string): string {
  return when.startDate ?? dayIn(new Date(when.startsAt as string), timeZone);
}

/** An assigned task's state in words, as the plan card says it. */
function taskState(plan: FeedPlan, shown: Shown): string {
  if (shown.isCompleted) return "completed";
  if (plan.assignmentAccepted === true) return "accepted";
  if (plan.assignmentAccepted === false) return "declined";
  return "waiting for an answer";
}

/**
 * Whether a plan has a state to show: every task and to-do, and anything assigned. feed-plans.ts
 * reads an occurrence completed on its own for the same plans.
 */
function showsState(plan: Pick<FeedPlan, "type" | "assignedTo">): boolean {
  return plan.type !== "event" || plan.assignedTo !== null;
}

function descriptionOf(
  plan: FeedPlan,
  circle: FeedCircle,
  shown: Shown,
  showCircle: boolean,
): string | null {
  const lines: string[] = [];
  if (showCircle) lines.push(`Circle: ${circle.name}`);
  if (plan.assignedTo !== null) {
    lines.push(`Task for ${plan.assigneeName || "a former member"}: ${taskState(plan, shown)}`);
  } else if (showsState(plan)) {
    lines.push(shown.isCompleted ? "Done" : "To do");
  }
  if (shown.description) lines.push(...(lines.length > 0 ? [""] : []), shown.description);
  return lines.length > 0 ? lines.join("\n") : null;
}

/** One display alarm per distinct reminder time ("1 day before" and "24 hours before" are one). */
function alarmsOf(shown: Shown): ICalEventData["alarms"] {
  const minutes = [
    ...new Set(
      shown.reminderTimes.flatMap((phrase) => {
        const minutes = reminderMinutesOf(phrase);
        return minutes === null ? [] : [minutes];
      }),
    ),
  ].sort((a, b) => a - b);
  return minutes.map((before) => ({
    type: ICalAlarmType.display,
    trigger: before * 60,
    description: shown.title,
  }));
}
