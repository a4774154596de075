import { eq, lt } from "drizzle-orm";
import { PgDialect } from "drizzle-orm/pg-core";
import { describe, expect, it } from "vitest";
import { byOriginal, shownField } from "./occurrence-sql";

const dialect = new PgDialect();
const render = (fragment: Parameters<PgDialect["sqlToQuery"]>[0]) => dialect.sqlToQuery(fragment);

describe("shownField (the override rule)", () => {
  it("reads a text field as text, the occurrence's own when its overrides hold the key", () => {
    expect(render(shownField("title")).sql).toBe(
      "case when o.overrides ? 'title' then o.overrides ->> 'title' else p.title end",
    );
  });

  it("keeps the reminder list as JSON, and names the plan's column", () => {
    expect(render(shownField("reminderTimes")).sql).toBe(
      "case when o.overrides ? 'reminderTimes' then o.overrides -> 'reminderTimes' else p.reminder_times end",
    );
  });

  it("takes the statement's aliases", () => {
    expect(render(shownField("eventColor", { occurrence: "r", plan: "q" })).sql).toBe(
      "case when r.overrides ? 'eventColor' then r.overrides ->> 'eventColor' else q.event_color end",
    );
  });
});

describe("byOriginal", () => {
  it("compares a timed series' rows by original start", () => {
    const query = render(
      byOriginal(lt, { originalStart: new Date("2026-03-01T09:00:00Z"), originalDate: null }),
    );
    expect(query.sql).toBe('"plan_occurrences"."original_start" < $1');
    expect(query.params).toEqual(["2026-03-01T09:00:00.000Z"]);
  });

  it("compares an all-day series' rows by original date", () => {
    const query = render(byOriginal(eq, { originalStart: null, originalDate: "2026-03-01" }));
    expect(query.sql).toBe('"plan_occurrences"."original_date" = $1');
    expect(query.params).toEqual(["2026-03-01"]);
  });
});
