/**
 * The rows plans are read as: a plan, one of its occurrences, and an occurrence with what an
 * answer shows about it (plan, circle, creator, assignee), with the one select that reads them.
 */
import type { Executor } from "@circleplan/db/client";
import { circles, planOccurrences, plans, users } from "@circleplan/db/schema";
import { eq, sql } from "drizzle-orm";
import { alias } from "drizzle-orm/pg-core";
import type { Attachment } from "./attachments";
import { dayToUtc } from "./plan-days";
import type { SeriesStart } from "./recurrence";

export type PlanRow = typeof plans.$inferSelect;
export type OccurrenceRecord = typeof planOccurrences.$inferSelect;

/** One occurrence with everything an answer shows about it. */
export interface OccurrenceRow {
  plan: PlanRow;
  occurrence: OccurrenceRecord;
  circle: { id: number; name: string; color: string };
  creator: { id: number; firstName: string; lastName: string };
  /** The assignee, or the one a cancelled task was withdrawn from; null otherwise. */
  assignee: { id: number; firstName: string; lastName: string } | null;
  /** Who made the plan's latest change (plans.updated_by); null when not known. */
  updater: { id: number; firstName: string; lastName: string } | null;
  /** The plan's attachments, when the read carried them (listOccurrences does). */
  attachments?: readonly Attachment[] | undefined;
}

/** Where a plan's series starts (its anchor, RFC 5545's DTSTART). */
export function seriesStartOf(plan: PlanRow): SeriesStart {
  if (plan.allDay) {
    if (!plan.startDate) throw new Error(`all-day plan ${plan.id} has no start date`);
    return { allDay: true, date: plan.startDate };
  }
  if (!plan.startsAt) throw new Error(`timed plan ${plan.id} has no start`);
  return { allDay: false, start: plan.startsAt, timeZone: plan.timeZone };
}

/** The instant a series starts at, for windows (all-day: its date at UTC midnight). */
export function anchorInstant(start: SeriesStart): Date {
  return start.allDay ? dayToUtc(start.date) : start.start;
}

const assignees = alias(users, "assignee");
const updaters = alias(users, "updater");

/**
 * The select every occurrence read uses: the occurrence, its plan, circle, creator, assignee and
 * the author of its latest change.
 */
export function occurrenceSelect(db: Executor) {
  return db
    .select({
      plan: plans,
      occurrence: planOccurrences,
      circle: { id: circles.id, name: circles.name, color: circles.color },
      creator: { id: users.id, firstName: users.firstName, lastName: users.lastName },
      assignee: {
        id: assignees.id,
        firstName: assignees.firstName,
        lastName: assignees.lastName,
      },
      updater: { id: updaters.id, firstName: updaters.firstName, lastName: updaters.lastName },
    })
    .from(planOccurrences)
    .innerJoin(plans, eq(plans.id, planOccurrences.planId))
    .innerJoin(circles, eq(circles.id, planOccurrences.circleId))
    .innerJoin(users, eq(users.id, plans.creatorId))
    .leftJoin(
      assignees,
      eq(assignees.id, sql`coalesce(${plans.assignedTo}, ${plans.cancelledAssignee})`),
    )
    .leftJoin(updaters, eq(updaters.id, plans.updatedBy));
}

/** A person of a left join: every field null when nobody matched. */
type JoinedPerson = { id: number | null; firstName: string | null; lastName: string | null } | null;

type SelectedRow = Omit<OccurrenceRow, "assignee" | "updater"> & {
  assignee: JoinedPerson;
  updater: JoinedPerson;
};

function personOf(person: JoinedPerson): OccurrenceRow["assignee"] {
  return person && person.id !== null
    ? { id: person.id, firstName: person.firstName ?? "", lastName: person.lastName ?? "" }
    : null;
}

export function toOccurrenceRow(row: SelectedRow): OccurrenceRow {
  const { assignee, updater, ...rest } = row;
  return { ...rest, assignee: personOf(assignee), updater: personOf(updater) };
}
