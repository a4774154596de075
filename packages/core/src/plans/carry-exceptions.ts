/**
 * A series' exceptions follow an edit that moves the series (docs/decisions/009, "Exceptions
 * follow the series"): the occurrence deleted on 3 December stays deleted, and the one completed
 * on 4 December stays completed, when the series moves to another time or day, with "all" or
 * with "this and following".
 */
import type { Tx } from "@circleplan/db/client";
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import { planOccurrences } from "@circleplan/db/schema";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { and, eq, inArray, not, type SQL, sql } from "drizzle-orm";
import { CONTENT_FIELDS } from "./edited-fields";
import { hasOwnState } from "./occurrence-sql";
import type { OccurrenceRecord, PlanRow } from "./plan-rows";
import { movedOriginal, type OriginalName, type Timing } from "./plan-timing";
import type { OriginalStart } from "./recurrence";
import { generatedRow } from "./series-window";

/** Rows per update statement (nine parameters a row). */
const UPDATE_BATCH = 500;

/** How an edit moves a series: `edited` is where it puts `reference`, the occurrence it was made on. */
export interface SeriesMove {
  /** The series before the edit. */
  from: PlanRow;
  /** The series after it, already written: the same plan, or the new one of a split. */
  to: PlanRow;
  reference: OccurrenceRecord;
  edited: Timing;
  /** The occurrence the user edited, when they named one (its own changes give way to the edit). */
  named: OccurrenceRecord | null;
  input: UpdatePlanInput;
  /** Which of the old series' rows go (a split: from the named occurrence on); all by default. */
  rows?: SQL;
}

/**
 * Renames every row of `from` with state of its own (cancelled, completed, edited or moved) to
 * where the move takes its occurrence, and gives it to `to`: writeOccurrences, which must run
 * next, then keeps it. A row moved on its own keeps its own times (the user placed that one
 * occurrence; between all-day and timed it cannot); the others take the series' new times. The
 * named occurrence was edited as the series: what the edit sends replaces its own values (a
 * time sent: its own move goes); its completion stays. A row whose new name the new rule does
 * not have is dropped by writeOccurrences (the decision says when that happens).
 */
export async function carryExceptions(tx: Tx, move: SeriesMove): Promise<void> {
  const { from, to } = move;
  const own = await tx
    .select()
    .from(planOccurrences)
    .where(and(eq(planOccurrences.planId, from.id), hasOwnState, move.rows));
  if (own.length === 0) return;
  // The other rows are written again by writeOccurrences; the names they hold go first.
  await tx.delete(planOccurrences).where(and(eq(planOccurrences.planId, to.id), not(hasOwnState)));
  // A name is unique within a series, and moving by a day gives one row the name another holds
  // until it moves too: every name is freed before any is given.
  await tx
    .update(planOccurrences)
    .set({ planId: to.id, circleId: to.circleId, originalStart: null, originalDate: null })
    .where(
      inArray(
        planOccurrences.id,
        own.map((row) => row.id),
      ),
    );
  const carried = own.map((row) => carriedRow(row, move));
  for (let i = 0; i < carried.length; i += UPDATE_BATCH) {
    await tx.execute(updateRows(carried.slice(i, i + UPDATE_BATCH)));
  }
}

type CarriedRow = Pick<
  OccurrenceRecord,
  | "id"
  | "originalStart"
  | "originalDate"
  | "startsAt"
  | "endsAt"
  | "startDate"
  | "endDate"
  | "isException"
  | "overrides"
>;

/** What an edit sends about when a plan happens. */
const TIMING_FIELDS = [
  "startTime",
  "endTime",
  "date",
  "allDay",
  "timeZone",
] as const satisfies readonly (keyof UpdatePlanInput)[];

const sendsTime = (input: UpdatePlanInput) => TIMING_FIELDS.some((key) => input[key] !== undefined);

/**
 * The occurrence an edit of a series moves the series from: where it was shown, which the edit
 * changes; but an edit that sends no time moves nothing, so for it the occurrence is in its
 * place in the series (a title changed on an occurrence moved to 10:00 leaves the rest at 18:00).
 */
export function moveReference(
  plan: PlanRow,
  occurrence: OccurrenceRecord,
  input: UpdatePlanInput,
): OccurrenceRecord {
  return sendsTime(input) ? occurrence : { ...occurrence, ...seriesTimes(plan, occurrence) };
}

/** One exception where the move takes it. */
function carriedRow(row: OccurrenceRecord, move: SeriesMove): CarriedRow {
  const { from, to, reference, edited, named, input } = move;
  const name = movedOriginal(from, row, reference, edited);
  const isNamed = row.id === named?.id;
  const movedOnItsOwn =
    row.isException && from.allDay === to.allDay && !sameTimes(row, seriesTimes(from, row));
  const keepsOwnTimes = movedOnItsOwn && !(isNamed && sendsTime(input));
  const times = keepsOwnTimes ? row : seriesTimes(to, name);
  const overrides = isNamed ? withoutSent(row.overrides, input) : row.overrides;
  return {
    id: row.id,
    ...name,
    startsAt: times.startsAt,
    endsAt: times.endsAt,
    startDate: times.startDate,
    endDate: times.endDate,
    isException: isNamed ? overrides !== null || keepsOwnTimes : row.isException,
    overrides,
  };
}

type Times = Pick<OccurrenceRecord, "startsAt" | "endsAt" | "startDate" | "endDate">;

/** The times the series gives the occurrence it names so. */
function seriesTimes(plan: PlanRow, name: OriginalName): Times {
  const original: OriginalStart =
    name.originalDate !== null
      ? { allDay: true, date: name.originalDate }
      : { allDay: false, start: name.originalStart as Date };
  const { startsAt, endsAt, startDate, endDate } = generatedRow(plan, original);
  return { startsAt, endsAt, startDate, endDate };
}

const sameTimes = (a: Times, b: Times) =>
  a.startsAt?.getTime() === b.startsAt?.getTime() &&
  a.endsAt?.getTime() === b.endsAt?.getTime() &&
  a.startDate === b.startDate &&
  a.endDate === b.endDate;

/** An occurrence's own values less the fields the edit sends (null when none are left). */
function withoutSent(
  overrides: OccurrenceOverrides | null,
  input: UpdatePlanInput,
): OccurrenceOverrides | null {
  if (overrides === null) return null;
  const kept = Object.fromEntries(
    Object.entries(overrides).filter(
      ([key]) =>
        !(CONTENT_FIELDS as readonly string[]).includes(key) ||
        input[key as keyof UpdatePlanInput] === undefined,
    ),
  );
  return Object.keys(kept).length > 0 ? kept : null;
}

/** One statement that gives each row its new name, times and own values. */
function updateRows(rows: CarriedRow[]): SQL {
  const iso = (value: Date | null) => value?.toISOString() ?? null;
  const values = sql.join(
    rows.map(
      (row) =>
        sql`(${row.id}::integer, ${iso(row.originalStart)}::timestamptz, ${row.originalDate}::date,
          ${iso(row.startsAt)}::timestamptz, ${iso(row.endsAt)}::timestamptz, ${row.startDate}::date,
          ${row.endDate}::date, ${row.isException}::boolean,
          ${row.overrides === null ? null : JSON.stringify(row.overrides)}::jsonb)`,
    ),
    sql`, `,
  );
  return sql`update ${planOccurrences} set original_start = v.original_start,
      original_date = v.original_date, starts_at = v.starts_at, ends_at = v.ends_at,
      start_date = v.start_date, end_date = v.end_date, is_exception = v.is_exception,
      overrides = v.overrides
    from (values ${values}) as v(id, original_start, original_date, starts_at, ends_at,
      start_date, end_date, is_exception, overrides)
    where ${planOccurrences.id} = v.id`;
}
