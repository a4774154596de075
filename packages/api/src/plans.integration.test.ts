/**
 * The plan procedures of plans.ts (createInCircle, create, get, update, delete), called
 * in-process: who may do what (signed out, non-member, member, creator, assignee), the fields
 * and their defaults, bad input, the version check, and series: one occurrence moved or edited,
 * this and following, all, deletes, DST, and occurrences read beyond the written horizon. The
 * HTTP doors are in plans.rest.integration.test.ts.
 */
import { listOccurrences } from "@circleplan/core/plans/list-occurrences";
import { SERIES_HORIZON_MONTHS } from "@circleplan/core/plans/series-window";
import { toPlans } from "@circleplan/core/plans/to-plan";
import { planOccurrences, plans } from "@circleplan/db/schema";
import { createCircle, createPlan, personalCircleOf } from "@circleplan/db/testing/factories";
import { DEFAULT_REMINDERS } from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

const harness = useTestHarness();

/**
 * plans.update through the typed client. Its input type reads as `{ id }` alone: plan-schemas.ts
 * casts updatePlanInput to `z.ZodType<Output>`, whose input type tRPC cannot merge (see the
 * report); the runtime input is the whole schema.
 */
function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

/** A fixed "now" (a Sunday), so horizons and defaults do not move with the calendar. */
const NOW = new Date("2026-03-01T12:00:00Z");

async function family(options: { zone?: string } = {}) {
  const h = harness();
  h.clock.set(NOW);
  const zone = options.zone ? { user: { timeZone: options.zone } } : {};
  const creator = await signedInCaller(h, zone);
  const member = await signedInCaller(h, zone);
  const outsider = await signedInCaller(h, zone);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
  });
  return { h, creator, member, outsider, circle };
}

const base = (circleId: number, fields: Record<string, unknown> = {}) => ({
  circleId,
  title: "Swimming lesson",
  startTime: new Date("2026-03-02T17:00:00Z"),
  endTime: new Date("2026-03-02T18:00:00Z"),
  ...fields,
});

/** A weekly Monday series at 18:00 Berlin time, from 2 March 2026. */
function weekly(circleId: number, fields: Record<string, unknown> = {}) {
  return base(circleId, {
    timeZone: "Europe/Berlin",
    isRecurring: true,
    recurrenceType: "weekly",
    ...fields,
  });
}

/** The circle's occurrences in [from, to) as the viewer in `zone` reads them. */
async function occurrences(
  circleIds: number[],
  from: string,
  to: string,
  zone = "UTC",
): Promise<Plan[]> {
  const rows = await listOccurrences(harness().db.db, {
    circleIds,
    from: new Date(from),
    to: new Date(to),
    viewerZone: zone,
  });
  return toPlans(rows, { viewerZone: zone });
}

const isoStarts = (plans: Plan[]) => plans.map((e) => e.startTime.toISOString());

async function planRow(id: number) {
  const [row] = await harness().db.db.select().from(plans).where(eq(plans.id, id));
  return row;
}

describe("who may do what", () => {
  it("signed out: every plan procedure answers 401", async () => {
    const { h, creator, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    const anonymous = callerFor(h);
    const calls = [
      anonymous.trpc.plans.createInCircle({ ...base(circle.id), id: circle.id }),
      anonymous.trpc.plans.create(base(circle.id)),
      anonymous.trpc.plans.get({ id: plan.id }),
      update(anonymous, { id: plan.id, title: "Mine" }),
      anonymous.trpc.plans.delete({ id: plan.id }),
    ];
    for (const call of calls) {
      expect(await refusal(call)).toMatchObject({ status: 401, body: { code: "UNAUTHORIZED" } });
    }
    expect((await planRow(plan.id))?.title).toBe("Swimming lesson");
  });

  it("a non-member gets 404, exactly as for a plan or circle that does not exist", async () => {
    const { creator, outsider, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    const missingPlan = plan.id + 1000;
    // Each call is made only when awaited: a refusal nobody awaits yet is an unhandled rejection.
    for (const [call, missing] of [
      [
        () => outsider.trpc.plans.get({ id: plan.id }),
        () => creator.trpc.plans.get({ id: missingPlan }),
      ],
      [
        () => update(outsider, { id: plan.id, title: "Mine" }),
        () => update(creator, { id: missingPlan, title: "Mine" }),
      ],
      [
        () => outsider.trpc.plans.delete({ id: plan.id }),
        () => creator.trpc.plans.delete({ id: missingPlan }),
      ],
    ] as const) {
      const refused = await refusal(call());
      expect(refused).toMatchObject({ status: 404, body: { message: messages.planNotFound } });
      expect(refused).toEqual(await refusal(missing()));
    }
    for (const call of [
      () => outsider.trpc.plans.create(base(circle.id)),
      () => outsider.trpc.plans.createInCircle({ ...base(circle.id), id: circle.id }),
    ]) {
      const refused = await refusal(call());
      expect(refused).toMatchObject({ status: 404, body: { message: messages.circleNotFound } });
      expect(refused).toEqual(await refusal(creator.trpc.plans.create(base(circle.id + 1000))));
    }
    expect((await planRow(plan.id))?.title).toBe("Swimming lesson");
  });

  it("a member adds plans and sees others' plans, but may not change or delete them (403)", async () => {
    const { creator, member, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    const theirs = await member.trpc.plans.createInCircle({ ...base(circle.id), id: circle.id });
    expect(theirs).toMatchObject({ creatorId: member.user.id, circleId: circle.id });
    expect(await member.trpc.plans.get({ id: plan.id })).toMatchObject({
      id: plan.id,
      title: "Swimming lesson",
      creatorId: creator.user.id,
    });
    expect(await refusal(update(member, { id: plan.id, title: "Taken over" }))).toMatchObject({
      status: 403,
      body: { message: messages.planCreatorOnly },
    });
    expect(await refusal(member.trpc.plans.delete({ id: plan.id }))).toMatchObject({
      status: 403,
      body: { message: messages.planDeleteNotAllowed },
    });
    expect(await planRow(plan.id)).toMatchObject({ title: "Swimming lesson", version: 1 });
  });

  it("the creator changes and deletes; the deleted plan is gone for everyone", async () => {
    const { creator, member, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    const changed = await update(creator, { id: plan.id, title: "Swim meet" });
    expect(changed).toMatchObject({ title: "Swim meet", version: 2 });
    expect(await creator.trpc.plans.delete({ id: plan.id })).toEqual({
      message: messages.eventDeleted,
    });
    expect(await refusal(member.trpc.plans.get({ id: plan.id }))).toMatchObject({ status: 404 });
    expect(await occurrences([circle.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")).toEqual(
      [],
    );
  });

  it("the assignee may not edit the task, but completes it through PUT once accepted", async () => {
    const { h, creator, member, circle } = await family();
    const task = await creator.trpc.plans.create(base(circle.id, { assignedTo: member.user.id }));
    expect(await refusal(update(member, { id: task.id, title: "Renamed" }))).toMatchObject({
      status: 403,
      body: { message: messages.planCreatorOnly },
    });
    expect(await refusal(update(member, { id: task.id, isCompleted: true }))).toMatchObject({
      status: 403,
      body: { message: messages.completeNotAllowed },
    });
    await h.db.db.update(plans).set({ assignmentAccepted: true }).where(eq(plans.id, task.id));
    const done = await update(member, { id: task.id, isCompleted: true });
    expect(done).toMatchObject({
      isCompleted: true,
      completedBy: member.user.id,
      completedAt: NOW,
      status: "completed",
    });
    const reopened = await update(creator, { id: task.id, isCompleted: false });
    expect(reopened).toMatchObject({ isCompleted: false, completedBy: null, status: "accepted" });
    expect(await creator.trpc.plans.delete({ id: task.id })).toEqual({
      message: messages.taskDeleted,
    });
  });

  it("another member may not complete someone else's plan (the spec's message)", async () => {
    const { creator, member, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    expect(await refusal(update(member, { id: plan.id, isCompleted: true }))).toMatchObject({
      status: 403,
      body: { message: messages.completeNotAllowed },
    });
    expect((await planRow(plan.id))?.isCompleted).toBe(false);
  });
});

describe("creating", () => {
  it("answers the plan with its circle, creator, defaults and the caller's zone", async () => {
    const { creator, circle } = await family({ zone: "America/New_York" });
    const plan = await creator.trpc.plans.create(
      base(circle.id, { description: "  Bring goggles ", location: "Pool" }),
    );
    expect(plan).toMatchObject({
      title: "Swimming lesson",
      description: "Bring goggles",
      location: "Pool",
      type: "event",
      circleId: circle.id,
      circleName: circle.name,
      circleColor: circle.color,
      creatorId: creator.user.id,
      creatorName: `${creator.user.firstName} ${creator.user.lastName}`,
      assignedTo: null,
      assigneeName: null,
      status: null,
      allDay: false,
      startTime: new Date("2026-03-02T17:00:00Z"),
      endTime: new Date("2026-03-02T18:00:00Z"),
      date: "2026-03-02",
      timeZone: "America/New_York",
      reminderTimes: [...DEFAULT_REMINDERS],
      reminderMinutes: [120, 1440],
      isRecurring: false,
      recurrencePattern: null,
      rrule: null,
      originalStartTime: null,
      isRecurrenceException: false,
      attachments: [],
      version: 1,
      createdAt: NOW,
    });
  });

  it("both create paths make the same plan; reminders as chosen, None dropped", async () => {
    const { creator, circle } = await family();
    const fields = { reminderTimes: ["None", "15 minutes before", "1 week before"] };
    const viaBody = await creator.trpc.plans.create(base(circle.id, fields));
    const viaPath = await creator.trpc.plans.createInCircle({
      ...base(circle.id, fields),
      id: circle.id,
    });
    const { id: _a, createdAt: _b, updatedAt: _c, ...one } = viaBody;
    const { id: _d, createdAt: _e, updatedAt: _f, ...other } = viaPath;
    expect(one).toEqual(other);
    expect(one).toMatchObject({
      reminderTimes: ["15 minutes before", "1 week before"],
      reminderMinutes: [15, 10080],
    });
    const none = await creator.trpc.plans.create(base(circle.id, { reminderTimes: ["None"] }));
    expect(none.reminderTimes).toEqual([]);
  });

  it("an assignee makes a task, pending; the assignee must be a member of the circle", async () => {
    const { creator, member, outsider, circle } = await family();
    const task = await creator.trpc.plans.create(
      base(circle.id, { assignedTo: member.user.id, type: "event" }),
    );
    expect(task).toMatchObject({
      type: "task",
      assignedTo: member.user.id,
      assigneeName: `${member.user.firstName} ${member.user.lastName}`,
      assignmentAccepted: null,
      status: "pending",
    });
    const todo = await creator.trpc.plans.create(base(circle.id, { type: "todo" }));
    expect(todo).toMatchObject({ type: "todo", status: null });
    expect(
      await refusal(creator.trpc.plans.create(base(circle.id, { assignedTo: outsider.user.id }))),
    ).toMatchObject({ status: 400, body: { message: messages.assigneeNotMember } });
    expect(
      await refusal(creator.trpc.plans.create(base(circle.id, { assignedTo: 999_999 }))),
    ).toMatchObject({ status: 400, body: { message: messages.assigneeNotMember } });
  });

  it("an all-day plan is a date: from `date`, or the start's day in the plan's zone", async () => {
    const { creator, circle } = await family();
    const byDate = await creator.trpc.plans.create(
      base(circle.id, { allDay: true, date: "2026-03-10", endTime: undefined }),
    );
    // 23:30 UTC on 9 March is already the 10th in Auckland, the plan's zone.
    const byStart = await creator.trpc.plans.create(
      base(circle.id, {
        allDay: true,
        startTime: new Date("2026-03-09T23:30:00Z"),
        endTime: new Date("2026-03-11T23:30:00Z"),
        timeZone: "Pacific/Auckland",
      }),
    );
    expect(byDate).toMatchObject({ allDay: true, date: "2026-03-10", endTime: null });
    expect(byStart).toMatchObject({ allDay: true, date: "2026-03-10" });
    for (const zone of ["Pacific/Auckland", "America/Los_Angeles", "UTC"]) {
      const listed = await occurrences(
        [circle.id],
        "2026-03-10T00:00:00Z",
        "2026-03-10T00:00:01Z",
        zone,
      );
      // Whichever day the viewer's zone puts that instant on, the plans stay on the 10th.
      const dates = listed.map((e) => e.date);
      expect(dates.every((d) => d === "2026-03-10")).toBe(true);
    }
    const inLa = await occurrences(
      [circle.id],
      "2026-03-10T08:00:00Z",
      "2026-03-11T07:00:00Z",
      "America/Los_Angeles",
    );
    expect(inLa.map((e) => [e.id, e.date])).toEqual([
      [byDate.id, "2026-03-10"],
      [byStart.id, "2026-03-10"],
    ]);
    // All-day instants are the viewer's midnights of the first and last day.
    expect(inLa[1]).toMatchObject({
      startTime: new Date("2026-03-10T07:00:00Z"),
      endTime: new Date("2026-03-12T07:00:00Z"),
    });
  });

  it("refuses bad input with the product's messages, never a 500", async () => {
    const { creator, circle } = await family();
    const cases: [Record<string, unknown>, string][] = [
      [{ title: "   " }, messages.titleRequired],
      [{ title: "x".repeat(201) }, messages.titleTooLong],
      [{ endTime: new Date("2026-03-02T16:00:00Z") }, messages.endBeforeStart],
      [
        {
          reminderTimes: [
            "1 minute before",
            "2 minutes before",
            "5 minutes before",
            "10 minutes before",
            "15 minutes before",
          ],
        },
        messages.remindersTooMany,
      ],
      [{ reminderTimes: ["1 hour before", "1 hour before"] }, messages.remindersDuplicate],
      // A custom reminder past the week the form's list reaches (decision 011).
      [{ reminderTimes: ["2 weeks before"] }, messages.reminderCustomOutOfRange],
      [{ mapUrl: "javascript:alert(1)" }, messages.mapUrlInvalid],
      [{ isRecurring: true }, messages.recurrenceInvalid],
      [
        { isRecurring: true, recurrenceType: "weekly", recurrenceFrequency: 5 },
        messages.recurrenceInvalid,
      ],
      [
        { isRecurring: true, recurrenceType: "monthly", recurrenceFrequency: 7 },
        messages.recurrenceInvalid,
      ],
      [
        { isRecurring: true, recurrenceType: "daily", recurrenceEndDate: "2026-03-01" },
        messages.recurrenceEndBeforeStart,
      ],
      [{ allDay: true, date: "2026-02-30" }, messages.dateInvalid],
      [{ startTime: "tomorrow" }, messages.startTimeInvalid],
    ];
    for (const [fields, message] of cases) {
      const refused = await refusal(
        creator.trpc.plans.create(
          base(circle.id, fields) as Parameters<typeof creator.trpc.plans.create>[0],
        ),
      );
      expect(refused.status, JSON.stringify(fields)).toBe(400);
      expect(JSON.stringify(refused.body), JSON.stringify(fields)).toContain(message);
    }
    const [count] = await harness().db.db.select().from(plans);
    expect(count).toBeUndefined();
  });

  it("refuses a series whose end comes before its first occurrence", async () => {
    const { creator, circle } = await family();
    // A Monday plan repeating on Fridays, ending on the Tuesday: no occurrence at all.
    const refused = await refusal(
      creator.trpc.plans.create(
        weekly(circle.id, { recurrenceDaysOfWeek: ["friday"], recurrenceEndDate: "2026-03-03" }),
      ),
    );
    expect(refused).toMatchObject({
      status: 400,
      body: { message: messages.recurrenceEndBeforeStart },
    });
    expect(await harness().db.db.select().from(plans)).toEqual([]);
  });
});

describe("changing", () => {
  it("changes only what is sent and bumps the version each time; a stale version gets 409", async () => {
    const { creator, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id, { location: "Pool" }));
    const first = await update(creator, { id: plan.id, version: 1, title: "Meet" });
    expect(first).toMatchObject({ title: "Meet", location: "Pool", version: 2 });
    const stale = await refusal(update(creator, { id: plan.id, version: 1, location: "Lake" }));
    expect(stale).toMatchObject({
      status: 409,
      body: { message: messages.planVersionConflict, code: "CONFLICT" },
    });
    const second = await update(creator, { id: plan.id, location: null });
    expect(second).toMatchObject({ title: "Meet", location: null, version: 3 });
    const moved = await update(creator, {
      id: plan.id,
      version: 3,
      startTime: new Date("2026-03-05T09:00:00Z"),
    });
    // A new start alone keeps the length.
    expect(moved).toMatchObject({
      startTime: new Date("2026-03-05T09:00:00Z"),
      endTime: new Date("2026-03-05T10:00:00Z"),
      version: 4,
    });
    expect(
      await refusal(update(creator, { id: plan.id, endTime: new Date("2026-03-05T08:00:00Z") })),
    ).toMatchObject({ status: 400, body: { message: messages.endBeforeStart } });
    expect(
      isoStarts(await occurrences([circle.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")),
    ).toEqual(["2026-03-05T09:00:00.000Z"]);
  });

  it("moves to another circle only of the creator's, with an assignee who is a member there", async () => {
    const { h, creator, member, outsider, circle } = await family();
    const task = await creator.trpc.plans.create(base(circle.id, { assignedTo: member.user.id }));
    const personal = await personalCircleOf(h.deps, creator.user.id);
    const theirs = await personalCircleOf(h.deps, outsider.user.id);
    expect(await refusal(update(creator, { id: task.id, circleId: theirs.id }))).toMatchObject({
      status: 404,
      body: { message: messages.circleNotFound },
    });
    expect(await refusal(update(creator, { id: task.id, circleId: personal.id }))).toMatchObject({
      status: 400,
      body: { message: messages.assigneeNotMember },
    });
    const moved = await update(creator, {
      id: task.id,
      circleId: personal.id,
      assignedTo: null,
    });
    expect(moved).toMatchObject({ circleId: personal.id, assignedTo: null, status: null });
    expect(await occurrences([circle.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")).toEqual(
      [],
    );
    expect(
      (await occurrences([personal.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")).map(
        (e) => e.id,
      ),
    ).toEqual([task.id]);
    // The member no longer sees it.
    expect(await refusal(member.trpc.plans.get({ id: task.id }))).toMatchObject({ status: 404 });
  });

  it("a changed or removed assignee starts over as pending", async () => {
    const { h, creator, member, circle } = await family();
    const third = await signedInCaller(h);
    await createCircle(h.deps, { creatorId: third.user.id }); // unrelated circle
    await h.db.db.insert((await import("@circleplan/db/schema")).circleMembers).values({
      circleId: circle.id,
      userId: third.user.id,
      role: "member",
    });
    const task = await creator.trpc.plans.create(base(circle.id, { assignedTo: member.user.id }));
    await h.db.db
      .update(plans)
      .set({ assignmentAccepted: false, responseNote: "Busy" })
      .where(eq(plans.id, task.id));
    const kept = await update(creator, { id: task.id, assignedTo: member.user.id });
    expect(kept).toMatchObject({ assignmentAccepted: false, status: "declined" });
    const reassigned = await update(creator, { id: task.id, assignedTo: third.user.id });
    expect(reassigned).toMatchObject({
      assignedTo: third.user.id,
      assignmentAccepted: null,
      responseNote: null,
      status: "pending",
    });
    const unassigned = await update(creator, { id: task.id, assignedTo: null });
    expect(unassigned).toMatchObject({ assignedTo: null, assignmentAccepted: null, status: null });
  });

  it("refuses bad input on PUT with the product's messages", async () => {
    const { creator, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id));
    for (const [fields, message] of [
      [{ title: "" }, messages.titleRequired],
      [{ reminderTimes: ["soon"] }, messages.reminderUnknown],
      [
        { isRecurring: true, recurrenceType: "weekly", recurrenceFrequency: 5 },
        messages.recurrenceInvalid,
      ],
      [
        { isRecurring: true, recurrenceType: "yearly", recurrenceFrequency: 2 },
        messages.recurrenceInvalid,
      ],
      // Past every type's bound the schema refuses it before the rule is read.
      [
        { isRecurring: true, recurrenceType: "daily", recurrenceFrequency: 8 },
        "recurrenceFrequency",
      ],
      [
        { isRecurring: true, recurrenceType: "daily", recurrenceEndDate: "2026-03-01" },
        messages.recurrenceEndBeforeStart,
      ],
    ] as const) {
      const refused = await refusal(update(creator, { id: plan.id, ...fields } as UpdatePlanInput));
      expect(refused.status).toBe(400);
      expect(JSON.stringify(refused.body)).toContain(message);
    }
    expect((await planRow(plan.id))?.version).toBe(1);
  });

  it("turns a one-off plan into a series and back", async () => {
    const { creator, circle } = await family();
    const plan = await creator.trpc.plans.create(base(circle.id, { timeZone: "Europe/Berlin" }));
    const series = await update(creator, {
      id: plan.id,
      isRecurring: true,
      recurrenceType: "daily",
      recurrenceCount: 3,
    });
    expect(series).toMatchObject({ isRecurring: true, recurrencePattern: "Every day, 3 times" });
    expect(
      isoStarts(await occurrences([circle.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")),
    ).toEqual(["2026-03-02T17:00:00.000Z", "2026-03-03T17:00:00.000Z", "2026-03-04T17:00:00.000Z"]);
    const single = await update(creator, {
      id: plan.id,
      occurrenceStart: new Date("2026-03-03T17:00:00Z"),
      scope: "all",
      isRecurring: false,
    });
    // Made one-off from the occurrence the client was looking at, it stays there.
    expect(single).toMatchObject({ isRecurring: false, originalStartTime: null });
    expect(
      isoStarts(await occurrences([circle.id], "2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z")),
    ).toEqual(["2026-03-03T17:00:00.000Z"]);
  });
});

describe("series", () => {
  const march = ["2026-03-01T00:00:00Z", "2026-04-01T00:00:00Z"] as const;
  const mondays = [
    "2026-03-02T17:00:00.000Z",
    "2026-03-09T17:00:00.000Z",
    "2026-03-16T17:00:00.000Z",
    "2026-03-23T17:00:00.000Z",
    "2026-03-30T16:00:00.000Z", // 18:00 CEST: Berlin moved its clocks on 29 March
  ];

  it("answers each occurrence at the same Berlin time across DST, for viewers anywhere", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id));
    expect(series).toMatchObject({
      isRecurring: true,
      recurrenceType: "weekly",
      recurrenceDaysOfWeek: ["monday"],
      recurrencePattern: "Every week on Monday",
      rrule: "FREQ=WEEKLY;BYDAY=MO",
      originalStartTime: new Date(mondays[0] as string),
    });
    const inNewYork = await occurrences([circle.id], ...march, "America/New_York");
    expect(isoStarts(inNewYork)).toEqual(mondays);
    expect(inNewYork.every((e) => e.id === series.id && e.endTime !== null)).toBe(true);
    expect(inNewYork.map((e) => e.originalStartTime?.toISOString())).toEqual(mondays);
    // 17:00 UTC is already Tuesday in Auckland.
    const inAuckland = await occurrences([circle.id], ...march, "Pacific/Auckland");
    expect(inAuckland[0]?.date).toBe("2026-03-03");
    const one = await member.trpc.plans.get({
      id: series.id,
      occurrenceStart: new Date(mondays[4] as string),
    });
    expect(one).toMatchObject({
      startTime: new Date(mondays[4] as string),
      endTime: new Date("2026-03-30T17:00:00Z"),
    });
    expect(
      await refusal(
        member.trpc.plans.get({
          id: series.id,
          occurrenceStart: new Date("2026-03-03T17:00:00Z"),
        }),
      ),
    ).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });
  });

  it("writes occurrences in a window around now; a read beyond it answers from the rule and writes nothing", async () => {
    const { h, creator, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id));
    // Written SERIES_HORIZON_MONTHS ahead of now (docs/decisions/016).
    const horizon = new Date(NOW);
    horizon.setUTCMonth(horizon.getUTCMonth() + SERIES_HORIZON_MONTHS);
    expect(await planRow(series.id)).toMatchObject({ expandedFrom: null, expandedUntil: horizon });
    const rowsOf = () =>
      h.db.db.select().from(planOccurrences).where(eq(planOccurrences.planId, series.id));
    const rows = await rowsOf();
    expect(rows.every((row) => (row.originalStart as Date) < horizon)).toBe(true);
    expect(rows.length).toBe(79); // Mondays from 2 March 2026 to 30 August 2027
    const later = await occurrences([circle.id], "2030-01-01T00:00:00Z", "2030-01-15T00:00:00Z");
    expect(isoStarts(later)).toEqual(["2030-01-07T17:00:00.000Z", "2030-01-14T17:00:00.000Z"]);
    // A view reaching past every written series answers them too (plan-views.ts reads how far
    // they are written with the caller's circles).
    const month = await creator.trpc.plans.calendarMonth({ month: "2031-03" });
    expect(month.map((item) => item.date)).toEqual([
      "2031-03-03",
      "2031-03-10",
      "2031-03-17",
      "2031-03-24",
      "2031-03-31",
    ]);
    // Far occurrences are named like near ones.
    const far = await creator.trpc.plans.get({
      id: series.id,
      occurrenceStart: new Date("2032-01-05T17:00:00Z"),
    });
    expect(far.startTime).toEqual(new Date("2032-01-05T17:00:00Z"));
    // None of these reads wrote a row or moved the window.
    expect(await rowsOf()).toHaveLength(79);
    expect((await planRow(series.id))?.expandedUntil).toEqual(horizon);
  });

  it("a series made by the factory, with no row written, is answered by its first read", async () => {
    const { h, creator, circle } = await family();
    const plan = await createPlan(h.deps, {
      circleId: circle.id,
      creatorId: creator.user.id,
      startsAt: new Date("2026-03-02T17:00:00Z"),
      timeZone: "Europe/Berlin",
      recurrence: {
        type: "daily",
        interval: 2,
        weekdaysOnly: false,
        daysOfWeek: null,
        monthlyBy: null,
        weekOfMonth: null,
        count: 3,
        until: null,
      },
    });
    expect(isoStarts(await occurrences([circle.id], ...march))).toEqual([
      "2026-03-02T17:00:00.000Z",
      "2026-03-04T17:00:00.000Z",
      "2026-03-06T17:00:00.000Z",
    ]);
    expect((await creator.trpc.plans.get({ id: plan.id })).recurrencePattern).toBe(
      "Every 2 days, 3 times",
    );
  });

  it("moves one occurrence: an exception keyed by its original start", async () => {
    const { creator, member, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id));
    const moved = await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[1] as string),
      startTime: new Date("2026-03-10T16:00:00Z"),
      title: "Swimming (Tuesday this week)",
    });
    expect(moved).toMatchObject({
      id: series.id,
      startTime: new Date("2026-03-10T16:00:00Z"),
      endTime: new Date("2026-03-10T17:00:00Z"),
      originalStartTime: new Date(mondays[1] as string),
      isRecurrenceException: true,
      title: "Swimming (Tuesday this week)",
      version: 2,
    });
    const listed = await occurrences([circle.id], ...march);
    expect(isoStarts(listed)).toEqual([
      mondays[0],
      "2026-03-10T16:00:00.000Z",
      mondays[2],
      mondays[3],
      mondays[4],
    ]);
    expect(listed.map((e) => e.title)).toEqual([
      "Swimming lesson",
      "Swimming (Tuesday this week)",
      "Swimming lesson",
      "Swimming lesson",
      "Swimming lesson",
    ]);
    // The member reads it by the same original start.
    expect(
      await member.trpc.plans.get({
        id: series.id,
        occurrenceStart: new Date(mondays[1] as string),
      }),
    ).toMatchObject({ startTime: new Date("2026-03-10T16:00:00Z"), isRecurrenceException: true });
    // An edit of the series' title shows through where the occurrence did not change it.
    await update(creator, { id: series.id, scope: "all", description: "Lane 3" });
    const after = await occurrences([circle.id], ...march);
    expect(after[1]).toMatchObject({
      title: "Swimming (Tuesday this week)",
      description: "Lane 3",
      startTime: new Date("2026-03-10T16:00:00Z"),
    });
  });

  it("one occurrence cannot change what belongs to the whole series", async () => {
    const { h, creator, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id));
    const personal = await personalCircleOf(h.deps, creator.user.id);
    const occurrenceStart = new Date(mondays[1] as string);
    expect(
      await refusal(update(creator, { id: series.id, occurrenceStart, circleId: personal.id })),
    ).toMatchObject({ status: 400, body: { message: messages.occurrenceSeriesOnly } });
    expect(
      await refusal(
        update(creator, {
          id: series.id,
          occurrenceStart,
          recurrenceType: "daily",
        }),
      ),
    ).toMatchObject({ status: 400 });
    // The form sends every field; unchanged series fields are fine.
    const ok = await update(creator, {
      id: series.id,
      occurrenceStart,
      circleId: circle.id,
      assignedTo: null,
      type: "event",
      isRecurring: true,
      recurrenceType: "weekly",
      location: "Lake",
    });
    expect(ok).toMatchObject({ location: "Lake", isRecurrenceException: true });
  });

  it("completes and deletes single occurrences; an unknown occurrence is 404", async () => {
    const { creator, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id, { type: "todo" }));
    await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[2] as string),
      isCompleted: true,
    });
    expect(
      await creator.trpc.plans.delete({
        id: series.id,
        scope: "occurrence",
        occurrenceStart: new Date(mondays[3] as string),
      }),
    ).toEqual({ message: messages.eventDeleted });
    const listed = await occurrences([circle.id], ...march);
    expect(isoStarts(listed)).toEqual([mondays[0], mondays[1], mondays[2], mondays[4]]);
    expect(listed.map((e) => e.isCompleted)).toEqual([false, false, true, false]);
    for (const call of [
      () =>
        creator.trpc.plans.delete({
          id: series.id,
          occurrenceStart: new Date(mondays[3] as string), // already deleted
        }),
      () =>
        update(creator, {
          id: series.id,
          occurrenceStart: new Date("2026-03-04T17:00:00Z"),
          title: "Never",
        }),
      () => update(creator, { id: series.id, scope: "following", title: "Never" }),
    ]) {
      expect(await refusal(call())).toMatchObject({
        status: 404,
        body: { message: messages.occurrenceNotFound },
      });
    }
    // Deleting the whole series takes every occurrence.
    await creator.trpc.plans.delete({ id: series.id });
    expect(await occurrences([circle.id], ...march)).toEqual([]);
  });

  it("completes the same occurrences through PUT isCompleted as through POST /complete", async () => {
    const { creator, circle } = await family();
    type Scope = "occurrence" | "all" | undefined;
    const completedBy = async (door: "put" | "post", scope: Scope) => {
      const series = await creator.trpc.plans.create(weekly(circle.id, { type: "todo" }));
      const named = { id: series.id, occurrenceStart: new Date(mondays[1] as string), scope };
      if (door === "put") await update(creator, { ...named, isCompleted: true });
      else await creator.trpc.plans.complete({ ...named, isCompleted: true });
      const listed = await occurrences([circle.id], ...march);
      const mine = listed.filter((plan) => plan.id === series.id);
      await creator.trpc.plans.delete({ id: series.id });
      return mine.map((plan) => plan.isCompleted);
    };
    // Named alone or with scope "occurrence": that one; with scope "all": every one.
    for (const scope of [undefined, "occurrence", "all"] as const) {
      const byPut = await completedBy("put", scope);
      expect(byPut, String(scope)).toEqual(await completedBy("post", scope));
      expect(byPut.every(Boolean), String(scope)).toBe(scope === "all");
      expect(byPut.filter(Boolean).length, String(scope)).toBe(scope === "all" ? 5 : 1);
    }
    // "This and following" cannot be completed, by either door, and nothing changes.
    const series = await creator.trpc.plans.create(weekly(circle.id, { type: "todo" }));
    const following = {
      id: series.id,
      occurrenceStart: new Date(mondays[1] as string),
      scope: "following" as const,
      isCompleted: true,
    };
    for (const call of [
      () => update(creator, { ...following, title: "Renamed" }),
      () => creator.trpc.plans.complete(following),
    ]) {
      expect(await refusal(call())).toMatchObject({
        status: 400,
        body: { message: messages.completionScopeInvalid },
      });
    }
    const after = (await occurrences([circle.id], ...march)).filter((e) => e.id === series.id);
    expect(after.map((plan) => [plan.title, plan.isCompleted])).toEqual(
      after.map(() => [series.title, false]),
    );
  });

  it("changes all: the rule is rewritten and exceptions whose original start remains are kept", async () => {
    const { creator, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id));
    await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[1] as string),
      isCompleted: true,
    });
    await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[2] as string),
      title: "Gala",
    });
    // Same times, new title for all (edited from the fourth occurrence, as the form does).
    const renamed = await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[3] as string),
      startTime: new Date(mondays[3] as string),
      scope: "all",
      title: "Swim club",
    });
    expect(renamed).toMatchObject({
      title: "Swim club",
      originalStartTime: new Date(mondays[3] as string),
    });
    let listed = await occurrences([circle.id], ...march);
    expect(isoStarts(listed)).toEqual(mondays);
    const titlesAndDone = [
      ["Swim club", false],
      ["Swim club", true],
      ["Gala", false],
      ["Swim club", false],
      ["Swim club", false],
    ];
    expect(listed.map((e) => [e.title, e.isCompleted])).toEqual(titlesAndDone);
    // An hour later for all, edited from the fourth occurrence: the whole series moves by an
    // hour of Berlin time (across DST), and the exceptions move with it.
    const later = await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[3] as string),
      startTime: new Date("2026-03-23T18:00:00Z"),
      endTime: new Date("2026-03-23T19:30:00Z"),
      scope: "all",
    });
    expect(later).toMatchObject({
      startTime: new Date("2026-03-23T18:00:00Z"),
      originalStartTime: new Date("2026-03-23T18:00:00Z"),
    });
    listed = await occurrences([circle.id], ...march);
    expect(isoStarts(listed)).toEqual([
      "2026-03-02T18:00:00.000Z",
      "2026-03-09T18:00:00.000Z",
      "2026-03-16T18:00:00.000Z",
      "2026-03-23T18:00:00.000Z",
      "2026-03-30T17:00:00.000Z",
    ]);
    expect(listed.map((e) => (e.endTime as Date).getTime() - e.startTime.getTime())).toEqual(
      Array(5).fill(90 * 60 * 1000),
    );
    expect(listed.map((e) => [e.title, e.isCompleted])).toEqual(titlesAndDone);
    // And to Mondays and Wednesdays.
    await update(creator, {
      id: series.id,
      recurrenceDaysOfWeek: ["monday", "wednesday"],
    });
    expect((await occurrences([circle.id], ...march)).length).toBe(9);
  });

  it("changes this and following: the series is split at the occurrence", async () => {
    const { creator, circle } = await family();
    const series = await creator.trpc.plans.create(weekly(circle.id, { recurrenceCount: 5 }));
    // An exception after the split point moves with the new series.
    await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[4] as string),
      location: "Outdoor pool",
    });
    const split = await update(creator, {
      id: series.id,
      occurrenceStart: new Date(mondays[2] as string),
      scope: "following",
      title: "Advanced swimming",
    });
    expect(split.id).not.toBe(series.id);
    expect(split).toMatchObject({
      title: "Advanced swimming",
      startTime: new Date(mondays[2] as string),
      recurrenceCount: 3,
      version: 1,
    });
    const old = await creator.trpc.plans.get({ id: series.id });
    expect(old).toMatchObject({
      title: "Swimming lesson",
      recurrenceCount: null,
      recurrenceEndDate: "2026-03-15",
    });
    const listed = await occurrences([circle.id], ...march);
    expect(listed.map((e) => [e.id, e.title, e.location])).toEqual([
      [series.id, "Swimming lesson", null],
      [series.id, "Swimming lesson", null],
      [split.id, "Advanced swimming", null],
      [split.id, "Advanced swimming", null],
      [split.id, "Advanced swimming", "Outdoor pool"],
    ]);
    expect(isoStarts(listed)).toEqual(mondays);
    // "Following" from the first occurrence is "all": no split.
    const whole = await update(creator, {
      id: split.id,
      occurrenceStart: new Date(mondays[2] as string),
      scope: "following",
      location: "Lake",
    });
    expect(whole.id).toBe(split.id);
    // Deleting this and following ends the old part before the occurrence.
    await creator.trpc.plans.delete({
      id: series.id,
      occurrenceStart: new Date(mondays[1] as string),
      scope: "following",
    });
    expect(isoStarts(await occurrences([circle.id], ...march))).toEqual([
      mondays[0],
      mondays[2],
      mondays[3],
      mondays[4],
    ]);
  });

  it("an all-day series is a series of dates, named by original date", async () => {
    const { creator, circle } = await family({ zone: "America/New_York" });
    const series = await creator.trpc.plans.create(
      base(circle.id, {
        allDay: true,
        date: "2026-01-31",
        endTime: undefined,
        isRecurring: true,
        recurrenceType: "monthly",
        recurrenceCount: 4,
      }),
    );
    expect(series).toMatchObject({ allDay: true, date: "2026-01-31", originalDate: "2026-01-31" });
    const year = await occurrences(
      [circle.id],
      "2026-01-01T05:00:00Z",
      "2027-01-01T05:00:00Z",
      "America/New_York",
    );
    // No 31 February, 30 April or 30 June: RFC 5545 skips them; the count counts the others.
    expect(year.map((e) => e.date)).toEqual([
      "2026-01-31",
      "2026-03-31",
      "2026-05-31",
      "2026-07-31",
    ]);
    const moved = await update(creator, {
      id: series.id,
      occurrenceDate: "2026-03-31",
      date: "2026-03-30",
    });
    expect(moved).toMatchObject({ date: "2026-03-30", originalDate: "2026-03-31" });
    expect(
      await refusal(creator.trpc.plans.get({ id: series.id, occurrenceDate: "2026-02-28" })),
    ).toMatchObject({ status: 404, body: { message: messages.occurrenceNotFound } });
  });
});
