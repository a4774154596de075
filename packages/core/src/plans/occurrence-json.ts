/**
 * The occurrence reads' answer as JSON texts, and their decoding into rows. The embedded
 * database (PGlite) pays per row and per value: a month of 500 weekly series is ~2,200
 * occurrences, and as JSON texts it reads in about a third of the time of rows
 * (docs/bench-notes.md). The SQL that writes each text and the code that reads it back are kept
 * side by side: they agree on the order of the values.
 */
import { planAttachments, planOccurrences, plans } from "@circleplan/db/schema";
import { type AnyColumn, getTableColumns, sql } from "drizzle-orm";
import { type Attachment, type AttachmentRow, toAttachment } from "./attachments";
import type { OccurrenceRecord, OccurrenceRow, PlanRow } from "./plan-rows";

/**
 * The statement's fixed text, rendered once: drizzle's builder walks every column of a select
 * on each call, which cost a list more time than its database work (docs/decisions/009).
 */
const occurrenceColumns = Object.entries(getTableColumns(planOccurrences));
export const FOUND_ROW = sql.raw(
  `json_build_array(${occurrenceColumns.map(([, column]) => `found."${column.name}"`).join(", ")})`,
);
const PERSON = (alias: string) =>
  `json_build_array(${alias}.id, ${alias}.first_name, ${alias}.last_name)`;
export const FOUND_PLANS = sql.raw(`(select coalesce(json_agg(json_build_array(
      to_json(p), c.id, c.name, c.color, ${PERSON("u")},
      case when a.id is null then null else ${PERSON("a")} end,
      case when e.id is null then null else ${PERSON("e")} end)), '[]')
    from plans p
    join circles c on c.id = p.circle_id
    join users u on u.id = p.creator_id
    left join users a on a.id = coalesce(p.assigned_to, p.cancelled_assignee)
    left join users e on e.id = p.updated_by
    where p.id in (select plan_id from found))::text as plans,
  (select coalesce(json_agg(to_json(f) order by f.created_at, f.id), '[]')
    from plan_attachments f
    where f.plan_id in (select plan_id from found))::text as attachments`);

/** What a read found, decoded: its occurrences, and each of their plans once. */
export interface FoundOccurrences {
  occurrences: OccurrenceRecord[];
  plans: Map<number, Omit<OccurrenceRow, "occurrence">>;
}

/** Decodes the texts FOUND_ROW (aggregated), FOUND_PLANS and its attachments answer. */
export function decodeFound(
  answer:
    | {
        occurrences: string;
        plans: string;
        attachments: string;
      }
    | undefined,
): FoundOccurrences {
  const occurrences = (JSON.parse(answer?.occurrences ?? "[]") as unknown[][]).map(
    decodeOccurrence,
  );
  const byId = new Map<number, Omit<OccurrenceRow, "occurrence">>();
  type Person = [number, string, string];
  const personOf = ([id, firstName, lastName]: Person) => ({ id, firstName, lastName });
  for (const [planJson, circleId, name, color, creator, assignee, updater] of JSON.parse(
    answer?.plans ?? "[]",
  ) as [unknown, number, string, string, Person, Person | null, Person | null][]) {
    const plan = decodePlan(planJson as Record<string, unknown>);
    byId.set(plan.id, {
      plan,
      circle: { id: circleId, name, color },
      creator: personOf(creator),
      assignee: assignee ? personOf(assignee) : null,
      updater: updater ? personOf(updater) : null,
      attachments: [],
    });
  }
  for (const json of JSON.parse(answer?.attachments ?? "[]") as Record<string, unknown>[]) {
    const attachment = decodeRow(attachmentColumns, json) as AttachmentRow;
    (byId.get(attachment.planId)?.attachments as Attachment[] | undefined)?.push(
      toAttachment(attachment),
    );
  }
  return { occurrences, plans: byId };
}

/** A column's JSON value decoded as drizzle decodes the column's own value. */
function decode(column: AnyColumn, value: unknown): unknown {
  return value === null || value === undefined ? null : column.mapFromDriverValue(value);
}

const planColumns = Object.entries(getTableColumns(plans));
const attachmentColumns = Object.entries(getTableColumns(planAttachments));

/** An occurrence from its JSON array (the table's columns, in order). */
function decodeOccurrence(values: unknown[]): OccurrenceRecord {
  const row: Record<string, unknown> = {};
  occurrenceColumns.forEach(([key, column], i) => {
    row[key] = decode(column, values[i]);
  });
  return row as OccurrenceRecord;
}

/** A row from its JSON object (`to_json(table)`, keyed by column name). */
function decodeRow(columns: [string, AnyColumn][], json: Record<string, unknown>) {
  const row: Record<string, unknown> = {};
  for (const [key, column] of columns) row[key] = decode(column, json[column.name]);
  return row;
}

const decodePlan = (json: Record<string, unknown>) => decodeRow(planColumns, json) as PlanRow;
