/**
 * A member cannot bury a circle (docs/decisions/016-bounded-work.md; issue 19, items 1 and 2),
 * called in-process: every list answer keeps to its size budget and pages with `offset`; a
 * circle holds at most so many plans and series, and a user adds plans at a bounded pace; the
 * circle's admins (its creator among them) delete any plan in it, for each role; a removed
 * member's plans go with the membership. Heavy circles are made by factories, in bulk.
 */
import { samplePdf } from "@circleplan/core/plans/testing/sample-attachments";
import { planAttachments, type plans } from "@circleplan/db/schema";
import { createCircle, createPlans, seriesRule } from "@circleplan/db/testing/factories";
import {
  LIST_ANSWER_MAX_BYTES,
  LIST_ITEMS_MAX,
  PLAN_DESCRIPTION_MAX_LENGTH,
  PLANS_PER_CIRCLE_MAX,
  SERIES_PER_CIRCLE_MAX,
} from "@circleplan/shared/limits";
import { messages } from "@circleplan/shared/messages";
import type { Plan } from "@circleplan/shared/plan-outputs";
import type { UpdatePlanInput } from "@circleplan/shared/plan-schemas";
import { eq } from "drizzle-orm";
import { describe, expect, it } from "vitest";
import { callerFor, refusal, signedInCaller, type TestCaller } from "./testing/test-caller";
import { useTestHarness } from "./testing/test-harness";

/** A low pace, so the rate limit is reached in a few calls; the tests' own plans stay under it. */
const harness = useTestHarness({ env: { RATE_LIMIT_PLAN_CREATE: "5/3600" } });

const NOW = new Date("2026-03-01T12:00:00Z");

async function family() {
  const h = harness();
  h.clock.set(NOW);
  const creator = await signedInCaller(h);
  const admin = await signedInCaller(h);
  const member = await signedInCaller(h);
  const other = await signedInCaller(h);
  const outsider = await signedInCaller(h);
  const circle = await createCircle(h.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [member.user.id, other.user.id],
  });
  return { h, creator, admin, member, other, outsider, circle };
}

function update(who: TestCaller, input: UpdatePlanInput) {
  return who.trpc.plans.update(input as Parameters<typeof who.trpc.plans.update>[0]);
}

const lesson = (circleId: number, fields: Record<string, unknown> = {}) => ({
  circleId,
  title: "Swimming lesson",
  startTime: new Date("2026-03-02T17:00:00Z"),
  ...fields,
});

/**
 * `count` one-off plans inserted in bulk into the circle (two statements, not a request each),
 * all at `startsAt`, with `fields` (long texts, a type, a rule).
 */
function bulkPlans(
  circleId: number,
  creatorId: number,
  count: number,
  fields: Partial<typeof plans.$inferInsert> = {},
) {
  const startsAt = fields.startsAt ?? new Date("2026-03-02T10:00:00Z");
  return createPlans(harness().db, count, { circleId, creatorId, ...fields, startsAt });
}

/** Every page of a list, read with `offset` until an answer is empty. */
async function allPages(read: (offset: number) => Promise<Plan[]>) {
  const pages: Plan[][] = [];
  for (let offset = 0; ; ) {
    const page = await read(offset);
    if (page.length === 0) return pages;
    pages.push(page);
    offset += page.length;
  }
}

const jsonBytes = (value: unknown) => Buffer.byteLength(JSON.stringify(value));

describe("every list answer keeps to its budget", () => {
  it("2,100 plans on one day answer 2,000 at most, and `offset` reads the rest once each", async () => {
    const { creator, member, circle } = await family();
    await bulkPlans(circle.id, creator.user.id, LIST_ITEMS_MAX + 100);
    const day = await member.trpc.plans.list({ date: "2026-03-02" });
    expect(day).toHaveLength(LIST_ITEMS_MAX);
    const pages = await allPages((offset) =>
      member.trpc.plans.list({ date: "2026-03-02", offset }),
    );
    expect(pages.map((page) => page.length)).toEqual([LIST_ITEMS_MAX, 100]);
    expect(new Set(pages.flat().map((plan) => plan.id)).size).toBe(LIST_ITEMS_MAX + 100);
    // A client sending the spec's payloads (no offset) still gets the first ones, in order.
    expect((await member.trpc.plans.list()).map((plan) => plan.id)).toEqual(
      day.map((plan) => plan.id),
    );
    const month = await member.trpc.plans.calendarMonth({ month: "2026-03" });
    expect(month).toHaveLength(LIST_ITEMS_MAX);
    const rest = await member.trpc.plans.calendarMonth({ month: "2026-03", offset: 2000 });
    expect(rest).toHaveLength(100);
  });

  it("plans with the longest texts cannot push a day's answer past its byte budget", async () => {
    const { creator, member, circle } = await family();
    // Three bytes a character: 5,000 of them in the description and the voice note each.
    const long = "日".repeat(PLAN_DESCRIPTION_MAX_LENGTH);
    await bulkPlans(circle.id, creator.user.id, 200, { description: long, voiceNote: long });
    const pages = await allPages((offset) =>
      member.trpc.plans.list({ date: "2026-03-02", offset }),
    );
    for (const page of pages) expect(jsonBytes(page)).toBeLessThanOrEqual(LIST_ANSWER_MAX_BYTES);
    expect(pages.length).toBeGreaterThan(1);
    expect(pages.flat()).toHaveLength(200);
  });

  it("a member's many tasks cannot flood another member's pending list", async () => {
    const { creator, member, circle } = await family();
    const long = "日".repeat(PLAN_DESCRIPTION_MAX_LENGTH);
    await bulkPlans(circle.id, creator.user.id, 200, {
      type: "task",
      assignedTo: member.user.id,
      description: long,
    });
    const pending = await member.trpc.tasks.pending();
    expect(pending.length).toBeGreaterThan(0);
    expect(jsonBytes(pending)).toBeLessThanOrEqual(LIST_ANSWER_MAX_BYTES);
  });
});

describe("caps on what a circle holds, and the pace of adding", () => {
  it("the 101st series of a circle answers 400; one-off plans are still welcome", async () => {
    const { creator, circle } = await family();
    await bulkPlans(circle.id, creator.user.id, SERIES_PER_CIRCLE_MAX, {
      recurrence: seriesRule(),
      timeZone: "UTC",
      expandedUntil: new Date("2026-03-02T10:00:00Z"),
    });
    const series = lesson(circle.id, { isRecurring: true, recurrenceType: "daily" });
    expect(await refusal(creator.trpc.plans.create(series))).toMatchObject({
      status: 400,
      body: { message: messages.tooManySeries },
    });
    const oneOff = await creator.trpc.plans.create(lesson(circle.id));
    // Turning it into a series is adding one.
    expect(
      await refusal(update(creator, { id: oneOff.id, isRecurring: true, recurrenceType: "daily" })),
    ).toMatchObject({ status: 400, body: { message: messages.tooManySeries } });
  });

  it("a circle at 10,000 plans refuses the next, whoever adds it, and a move into it", async () => {
    const { creator, member, circle, h } = await family();
    await bulkPlans(circle.id, creator.user.id, PLANS_PER_CIRCLE_MAX);
    expect(await refusal(member.trpc.plans.create(lesson(circle.id)))).toMatchObject({
      status: 400,
      body: { message: messages.tooManyPlans },
    });
    const elsewhere = await createCircle(h.deps, { creatorId: member.user.id });
    const mine = await member.trpc.plans.create(lesson(elsewhere.id));
    expect(await refusal(update(member, { id: mine.id, circleId: circle.id }))).toMatchObject({
      status: 400,
      body: { message: messages.tooManyPlans },
    });
  });

  it("a user adding plans past the pace answers 429 with Retry-After, in every circle", async () => {
    const { h, member, circle } = await family();
    for (let i = 0; i < 5; i += 1) await member.trpc.plans.create(lesson(circle.id));
    const refused = await refusal(member.trpc.plans.create(lesson(circle.id)));
    expect(refused).toMatchObject({ status: 429, body: { message: messages.plansTooFast } });
    expect(refused.retryAfter).toBeGreaterThan(0);
    const personal = await createCircle(h.deps, { creatorId: member.user.id });
    expect(await refusal(member.trpc.plans.create(lesson(personal.id)))).toMatchObject({
      status: 429,
    });
    h.clock.advance(60 * 60 * 1000);
    expect(await member.trpc.plans.create(lesson(circle.id))).toMatchObject({
      title: "Swimming lesson",
    });
  });
});

describe("who may delete a plan", () => {
  it("signed out 401, outsider 404, another member 403; the plan's creator, an admin and the circle's creator delete", async () => {
    const { h, creator, admin, member, other, outsider, circle } = await family();
    const plan = () => member.trpc.plans.create(lesson(circle.id));
    const target = await plan();
    expect(await refusal(callerFor(h).trpc.plans.delete({ id: target.id }))).toMatchObject({
      status: 401,
    });
    expect(await refusal(outsider.trpc.plans.delete({ id: target.id }))).toMatchObject({
      status: 404,
      body: { message: messages.planNotFound },
    });
    expect(await refusal(other.trpc.plans.delete({ id: target.id }))).toMatchObject({
      status: 403,
      body: { message: messages.planDeleteNotAllowed },
    });
    for (const who of [member, admin, creator]) {
      const made = who === member ? target : await plan();
      expect(await who.trpc.plans.delete({ id: made.id })).toEqual({
        message: messages.eventDeleted,
      });
      expect(await refusal(member.trpc.plans.get({ id: made.id }))).toMatchObject({ status: 404 });
    }
  });

  it("an admin deletes one occurrence of a member's series, but may not edit the plan", async () => {
    const { admin, member, circle } = await family();
    const series = await member.trpc.plans.create(
      lesson(circle.id, { isRecurring: true, recurrenceType: "weekly", recurrenceCount: 3 }),
    );
    const second = new Date("2026-03-09T17:00:00Z");
    await admin.trpc.plans.delete({ id: series.id, occurrenceStart: second });
    expect(
      await refusal(member.trpc.plans.get({ id: series.id, occurrenceStart: second })),
    ).toMatchObject({ status: 404 });
    expect(await refusal(update(admin, { id: series.id, title: "Mine now" }))).toMatchObject({
      status: 403,
      body: { message: messages.planCreatorOnly },
    });
  });
});

describe("a departing member's plans", () => {
  const departures = {
    "removed by an admin": (f: Awaited<ReturnType<typeof family>>) =>
      f.creator.trpc.circles.removeMember({ id: f.circle.id, userId: f.member.user.id }),
    "leaving on their own": (f: Awaited<ReturnType<typeof family>>) =>
      f.member.trpc.circles.leave({ id: f.circle.id }),
  };
  it.each(Object.entries(departures))(
    "%s: go with the membership, files included; others' plans and their tasks for others stay",
    async (_, depart) => {
      const f = await family();
      const { h, creator, member, other, circle } = f;
      const theirs = await member.trpc.plans.create(
        lesson(circle.id, { isRecurring: true, recurrenceType: "daily" }),
      );
      const task = await member.trpc.plans.create(
        lesson(circle.id, { title: "Bins", assignedTo: other.user.id }),
      );
      await member.trpc.attachments.add({
        id: theirs.id,
        file: new File([samplePdf()], "timetable.pdf", { type: "application/pdf" }),
      });
      const [file] = await h.db.db
        .select()
        .from(planAttachments)
        .where(eq(planAttachments.planId, theirs.id));
      const kept = await creator.trpc.plans.create(
        lesson(circle.id, { title: "Dinner", assignedTo: member.user.id }),
      );
      const elsewhere = await createCircle(h.deps, { creatorId: member.user.id });
      const outside = await member.trpc.plans.create(lesson(elsewhere.id, { title: "Elsewhere" }));

      await depart(f);

      for (const gone of [theirs.id, task.id]) {
        expect(await refusal(creator.trpc.plans.get({ id: gone }))).toMatchObject({ status: 404 });
      }
      expect(await h.deps.storage.get(file?.storageKey as string)).toBeNull();
      expect(await creator.trpc.plans.get({ id: kept.id })).toMatchObject({
        title: "Dinner",
        assignedTo: null,
        status: "cancelled",
      });
      expect(await other.trpc.tasks.pending()).toEqual([]);
      expect(await member.trpc.plans.get({ id: outside.id })).toMatchObject({ title: "Elsewhere" });
    },
  );
});
