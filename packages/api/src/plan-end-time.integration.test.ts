/**
 * A plan's end time (issue 21, "End time"; docs/decisions/023, "End times"), called in-process:
 * only the creator sets, moves or clears it, whoever else asks (signed out, non-member, member,
 * admin, assignee); an end before the start is refused on creating and on every kind of edit;
 * a series' end applies to each occurrence, an all-day plan keeps days rather than a time.
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { messages } from "@circleplan/shared/messages";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/** plans.update through the typed client (see plans.integration.test.ts on its input type). */
function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

const NOW = new Date("2026-03-01T12:00:00Z");
const START = new Date("2026-03-02T17:00:00Z");
const END = new Date("2026-03-02T18:30:00Z");

async function family() {
  const h = harness();
  h.clock.set(NOW);
  const creator = await signedInCaller(h);
  const member = await signedInCaller(h);
  const admin = await signedInCaller(h);
  const assignee = await signedInCaller(h);
  const outsider = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    members: [member.user.id, assignee.user.id],
    admins: [admin.user.id],
  });
  return { h, creator, member, admin, assignee, outsider, circle };
}

const timed = (circleId: number, fields: Record<string, unknown> = {}) => ({
  circleId,
  title: "Swimming lesson",
  startTime: START,
  endTime: END,
  ...fields,
});

describe("who may set a plan's end", () => {
  it("only its creator: signed out 401, a non-member 404, member, admin and assignee 403", async () => {
    const { h, creator, member, admin, assignee, outsider, circle } = await family();
    const task = await creator.trpc.plans.create(
      timed(circle.id, { assignedTo: assignee.user.id }),
    );
    const later = { id: task.id, endTime: new Date("2026-03-02T19:00:00Z") };
    expect(await refusal(update(callerFor(h), later))).toMatchObject({ status: 401 });
    expect(await refusal(update(outsider, later))).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound },
    });
    for (const who of [member, admin, assignee]) {
      expect(await refusal(update(who, later))).toMatchObject({
        status: 403,
        body: { message: messages.planCreatorOnly },
      });
      expect(await refusal(update(who, { id: task.id, endTime: null }))).toMatchObject({
        status: 403,
      });
    }
    expect(await creator.trpc.plans.get({ id: task.id })).toMatchObject({ endTime: END });

    expect(await update(creator, later)).toMatchObject({
      startTime: START,
      endTime: later.endTime,
    });
    expect(await update(creator, { id: task.id, endTime: null })).toMatchObject({
      startTime: START,
      endTime: null,
    });
  });
});

describe("an end before the start", () => {
  it("is refused on creating, as a Date or as the ISO string REST sends; an end at the start is not", async () => {
    const { creator, circle } = await family();
    for (const endTime of [new Date("2026-03-02T16:59:00Z"), "2026-03-02T16:00:00.000Z"]) {
      expect(await refusal(creator.trpc.plans.create(timed(circle.id, { endTime })))).toMatchObject(
        { status: 400, body: { message: messages.endBeforeStart } },
      );
    }
    // An end at the start is a plan without length, not a mistake a client could not send.
    expect(await creator.trpc.plans.create(timed(circle.id, { endTime: START }))).toMatchObject({
      endTime: START,
    });
  });

  it("is refused on an edit of the end alone, of the start past the end, or of both", async () => {
    const { creator, circle } = await family();
    const plan = await creator.trpc.plans.create(timed(circle.id));
    const cases: UpdatePlanInput[] = [
      { id: plan.id, endTime: new Date("2026-03-02T16:00:00Z") },
      {
        id: plan.id,
        startTime: new Date("2026-03-02T19:00:00Z"),
        endTime: new Date("2026-03-02T18:59:00Z"),
      },
    ];
    for (const input of cases) {
      expect(await refusal(update(creator, input))).toMatchObject({
        status: 400,
        body: { message: messages.endBeforeStart },
      });
    }
    // A new start alone keeps the length, so it can never end before it starts.
    expect(
      await update(creator, { id: plan.id, startTime: new Date("2026-03-02T20:00:00Z") }),
    ).toMatchObject({ endTime: new Date("2026-03-02T21:30:00Z"), version: 2 });
  });

  it("is refused for one occurrence of a series and for all of it", async () => {
    const { creator, circle } = await family();
    const series = await creator.trpc.plans.create(
      timed(circle.id, { timeZone: "UTC", isRecurring: true, recurrenceType: "weekly" }),
    );
    for (const scope of ["occurrence", "following", "all"] as const) {
      expect(
        await refusal(
          update(creator, {
            id: series.id,
            occurrenceStart: new Date("2026-03-09T17:00:00Z"),
            scope,
            endTime: new Date("2026-03-09T16:00:00Z"),
          }),
        ),
      ).toMatchObject({ status: 400, body: { message: messages.endBeforeStart } });
    }
    expect(await creator.trpc.plans.get({ id: series.id })).toMatchObject({ version: 1 });
  });
});

describe("a series' end", () => {
  it("applies to each occurrence, and an edit of all of them gives each the new length", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(
      timed(circle.id, {
        timeZone: "Europe/Berlin",
        isRecurring: true,
        recurrenceType: "weekly",
        recurrenceCount: 5,
      }),
    );
    const lengths = async () =>
      (await member.trpc.plans.list({ from: "2026-03-01", to: "2026-04-05" })).map(
        (plan) => ((plan.endTime?.getTime() ?? 0) - plan.startTime.getTime()) / 60_000,
      );
    expect(await lengths()).toEqual([90, 90, 90, 90, 90]);

    await update(creator, {
      id: series.id,
      occurrenceStart: new Date("2026-03-16T17:00:00Z"),
      scope: "all",
      endTime: new Date("2026-03-16T19:00:00Z"),
    });
    expect(await lengths()).toEqual([120, 120, 120, 120, 120]);

    await update(creator, {
      id: series.id,
      occurrenceStart: new Date("2026-03-16T17:00:00Z"),
      scope: "all",
      endTime: null,
    });
    const cleared = await member.trpc.plans.list({ from: "2026-03-01", to: "2026-04-05" });
    expect(cleared.map((plan) => plan.endTime)).toEqual([null, null, null, null, null]);
  });
});

describe("an all-day plan", () => {
  it("has days, not an end time: switching a timed plan to all day drops its end", async () => {
    const { creator, circle } = await family();
    const plan = await creator.trpc.plans.create(timed(circle.id, { timeZone: "UTC" }));
    const allDay = await update(creator, { id: plan.id, allDay: true, date: "2026-03-02" });
    expect(allDay).toMatchObject({ allDay: true, date: "2026-03-02", endTime: null });
  });
});
