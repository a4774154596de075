/**
 * The most common cast of a circle test: its creator and one plain member, both signed in,
 * sharing a circle made by the factories (family unless told).
 */
import { createCircle } from "@circleplan/db/testing/factories";
import { callerFor, signedInCaller } from "./test-caller";
import type { TestHarness } from "./test-harness";

export async function creatorAndMember(
  harness: Pick<TestHarness, "deps">,
  options: { type?: "family" | "work" | "custom" } = {},
) {
  const creator = await signedInCaller(harness);
  const member = await signedInCaller(harness);
  const circle = await createCircle(harness.deps, {
    creatorId: creator.user.id,
    members: [member.user.id],
    ...options,
  });
  return { creator, member, circle };
}

/**
 * A circle of four named Ames, each signed in: its creator (Cora), an admin (Abe), the member
 * tasks are given to (Ivy) and a plain member (Milo); an outsider (Otto) and a signed-out
 * visitor beside it. `joinedAt`: when all four joined (the database's now unless told).
 */
export async function circleOfFour(
  harness: Pick<TestHarness, "deps">,
  options: { joinedAt?: Date } = {},
) {
  const named = (firstName: string) =>
    signedInCaller(harness, { user: { firstName, lastName: "Ames" } });
  const creator = await named("Cora");
  const admin = await named("Abe");
  const assignee = await named("Ivy");
  const member = await named("Milo");
  const outsider = await named("Otto");
  const circle = await createCircle(harness.deps, {
    creatorId: creator.user.id,
    admins: [admin.user.id],
    members: [assignee.user.id, member.user.id],
    ...options,
  });
  return { creator, admin, assignee, member, outsider, circle, anon: callerFor(harness) };
}

export type CircleOfFour = Awaited<ReturnType<typeof circleOfFour>>;

/** The first Mondays of the circle of four's weekly task, at 17:00 UTC. */
export const TASK_MONDAYS = [
  "2026-03-02T17:00:00Z",
  "2026-03-09T17:00:00Z",
  "2026-03-16T17:00:00Z",
].map((iso) => new Date(iso)) as [Date, Date, Date];

/** A weekly task of the creator's for the assignee, on TASK_MONDAYS and on. */
export function weeklyTask(f: CircleOfFour) {
  return f.creator.trpc.plans.create({
    circleId: f.circle.id,
    title: "Swimming run",
    startTime: TASK_MONDAYS[0],
    timeZone: "UTC",
    assignedTo: f.assignee.user.id,
    isRecurring: true,
    recurrenceType: "weekly",
  });
}
