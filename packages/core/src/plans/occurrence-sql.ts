/**
 * The SQL rules of occurrences, each written once: every statement that needs one (the reads,
 * the writes, the series edits, reminders and the digest) takes it from here, so they cannot
 * come to disagree. Raw statements name an occurrence `o` and its plan `p`.
 */
import type { OccurrenceOverrides } from "@circleplan/db/schema";
import { planOccurrences, plans, SHORT_SPAN } from "@circleplan/db/schema";
import { type BinaryOperator, eq, isNotNull, or, type SQL, sql } from "drizzle-orm";

/**
 * Rows that carry state of their own (moved or edited, cancelled, or completed on their own):
 * what rewriting or splitting a series must not lose.
 */
export const hasOwnState = or(
  eq(planOccurrences.isException, true),
  eq(planOccurrences.isCancelled, true),
  isNotNull(planOccurrences.isCompleted),
) as SQL;

/**
 * A field an occurrence may change on its own (`plan_occurrences.overrides`). shownField reads
 * text fields and the reminder list; a number field would need its own cast.
 */
export type OverridableField = keyof OccurrenceOverrides & keyof typeof plans.$inferSelect;

/**
 * An occurrence's field as it shows: its own value when its overrides hold the field (a null
 * included: an occurrence may clear what its plan has), else its plan's. to-plan.ts applies
 * the same rule to rows already read. `occurrence` and `plan` are the statement's aliases.
 */
export function shownField(
  field: OverridableField,
  aliases: { occurrence: string; plan: string } = { occurrence: "o", plan: "p" },
): SQL {
  const column = plans[field];
  // A JSON field (the reminder list) stays JSON; the others are read as text.
  const read = column.getSQLType() === "jsonb" ? "->" : "->>";
  const own = `${aliases.occurrence}.overrides`;
  return sql.raw(
    `case when ${own} ? '${field}' then ${own} ${read} '${field}' else ${aliases.plan}.${column.name} end`,
  );
}

/**
 * Occurrences of a series compared with `occurrence` by the key rows are named by: the original
 * start (timed series) or the original date (all-day series). `compare` is drizzle's `lt`,
 * `gte`, `eq`...: `byOriginal(lt, named)` is "the occurrences before the named one".
 */
export function byOriginal(
  compare: BinaryOperator,
  occurrence: { originalStart: Date | null; originalDate: string | null },
): SQL {
  if (occurrence.originalStart) {
    return compare(planOccurrences.originalStart, occurrence.originalStart);
  }
  if (occurrence.originalDate === null) throw new Error("a one-off plan's row has no original");
  return compare(planOccurrences.originalDate, occurrence.originalDate);
}

/**
 * The instant an all-day occurrence's day begins in `zone`: the plan's own zone for reminders,
 * the viewer's for what a list shows.
 */
export function dayStartIn(zone: SQL): SQL {
  return sql`(o.start_date::timestamp at time zone ${zone})`;
}

/** When an occurrence starts: its instant, or for an all-day one its day's start in `zone`. */
export function startInstantIn(zone: SQL): SQL {
  return sql`coalesce(o.starts_at, ${dayStartIn(zone)})`;
}

/**
 * A task its creator withdrew is gone from the views of the one it was withdrawn from
 * (api-conventions.md): the one home of that rule for every read of occurrences and the digest.
 * `p` is the plan; `viewer` a user id, or the column that holds one.
 */
export function hiddenFrom(viewer: number | SQL): SQL {
  return sql`(p.cancelled_at is not null and p.cancelled_assignee = ${viewer}
    and p.assigned_to is distinct from ${viewer} and p.creator_id <> ${viewer})`;
}

/**
 * The predicate of the long timed occurrences' index (plans.sql.ts), as the reads write it to
 * meet that index: longer than SHORT_SPAN, so a read's look back on the start index misses them.
 */
const isLongTimed = sql.raw(`o.ends_at - o.starts_at > interval '${SHORT_SPAN}'`);

/** The predicate of the index of all-day occurrences over several days. */
const isSeveralDays = sql.raw("o.end_date > o.start_date");

/**
 * "The occurrence covers part of [from, to)": a timed one starts before `to` and ends after
 * `from` (or, without an end, starts in it); an all-day one's days, `start_date` to `end_date`
 * both included, meet `fromDay` to `lastDay`. Four branches, each one index's range: starts in
 * the range or up to SHORT_SPAN before it, the long ones by end, all-day ones by start day, and
 * the all-day ones over several days by last day. An occurrence ending exactly at `from` does
 * not cover it.
 */
export function overlapsRange(range: {
  from: Date;
  to: Date;
  fromDay: string;
  lastDay: string;
}): SQL {
  const from = sql`${range.from.toISOString()}::timestamptz`;
  const to = sql`${range.to.toISOString()}::timestamptz`;
  const fromDay = sql`${range.fromDay}::date`;
  const lastDay = sql`${range.lastDay}::date`;
  return sql`((o.starts_at >= ${from} - interval '${sql.raw(SHORT_SPAN)}' and o.starts_at < ${to}
        and (o.starts_at >= ${from} or o.ends_at > ${from}))
      or (${isLongTimed} and o.ends_at > ${from} and o.starts_at < ${to})
      or (o.start_date >= ${fromDay} and o.start_date <= ${lastDay})
      or (${isSeveralDays} and o.end_date >= ${fromDay} and o.start_date <= ${lastDay}))`;
}
