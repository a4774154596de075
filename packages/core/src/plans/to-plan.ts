/**
 * The one place a plan's occurrence becomes an answer (`planSchema`): every procedure that
 * answers plans (one plan, lists, calendar, tasks, history) maps the rows it read (plan-rows.ts)
 * through here, so a field means the same in every view.
 */
import { startOfDay } from "@circleplan/shared/days";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { RecurrenceAnswer } from "@circleplan/shared/plan-rules";
import { reminderMinutesOf } from "@circleplan/shared/reminder-phrases";
import { Temporal } from "temporal-polyfill";
import type { Attachment } from "./attachments";
import { type OccurrenceRow, seriesStartOf } from "./plan-rows";
import { fieldsOfRule, recurrencePattern, rruleText, storedRule } from "./recurrence";

export interface PlanOptions {
  /** The viewer's zone: the occurrence's `date`, and an all-day plan's midnights, are read there. */
  viewerZone: string;
  /** The plan's attachments (attachments.ts `attachmentsOf` answers them for a set of plans). */
  attachments?: readonly Attachment[] | undefined;
}

const fullName = (person: { firstName: string; lastName: string }) =>
  `${person.firstName} ${person.lastName}`.trim();

/** What the rule answers, computed once per plan version in a list. */
type SeriesText = RecurrenceAnswer & Pick<Plan, "recurrencePattern" | "rrule">;

const ONE_OFF: SeriesText = { ...fieldsOfRule(null), recurrencePattern: null, rrule: null };

/**
 * The rule's fields and texts depend only on the rule and the series' start, so they are kept
 * across requests by exactly those (a bounded cache: a month of 500 series is read often, and
 * its words need not be written again each time).
 */
const seriesTexts = new Map<string, SeriesText>();
const SERIES_TEXTS_MAX = 5000;

/** Rows of one read share their plan's object: its text is looked up once per plan, not per row. */
const textsOfRows = new WeakMap<OccurrenceRow["plan"], SeriesText>();

function seriesText(plan: OccurrenceRow["plan"]): SeriesText {
  if (plan.recurrence === null) return ONE_OFF;
  const ofRow = textsOfRows.get(plan);
  if (ofRow) return ofRow;
  const text = seriesTextOf(plan);
  textsOfRows.set(plan, text);
  return text;
}

function seriesTextOf(plan: OccurrenceRow["plan"]): SeriesText {
  const key = `${JSON.stringify(plan.recurrence)}|${plan.allDay}|${plan.startDate}|${plan.startsAt?.getTime()}|${plan.timeZone}`;
  const known = seriesTexts.get(key);
  if (known) return known;
  const rule = storedRule(plan.recurrence);
  if (!rule) return ONE_OFF;
  const start = seriesStartOf(plan);
  const text = {
    ...fieldsOfRule(rule),
    recurrencePattern: recurrencePattern(rule, start),
    rrule: rruleText(rule, start),
  };
  if (seriesTexts.size >= SERIES_TEXTS_MAX) seriesTexts.clear();
  seriesTexts.set(key, text);
  return text;
}

/** The viewer's calendar: an instant's day and a day's first instant, in the viewer's zone. */
interface ViewerCalendar {
  dayOf(instant: Date): string;
  midnightOf(day: string): Date;
}

/**
 * A viewer's calendar for one answer. An instant's day comes from the zone's offset, looked up
 * once per stretch between two of the zone's transitions (a month has at most two), so a list
 * of thousands of occurrences costs arithmetic, not a time-zone conversion each.
 */
function viewerCalendar(zone: string): ViewerCalendar {
  const stretches: { from: number; to: number; offset: number }[] = [];
  const midnights = new Map<string, Date>();
  return {
    dayOf(instant) {
      const ms = instant.getTime();
      let stretch = stretches.find((s) => ms >= s.from && ms < s.to);
      if (!stretch) {
        const here = Temporal.Instant.fromEpochMilliseconds(ms).toZonedDateTimeISO(zone);
        const next = here.getTimeZoneTransition("next");
        stretch = {
          from: ms,
          to: next ? next.epochMilliseconds : Number.POSITIVE_INFINITY,
          offset: here.offsetNanoseconds / 1_000_000,
        };
        stretches.push(stretch);
      }
      return new Date(ms + stretch.offset).toISOString().slice(0, 10);
    },
    midnightOf(day) {
      let midnight = midnights.get(day);
      if (!midnight) {
        midnight = startOfDay(day, zone);
        midnights.set(day, midnight);
      }
      return midnight;
    },
  };
}

/**
 * A task's state for its lists: cancelled once its creator withdrew it, else completed, else the
 * assignee's answer. Null for plans that are not tasks.
 */
export function taskStatus(plan: OccurrenceRow["plan"], isCompleted: boolean): Plan["status"] {
  if (plan.assignedTo === null) return plan.cancelledAt !== null ? "cancelled" : null;
  if (isCompleted) return "completed";
  if (plan.assignmentAccepted === true) return "accepted";
  if (plan.assignmentAccepted === false) return "declined";
  return "pending";
}

function build(
  row: OccurrenceRow,
  calendar: ViewerCalendar,
  attachments: readonly Attachment[] | undefined,
  series: SeriesText,
): Plan {
  const { plan, occurrence, circle, creator, assignee, updater } = row;
  // The override rule, on a row already read (occurrence-sql.ts shownField writes it in SQL).
  const own = occurrence.overrides ?? {};
  const pick = <K extends keyof typeof own & keyof typeof plan>(key: K) =>
    (key in own ? own[key] : plan[key]) as (typeof plan)[K];
  const ownCompletion = occurrence.isCompleted !== null;
  const isCompleted = ownCompletion ? (occurrence.isCompleted as boolean) : plan.isCompleted;
  const reminderTimes = pick("reminderTimes");

  let startTime: Date;
  let endTime: Date | null;
  let date: string;
  if (occurrence.startDate !== null) {
    // An all-day occurrence is its days; the instants are their midnights where the viewer is.
    date = occurrence.startDate;
    startTime = calendar.midnightOf(occurrence.startDate);
    endTime = occurrence.endDate === null ? null : calendar.midnightOf(occurrence.endDate);
  } else {
    startTime = occurrence.startsAt as Date;
    endTime = occurrence.endsAt;
    date = calendar.dayOf(startTime);
  }
  const isSeries = series.isRecurring;

  return {
    id: plan.id,
    title: pick("title"),
    description: pick("description"),
    location: pick("location"),
    locationLat: pick("locationLat"),
    locationLng: pick("locationLng"),
    locationPlaceId: pick("locationPlaceId"),
    mapUrl: pick("mapUrl"),
    startTime,
    endTime,
    allDay: plan.allDay,
    date,
    type: plan.type,
    circleId: circle.id,
    circleName: circle.name,
    circleColor: circle.color,
    creatorId: creator.id,
    creatorName: fullName(creator),
    assignedTo: plan.assignedTo,
    assigneeName: assignee ? fullName(assignee) : null,
    assignmentAccepted: plan.assignmentAccepted,
    responseNote: plan.responseNote,
    respondedAt: plan.respondedAt,
    status: taskStatus(plan, isCompleted),
    isCompleted,
    completedAt: ownCompletion ? occurrence.completedAt : plan.completedAt,
    completedBy: ownCompletion ? occurrence.completedBy : plan.completedBy,
    reminderTimes,
    reminderMinutes: reminderTimes.flatMap((phrase) => {
      const minutes = reminderMinutesOf(phrase);
      return minutes === null ? [] : [minutes];
    }),
    voiceNote: pick("voiceNote"),
    eventColor: pick("eventColor"),
    timeZone: plan.timeZone,
    ...series,
    originalStartTime: isSeries ? occurrence.originalStart : null,
    originalDate: isSeries ? occurrence.originalDate : null,
    isRecurrenceException: occurrence.isException,
    attachments: [...(attachments ?? [])],
    version: plan.version,
    createdAt: plan.createdAt,
    updatedAt: plan.updatedAt,
    updatedBy: plan.updatedBy,
    updatedByName: updater ? fullName(updater) : null,
  };
}

/** One occurrence as the API answers it. */
export function toPlan(row: OccurrenceRow, options: PlanOptions): Plan {
  return build(row, viewerCalendar(options.viewerZone), options.attachments, seriesText(row.plan));
}

/**
 * Many occurrences as the API answers them (a list, a month), in one viewer's zone; the
 * attachments by plan id (attachments.ts `attachmentsOf`), else those the rows carry.
 */
export function toPlans(
  rows: readonly OccurrenceRow[],
  options: { viewerZone: string; attachments?: ReadonlyMap<number, readonly Attachment[]> },
): Plan[] {
  const calendar = viewerCalendar(options.viewerZone);
  return rows.map((row) =>
    build(
      row,
      calendar,
      options.attachments?.get(row.plan.id) ?? row.attachments,
      seriesText(row.plan),
    ),
  );
}
