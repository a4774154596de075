/**
 * Section `bounds` (docs/decisions/016-bounded-work.md): the heaviest single requests the plan
 * rules allow, in-process through the core functions the doors call, with the rows each wrote
 * and its time. The reproductions (a weekly series on all seven days from 1840: 19.7 s,
 * ~65,000 rows; a member's read of 2215 writing as many) are now 400s; the worst a client can
 * still ask is a series from 1900 with no end, a counted series of 500, rewriting one, and reads
 * far outside the written windows of a circle at its cap of daily series.
 */
import { checkMember } from "@circleplan/core/circles/access";
import { createPlan } from "@circleplan/core/plans/create-plan";
import { calendarDays, calendarMonth, listPlans } from "@circleplan/core/plans/plan-views";
import { updatePlan } from "@circleplan/core/plans/update-plan";
import { moveSeriesWindows } from "@circleplan/core/reminders/housekeeping";
import { queryRows } from "@circleplan/db/client";
import { createCircle, createUser } from "@circleplan/db/testing/factories";
import { SERIES_PER_CIRCLE_MAX, WEEKDAYS } from "@circleplan/shared/limits";
import { createPlanInput, updatePlanInput } from "@circleplan/shared/plan-schemas";
import { sql } from "drizzle-orm";
import { startBenchServer } from "./bench-server";
import { heading, ms, printTable, type SummaryRow } from "./format";
import { openPlansStore, type PlansStoreOptions } from "./plans-store";

const HEADERS = ["request", "rows written", "answer items", "time"];

export async function runBoundsBench(options: PlansStoreOptions): Promise<SummaryRow[]> {
  const store = await openPlansStore(options);
  const server = await startBenchServer({ db: store.handle });
  try {
    heading(`Bounded work: the heaviest requests the plan rules allow (${store.label})`);
    const { deps } = server;
    const { db } = deps;
    const { user } = await createUser(deps);
    const circle = await createCircle(deps, { creatorId: user.id });
    const caller = { userId: user.id, sessionId: "bench", ip: "127.0.0.1", requestId: "bench" };
    const occurrenceRows = async () =>
      Number(
        (
          await queryRows<{ n: number }>(db, sql`select count(*)::int as n from plan_occurrences`)
        )[0]?.n ?? 0,
      );
    const rows: string[][] = [];
    /** Runs one request; answers what it answered, and prints its rows and time. */
    async function measure<T>(name: string, run: () => Promise<T>, items?: (answer: T) => number) {
      const before = await occurrenceRows();
      const started = performance.now();
      const answer = await run();
      const elapsed = performance.now() - started;
      const written = (await occurrenceRows()) - before;
      rows.push([name, String(written), items ? String(items(answer)) : "", ms(elapsed)]);
      return { answer, elapsed, written };
    }
    // Through the input schema, as a request's body would come.
    const create = (fields: Record<string, unknown>) =>
      createPlan({
        deps,
        caller,
        input: createPlanInput.parse({ circleId: circle.id, ...fields }),
      });

    const worst = await measure("create: weekly on 7 days from 1900, no end", () =>
      create({
        title: "Every day since 1900",
        startTime: new Date("1900-01-01T09:00:00Z"),
        isRecurring: true,
        recurrenceType: "weekly",
        recurrenceDaysOfWeek: [...WEEKDAYS],
      }),
    );
    const counted = await measure("create: daily, 500 times", () =>
      create({
        title: "Five hundred days",
        startTime: new Date("2026-01-01T07:00:00Z"),
        isRecurring: true,
        recurrenceType: "daily",
        recurrenceCount: 500,
      }),
    );
    const member = await checkMember(db, caller, { planId: worst.answer.id });
    const rewrite = await measure("update all: move the 1900 series by an hour", () =>
      updatePlan({
        deps,
        caller: member,
        input: updatePlanInput.parse({
          id: worst.answer.id,
          startTime: new Date("1900-01-01T10:00:00Z"),
        }),
      }),
    );
    // The circle at its cap of series, all daily from 1990: what a far read expands.
    for (let i = 2; i < SERIES_PER_CIRCLE_MAX; i++) {
      await create({
        title: `Daily ${i}`,
        startTime: new Date(`1990-01-01T${String(6 + (i % 12)).padStart(2, "0")}:00:00Z`),
        isRecurring: true,
        recurrenceType: "daily",
      });
    }
    const reads: [string, () => Promise<unknown[]>][] = [
      ["list a day inside the window (today)", () => listPlans({ deps, caller, input: {} })],
      [
        "list a day of 2099 (rules in memory)",
        () => listPlans({ deps, caller, input: { date: "2099-06-01" } }),
      ],
      [
        "list the year 2099 (366 days, first page)",
        () => listPlans({ deps, caller, input: { from: "2099-01-01", to: "2099-12-31" } }),
      ],
      [
        "calendar month 2099-12 (first page)",
        () => calendarMonth({ deps, caller, input: { month: "2099-12" } }),
      ],
      [
        "calendar month 1995-03 (before the window)",
        () => calendarMonth({ deps, caller, input: { month: "1995-03" } }),
      ],
    ];
    const slowest = { name: "", elapsed: 0 };
    for (const [name, read] of reads) {
      await read(); // warm: the recurrence library loads on first use
      const { elapsed } = await measure(name, read, (answer) => answer.length);
      if (elapsed > slowest.elapsed) Object.assign(slowest, { name, elapsed });
    }
    await measure(
      "calendar grid 2099-12 (days)",
      () => calendarDays({ deps, caller, input: { month: "2099-12" } }),
      (answer) => answer.days.reduce((sum, day) => sum + day.count, 0),
    );
    const later = new Date(deps.clock.now().getTime() + 200 * 24 * 60 * 60 * 1000);
    const moved = await measure(
      `scheduled job: move ${SERIES_PER_CIRCLE_MAX} windows 200 days on`,
      () => moveSeriesWindows(deps, later),
      (count) => count,
    );
    const total = await occurrenceRows();
    const [size] = await queryRows<{ bytes: number }>(
      db,
      sql`select pg_total_relation_size('plan_occurrences')::float8 as bytes`,
    );
    printTable(HEADERS, rows);
    console.log(
      `${SERIES_PER_CIRCLE_MAX} series at the cap hold ${total.toLocaleString("en-US")} occurrence rows, ${((size?.bytes ?? 0) / 1e6).toFixed(1)} MB with their indexes.`,
    );
    const mostRows = Math.max(worst.written, counted.written, Math.abs(rewrite.written));
    return [
      {
        figure: "Bounds: rows one request writes at most (a series from 1900)",
        value: `${worst.written} rows, ${ms(worst.elapsed)}`,
        target: "a window's rows (≤ 620)",
        verdict: mostRows <= 620 ? "PASS" : "FAIL",
      },
      {
        figure: `Bounds: slowest far read (${slowest.name})`,
        value: ms(slowest.elapsed),
        target: "writes nothing",
        verdict: "",
      },
      {
        figure: "Bounds: moving the windows of a circle at its cap",
        value: `${moved.written} rows net, ${ms(moved.elapsed)}`,
        target: "",
        verdict: "",
      },
    ];
  } finally {
    await server.close();
    await store.close();
  }
}
